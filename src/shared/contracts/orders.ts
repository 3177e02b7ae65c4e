// Stores, seller orders and parcel sign-in (DOMAIN §2–§4, §9; spec 000 §7, 001 §7).
import { z } from 'zod';
import { defineService } from './define.ts';
import { BASE64_IMAGE_BODY_LIMIT, base64Image, EntityDto, optionalText, paged, pagedResult, smallInt, text, isoTime } from './common.ts';
import { SITES } from '../enums.ts';
import { ProcessingInfoDto, WeighResultDto } from './processing.ts';
import { ORDER_SORT_FIELDS, PARCEL_SORT_FIELDS, sortingOf } from './sorting.ts';
import { normalizeTrackingNumber, TRACKING_NUMBER_MAX, TRACKING_NUMBER_MESSAGE, TRACKING_NUMBER_MIN, TRACKING_NUMBER_PATTERN } from '../tracking-number.ts';

const site = z.enum(SITES);
const code = <T extends readonly [number, ...number[]]>(values: T) => z.union(values.map((v) => z.literal(v)) as unknown as [z.ZodLiteral<T[number]>, z.ZodLiteral<T[number]>]);
const cargoCategory = code([1, 2, 3] as const);
const shippingMethods = code([1, 2, 3] as const);
const orderStatus = code([1, 2, 3, 4, 5, 6, 7] as const);
const packageStatus = code([0, 1, 2, 3, 4, 5] as const);
const receiveStatus = code([0, 1, 2, 3, 4, 5, 6] as const);
const money = z.number().min(0).max(10_000_000).multipleOf(0.01);
/** A domestic tracking number as printed: letters, digits and dashes. */
/** A tracking number, normalised (tracking-number.ts: no spaces, upper case) before it is checked. */
export const trackingNumber = z.string().overwrite(normalizeTrackingNumber).min(TRACKING_NUMBER_MIN).max(TRACKING_NUMBER_MAX).regex(TRACKING_NUMBER_PATTERN, TRACKING_NUMBER_MESSAGE);
/** A list's tracking-number filter, normalised the same way. */
export const trackingNumberFilter = z.string().overwrite(normalizeTrackingNumber).max(TRACKING_NUMBER_MAX);

export const StoreDto = z.object({
  id: z.number().int(), userId: z.number().int(), userCode: z.string().nullable(), userName: z.string().nullable(),
  storeName: z.string(), site, contactName: z.string(), contactPhone: z.string(), storeAddress: z.string(), remark: z.string().nullable(),
  whetherLocal: z.boolean(), whetherEffective: z.boolean(), creationTime: z.string(),
});
export type StoreDto = z.infer<typeof StoreDto>;

export const EditStoreInput = z.object({
  id: z.number().int().min(0).optional(), userId: z.number().int().positive(), storeName: text(128), site,
  contactName: z.string().trim().max(64).optional().default(''), contactPhone: z.string().trim().max(32).optional().default(''),
  storeAddress: z.string().trim().max(256).optional().default(''), remark: optionalText(512),
  whetherLocal: z.boolean().optional().default(false), whetherEffective: z.boolean().optional().default(true),
});

export const backStoreAddress = defineService('BackStoreAddress', {
  getStoreAddressList: {
    method: 'GET', permission: 'warehouse.Manages',
    input: paged({ keyword: z.string().trim().max(64).optional(), userId: z.number().int().optional(), site: site.optional(), whetherEffective: z.boolean().optional() }),
    output: pagedResult(StoreDto),
  },
  editStoreAddress: { method: 'POST', permission: 'warehouse.Manages', input: EditStoreInput, output: StoreDto },
  delete: { method: 'GET', permission: 'warehouse.Manages', input: EntityDto, output: z.null() },
  editStatus: { method: 'GET', permission: 'warehouse.Manages', input: EntityDto, output: StoreDto },
});

export const OrderLineInput = z.object({
  productName: text(256), productSku: z.string().trim().max(128).optional().default(''), specification: optionalText(256),
  quantity: z.number().int().min(1).max(100_000), price: money.optional().nullable(), productImg: optionalText(512),
  shipment: trackingNumber,
});
export const OrderLineDto = z.object({
  id: z.number().int(), productName: z.string(), productSku: z.string(), specification: z.string().nullable(), quantity: z.number().int(),
  price: z.number().nullable(), productImg: z.string().nullable(), shipment: z.string(),
  /** The stock product the line ships, for orders from stock (囤货, 海外仓); their shipment is ''. */
  stockProductId: z.number().int().nullable().optional(),
});

export const CreateOrderInput = z.object({
  orderNumber: text(64), storeId: z.number().int().positive(), warehouseInfoId: z.number().int().positive(), site,
  orderType: code([1, 2] as const), cargoCategory, shippingMethods, reMark: optionalText(512),
  pdfGuid: z.uuid().optional().nullable(),
  orderProductInfosList: z.array(OrderLineInput).min(1, '至少需要一行商品').max(200),
});
export const UpdateOrderInput = CreateOrderInput.extend({ id: z.number().int().positive() });

/**
 * What sits in the holding slot a shelfNumber names (库位占用, decision 0062), as staff screens show it
 * (issue 44 item 1c): the order or parcel itself (self), another order or parcel (named, with its
 * seller code), or nothing (none: the slot is free, or no slot of the table). Absent where not asked.
 */
export const SlotHolderDto = z.object({
  kind: z.enum(['self', 'order', 'parcel', 'none']),
  /** The other occupant: its trade number (order) or tracking number (parcel). */
  name: z.string().nullable(),
  userCode: z.string().nullable(),
});
export type SlotHolderDto = z.infer<typeof SlotHolderDto>;

export const OrderDto = z.object({
  id: z.number().int(), tradeNo: z.string(), orderNumber: z.string(), userId: z.number().int(), userCode: z.string(),
  storeId: z.number().int(), storeName: z.string(), warehouseInfoId: z.number().int(), warehouseName: z.string(), site,
  orderType: z.number().int(), cargoCategory, shippingMethods, orderStatus, packageStatus, isUrgent: z.boolean(),
  reMark: z.string().nullable(), pdfGuid: z.string().nullable(), holdReason: z.string().nullable(), shelfNumber: z.string().nullable(),
  creationTime: z.string(), lastModificationTime: z.string().nullable(),
  slotHolder: SlotHolderDto.optional(),
  orderProductInfosList: z.array(OrderLineDto),
});
export type OrderDto = z.infer<typeof OrderDto>;

export const ParcelDto = z.object({
  id: z.number().int(), shipment: z.string(), warehouseInfoId: z.number().int().nullable(), warehouseName: z.string().nullable(),
  userId: z.number().int().nullable(), userCode: z.string().nullable(), orderId: z.number().int().nullable(), orderType: z.number().int().nullable(),
  receiveStatus, signForTime: z.string().nullable(), signUserName: z.string().nullable(), shelfNumber: z.string().nullable(),
  weight: z.number().nullable(), reMark: z.string().nullable(), imageGuid: z.string().nullable(), goodsImageGuid: z.string().nullable(),
  userUploadImageGuid: z.string().nullable(), isNeedTakePicture: z.boolean(), creationTime: z.string(),
  /** Why the parcel is 异常 (receiveStatus 6), as the staff wrote it with the photo; the server always sends it. */
  abnormalReason: z.string().nullable().optional(),
  slotHolder: SlotHolderDto.optional(),
});
export type ParcelDto = z.infer<typeof ParcelDto>;

export const AuditDto = z.object({
  id: z.number().int(), entity: z.string(), entityId: z.number().int(), tradeNo: z.string().nullable(), orderNumber: z.string().nullable(),
  action: z.string(), statusBefore: z.string().nullable(), statusAfter: z.string().nullable(), note: z.string().nullable(),
  userName: z.string().nullable(), creationTime: z.string(),
});

export const OrderDetailDto = OrderDto.extend({
  parcels: z.array(ParcelDto), audit: z.array(AuditDto),
  /** Packing, weighing and the fees charged or owed (absent for clients that do not ask). */
  processing: ProcessingInfoDto.optional(),
});

export const OrderListInput = paged({
  orderStatus: orderStatus.optional(), packageStatus: packageStatus.optional(), storeId: z.number().int().optional(), site: site.optional(),
  orderType: smallInt.optional(), isUrgent: z.boolean().optional(), timeFrom: isoTime.optional(), timeTo: isoTime.optional(),
  number: z.string().trim().max(64).optional(),
  sorting: sortingOf(ORDER_SORT_FIELDS),
});

export const OrderStatistics = z.object({
  total: z.number().int(),
  byOrderStatus: z.record(z.string(), z.number().int()),
  byPackageStatus: z.record(z.string(), z.number().int()),
});

const ids = z.array(z.number().int().positive()).min(1).max(500);

export const BackOrderListInput = OrderListInput.extend({
  userId: z.number().int().optional(), userCode: z.string().trim().max(16).optional(), warehouseInfoId: z.number().int().optional(),
});

export const ParcelListInput = paged({
  receiveStatus: receiveStatus.optional(), warehouseInfoId: z.number().int().optional(), userCode: z.string().trim().max(16).optional(),
  shipment: trackingNumberFilter.optional(), timeFrom: isoTime.optional(), timeTo: isoTime.optional(),
  sorting: sortingOf(PARCEL_SORT_FIELDS),
});

const byId = z.object({ id: z.number().int().positive() });

export const frontOrder = defineService('FrontOrder', {
  getStoreList: { method: 'GET', permission: 'Front.Orders', input: z.object({}), output: z.array(StoreDto) },
  getOrderList: { method: 'GET', permission: 'Front.Orders', input: OrderListInput, output: pagedResult(OrderDto) },
  getOrderInfo: { method: 'GET', permission: 'Front.Orders', input: byId, output: OrderDetailDto },
  getOrderStatistics: { method: 'GET', permission: 'Front.Orders', input: z.object({}), output: OrderStatistics },
  createOrder: { method: 'POST', permission: 'Front.Orders', input: CreateOrderInput, output: OrderDto },
  updateOrder: { method: 'POST', permission: 'Front.Orders', input: UpdateOrderInput, output: OrderDto },
  cancelOrder: { method: 'POST', permission: 'Front.Orders', input: byId, query: ['id'], output: OrderDto },
  urgentOrder: { method: 'POST', permission: 'Front.Orders', input: byId, query: ['id'], output: OrderDto },
  normalOrder: { method: 'POST', permission: 'Front.Orders', input: byId, query: ['id'], output: OrderDto },
  getSearchResult: { method: 'POST', permission: 'Front.Orders', input: z.object({ number: text(64) }), query: ['number'], output: z.array(OrderDto) },
  /** 补运费: posts the fees a 待补运费 order owes once the balance covers them (DOMAIN §3). */
  supplyOrderFreight: { method: 'POST', permission: 'Front.Orders', input: byId, query: ['id'], output: WeighResultDto },
  /** The seller's parcels held as 异常 (e.g. their order was cancelled after arrival). */
  getAbnormalReceivingOrderList: { method: 'GET', permission: 'Front.Orders', input: ParcelListInput, output: pagedResult(ParcelDto) },
});

const photos = { imageGuid: z.uuid().optional(), goodsImageGuid: z.uuid().optional() };
const atLeastOnePhoto = (v: { imageGuid?: string | undefined; goodsImageGuid?: string | undefined }) => !!(v.imageGuid || v.goodsImageGuid);

/**
 * Photos taken at a station (Logistics/SetTakePicture, BackOrder/SetTakePicture — spec 001 lists
 * both): the images were uploaded first (File/UploadFile), then linked to the parcel here.
 */
const setTakePictureAction = {
  method: 'POST', permission: 'OrderManage.ExpressShipmentDelivery', offline: true,
  input: z.object({ id: z.number().int().positive(), ...photos }).refine(atLeastOnePhoto, { message: '至少需要一张照片', path: ['imageGuid'] }),
  output: ParcelDto,
} as const;

/** The back office's order services (DOMAIN §3): read, search and correct. */
export const backOrderActions = {
  getOrderList: { method: 'GET', permission: 'Order.Manages', input: BackOrderListInput, output: pagedResult(OrderDto) },
  getOrderInfo: { method: 'GET', permission: 'Order.Manages', input: byId, output: OrderDetailDto },
  getSearchOrderList: { method: 'GET', permission: 'Order.Manages', input: z.object({ tradeNo: text(64) }), output: z.array(OrderDto) },
  arriveWarehouse: { method: 'POST', permission: 'Order.Manages', input: z.object({ tradeNo: text(32) }), query: ['tradeNo'], output: OrderDto },
  cancelOrder: { method: 'POST', permission: 'Order.Manages', input: byId, query: ['id'], output: OrderDto },
  cancelUrgentOrder: { method: 'POST', permission: 'Order.Manages', input: byId, query: ['id'], output: OrderDto },
  procesOrderStatus: {
    method: 'POST', permission: 'Order.Manages', path: 'ProcesOrderStatu',
    input: z.object({ ids, orderStatus, reason: optionalText(512) }), output: z.object({ count: z.number().int() }),
  },
  processOrderPackageStatus: {
    method: 'POST', permission: 'Order.Manages',
    input: z.object({ ids, packageStatus, reason: optionalText(512) }), output: z.object({ count: z.number().int() }),
  },
  getAbnormalReceivingOrderList: { method: 'GET', permission: 'OrderManage.ExpressShipmentDelivery', input: ParcelListInput, output: pagedResult(ParcelDto) },
  setTakePicture: setTakePictureAction,
  /** A damaged or wrong parcel: photo and reason, the parcel becomes 异常 (DOMAIN §4.3). */
  setTakePictureAbnormal: {
    method: 'POST', permission: 'OrderManage.ExpressShipmentDelivery', offline: true,
    input: z.object({ id: z.number().int().positive(), imageGuid: z.uuid(), reason: text(512) }), output: ParcelDto,
  },
  /** The sign-in (入库) photo of a parcel, inline as base64, by parcel id or scanned tracking number. */
  uploadIntoPicBase64Img: {
    method: 'POST', permission: 'OrderManage.ExpressShipmentDelivery', bodyLimit: BASE64_IMAGE_BODY_LIMIT,
    input: z.object({ id: z.number().int().positive().optional(), shipment: trackingNumber.optional(), base64: base64Image })
      .refine((v) => v.id !== undefined || !!v.shipment, { message: '请提供包裹 id 或快递单号', path: ['shipment'] }),
    output: ParcelDto,
  },
} as const;

/** What an audit row (OrderOperate) is about. */
export const AUDIT_ENTITIES = ['order', 'parcel', 'stock', 'rejection', 'refusal', 'advanceOrder', 'orderReturn', 'return'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const orderOperate = defineService('OrderOperate', {
  getList: {
    method: 'GET', permission: 'Order.Manages',
    input: paged({ entity: z.enum(AUDIT_ENTITIES).optional(), number: z.string().trim().max(64).optional(), timeFrom: isoTime.optional(), timeTo: isoTime.optional() }),
    output: pagedResult(AuditDto),
  },
});

export const intoLogisticsService = defineService('IntoLogistics', {
  getIntoLogisticsList: {
    method: 'GET', permission: 'OrderManage.ExpressShipmentDelivery',
    input: paged({ warehouseInfoId: z.number().int().optional(), shipment: trackingNumberFilter.optional(), timeFrom: isoTime.optional(), timeTo: isoTime.optional() }),
    output: pagedResult(z.object({ id: z.number().int(), shipment: z.string(), userName: z.string(), warehouseName: z.string().nullable(), storeName: z.string().nullable(), creationTime: z.string() })),
  },
});

/** What the scan station is told about a scanned number, before anything changes. */
/** The pending refusal a REJECT verdict points at (DOMAIN §6); the station confirms it by id. */
export const ScanRejectionDto = z.object({ id: z.number().int(), userCode: z.string().nullable(), reMark: z.string().nullable() });
/** A number nobody declared that a carrier or seller pre-alerted (AdvanceOrder, still 待处理): the picker is told. */
export const ScanAdvanceOrderDto = z.object({ id: z.number().int(), userCode: z.string().nullable(), expressCompany: z.string().nullable(), remark: z.string().nullable() });

/**
 * A parcel declared for another warehouse than the station's answers WRONG_WAREHOUSE (issue 45 item 6) with
 * `warehouseName`, the declared warehouse's; nothing is signed unless SignByScan is sent with `transfer: true`.
 * To a group member whose scope leaves that warehouse out, the check answers WRONG_WAREHOUSE and nothing
 * more (no parcel, no name), and SignByScan refuses it (409).
 */
const wrongWarehouseName = z.string().nullable().optional();

/**
 * A parcel as a scan answers it: without the abnormal reason, which lists show (docs/scan-path.md).
 */
const ScannedParcelDto = ParcelDto.omit({ abnormalReason: true, slotHolder: true });

export const ScanCheckDto = z.object({
  action: z.enum(['SIGN', 'REJECT', 'ALREADY', 'UNKNOWN', 'WRONG_WAREHOUSE']),
  warehouseName: wrongWarehouseName,
  rejection: ScanRejectionDto.nullable().optional(),
  advanceOrder: ScanAdvanceOrderDto.nullable().optional(),
  parcel: ScannedParcelDto.nullable(),
  order: OrderDto.omit({ orderProductInfosList: true, slotHolder: true }).nullable(),
  userCode: z.string().nullable(),
  shelfNumber: z.string().nullable(),
  needPhoto: z.boolean(),
});

export const SignResultDto = z.object({
  action: z.enum(['SIGNED', 'ALREADY', 'REJECT', 'UNCLAIMED', 'WRONG_WAREHOUSE']),
  warehouseName: wrongWarehouseName,
  rejection: ScanRejectionDto.nullable().optional(),
  advanceOrder: ScanAdvanceOrderDto.nullable().optional(),
  parcel: ScannedParcelDto,
  order: OrderDto.omit({ orderProductInfosList: true, slotHolder: true }).nullable(),
  userCode: z.string().nullable(),
  shelfNumber: z.string().nullable(),
});
export type SignResultDto = z.infer<typeof SignResultDto>;

export const ParcelEditInput = z.object({
  id: z.number().int().positive(), reMark: optionalText(512), shelfNumber: optionalText(32),
  userCode: z.string().trim().max(16).optional().nullable(), weight: z.number().min(0).max(1000).optional().nullable(),
});


export const logistics = defineService('Logistics', {
  getLogisticsList: { method: 'GET', permission: 'OrderManage.ExpressShipmentDelivery', input: ParcelListInput, output: pagedResult(ParcelDto) },
  getSignForLogisticsList: { method: 'GET', permission: 'OrderManage.ExpressShipmentDelivery', input: ParcelListInput, output: pagedResult(ParcelDto) },
  getNeedTakePictureList: { method: 'GET', permission: 'OrderManage.ExpressShipmentDelivery', input: ParcelListInput, output: pagedResult(ParcelDto) },
  edit: { method: 'POST', permission: 'OrderManage.ExpressShipmentDelivery', input: ParcelEditInput, output: ParcelDto },
  delete: { method: 'DELETE', permission: 'OrderManage.ExpressShipmentDelivery', input: byId, output: z.null() },
  isNeedTakePicture: {
    method: 'POST', permission: 'Front.Orders', query: ['id', 'isNeed'],
    input: z.object({ id: z.number().int().positive(), isNeed: z.boolean() }), output: ParcelDto,
  },
  intoLogisticsCheck: {
    method: 'GET', permission: 'OrderManage.ExpressShipmentDelivery',
    input: z.object({ shipment: trackingNumber, warehouseInfoId: z.number().int().positive().optional() }), output: ScanCheckDto,
  },
  signByScan: {
    method: 'POST', permission: 'OrderManage.ExpressShipmentDelivery', offline: true,
    input: z.object({
      shipment: trackingNumber, warehouseInfoId: z.number().int().positive(), weight: z.number().min(0).max(1000).optional().nullable(), note: optionalText(512),
      /** Sign a parcel declared for another warehouse here anyway (audited): the picker confirmed the WRONG_WAREHOUSE verdict. */
      transfer: z.boolean().optional(),
    }),
    output: SignResultDto,
  },
  setTakePicture: setTakePictureAction,
  /** The phone flow: the picker knows the tracking number, not the parcel id. */
  setTakePictureByPhone: {
    method: 'POST', permission: 'OrderManage.ExpressShipmentDelivery', offline: true,
    input: z.object({ shipment: trackingNumber, ...photos }).refine(atLeastOnePhoto, { message: '至少需要一张照片', path: ['imageGuid'] }),
    output: ParcelDto,
  },
  /** A photo sent inline as base64 (DOMAIN §4.3): the parcel photo, or with goods: true the goods photo. */
  uploadLogisticsImg: {
    method: 'POST', permission: 'OrderManage.ExpressShipmentDelivery', bodyLimit: BASE64_IMAGE_BODY_LIMIT,
    input: z.object({ id: z.number().int().positive(), base64: base64Image, goods: z.boolean().optional() }), output: ParcelDto,
  },
  stockLogisticsSign: {
    method: 'POST', permission: 'OrderManage.ExpressShipmentDelivery', query: ['id'],
    input: z.object({ id: z.number().int().positive() }), output: SignResultDto,
  },
});

export const UrgentRequestDto = z.object({
  id: z.number().int(), orderId: z.number().int(), tradeNo: z.string(), orderNumber: z.string(), userCode: z.string(),
  message: z.string(), status: z.union([z.literal(0), z.literal(1)]), reply: z.string().nullable(), replyUserName: z.string().nullable(),
  replyTime: z.string().nullable(), creationTime: z.string(),
});
export type UrgentRequestDto = z.infer<typeof UrgentRequestDto>;
const urgentListInput = paged({ status: z.union([z.literal(0), z.literal(1)]).optional(), number: z.string().trim().max(64).optional() });

/** 催单: a seller urges the warehouse about an order; staff reply. */
export const frontUrgentOrder = defineService('FrontUrgentOrder', {
  getUrgentDataList: { method: 'GET', permission: 'Urgent.Order', input: urgentListInput, output: pagedResult(UrgentRequestDto) },
  createUrgent: { method: 'POST', permission: 'Urgent.Order', input: z.object({ orderId: z.number().int().positive(), message: text(1000) }), output: UrgentRequestDto },
});

export const backUrgentOrder = defineService('BackUrgentOrder', {
  getUrgentDataList: { method: 'GET', permission: 'Urgent.Order', input: urgentListInput, output: pagedResult(UrgentRequestDto) },
  processUrgentOrder: { method: 'POST', permission: 'Urgent.Order', input: z.object({ id: z.number().int().positive(), reply: text(1000) }), output: UrgentRequestDto },
});

/** A seller's own parcels (我的快递) and fixing a declaration before it arrives. */
export const userExpressInfo = defineService('UserExpressInfo', {
  getUserExpressInfoList: { method: 'GET', permission: 'Front.Orders', input: ParcelListInput, output: pagedResult(ParcelDto) },
  edit: {
    method: 'POST', permission: 'Front.Orders',
    input: z.object({ id: z.number().int().positive(), shipment: trackingNumber.optional(), reMark: optionalText(512), userUploadImageGuid: z.uuid().optional() }), output: ParcelDto,
  },
});
