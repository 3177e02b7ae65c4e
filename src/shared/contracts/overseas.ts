// Overseas warehouses (DOMAIN §8; spec 001 §7): parcels at kind-2 warehouses (AbroadLogistics),
// orders shipped from the seller's stock there (FrontAbroadOrder / BackAbroadOrder, tradeNo AB…,
// orderType 4) and buyers' returns coming back to it (FrontAbroadReturn, AbroadReturn,
// FrontAbroadStockReturn, AbroadStockReturn).
import { z } from 'zod';
import { ABROAD_RETURN_STATUS, SITES } from '../enums.ts';
import { optionalText, paged, pagedResult, text, isoTime } from './common.ts';
import { defineService, type ActionDef } from './define.ts';
import { points } from './fees.ts';
import { AuditDto, logistics, OrderDto, trackingNumber } from './orders.ts';
import { FeeLineDto, OneClickDeliveryInput, OneClickDeliveryResult } from './processing.ts';

const id = z.number().int().positive();
const code = <T extends readonly [number, ...number[]]>(values: T) => z.union(values.map((v) => z.literal(v)) as unknown as [z.ZodLiteral<T[number]>, z.ZodLiteral<T[number]>]);
const site = z.enum(SITES);

// ── AbroadLogistics ──────────────────────────────────────────────────────────
/** A station action as the overseas desk uses it: the same call, not queued offline (decision 0022). */
const online = <A extends ActionDef>({ offline: _offline, ...def }: A): Omit<A, 'offline'> => def;

const { signByScan: _sign, stockLogisticsSign: _stockSign, ...parcelActions } = logistics.actions;

/**
 * The Logistics set without the sign calls (parcels are signed in by the same scan, Logistics/SignByScan
 * with the overseas warehouse's id): its lists show parcels at overseas warehouses only, while
 * Logistics' lists show the mainland ones.
 */
export const abroadLogistics = defineService('AbroadLogistics', {
  ...parcelActions,
  setTakePicture: online(parcelActions.setTakePicture),
  setTakePictureByPhone: online(parcelActions.setTakePictureByPhone),
});

// ── Overseas orders ──────────────────────────────────────────────────────────
/** One line of an overseas order: a stock product of the seller's at the order's warehouse. */
export const AbroadOrderItemInput = z.object({ stockProductId: id, quantity: z.number().int().min(1).max(100_000) });

export const CreateAbroadOrderInput = z.object({
  storeId: id, warehouseInfoId: id, orderNumber: text(64), site,
  shippingMethods: code([1, 2, 3] as const), cargoCategory: code([1, 2, 3] as const),
  pdfGuid: z.uuid().optional().nullable(), reMark: optionalText(512),
  items: z.array(AbroadOrderItemInput).min(1, '至少需要一件商品').max(200),
});
export const UpdateAbroadOrderInput = CreateAbroadOrderInput.extend({ id });

/**
 * An overseas order: the order of DOMAIN §3 (orderType 4, tradeNo AB…) whose lines name the stock
 * products they ship (orderProductInfosList[].stockProductId).
 */
export const AbroadOrderDto = OrderDto;
export type AbroadOrderDto = z.infer<typeof AbroadOrderDto>;

export const AbroadOrderDetailDto = AbroadOrderDto.extend({
  /** The fees its packing charged (3 订单操作费, 5 包材费, 11 加急费), live ones only: a cancelled packing gave them back. */
  fees: z.array(FeeLineDto), feesTotal: z.number(),
  audit: z.array(AuditDto),
});

const orderStatus = code([1, 2, 3, 4, 5, 6, 7] as const);
const packageStatus = code([0, 1, 2, 3, 4, 5] as const);
const orderFilters = {
  orderStatus: orderStatus.optional(), packageStatus: packageStatus.optional(), storeId: id.optional(), site: site.optional(),
  warehouseInfoId: id.optional(), isUrgent: z.boolean().optional(), timeFrom: isoTime.optional(), timeTo: isoTime.optional(),
  /** A trade number, marketplace order number or return number the person has in hand. */
  number: z.string().trim().max(64).optional(),
};
/** FrontAbroadOrder/GetOrderList's filters (and the seller's xlsx export's). */
export const AbroadOrderListInput = paged(orderFilters);
/** BackAbroadOrder/GetOrderList's filters (and the staff's xlsx export's). */
export const BackAbroadOrderListInput = paged({ ...orderFilters, userCode: z.string().trim().max(16).optional() });
const byTradeNo = z.object({ tradeNo: text(32) });
const ids = z.array(id).min(1).max(500);

export const frontAbroadOrder = defineService('FrontAbroadOrder', {
  getOrderList: { method: 'GET', permission: 'Front.Abroad', input: AbroadOrderListInput, output: pagedResult(AbroadOrderDto) },
  getOrderInfo: { method: 'GET', permission: 'Front.Abroad', input: z.object({ id }), output: AbroadOrderDetailDto },
  /** Reserves every line at once (409 naming the short product); another seller's product is 404. */
  createOrder: { method: 'POST', permission: 'Front.Abroad', input: CreateAbroadOrderInput, output: AbroadOrderDto },
  /** While not packed: the lines are reserved anew. */
  updateOrder: { method: 'POST', permission: 'Front.Abroad', input: UpdateAbroadOrderInput, output: AbroadOrderDto },
  /** While not packed: 已取消, the reservation released. */
  cancleOrder: { method: 'POST', permission: 'Front.Abroad', query: ['orderId'], input: z.object({ orderId: id }), output: AbroadOrderDto },
  urgentOrder: { method: 'POST', permission: 'Front.Abroad', query: ['id'], input: z.object({ id }), output: AbroadOrderDto },
  normalOrder: { method: 'POST', permission: 'Front.Abroad', query: ['id'], input: z.object({ id }), output: AbroadOrderDto },
});

const STAFF_ORDERS = 'Order.Manages' as const;

export const backAbroadOrder = defineService('BackAbroadOrder', {
  getOrderList: { method: 'GET', permission: STAFF_ORDERS, input: BackAbroadOrderListInput, output: pagedResult(AbroadOrderDto) },
  getOrderInfo: { method: 'GET', permission: STAFF_ORDERS, input: z.object({ id }), output: AbroadOrderDetailDto },
  /**
   * Pick and pack (已到齐 → 已打包): every line leaves the inventory (a ListedHistory 出库 row, the
   * reservation released) and the fees of the store's OverseasBaseCostSetting are charged.
   */
  abroadOrderBale: { method: 'POST', permission: STAFF_ORDERS, input: byTradeNo, output: AbroadOrderDto },
  /** Undo the packing (已打包 → 已到齐): the goods go back into stock and are held again; the fees are refunded. */
  cancleBale: { method: 'POST', permission: STAFF_ORDERS, input: byTradeNo, output: AbroadOrderDto },
  /** Not after dispatch: the reservation is released, or a packed order's goods go back into stock (fees refunded). */
  cancleOrder: { method: 'POST', permission: STAFF_ORDERS, query: ['orderId'], input: z.object({ orderId: id }), output: AbroadOrderDto },
  procesOrderStatus: {
    method: 'POST', permission: STAFF_ORDERS, path: 'ProcesOrderStatu',
    input: z.object({ ids, orderStatus, reason: optionalText(512) }), output: z.object({ count: z.number().int() }),
  },
  /** Package statuses of orders from stock move only by packing and cancelling it: refused with the reason. */
  processOrderPackageStatus: {
    method: 'POST', permission: STAFF_ORDERS,
    input: z.object({ ids, packageStatus, reason: optionalText(512) }), output: z.object({ count: z.number().int() }),
  },
  /** Every packed, paid overseas order selected (or of the warehouse) → 已出库 / 已发货. */
  oneClickDelivery: { method: 'GET', permission: STAFF_ORDERS, input: OneClickDeliveryInput, output: OneClickDeliveryResult },
});

// ── Overseas returns ─────────────────────────────────────────────────────────
const returnStatus = code(Object.values(ABROAD_RETURN_STATUS) as [0, 1, 2, 3]);

export const AbroadReturnItemDto = z.object({
  stockProductId: z.number().int(), productSku: z.string(), productName: z.string(), barCode: z.string().nullable(), quantity: z.number().int(),
});

export const AbroadReturnDto = z.object({
  id: z.number().int(), orderId: z.number().int(), tradeNo: z.string(), orderNumber: z.string(), returnNumber: z.string(),
  returnStatus, userId: z.number().int(), userCode: z.string().nullable(), storeName: z.string().nullable(),
  warehouseInfoId: z.number().int(), warehouseName: z.string().nullable(), reMark: z.string().nullable(),
  /** What was put back into stock (1 已入库). */
  items: z.array(AbroadReturnItemDto),
  warehousingTime: z.string().nullable(), warehousingUserName: z.string().nullable(),
  destructionChosenTime: z.string().nullable(), destroyTime: z.string().nullable(), destroyUserName: z.string().nullable(),
  /** The destruction fee charged (3 已销毁), points. */
  destroyAmount: z.number().nullable(),
  creationTime: z.string(),
});
export type AbroadReturnDto = z.infer<typeof AbroadReturnDto>;

/** What the floor sees of a scanned return: the return and the order's lines it may hold. */
export const CheckReturnDto = AbroadReturnDto.extend({
  /** Each line with what came back already and where its items go (the product's 库位; null: not shelved yet). */
  orderItems: z.array(AbroadReturnItemDto.extend({ returned: z.number().int(), shelfPosition: z.string().nullable() })),
});
export type CheckReturnDto = z.infer<typeof CheckReturnDto>;

const returnFilters = { returnStatus: returnStatus.optional(), number: z.string().trim().max(64).optional(), timeFrom: isoTime.optional(), timeTo: isoTime.optional() };
/** The seller's return lists' filters (and their xlsx export's). */
export const AbroadReturnListInput = paged(returnFilters);
/** The staff's return lists' filters (and their xlsx export's). */
export const StaffAbroadReturnListInput = paged({
  ...returnFilters, warehouseInfoId: id.optional(), userCode: z.string().trim().max(16).optional(),
});
const registerReturn = { orderId: id, returnNumber: trackingNumber, orderNumber: optionalText(64) };

export const frontAbroadReturn = defineService('FrontAbroadReturn', {
  getReturnOrderList: { method: 'GET', permission: 'Front.Abroad', input: AbroadReturnListInput, output: pagedResult(AbroadReturnDto) },
  /** The spec's GET registration: a buyer's return of an overseas order heading to the warehouse (0 待入库). */
  addRerurnOrder: { method: 'GET', permission: 'Front.Abroad', input: z.object(registerReturn), output: AbroadReturnDto },
  /** The same registration as a POST body, with a note for the warehouse. */
  createReturnOrder: { method: 'POST', permission: 'Front.Abroad', input: z.object({ ...registerReturn, reMark: optionalText(512) }), output: AbroadReturnDto },
});

export const frontAbroadStockReturn = defineService('FrontAbroadStockReturn', {
  getAbroadReturnOrderList: { method: 'GET', permission: 'Front.Abroad', input: AbroadReturnListInput, output: pagedResult(AbroadReturnDto) },
  /** The seller chooses destruction for a return not yet in stock (0 → 2 待销毁). */
  comfirmDestroyOrder: { method: 'GET', permission: 'Front.Abroad', input: z.object({ orderReturnId: id }), output: AbroadReturnDto },
});

const STAFF_RETURNS = 'warehouse.Stock' as const;

export const abroadReturn = defineService('AbroadReturn', {
  getReturnOrderList: { method: 'GET', permission: STAFF_RETURNS, input: StaffAbroadReturnListInput, output: pagedResult(AbroadReturnDto) },
});

export const ConfirmReturnWarehousingInput = z.object({
  returnNumber: trackingNumber,
  /** What came back; absent (the floor offline): every line of the order not yet returned. */
  items: z.array(AbroadOrderItemInput).min(1).max(200).optional(),
});

export const abroadStockReturn = defineService('AbroadStockReturn', {
  getAbroadReturnOrderList: { method: 'GET', permission: STAFF_RETURNS, input: StaffAbroadReturnListInput, output: pagedResult(AbroadReturnDto) },
  /** Identifies a scanned return (unknown → 404), without changing anything. */
  checkReturnWarehousing: { method: 'GET', permission: STAFF_RETURNS, input: z.object({ returnNumber: trackingNumber }), output: CheckReturnDto },
  /** 0 待入库 → 1 已入库: the items go into stock (ListedHistory 4 退货入库). A repeat is 409. */
  confirmReturnWarehousing: { method: 'POST', permission: STAFF_RETURNS, offline: true, input: ConfirmReturnWarehousingInput, output: AbroadReturnDto },
  /** 2 待销毁 → 3 已销毁, charging integralNumber points (channel 9); before the seller chose it, 409. */
  comfirmDestroyOrder: {
    method: 'GET', permission: STAFF_RETURNS,
    input: z.object({ orderReturnId: id, integralNumber: points() }), output: AbroadReturnDto,
  },
});
