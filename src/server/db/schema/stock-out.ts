// The outbound half of stock (DOMAIN §7, issue 14): SKU mappings, delivery receipts (交接单), the
// sellers' storage-fee settings and the state of the scheduled jobs. Stock orders are orders
// (orderType 3, schema/orders.ts); what each takes from which product is in stock_order_items.
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, reachScopePolicy, tenantIdColumn, tenantPolicy, throughParent } from './tenancy.ts';
import { users } from './identity.ts';
import { orders, stores } from './orders.ts';
import { stockProducts } from './stock.ts';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A marketplace model SKU → the seller's product SKU (FrontSkuMapping); thirdPartySku unique per seller. */
export const skuMappings = pgTable('sku_mappings', {
  id: id(),
  tenantId: tenantIdColumn(),
  userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
  thirdPartySku: varchar('third_party_sku', { length: 128 }).notNull(),
  productSku: varchar('product_sku', { length: 128 }).notNull(),
  creationTime: createdAt(),
}, (t) => [uniqueIndex('sku_mappings_user_sku_uq').on(t.tenantId, t.userId, t.thirdPartySku), tenantPolicy(t.tenantId)]);

/**
 * A delivery-receipt batch (交接单): the outbound orders of one store and logistic method handed to
 * the carrier together. At most one open batch per (store, method); batchName unique within a store.
 */
export const deliveryReceiptBatches = pgTable('delivery_receipt_batches', {
  id: id(),
  tenantId: tenantIdColumn(),
  storeId: bigint('store_id', { mode: 'number' }).notNull().references(() => stores.id),
  logisticMethod: varchar('logistic_method', { length: 32 }).notNull(),
  batchName: varchar('batch_name', { length: 48 }).notNull(),
  isClosed: boolean('is_closed').notNull().default(false),
  closedTime: time('closed_time'),
  closedUserName: varchar('closed_user_name', { length: 64 }),
  creatorUserId: bigint('creator_user_id', { mode: 'number' }),
  creationTime: createdAt(),
}, (t) => [
  uniqueIndex('delivery_receipt_batches_name_uq').on(t.tenantId, t.storeId, t.batchName),
  uniqueIndex('delivery_receipt_batches_open_uq').on(t.tenantId, t.storeId, t.logisticMethod).where(sql`not ${t.isClosed}`),
  index('delivery_receipt_batches_list_idx').on(t.tenantId, t.id),
  tenantPolicy(t.tenantId), reachScopePolicy(throughParent(t.storeId, stores, stores.id)),
]);

/** One outbound order scanned into a batch; an order is in one batch at most. */
export const deliveryReceiptItems = pgTable('delivery_receipt_items', {
  id: id(),
  tenantId: tenantIdColumn(),
  batchId: bigint('batch_id', { mode: 'number' }).notNull().references(() => deliveryReceiptBatches.id),
  orderId: bigint('order_id', { mode: 'number' }).notNull().references(() => orders.id),
  tradeNo: varchar('trade_no', { length: 16 }).notNull(),
  /** The order's weight when it was scanned (grams), for the hand-over sheet. */
  weightGrams: integer('weight_grams'),
  userId: bigint('user_id', { mode: 'number' }),
  userName: varchar('user_name', { length: 64 }),
  creationTime: createdAt(),
}, (t) => [
  uniqueIndex('delivery_receipt_items_order_uq').on(t.tenantId, t.orderId),
  index('delivery_receipt_items_batch_idx').on(t.batchId, t.id),
  tenantPolicy(t.tenantId),
]);

/**
 * A seller's own storage-fee terms (UserStorageConfig), over the store's: freeDays after shelving,
 * deductIntegral points per item (cents here), every deductionCycle days.
 */
export const userStorageConfigs = pgTable('user_storage_configs', {
  id: id(),
  tenantId: tenantIdColumn(),
  userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
  freeDays: integer('free_days').notNull().default(0),
  deductCents: bigint('deduct_cents', { mode: 'number' }).notNull(),
  deductionCycle: integer('deduction_cycle').notNull().default(1),
  creationTime: createdAt(),
  lastModificationTime: time('last_modification_time'),
}, (t) => [uniqueIndex('user_storage_configs_user_uq').on(t.tenantId, t.userId), tenantPolicy(t.tenantId)]);

/**
 * What a scheduled job did for a tenant (modules/jobs): its last run, the last day it completed
 * (the catch-up starts after it) and the outcome, shown to staff.
 */
export const scheduledJobStates = pgTable('scheduled_job_states', {
  id: id(),
  tenantId: tenantIdColumn(),
  name: varchar('name', { length: 64 }).notNull(),
  lastRunTime: time('last_run_time'),
  /** YYYY-MM-DD (tenant time zone): the last day the job completed. */
  lastDay: varchar('last_day', { length: 10 }),
  lastResult: text('last_result'),
  lastError: text('last_error'),
}, (t) => [uniqueIndex('scheduled_job_states_name_uq').on(t.tenantId, t.name), tenantPolicy(t.tenantId)]);

/**
 * What a stock order (orderType 3) takes from each product, combinations broken into their parts:
 * the quantities its reservation (`stock-order:<orderId>`) holds and its pick moves out.
 */
export const stockOrderItems = pgTable('stock_order_items', {
  id: id(),
  tenantId: tenantIdColumn(),
  orderId: bigint('order_id', { mode: 'number' }).notNull().references(() => orders.id, { onDelete: 'cascade' }),
  stockProductId: bigint('stock_product_id', { mode: 'number' }).notNull().references(() => stockProducts.id),
  quantity: integer('quantity').notNull(),
  combinationId: bigint('combination_id', { mode: 'number' }),
}, (t) => [
  index('stock_order_items_order_idx').on(t.orderId),
  index('stock_order_items_product_idx').on(t.tenantId, t.stockProductId),
  tenantPolicy(t.tenantId),
]);

/** A seller's combination product (组合商品): a bundle of (product, quantity) ordered as one. */
export const stockCombinations = pgTable('stock_combinations', {
  id: id(),
  tenantId: tenantIdColumn(),
  userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
  productSku: varchar('product_sku', { length: 128 }).notNull(),
  productName: varchar('product_name', { length: 256 }).notNull(),
  isDeleted: boolean('is_deleted').notNull().default(false),
  creationTime: createdAt(),
}, (t) => [
  uniqueIndex('stock_combinations_sku_uq').on(t.tenantId, t.userId, t.productSku).where(sql`not ${t.isDeleted}`),
  tenantPolicy(t.tenantId),
]);

export const stockCombinationItems = pgTable('stock_combination_items', {
  id: id(),
  tenantId: tenantIdColumn(),
  combinationId: bigint('combination_id', { mode: 'number' }).notNull().references(() => stockCombinations.id, { onDelete: 'cascade' }),
  stockProductId: bigint('stock_product_id', { mode: 'number' }).notNull().references(() => stockProducts.id),
  quantity: integer('quantity').notNull(),
}, (t) => [index('stock_combination_items_combination_idx').on(t.combinationId), tenantPolicy(t.tenantId)]);
