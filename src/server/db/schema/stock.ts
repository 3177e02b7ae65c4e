// Stock (囤货, DOMAIN §7): stock records (inbound stockpile shipments, SR…), stock products with their
// quantities, every inventory movement (ListedHistory), the reservations open orders hold, and shelves.
// Only src/server/modules/inventory writes the quantities, the movements and the reservations
// (docs/decisions/0026-inventory-module-and-stock-records.md); the database checks keep them sane.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, numeric, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, reachScopePolicy, siteScopePolicy, tenantIdColumn, tenantPolicy, throughParent, warehouseScopePolicy } from './tenancy.ts';
import { users } from './identity.ts';
import { warehouseInfos } from './warehouse.ts';
import { stores } from './orders.ts';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const cm = (name: string) => numeric(name, { precision: 8, scale: 1, mode: 'number' });

/**
 * One product of one store kept at one warehouse. Its five figures are kept by the inventory module:
 * totalStorage − totalOutgoing = inventory = the sum of its listed_histories rows; reserved = the sum of
 * its open stock_reservations; available = inventory − reserved. status 1 可用 / 2 不可用 / 3 禁用.
 */
export const stockProducts = pgTable('stock_products', {
  id: id(),
  tenantId: tenantIdColumn(),
  userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
  userCode: varchar('user_code', { length: 16 }),
  storeId: bigint('store_id', { mode: 'number' }).notNull().references(() => stores.id),
  site: varchar('site', { length: 4 }).notNull(),
  warehouseInfoId: bigint('warehouse_info_id', { mode: 'number' }).notNull().references(() => warehouseInfos.id),
  productSku: varchar('product_sku', { length: 128 }).notNull(),
  productName: varchar('product_name', { length: 256 }).notNull(),
  productType: varchar('product_type', { length: 64 }),
  productImgGuid: varchar('product_img_guid', { length: 36 }),
  barCode: varchar('bar_code', { length: 64 }).notNull(),
  totalStorage: integer('total_storage').notNull().default(0),
  totalOutgoing: integer('total_outgoing').notNull().default(0),
  inventory: integer('inventory').notNull().default(0),
  reserved: integer('reserved').notNull().default(0),
  available: integer('available').notNull().default(0),
  shelfPosition: varchar('shelf_position', { length: 32 }),
  safeStockNumber: integer('safe_stock_number').notNull().default(0),
  preStockNumber: integer('pre_stock_number').notNull().default(0),
  status: smallint('status').notNull().default(1),
  /** First-leg freight per item (GetHeadFee's last estimate), cents; charges nothing. */
  headFeeCents: bigint('head_fee_cents', { mode: 'number' }),
  /** One-time shelving fee per item for this product (SettingShelfCost), cents; null: the store's onlyOneShelfCost. */
  onlyOneShelfCostCents: bigint('only_one_shelf_cost_cents', { mode: 'number' }),
  /** Shelving fees charged so far (DeductShelfCost, channel 6), cents. */
  shelfCostCents: bigint('shelf_cost_cents', { mode: 'number' }).notNull().default(0),
  /** Storage fee settings of this product (SetStockCost): points per item every deductionCycle days from beginDeductionTime. */
  deductIntegralCents: bigint('deduct_integral_cents', { mode: 'number' }),
  deductionCycle: integer('deduction_cycle'),
  beginDeductionTime: time('begin_deduction_time'),
  remark: varchar('remark', { length: 512 }),
  creationTime: createdAt(),
  lastModificationTime: time('last_modification_time'),
}, (t) => [
  uniqueIndex('stock_products_key_uq').on(t.tenantId, t.storeId, t.warehouseInfoId, t.productSku),
  uniqueIndex('stock_products_bar_code_uq').on(t.tenantId, t.barCode),
  index('stock_products_user_idx').on(t.tenantId, t.userId, t.id),
  index('stock_products_shelf_idx').on(t.tenantId, t.warehouseInfoId, t.shelfPosition),
  check('stock_products_inventory_ck', sql`${t.inventory} >= 0 and ${t.inventory} = ${t.totalStorage} - ${t.totalOutgoing}`),
  check('stock_products_available_ck', sql`${t.available} >= 0 and ${t.reserved} >= 0 and ${t.available} = ${t.inventory} - ${t.reserved}`),
  check('stock_products_status_ck', sql`${t.status} in (1, 2, 3)`),
  tenantPolicy(t.tenantId), siteScopePolicy(t.site), warehouseScopePolicy(t.warehouseInfoId),
]);

/**
 * ListedHistory: every inventory movement, the only way inventory changes. type 1 上架, 2 出库,
 * 3 盘点调整, 4 退货入库, 5 销毁; quantity signed; inventoryAfter is the product's inventory right after it.
 */
export const listedHistories = pgTable('listed_histories', {
  id: id(),
  tenantId: tenantIdColumn(),
  stockProductId: bigint('stock_product_id', { mode: 'number' }).notNull().references(() => stockProducts.id),
  /** The product's seller and warehouse, copied so the seller's list and the scope need no join. */
  ownerUserId: bigint('owner_user_id', { mode: 'number' }).notNull(),
  warehouseInfoId: bigint('warehouse_info_id', { mode: 'number' }).notNull(),
  type: smallint('type').notNull(),
  quantity: integer('quantity').notNull(),
  inventoryAfter: integer('inventory_after').notNull(),
  shelfPosition: varchar('shelf_position', { length: 32 }),
  tradeNo: varchar('trade_no', { length: 32 }),
  remark: varchar('remark', { length: 512 }),
  userId: bigint('user_id', { mode: 'number' }),
  userName: varchar('user_name', { length: 64 }),
  creationTime: createdAt(),
}, (t) => [
  index('listed_histories_product_idx').on(t.tenantId, t.stockProductId, t.id),
  index('listed_histories_owner_idx').on(t.tenantId, t.ownerUserId, t.id),
  index('listed_histories_trade_no_idx').on(t.tenantId, t.tradeNo),
  check('listed_histories_ck', sql`${t.quantity} <> 0 and ${t.type} between 1 and 5 and ${t.inventoryAfter} >= 0`),
  tenantPolicy(t.tenantId), warehouseScopePolicy(t.warehouseInfoId), reachScopePolicy(throughParent(t.stockProductId, stockProducts, stockProducts.id)),
]);

/**
 * What an open order holds of a product (reserved). ref names the holder (`stock-order:12`,
 * `abroad-order:7`); one row per (ref, product); released rows are deleted.
 */
export const stockReservations = pgTable('stock_reservations', {
  id: id(),
  tenantId: tenantIdColumn(),
  stockProductId: bigint('stock_product_id', { mode: 'number' }).notNull().references(() => stockProducts.id),
  ref: varchar('ref', { length: 64 }).notNull(),
  quantity: integer('quantity').notNull(),
  creationTime: createdAt(),
}, (t) => [
  uniqueIndex('stock_reservations_ref_uq').on(t.tenantId, t.ref, t.stockProductId),
  index('stock_reservations_product_idx').on(t.tenantId, t.stockProductId),
  check('stock_reservations_quantity_ck', sql`${t.quantity} > 0`),
  tenantPolicy(t.tenantId),
]);

/** A shelf position (货架, `A-01-02`) of a warehouse. Products name theirs in stock_products.shelf_position. */
export const shelves = pgTable('shelves', {
  id: id(),
  tenantId: tenantIdColumn(),
  warehouseInfoId: bigint('warehouse_info_id', { mode: 'number' }).notNull().references(() => warehouseInfos.id),
  shelfPosition: varchar('shelf_position', { length: 32 }).notNull(),
  creationTime: createdAt(),
}, (t) => [
  uniqueIndex('shelves_position_uq').on(t.tenantId, t.warehouseInfoId, t.shelfPosition),
  tenantPolicy(t.tenantId), warehouseScopePolicy(t.warehouseInfoId),
]);

/**
 * A stock record (囤货单, tradeNo SR…): one product of a seller's stockpile shipment on its way to a
 * warehouse. productStatus follows src/shared/rules/stock.ts: 0 待到货 → 1 已到货 → 2 验货通过 / 3 验货不通过
 * → 4 已贴标 → 5 已上架; 6 已取消. It is shelved up to acceptedNums (else productNums).
 */
export const stockRecords = pgTable('stock_records', {
  id: id(),
  tenantId: tenantIdColumn(),
  tradeNo: varchar('trade_no', { length: 16 }).notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
  userCode: varchar('user_code', { length: 16 }),
  storeId: bigint('store_id', { mode: 'number' }).notNull().references(() => stores.id),
  /** The store's site (spec: orderSite). */
  site: varchar('site', { length: 4 }).notNull(),
  warehouseInfoId: bigint('warehouse_info_id', { mode: 'number' }).notNull().references(() => warehouseInfos.id),
  productSku: varchar('product_sku', { length: 128 }).notNull(),
  productName: varchar('product_name', { length: 256 }).notNull(),
  productType: varchar('product_type', { length: 64 }),
  productNums: integer('product_nums').notNull(),
  packageNums: integer('package_nums').notNull().default(1),
  logisticsNumber: varchar('logistics_number', { length: 64 }).notNull(),
  purchaseCostCents: bigint('purchase_cost_cents', { mode: 'number' }),
  productLink: varchar('product_link', { length: 512 }),
  productImgGuid: varchar('product_img_guid', { length: 36 }),
  productLong: cm('product_long'),
  productWide: cm('product_wide'),
  productHigh: cm('product_high'),
  productWeight: numeric('product_weight', { precision: 10, scale: 3, mode: 'number' }),
  remark: varchar('remark', { length: 512 }),
  productStatus: smallint('product_status').notNull().default(0),
  arrivedTime: time('arrived_time'),
  // Inspection (验货): who, when, what was counted, the photo, a note.
  isCheckBy: varchar('is_check_by', { length: 64 }),
  checkTime: time('check_time'),
  checkNums: integer('check_nums'),
  checkImageGuid: varchar('check_image_guid', { length: 36 }),
  checkRemark: varchar('check_remark', { length: 512 }),
  /** The quantity accepted at inspection or HandleAbnormal, when it differs from productNums. */
  acceptedNums: integer('accepted_nums'),
  /** HandleAbnormal chose to send the goods back: the seller gives the return waybill (CreateReturnStore). */
  returnRequested: boolean('return_requested').notNull().default(false),
  returnShipNumber: varchar('return_ship_number', { length: 64 }),
  returnTime: time('return_time'),
  stockProductId: bigint('stock_product_id', { mode: 'number' }).references(() => stockProducts.id),
  labelTime: time('label_time'),
  shelvedNums: integer('shelved_nums').notNull().default(0),
  /** When the last of it was shelved (spec: warehouseIssueTime). */
  shelfTime: time('shelf_time'),
  headFeeCents: bigint('head_fee_cents', { mode: 'number' }),
  shelfCostCents: bigint('shelf_cost_cents', { mode: 'number' }),
  shelfCostTime: time('shelf_cost_time'),
  creationTime: createdAt(),
  lastModificationTime: time('last_modification_time'),
}, (t) => [
  uniqueIndex('stock_records_trade_no_uq').on(t.tenantId, t.tradeNo),
  index('stock_records_user_idx').on(t.tenantId, t.userId, t.id),
  index('stock_records_creation_idx').on(t.tenantId, t.creationTime, t.id),
  index('stock_records_status_idx').on(t.tenantId, t.productStatus, t.id),
  index('stock_records_logistics_idx').on(t.tenantId, t.logisticsNumber),
  // ShelfUp by barcode: the product's labelled records, oldest first.
  index('stock_records_product_idx').on(t.tenantId, t.stockProductId, t.productStatus, t.id).where(sql`${t.stockProductId} is not null`),
  check('stock_records_nums_ck', sql`${t.productNums} > 0 and ${t.packageNums} >= 0 and ${t.shelvedNums} >= 0
    and ${t.shelvedNums} <= coalesce(${t.acceptedNums}, ${t.productNums})`),
  check('stock_records_status_ck', sql`${t.productStatus} between 0 and 6`),
  tenantPolicy(t.tenantId), siteScopePolicy(t.site), warehouseScopePolicy(t.warehouseInfoId),
]);
