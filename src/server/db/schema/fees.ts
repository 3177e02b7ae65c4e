// Fee settings (DOMAIN §5 "Order fees"): versioned base-cost and freight rules, the third-party
// bulky parameter, and the tenant's own settings (the urgent fee). Money in integer cents, weight in
// integer grams. For one key at most one effective setting covers any instant: the services check it
// under a per-key advisory lock (src/server/modules/fees/versioning.ts).
import { bigint, boolean, index, integer, pgTable, primaryKey, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantIdColumn, tenantPolicy } from './tenancy.ts';
import { stores } from './orders.ts';
import { warehouseInfos } from './warehouse.ts';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const cents = (name: string) => bigint(name, { mode: 'number' });

/** The common version columns: [beginTime, endTime) with endTime null = open; isEffective switches it off. */
const versionColumns = () => ({
  beginTime: time('begin_time').notNull(),
  endTime: time('end_time'),
  isEffective: boolean('is_effective').notNull().default(true),
  creatorUserId: bigint('creator_user_id', { mode: 'number' }),
  creationTime: createdAt(),
  lastModificationTime: time('last_modification_time'),
});

/** The amounts of a base cost (DOMAIN §5): per warehouse and orderType, or per store for overseas orders. */
const baseCostColumns = () => ({
  baseCostCents: cents('base_cost_cents').notNull(),
  baseSkuNums: integer('base_sku_nums').notNull(),
  exceedSkuCostCents: cents('exceed_sku_cost_cents').notNull(),
  maxSkuCostCents: cents('max_sku_cost_cents').notNull(),
  sackPriceCents: cents('sack_price_cents').notNull(),
});

/** BaseCostSetting: per warehouse and orderType. */
export const baseCostSettings = pgTable('base_cost_settings', {
  id: id(),
  tenantId: tenantIdColumn(),
  warehouseInfoId: bigint('warehouse_info_id', { mode: 'number' }).notNull().references(() => warehouseInfos.id),
  orderType: smallint('order_type').notNull(),
  ...baseCostColumns(),
  ...versionColumns(),
}, (t) => [index('base_cost_settings_key_idx').on(t.tenantId, t.warehouseInfoId, t.orderType, t.beginTime), tenantPolicy(t.tenantId)]);

/** MainlandFreight: per warehouse, site and cargo category. */
export const mainlandFreights = pgTable('mainland_freights', {
  id: id(),
  tenantId: tenantIdColumn(),
  warehouseInfoId: bigint('warehouse_info_id', { mode: 'number' }).notNull().references(() => warehouseInfos.id),
  site: varchar('site', { length: 4 }).notNull(),
  cargoCategory: smallint('cargo_category').notNull(),
  firstWeightGrams: integer('first_weight_grams').notNull(),
  firstWeightPriceCents: cents('first_weight_price_cents').notNull(),
  continueWeightGrams: integer('continue_weight_grams').notNull(),
  continueWeightCostCents: cents('continue_weight_cost_cents').notNull(),
  bulkyParameter: integer('bulky_parameter').notNull(),
  ...versionColumns(),
}, (t) => [index('mainland_freights_key_idx').on(t.tenantId, t.warehouseInfoId, t.site, t.cargoCategory, t.beginTime), tenantPolicy(t.tenantId)]);

/** ThirdPartyParameter: the bulky parameter of third-party lines, per warehouse and site. */
export const thirdPartyParameters = pgTable('third_party_parameters', {
  id: id(),
  tenantId: tenantIdColumn(),
  warehouseInfoId: bigint('warehouse_info_id', { mode: 'number' }).notNull().references(() => warehouseInfos.id),
  site: varchar('site', { length: 4 }).notNull(),
  bulkyParameter: integer('bulky_parameter').notNull(),
  ...versionColumns(),
}, (t) => [index('third_party_parameters_key_idx').on(t.tenantId, t.warehouseInfoId, t.site, t.beginTime), tenantPolicy(t.tenantId)]);

/**
 * OverseasBaseCostSetting: the base cost of overseas orders (orderType 4), per store (DOMAIN §8). The
 * API calls the switch whetherEffective; the column keeps the versioned settings' name.
 */
export const overseasBaseCostSettings = pgTable('overseas_base_cost_settings', {
  id: id(),
  tenantId: tenantIdColumn(),
  storeId: bigint('store_id', { mode: 'number' }).notNull().references(() => stores.id),
  ...baseCostColumns(),
  ...versionColumns(),
}, (t) => [index('overseas_base_cost_settings_key_idx').on(t.tenantId, t.storeId, t.beginTime), tenantPolicy(t.tenantId)]);

/** A tenant's own settings, ABP style (name → value). Fees keep the urgent fee here ('App.Fees.UrgentFeeCents'). */
export const tenantSettings = pgTable('tenant_settings', {
  tenantId: tenantIdColumn(),
  name: varchar('name', { length: 128 }).notNull(),
  value: varchar('value', { length: 2000 }).notNull(),
  lastModifierUserId: bigint('last_modifier_user_id', { mode: 'number' }),
  lastModificationTime: time('last_modification_time').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.tenantId, t.name] }), tenantPolicy(t.tenantId)]);
