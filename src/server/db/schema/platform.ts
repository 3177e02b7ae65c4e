import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantIdColumn, tenantPolicy } from './tenancy.ts';

/** Tenants are platform rows: no tenant filter, only the host manages them. */
export const tenants = pgTable('tenants', {
  id: id(),
  tenancyName: varchar('tenancy_name', { length: 64 }).notNull(),
  name: varchar('name', { length: 128 }).notNull(),
  isActive: boolean('is_active').notNull().default(true),
  adminEmailAddress: varchar('admin_email_address', { length: 256 }),
  connectionString: varchar('connection_string', { length: 1024 }),
  isDeleted: boolean('is_deleted').notNull().default(false),
  creationTime: createdAt(),
}, (t) => [uniqueIndex('tenants_tenancy_name_uq').on(sql`lower(${t.tenancyName})`).where(sql`not ${t.isDeleted}`)]);

/**
 * Idempotency-Key records (DOMAIN §0): (tenant, user, key) → request hash and stored response.
 * Written in the same transaction as the work, so a concurrent repeat waits on the unique index
 * and then reads the stored response.
 */
export const idempotencyKeys = pgTable('idempotency_keys', {
  id: id(),
  tenantId: bigint('tenant_id', { mode: 'number' }),
  userId: bigint('user_id', { mode: 'number' }),
  key: varchar('key', { length: 64 }).notNull(),
  requestHash: varchar('request_hash', { length: 64 }).notNull(),
  response: jsonb('response'),
  creationTime: createdAt(),
}, (t) => [
  uniqueIndex('idempotency_keys_uq').on(sql`coalesce(${t.tenantId}, 0)`, sql`coalesce(${t.userId}, 0)`, t.key),
  index('idempotency_keys_time_idx').on(t.creationTime),
]);

/** Per-tenant counters (seller codes, daily trade-number sequences): UPDATE … RETURNING locks the row. */
export const tenantSequences = pgTable('tenant_sequences', {
  tenantId: tenantIdColumn(),
  name: text('name').notNull(),
  value: bigint('value', { mode: 'number' }).notNull().default(0),
}, (t) => [primaryKey({ columns: [t.tenantId, t.name] }), tenantPolicy(t.tenantId)]);

/**
 * Counters of @fastify/rate-limit (sign-in throttling), shared by every app server: key → hits in
 * the window that ends at reset_at. Not tenant data; expired rows are deleted now and then.
 */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 400 }).primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
}, (t) => [index('rate_limits_reset_idx').on(t.resetAt)]);
