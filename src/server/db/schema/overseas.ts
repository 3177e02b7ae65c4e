// Buyers' returns to an overseas warehouse (DOMAIN §8): the seller registers one against an overseas
// order (orderType 4); staff put what came back into stock (ListedHistory type 4) or, once the seller
// chose it, destroy it for a fee (channel 9). returnStatus follows src/shared/rules/overseas-returns.ts.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, reachScopePolicy, tenantIdColumn, tenantPolicy, throughParent, warehouseScopePolicy } from './tenancy.ts';
import { users } from './identity.ts';
import { orders } from './orders.ts';
import { stockProducts } from './stock.ts';
import { warehouseInfos } from './warehouse.ts';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const abroadReturns = pgTable('abroad_returns', {
  id: id(),
  tenantId: tenantIdColumn(),
  orderId: bigint('order_id', { mode: 'number' }).notNull().references(() => orders.id),
  userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
  userCode: varchar('user_code', { length: 16 }),
  /** The order's warehouse, where the return is heading. */
  warehouseInfoId: bigint('warehouse_info_id', { mode: 'number' }).notNull().references(() => warehouseInfos.id),
  /** The buyer's return waybill: what the floor scans. Unique in the tenant. */
  returnNumber: varchar('return_number', { length: 64 }).notNull(),
  /** The marketplace order number the seller gave (the order's when none). */
  orderNumber: varchar('order_number', { length: 64 }).notNull(),
  returnStatus: smallint('return_status').notNull().default(0),
  reMark: varchar('re_mark', { length: 512 }),
  warehousingTime: time('warehousing_time'),
  warehousingUserId: bigint('warehousing_user_id', { mode: 'number' }),
  warehousingUserName: varchar('warehousing_user_name', { length: 64 }),
  destructionChosenTime: time('destruction_chosen_time'),
  destroyTime: time('destroy_time'),
  destroyUserId: bigint('destroy_user_id', { mode: 'number' }),
  destroyUserName: varchar('destroy_user_name', { length: 64 }),
  destroyCents: bigint('destroy_cents', { mode: 'number' }),
  destroyFlowId: bigint('destroy_flow_id', { mode: 'number' }),
  creationTime: createdAt(),
}, (t) => [
  uniqueIndex('abroad_returns_number_uq').on(t.tenantId, t.returnNumber),
  index('abroad_returns_order_idx').on(t.orderId),
  index('abroad_returns_user_idx').on(t.tenantId, t.userId, t.id),
  index('abroad_returns_status_idx').on(t.tenantId, t.returnStatus, t.id),
  check('abroad_returns_status_ck', sql`${t.returnStatus} between 0 and 3`),
  tenantPolicy(t.tenantId), warehouseScopePolicy(t.warehouseInfoId), reachScopePolicy(throughParent(t.orderId, orders, orders.id)),
]);

/** What a return put back into stock, per product (its ListedHistory type-4 rows carry the return number). */
export const abroadReturnItems = pgTable('abroad_return_items', {
  id: id(),
  tenantId: tenantIdColumn(),
  returnId: bigint('return_id', { mode: 'number' }).notNull().references(() => abroadReturns.id),
  stockProductId: bigint('stock_product_id', { mode: 'number' }).notNull().references(() => stockProducts.id),
  quantity: integer('quantity').notNull(),
}, (t) => [
  index('abroad_return_items_return_idx').on(t.returnId),
  check('abroad_return_items_quantity_ck', sql`${t.quantity} > 0`),
  tenantPolicy(t.tenantId),
]);
