// Stores, orders and their lines, parcels, inbound records and the audit trail (DOMAIN §2–§4).
// Money in integer cents; weight in kg numeric(10,3); dimensions in cm numeric(8,1).
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, numeric, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import {
  createdAt, id, orderScopePolicy, reachScopePolicy, siteScopePolicy, tenantIdColumn, tenantPolicy, throughAuditEntity, throughParent, warehouseScopePolicy,
} from './tenancy.ts';
import { users } from './identity.ts';
import { warehouseInfos } from './warehouse.ts';

const kg = (name: string) => numeric(name, { precision: 10, scale: 3, mode: 'number' });
const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A seller's shop (DOMAIN §2): orders are placed for a store. */
export const stores = pgTable('stores', {
  id: id(),
  tenantId: tenantIdColumn(),
  userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
  storeName: varchar('store_name', { length: 128 }).notNull(),
  site: varchar('site', { length: 4 }).notNull(),
  contactName: varchar('contact_name', { length: 64 }).notNull().default(''),
  contactPhone: varchar('contact_phone', { length: 32 }).notNull().default(''),
  storeAddress: varchar('store_address', { length: 256 }).notNull().default(''),
  remark: varchar('remark', { length: 512 }),
  whetherLocal: boolean('whether_local').notNull().default(false),
  whetherEffective: boolean('whether_effective').notNull().default(true),
  onlyOneShelfCost: bigint('only_one_shelf_cost', { mode: 'number' }),
  deductIntegral: bigint('deduct_integral', { mode: 'number' }),
  deductionCycle: integer('deduction_cycle'),
  beginDeductionTime: time('begin_deduction_time'),
  packedUserName: varchar('packed_user_name', { length: 64 }),
  isDeleted: boolean('is_deleted').notNull().default(false),
  creationTime: createdAt(),
}, (t) => [index('stores_user_idx').on(t.tenantId, t.userId), tenantPolicy(t.tenantId), siteScopePolicy(t.site)]);


/**
 * How many orders each (status, package status, warehouse) holds, as pieces to add up (decision 0041):
 * triggers on orders write a piece (+k or −k) in the same transaction as the orders they count, so
 * any snapshot's sum is that snapshot's exact count; `foldOrderCounts` replaces a key's pieces by
 * their sum from time to time. Rows are only ever inserted by requests, never updated: concurrent
 * writers never wait for one another here.
 */
export const orderCounts = pgTable('order_counts', {
  tenantId: tenantIdColumn(),
  orderStatus: smallint('order_status').notNull(),
  packageStatus: smallint('package_status').notNull(),
  warehouseInfoId: bigint('warehouse_info_id', { mode: 'number' }).notNull(),
  n: integer('n').notNull(),
}, (t) => [index('order_counts_key_idx').on(t.tenantId, t.orderStatus, t.packageStatus, t.warehouseInfoId), tenantPolicy(t.tenantId)]);

/** An outbound shipment to one marketplace buyer (DOMAIN §3). */
export const orders = pgTable('orders', {
  id: id(),
  tenantId: tenantIdColumn(),
  tradeNo: varchar('trade_no', { length: 16 }).notNull(),
  orderNumber: varchar('order_number', { length: 64 }).notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
  userCode: varchar('user_code', { length: 16 }).notNull(),
  storeId: bigint('store_id', { mode: 'number' }).notNull().references(() => stores.id),
  warehouseInfoId: bigint('warehouse_info_id', { mode: 'number' }).notNull().references(() => warehouseInfos.id),
  site: varchar('site', { length: 4 }).notNull(),
  orderType: smallint('order_type').notNull(),
  cargoCategory: smallint('cargo_category').notNull(),
  shippingMethods: smallint('shipping_methods').notNull(),
  orderStatus: smallint('order_status').notNull().default(1),
  packageStatus: smallint('package_status').notNull().default(0),
  isUrgent: boolean('is_urgent').notNull().default(false),
  reMark: varchar('re_mark', { length: 512 }),
  pdfGuid: varchar('pdf_guid', { length: 36 }),
  holdReason: varchar('hold_reason', { length: 512 }),
  shelfNumber: varchar('shelf_number', { length: 32 }),
  /** The holding slot's number (shelfNumber shows it as H0001), written with holding_slots in the same transaction. */
  holdingSlot: integer('holding_slot'),
  mainlandPackageId: bigint('mainland_package_id', { mode: 'number' }), // the BackMainLandPackage bag it is in
  // Packing, weighing and dispatch (DOMAIN §3, §5; modules/orders/processing.ts).
  packedUserId: bigint('packed_user_id', { mode: 'number' }),
  packedUserName: varchar('packed_user_name', { length: 64 }),
  packedTime: time('packed_time'),
  packedImageGuid: varchar('packed_image_guid', { length: 36 }),
  weightGrams: integer('weight_grams'),
  long: numeric('long', { precision: 8, scale: 1, mode: 'number' }),
  wide: numeric('wide', { precision: 8, scale: 1, mode: 'number' }),
  high: numeric('high', { precision: 8, scale: 1, mode: 'number' }),
  chargeableGrams: integer('chargeable_grams'),
  weighedTime: time('weighed_time'),
  /** Bumped by every weighing; part of the fee postings' refs (weigh:<orderId>:<version>:<channel>). */
  weighVersion: integer('weigh_version').notNull().default(0),
  /** What the last weighing could not charge (待补运费); 0 once charged. */
  owedCents: bigint('owed_cents', { mode: 'number' }).notNull().default(0),
  /** The fee lines of the last weighing still to be posted while owed (channel, signed cents). */
  owedFees: jsonb('owed_fees').$type<{ channel: number; amountCents: number }[]>(),
  shippedTime: time('shipped_time'),
  creationTime: createdAt(),
  lastModificationTime: time('last_modification_time'),
}, (t) => [
  uniqueIndex('orders_trade_no_uq').on(t.tenantId, t.tradeNo),
  index('orders_user_idx').on(t.tenantId, t.userId, t.id),
  index('orders_status_idx').on(t.tenantId, t.orderStatus, t.packageStatus),
  index('orders_number_idx').on(t.tenantId, t.orderNumber),
  index('orders_queue_idx').on(t.tenantId, t.isUrgent, t.id),
  // A page sorted by creationTime, the id breaking ties (issue 44 §3, migration 0039).
  index('orders_creation_idx').on(t.tenantId, t.creationTime, t.id),
  // A status's page in queue order (urgent first, newest first) without walking the whole queue:
  // 处理中 is about 1 % of the orders (decision 0034).
  index('orders_status_queue_idx').on(t.tenantId, t.orderStatus, t.isUrgent, t.id),
  // A bag's orders (大陆包: contents, closing, shipping); most orders are in no bag.
  index('orders_mainland_package_idx').on(t.tenantId, t.mainlandPackageId).where(sql`${t.mainlandPackageId} is not null`),
  tenantPolicy(t.tenantId), siteScopePolicy(t.site), warehouseScopePolicy(t.warehouseInfoId),
]);

export const orderLines = pgTable('order_lines', {
  id: id(),
  tenantId: tenantIdColumn(),
  orderId: bigint('order_id', { mode: 'number' }).notNull().references(() => orders.id, { onDelete: 'cascade' }),
  productName: varchar('product_name', { length: 256 }).notNull(),
  productSku: varchar('product_sku', { length: 128 }).notNull().default(''),
  specification: varchar('specification', { length: 256 }),
  quantity: integer('quantity').notNull(),
  price: bigint('price', { mode: 'number' }),
  productImg: varchar('product_img', { length: 512 }),
  shipment: varchar('shipment', { length: 64 }).notNull(),
  /**
   * The stock product a line ships (orders from stock: 囤货 3, 海外仓 4; their shipment is ''). Its
   * quantity is held by the inventory module's reservation until the order is picked.
   */
  stockProductId: bigint('stock_product_id', { mode: 'number' }),
}, (t) => [index('order_lines_order_idx').on(t.orderId), index('order_lines_shipment_idx').on(t.tenantId, t.shipment), tenantPolicy(t.tenantId)]);

/** A domestic express package arriving at a warehouse (DOMAIN §4). One row per tracking number. */
export const parcels = pgTable('parcels', {
  id: id(),
  tenantId: tenantIdColumn(),
  shipment: varchar('shipment', { length: 64 }).notNull(),
  warehouseInfoId: bigint('warehouse_info_id', { mode: 'number' }).references(() => warehouseInfos.id),
  userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
  userCode: varchar('user_code', { length: 16 }),
  orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
  storeId: bigint('store_id', { mode: 'number' }),
  orderType: smallint('order_type'),
  receiveStatus: smallint('receive_status').notNull().default(0),
  signForTime: time('sign_for_time'),
  signUserId: bigint('sign_user_id', { mode: 'number' }),
  signUserName: varchar('sign_user_name', { length: 64 }),
  shelfNumber: varchar('shelf_number', { length: 32 }),
  weight: kg('weight'),
  reMark: varchar('re_mark', { length: 512 }),
  abnormalReason: varchar('abnormal_reason', { length: 512 }),
  imageGuid: varchar('image_guid', { length: 36 }),
  goodsImageGuid: varchar('goods_image_guid', { length: 36 }),
  userUploadImageGuid: varchar('user_upload_image_guid', { length: 36 }),
  isNeedTakePicture: boolean('is_need_take_picture').notNull().default(false),
  isConfirm: boolean('is_confirm').notNull().default(false),
  rejectionTime: time('rejection_time'),
  creationTime: createdAt(),
  /**
   * When the parcel last changed in a way the floor's index of expected parcels shows (status, seller,
   * order, warehouse, number, kind): set by a trigger (migration 0041, decision 0067), read by deltas.
   */
  indexChangedAt: time('index_changed_at'),
}, (t) => [
  uniqueIndex('parcels_shipment_uq').on(t.tenantId, t.shipment),
  index('parcels_index_changed_idx').on(t.tenantId, t.indexChangedAt).where(sql`${t.indexChangedAt} is not null`),
  index('parcels_status_idx').on(t.tenantId, t.receiveStatus, t.id),
  index('parcels_order_idx').on(t.orderId),
  index('parcels_user_idx').on(t.tenantId, t.userId, t.id),
  index('parcels_creation_idx').on(t.tenantId, t.creationTime, t.id),
  // The dashboard: parcels waiting for a photo (few of many), a seller's parcels signed in lately.
  index('parcels_need_photo_idx').on(t.tenantId, t.id).where(sql`${t.isNeedTakePicture}`),
  index('parcels_user_sign_idx').on(t.tenantId, t.userId, t.signForTime).where(sql`${t.signForTime} is not null`),
  tenantPolicy(t.tenantId), warehouseScopePolicy(t.warehouseInfoId), orderScopePolicy(t.orderId, orders, orders.id),
]);

/**
 * A declared (待签收) parcel removed (its order edited or cancelled, the declaration deleted): written by a
 * trigger (migration 0041) so the floor's index deltas can drop it (decision 0067).
 */
export const parcelIndexRemovals = pgTable('parcel_index_removals', {
  id: id(),
  tenantId: tenantIdColumn(),
  shipment: varchar('shipment', { length: 64 }).notNull(),
  warehouseInfoId: bigint('warehouse_info_id', { mode: 'number' }),
  removedAt: time('removed_at').notNull(),
}, (t) => [
  index('parcel_index_removals_time_idx').on(t.tenantId, t.removedAt),
  tenantPolicy(t.tenantId), warehouseScopePolicy(t.warehouseInfoId),
]);

/**
 * A warehouse's holding slots (decision 0062): one row per slot, numbered from 1 and created on demand,
 * with its occupant, an order (its parcels sit there) or a parcel with no order (无主件, 异常). Taken and
 * released by src/server/db/sql/holding-slots.sql (haicang_take_slot, the release triggers).
 */
export const holdingSlots = pgTable('holding_slots', {
  tenantId: tenantIdColumn(),
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  warehouseInfoId: bigint('warehouse_info_id', { mode: 'number' }).notNull(),
  number: integer('number').notNull(),
  orderId: bigint('order_id', { mode: 'number' }),
  parcelId: bigint('parcel_id', { mode: 'number' }),
  takenTime: time('taken_time'),
}, (t) => [
  uniqueIndex('holding_slots_number_uq').on(t.tenantId, t.warehouseInfoId, t.number),
  uniqueIndex('holding_slots_order_uq').on(t.orderId).where(sql`${t.orderId} is not null`),
  uniqueIndex('holding_slots_parcel_uq').on(t.parcelId).where(sql`${t.parcelId} is not null`),
  index('holding_slots_free_idx').on(t.tenantId, t.warehouseInfoId, t.number).where(sql`${t.orderId} is null and ${t.parcelId} is null`),
  check('holding_slots_one_occupant', sql`${t.orderId} is null or ${t.parcelId} is null`),
  tenantPolicy(t.tenantId),
]);

/** One row per sign-in (the inbound record, IntoLogistics). */
export const intoLogistics = pgTable('into_logistics', {
  id: id(),
  tenantId: tenantIdColumn(),
  parcelId: bigint('parcel_id', { mode: 'number' }).notNull().references(() => parcels.id),
  shipment: varchar('shipment', { length: 64 }).notNull(),
  warehouseInfoId: bigint('warehouse_info_id', { mode: 'number' }).references(() => warehouseInfos.id),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  userName: varchar('user_name', { length: 64 }).notNull(),
  storeName: varchar('store_name', { length: 128 }),
  creationTime: createdAt(),
}, (t) => [
  uniqueIndex('into_logistics_parcel_uq').on(t.parcelId), index('into_logistics_time_idx').on(t.tenantId, t.creationTime),
  tenantPolicy(t.tenantId), warehouseScopePolicy(t.warehouseInfoId), reachScopePolicy(throughParent(t.parcelId, parcels, parcels.id)),
]);

/** The audit trail (DOMAIN §0): every state transition of an order, parcel, stock record or rejection. */
export const orderOperates = pgTable('order_operates', {
  id: id(),
  tenantId: tenantIdColumn(),
  entity: varchar('entity', { length: 16 }).notNull(),
  entityId: bigint('entity_id', { mode: 'number' }).notNull(),
  tradeNo: varchar('trade_no', { length: 64 }),
  orderNumber: varchar('order_number', { length: 64 }),
  action: varchar('action', { length: 64 }).notNull(),
  statusBefore: varchar('status_before', { length: 32 }),
  statusAfter: varchar('status_after', { length: 32 }),
  note: varchar('note', { length: 512 }),
  userId: bigint('user_id', { mode: 'number' }),
  userName: varchar('user_name', { length: 64 }),
  creationTime: createdAt(),
}, (t) => [index('order_operates_entity_idx').on(t.tenantId, t.entity, t.entityId), index('order_operates_time_idx').on(t.tenantId, t.creationTime),
  // The statistics (modules/statistics): one action's rows over a range of days per user, from the index alone.
  index('order_operates_action_time_idx').on(t.tenantId, t.action, t.creationTime, t.userId, t.entityId, t.tradeNo), tenantPolicy(t.tenantId),
  reachScopePolicy(throughAuditEntity(t.entity, t.entityId))]);

/** An urge request (催单, DOMAIN §3): the seller writes about an order, staff reply. 0 待处理 / 1 已处理. */
export const urgentRequests = pgTable('urgent_requests', {
  id: id(),
  tenantId: tenantIdColumn(),
  orderId: bigint('order_id', { mode: 'number' }).notNull().references(() => orders.id),
  userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
  message: varchar('message', { length: 1000 }).notNull(),
  status: smallint('status').notNull().default(0),
  reply: varchar('reply', { length: 1000 }),
  replyUserName: varchar('reply_user_name', { length: 64 }),
  replyTime: time('reply_time'),
  creationTime: createdAt(),
}, (t) => [index('urgent_requests_status_idx').on(t.tenantId, t.status, t.id), index('urgent_requests_user_idx').on(t.tenantId, t.userId), tenantPolicy(t.tenantId),
  reachScopePolicy(throughParent(t.orderId, orders, orders.id))]);
