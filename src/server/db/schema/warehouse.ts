import { bigint, boolean, index, pgTable, smallint, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantIdColumn, tenantPolicy, warehouseScopePolicy } from './tenancy.ts';
import { tenants } from './platform.ts';

export const warehouseCities = pgTable('warehouse_cities', {
  id: id(),
  tenantId: tenantIdColumn().references(() => tenants.id),
  cityName: varchar('city_name', { length: 64 }).notNull(),
  creationTime: createdAt(),
}, (t) => [index('warehouse_cities_tenant_idx').on(t.tenantId), tenantPolicy(t.tenantId)]);

/** A group member sees (and scans at) only the mainland warehouses and his group's overseas ones. */
export const warehouseInfos = pgTable('warehouse_infos', {
  id: id(),
  tenantId: tenantIdColumn().references(() => tenants.id),
  warehouseName: varchar('warehouse_name', { length: 64 }).notNull(),
  kind: smallint('kind').notNull().default(1),
  warehouseCityId: bigint('warehouse_city_id', { mode: 'number' }).references(() => warehouseCities.id),
  site: varchar('site', { length: 4 }),
  address: varchar('address', { length: 256 }).notNull().default(''),
  contactName: varchar('contact_name', { length: 64 }).notNull().default(''),
  phone: varchar('phone', { length: 32 }).notNull().default(''),
  isEnabled: boolean('is_enabled').notNull().default(true),
  creationTime: createdAt(),
}, (t) => [index('warehouse_infos_tenant_idx').on(t.tenantId, t.kind), tenantPolicy(t.tenantId), warehouseScopePolicy(t.id)]);
