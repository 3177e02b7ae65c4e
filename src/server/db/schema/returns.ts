// The things that come back (DOMAIN §6): refused orders shipped back (both lines in one table, told
// apart by `line`), advance orders (pre-alerted tracking numbers) and marketplace returns.
import { bigint, boolean, index, jsonb, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, reachScopePolicy, siteScopePolicy, tenantIdColumn, tenantPolicy, throughParent, warehouseScopePolicy } from './tenancy.ts';
import { users } from './identity.ts';
import { warehouseInfos } from './warehouse.ts';
import { orders } from './orders.ts';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** What a to-stock decision put back (ListedHistory type 4 rows, through the inventory module), to reverse it exactly. */
export interface RestockedItem { stockProductId: number; productSku: string; quantity: number }
const stockItems = () => jsonb('stock_items').$type<RestockedItem[]>();

/**
 * A shipped order refused at its destination and scanned back in by its trade number. One row per
 * trade number and tenant, whichever line recorded it (BackRefusalOrder line 1, YNRefusalOrder line 2):
 * goods come back once, and a second record could put them back in stock twice.
 */
export const refusalOrders = pgTable('refusal_orders', {
  id: id(),
  tenantId: tenantIdColumn(),
  line: smallint('line').notNull(),
  orderId: bigint('order_id', { mode: 'number' }).notNull().references(() => orders.id),
  tradeNo: varchar('trade_no', { length: 16 }).notNull(),
  orderNumber: varchar('order_number', { length: 64 }).notNull(),
  orderType: smallint('order_type').notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
  userCode: varchar('user_code', { length: 16 }).notNull(),
  storeName: varchar('store_name', { length: 128 }),
  site: varchar('site', { length: 4 }).notNull(),
  warehouseInfoId: bigint('warehouse_info_id', { mode: 'number' }).references(() => warehouseInfos.id),
  reason: varchar('reason', { length: 512 }),
  handleStatus: smallint('handle_status').notNull().default(0),
  remark: varchar('remark', { length: 512 }),
  againRemark: varchar('again_remark', { length: 512 }),
  /** 重新入库: what went back to stock. */
  stockItems: stockItems(),
  handleTime: time('handle_time'),
  handleUserId: bigint('handle_user_id', { mode: 'number' }),
  handleUserName: varchar('handle_user_name', { length: 64 }),
  scanUserId: bigint('scan_user_id', { mode: 'number' }),
  scanUserName: varchar('scan_user_name', { length: 64 }),
  creationTime: createdAt(),
}, (t) => [
  uniqueIndex('refusal_orders_trade_no_uq').on(t.tenantId, t.tradeNo),
  index('refusal_orders_line_idx').on(t.tenantId, t.line, t.id),
  index('refusal_orders_user_idx').on(t.tenantId, t.userId, t.id),
  tenantPolicy(t.tenantId), siteScopePolicy(t.site), warehouseScopePolicy(t.warehouseInfoId),
]);

/** A tracking number a carrier or seller pre-alerted before any order named it (imported from xlsx). */
export const advanceOrders = pgTable('advance_orders', {
  id: id(),
  tenantId: tenantIdColumn(),
  shipment: varchar('shipment', { length: 64 }).notNull(),
  expressCompany: varchar('express_company', { length: 64 }),
  userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
  userCode: varchar('user_code', { length: 16 }),
  handleStatus: smallint('handle_status').notNull().default(0),
  remark: varchar('remark', { length: 512 }),
  importRemark: varchar('import_remark', { length: 512 }),
  againRemark: varchar('again_remark', { length: 512 }),
  handleTime: time('handle_time'),
  handleUserId: bigint('handle_user_id', { mode: 'number' }),
  handleUserName: varchar('handle_user_name', { length: 64 }),
  creatorUserId: bigint('creator_user_id', { mode: 'number' }),
  creatorName: varchar('creator_name', { length: 64 }),
  creationTime: createdAt(),
}, (t) => [
  // One pre-alert per tracking number: the scan looks it up by number.
  uniqueIndex('advance_orders_shipment_uq').on(t.tenantId, t.shipment),
  index('advance_orders_status_idx').on(t.tenantId, t.handleStatus, t.id),
  tenantPolicy(t.tenantId),
]);

/** A marketplace (Shopee) return at the mainland warehouse: one per seller and order number. */
export const orderReturns = pgTable('order_returns', {
  id: id(),
  tenantId: tenantIdColumn(),
  orderNumber: varchar('order_number', { length: 64 }).notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
  userCode: varchar('user_code', { length: 16 }).notNull(),
  orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
  tradeNo: varchar('trade_no', { length: 16 }),
  shipment: varchar('shipment', { length: 64 }),
  warehouseInfoId: bigint('warehouse_info_id', { mode: 'number' }).references(() => warehouseInfos.id),
  whetherHandle: smallint('whether_handle').notNull().default(0),
  handleType: smallint('handle_type'),
  reMark: varchar('re_mark', { length: 512 }),
  warehouseRemark: varchar('warehouse_remark', { length: 512 }),
  recipientName: varchar('recipient_name', { length: 64 }),
  receiptPhone: varchar('receipt_phone', { length: 32 }),
  receiptAddress: varchar('receipt_address', { length: 512 }),
  /** The destroy fee posted (channel 9) and its flow. */
  destroyFeeCents: bigint('destroy_fee_cents', { mode: 'number' }),
  destroyFlowId: bigint('destroy_flow_id', { mode: 'number' }),
  /** Scanned in at the warehouse (CheckUserCode); null while only pre-declared. */
  returnTime: time('return_time'),
  preDeclared: boolean('pre_declared').notNull().default(false),
  /** 入库, once handled: what went into stock. */
  stockItems: stockItems(),
  decisionTime: time('decision_time'),
  handleTime: time('handle_time'),
  handleUserId: bigint('handle_user_id', { mode: 'number' }),
  handleUserName: varchar('handle_user_name', { length: 64 }),
  scanUserId: bigint('scan_user_id', { mode: 'number' }),
  scanUserName: varchar('scan_user_name', { length: 64 }),
  creationTime: createdAt(),
}, (t) => [
  uniqueIndex('order_returns_user_number_uq').on(t.tenantId, t.userId, t.orderNumber),
  index('order_returns_number_idx').on(t.tenantId, t.orderNumber),
  index('order_returns_user_idx').on(t.tenantId, t.userId, t.id),
  index('order_returns_status_idx').on(t.tenantId, t.whetherHandle, t.id),
  tenantPolicy(t.tenantId), warehouseScopePolicy(t.warehouseInfoId), reachScopePolicy(throughParent(t.orderId, orders, orders.id)),
]);
