// Mainland packages (DOMAIN §3): an outbound bag of mainland orders; orders.mainland_package_id
// points at the bag an order is in. Weight in kg numeric(10,3), dimensions in cm numeric(8,1).
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, numeric, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, siteScopePolicy, tenantIdColumn, tenantPolicy } from './tenancy.ts';
import { users } from './identity.ts';
import { warehouseInfos } from './warehouse.ts';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const cm = (name: string) => numeric(name, { precision: 8, scale: 1, mode: 'number' });

export const mainlandPackages = pgTable('mainland_packages', {
  id: id(),
  tenantId: tenantIdColumn(),
  packageName: varchar('package_name', { length: 64 }).notNull(),
  warehouseInfoId: bigint('warehouse_info_id', { mode: 'number' }).notNull().references(() => warehouseInfos.id),
  site: varchar('site', { length: 4 }).notNull(),
  cargoCategory: smallint('cargo_category').notNull(),
  mainLandInterNationalShipment: varchar('international_shipment', { length: 64 }),
  long: cm('long'),
  wide: cm('wide'),
  high: cm('high'),
  weight: numeric('weight', { precision: 10, scale: 3, mode: 'number' }),
  appointUserId: bigint('appoint_user_id', { mode: 'number' }).references(() => users.id),
  isSend: boolean('is_send').notNull().default(false),
  sendTime: time('send_time'),
  createUserId: bigint('create_user_id', { mode: 'number' }),
  updateUserId: bigint('update_user_id', { mode: 'number' }),
  creationTime: createdAt(),
  updateTime: time('update_time'),
}, (t) => [
  index('mainland_packages_open_idx').on(t.tenantId, t.isSend, t.warehouseInfoId, t.site),
  // One bag per international waybill number.
  uniqueIndex('mainland_packages_waybill_uq').on(t.tenantId, t.mainLandInterNationalShipment).where(sql`${t.mainLandInterNationalShipment} is not null`),
  tenantPolicy(t.tenantId), siteScopePolicy(t.site),
]);
