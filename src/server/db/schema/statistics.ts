// Day rollups of the statistics (modules/statistics, issue 18 item 4). Not counters kept beside the
// business: each row is the audit table's or the ledger's own figure for a day that has closed, computed
// from those rows once, the first time a statistic asks for that day, and never changed afterwards
// (audit rows and flows are append-only and stamped with the time they were written). Today is always
// read live. Only modules/statistics writes these tables.
import { bigint, boolean, date, index, integer, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { tenantIdColumn, tenantPolicy } from './tenancy.ts';

/** The closed days (tenant time zone) whose rollups exist: every statistic of that day at once. */
export const statisticDays = pgTable('statistic_days', {
  tenantId: tenantIdColumn(),
  day: date('day', { mode: 'string' }).notNull(),
}, (t) => [uniqueIndex('statistic_days_uq').on(t.tenantId, t.day), tenantPolicy(t.tenantId)]);

/** Audit rows of one statistic action per day and user; stock: the trade number starts with ST. */
export const auditDayCounts = pgTable('audit_day_counts', {
  tenantId: tenantIdColumn(),
  day: date('day', { mode: 'string' }).notNull(),
  action: varchar('action', { length: 64 }).notNull(),
  /** 0 when the row had no user (a job). */
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  stock: boolean('stock').notNull(),
  /** Rows that day. */
  rowCount: integer('row_count').notNull(),
  /** Distinct entities that day (an order packed twice by one packer in a day is one). */
  entityCount: integer('entity_count').notNull(),
}, (t) => [uniqueIndex('audit_day_counts_uq').on(t.tenantId, t.action, t.day, t.userId, t.stock), tenantPolicy(t.tenantId)]);

/** Signed sum of one seller's flows of one channel in a day, in cents. */
export const flowDaySums = pgTable('flow_day_sums', {
  tenantId: tenantIdColumn(),
  day: date('day', { mode: 'string' }).notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  userCode: varchar('user_code', { length: 16 }).notNull(),
  channel: smallint('channel').notNull(),
  cents: bigint('cents', { mode: 'number' }).notNull(),
}, (t) => [
  uniqueIndex('flow_day_sums_uq').on(t.tenantId, t.day, t.userId, t.channel),
  index('flow_day_sums_user_idx').on(t.tenantId, t.userId, t.day),
  tenantPolicy(t.tenantId),
]);
