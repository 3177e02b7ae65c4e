// The points ledger (DOMAIN §5): one account per seller and every movement as a flow row, plus the
// recharge orders that feed it. Money in integer cents. The balance equals the sum of the flows;
// only src/server/modules/ledger writes these tables.
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantIdColumn, tenantPolicy } from './tenancy.ts';
import { users } from './identity.ts';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A seller's points account; its row is the lock every posting takes (SELECT … FOR UPDATE). */
export const accounts = pgTable('accounts', {
  id: id(),
  tenantId: tenantIdColumn(),
  userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
  balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
  /** Bumped by every posting (optimistic readers can compare it). */
  version: integer('version').notNull().default(0),
  creationTime: createdAt(),
  updatedTime: time('updated_time').notNull().defaultNow(),
}, (t) => [uniqueIndex('accounts_user_uq').on(t.tenantId, t.userId), tenantPolicy(t.tenantId)]);

/** One movement of a seller's points. (channel, ref) is the posting's idempotency key. */
export const accountFlows = pgTable('account_flows', {
  id: id(),
  tenantId: tenantIdColumn(),
  userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
  userCode: varchar('user_code', { length: 16 }),
  channel: smallint('channel').notNull(),
  /** Signed: recharges positive, fees negative. */
  incurredCents: bigint('incurred_cents', { mode: 'number' }).notNull(),
  /** The account balance right after this flow. */
  balanceCents: bigint('balance_cents', { mode: 'number' }).notNull(),
  ref: varchar('ref', { length: 128 }).notNull(),
  reversesFlowId: bigint('reverses_flow_id', { mode: 'number' }),
  tradeNo: varchar('trade_no', { length: 32 }),
  orderNumber: varchar('order_number', { length: 64 }),
  storeName: varchar('store_name', { length: 128 }),
  site: varchar('site', { length: 4 }),
  warehouseName: varchar('warehouse_name', { length: 128 }),
  remark: varchar('remark', { length: 512 }),
  /** Who caused it: the staff member or seller's user id (null for jobs). */
  creatorUserId: bigint('creator_user_id', { mode: 'number' }),
  creatorName: varchar('creator_name', { length: 64 }),
  creationTime: createdAt(),
}, (t) => [
  uniqueIndex('account_flows_ref_uq').on(t.tenantId, t.channel, t.ref),
  // A flow can be reversed once.
  uniqueIndex('account_flows_reverses_uq').on(t.tenantId, t.reversesFlowId).where(sql`${t.reversesFlowId} is not null`),
  index('account_flows_user_idx').on(t.tenantId, t.userId, t.id),
  index('account_flows_time_idx').on(t.tenantId, t.creationTime),
  // A seller's own consumption statistic: their flows over a range of days.
  index('account_flows_user_time_idx').on(t.tenantId, t.userId, t.creationTime),
  index('account_flows_channel_idx').on(t.tenantId, t.channel, t.id),
  index('account_flows_user_code_idx').on(t.tenantId, t.userCode),
  tenantPolicy(t.tenantId),
]);

/** A seller's online recharge: 0 待支付 → 1 已支付 (posts channel 1 once) or 2 已关闭. */
export const rechargeOrders = pgTable('recharge_orders', {
  id: id(),
  tenantId: tenantIdColumn(),
  userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  status: smallint('status').notNull().default(0),
  provider: varchar('provider', { length: 32 }).notNull(),
  /** The provider's reference for this payment (the test provider's page key). */
  providerRef: varchar('provider_ref', { length: 64 }).notNull(),
  /** Where the seller pays (the provider's page). */
  paymentUrl: varchar('payment_url', { length: 512 }).notNull(),
  /**
   * The built-in test provider's own record of the payment (pending / paid / cancelled): what it
   * answers when asked. Real providers keep theirs at the provider; the column stays 'pending'.
   */
  providerState: varchar('provider_state', { length: 16 }).notNull().default('pending'),
  flowId: bigint('flow_id', { mode: 'number' }),
  paidTime: time('paid_time'),
  closedTime: time('closed_time'),
  creationTime: createdAt(),
}, (t) => [
  uniqueIndex('recharge_orders_provider_ref_uq').on(t.provider, t.providerRef),
  index('recharge_orders_user_idx').on(t.tenantId, t.userId, t.id),
  tenantPolicy(t.tenantId),
]);
