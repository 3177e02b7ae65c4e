import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, hostOrTenantIdColumn, hostOrTenantPolicy, id } from './tenancy.ts';
import { tenants } from './platform.ts';

export const users = pgTable('users', {
  id: id(),
  tenantId: hostOrTenantIdColumn().references(() => tenants.id),
  userName: varchar('user_name', { length: 64 }).notNull(),
  normalizedUserName: varchar('normalized_user_name', { length: 64 }).notNull(),
  name: varchar('name', { length: 64 }).notNull(),
  surname: varchar('surname', { length: 64 }).notNull().default(''),
  emailAddress: varchar('email_address', { length: 256 }),
  normalizedEmailAddress: varchar('normalized_email_address', { length: 256 }),
  phoneNumber: varchar('phone_number', { length: 32 }),
  passwordHash: varchar('password_hash', { length: 256 }).notNull(),
  userType: smallint('user_type').notNull().default(0),
  userCode: varchar('user_code', { length: 16 }),
  isActive: boolean('is_active').notNull().default(true),
  isDeleted: boolean('is_deleted').notNull().default(false),
  language: varchar('language', { length: 16 }),
  accessFailedCount: integer('access_failed_count').notNull().default(0),
  lockoutEnd: timestamp('lockout_end', { withTimezone: true, mode: 'date' }),
  lastLoginTime: timestamp('last_login_time', { withTimezone: true, mode: 'date' }),
  /**
   * Carried by every access token; a new value (password changed or reset, deactivation, role
   * change, sign-out) ends all the user's tokens (docs/decisions/0017).
   */
  securityStamp: varchar('security_stamp', { length: 36 }).notNull().default(sql`gen_random_uuid()::text`),
  /** Tokens ended one by one (TokenAuth/SignOut) and not yet expired: `jti:exp` (exp in epoch seconds). */
  signedOutSessions: text('signed_out_sessions').array().notNull().default(sql`'{}'::text[]`),
  creationTime: createdAt(),
}, (t) => [
  uniqueIndex('users_user_name_uq').on(sql`coalesce(${t.tenantId}, 0)`, t.normalizedUserName).where(sql`not ${t.isDeleted}`),
  uniqueIndex('users_email_uq').on(sql`coalesce(${t.tenantId}, 0)`, t.normalizedEmailAddress).where(sql`not ${t.isDeleted} and ${t.normalizedEmailAddress} is not null`),
  uniqueIndex('users_user_code_uq').on(t.tenantId, t.userCode).where(sql`${t.userCode} is not null`),
  index('users_tenant_idx').on(t.tenantId, t.userType),
  hostOrTenantPolicy(t.tenantId),
]);

export const roles = pgTable('roles', {
  id: id(),
  tenantId: hostOrTenantIdColumn().references(() => tenants.id),
  name: varchar('name', { length: 32 }).notNull(),
  normalizedName: varchar('normalized_name', { length: 32 }).notNull(),
  displayName: varchar('display_name', { length: 64 }).notNull(),
  description: varchar('description', { length: 256 }),
  isStatic: boolean('is_static').notNull().default(false),
  isDefault: boolean('is_default').notNull().default(false),
  creationTime: createdAt(),
}, (t) => [
  uniqueIndex('roles_name_uq').on(sql`coalesce(${t.tenantId}, 0)`, t.normalizedName),
  hostOrTenantPolicy(t.tenantId),
]);

export const userRoles = pgTable('user_roles', {
  tenantId: hostOrTenantIdColumn(),
  userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id, { onDelete: 'cascade' }),
  roleId: bigint('role_id', { mode: 'number' }).notNull().references(() => roles.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId), hostOrTenantPolicy(t.tenantId)]);

export const rolePermissions = pgTable('role_permissions', {
  tenantId: hostOrTenantIdColumn(),
  roleId: bigint('role_id', { mode: 'number' }).notNull().references(() => roles.id, { onDelete: 'cascade' }),
  name: varchar('name', { length: 128 }).notNull(),
}, (t) => [primaryKey({ columns: [t.roleId, t.name] }), hostOrTenantPolicy(t.tenantId)]);

/** The notice panel's items (spec 000 §2): per user, type 0 notice / 1 message / 2 task. */
export const notifications = pgTable('notifications', {
  id: id(),
  tenantId: hostOrTenantIdColumn(),
  userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id, { onDelete: 'cascade' }),
  type: smallint('type').notNull().default(0),
  title: varchar('title', { length: 128 }).notNull(),
  description: varchar('description', { length: 2000 }).notNull().default(''),
  isRead: boolean('is_read').notNull().default(false),
  creationTime: createdAt(),
}, (t) => [index('notifications_user_idx').on(t.userId, t.isRead, t.id), hostOrTenantPolicy(t.tenantId)]);
