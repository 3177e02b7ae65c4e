// Courier hand-overs (CourierExpressDelivery): one row per tracking number a courier brought to
// the warehouse; voided rows stay (isEnable false) so the record of the day never changes silently.
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantIdColumn, tenantPolicy, warehouseScopePolicy } from './tenancy.ts';
import { warehouseInfos } from './warehouse.ts';

export const courierExpressDeliveries = pgTable('courier_express_deliveries', {
  id: id(),
  tenantId: tenantIdColumn(),
  warehouseInfoId: bigint('warehouse_info_id', { mode: 'number' }).notNull().references(() => warehouseInfos.id),
  courierCompanyCode: varchar('courier_company_code', { length: 8 }).notNull(),
  shipment: varchar('shipment', { length: 64 }).notNull(),
  courierName: varchar('courier_name', { length: 32 }),
  courierPhone: varchar('courier_phone', { length: 32 }),
  reMark: varchar('re_mark', { length: 256 }),
  isEnable: boolean('is_enable').notNull().default(true),
  creatorUserId: bigint('creator_user_id', { mode: 'number' }),
  creatorUserName: varchar('creator_user_name', { length: 64 }),
  notEnableUserName: varchar('not_enable_user_name', { length: 64 }),
  notEnableTime: timestamp('not_enable_time', { withTimezone: true, mode: 'date' }),
  creationTime: createdAt(),
}, (t) => [
  // A number is on record once (voided rows aside).
  uniqueIndex('courier_deliveries_shipment_uq').on(t.tenantId, t.shipment).where(sql`${t.isEnable}`),
  index('courier_deliveries_list_idx').on(t.tenantId, t.id),
  tenantPolicy(t.tenantId), warehouseScopePolicy(t.warehouseInfoId),
]);
