// The order's state machine in one place (DOMAIN §3): which action is allowed from which state, and
// the sentence a refusal says. The server asserts these before it acts; the screens ask the same
// table to show or hide an action, so neither re-states a status number.
import { ORDER_STATUS as S, ORDER_TYPE, PACKAGE_STATUS as P, SHIPPING_METHOD } from '../enums.ts';

export interface OrderState { orderStatus: number; packageStatus: number; orderType?: number; shippingMethods?: number; isUrgent?: boolean; owedCents?: number }

/** 已发货, 已完成 or 已取消: nothing more happens to the order. */
export const isOrderClosed = (o: Pick<OrderState, 'orderStatus'>): boolean =>
  o.orderStatus === S.shipped || o.orderStatus === S.completed || o.orderStatus === S.cancelled;
/** Being worked on by the warehouse: not closed and not on hold (问题件 waits for staff). */
const open = (o: OrderState) => !isOrderClosed(o) && o.orderStatus !== S.onHold && o.packageStatus < P.dispatched;
/**
 * Shipped from stock (囤货 3, 海外仓 4): their goods are already in the warehouse and move only through
 * the inventory (pick, undo the pick, cancel), never by the parcel-driven order actions.
 */
export const isFromStock = (o: Pick<OrderState, 'orderType'>): boolean => o.orderType === ORDER_TYPE.stock || o.orderType === ORDER_TYPE.abroad;
/** 海外仓订单 are not weighed: their fees are charged when picked, and they ship once packed. */
const isAbroad = (o: Pick<OrderState, 'orderType'>): boolean => o.orderType === ORDER_TYPE.abroad;
/** Sent by the warehouse's own international line, so it may travel in a mainland bag. */
export const leavesByOwnLine = (o: Pick<OrderState, 'orderType' | 'shippingMethods'>): boolean =>
  o.orderType === ORDER_TYPE.mainland || (o.orderType === ORDER_TYPE.stock && o.shippingMethods === SHIPPING_METHOD.thirdParty);
/** 待处理, 处理中 or 待补运费: the statuses a seller may still hurry or calm down, and 问题件 returns to. */
const ACTIVE: readonly number[] = [S.pending, S.processing, S.awaitingFreight];
const active = (orderStatus: number) => ACTIVE.includes(orderStatus);

interface Rule { allowed: (o: OrderState) => boolean; refusal: string }

export const ORDER_RULES = {
  sellerUpdate: { allowed: (o) => o.packageStatus < P.packed && !isOrderClosed(o), refusal: '订单已打包、已发货或已取消，不能再修改。' },
  sellerCancel: { allowed: (o) => o.packageStatus < P.packed && !isOrderClosed(o), refusal: '订单已打包或已发货，不能取消；如需处理请联系仓库。' },
  staffCancel: { allowed: (o) => !isOrderClosed(o), refusal: '订单已发货、已完成或已取消，不能取消。' },
  markUrgent: { allowed: (o) => active(o.orderStatus) && !o.isUrgent, refusal: '只有待处理、处理中或待补运费且未加急的订单可以加急。' },
  markNormal: { allowed: (o) => active(o.orderStatus) && !!o.isUrgent, refusal: '只有已加急且未发货的订单可以恢复为普通订单。' },
  /** 打印面单: the packing label of an order that is not cancelled (File/GetOrderLabel). */
  printLabel: { allowed: (o) => o.orderStatus !== S.cancelled, refusal: '订单已取消，不能打印面单。' },
  /** 登记退件: a buyer's return is registered against an overseas order that is not cancelled. */
  registerReturn: { allowed: (o) => o.orderStatus !== S.cancelled, refusal: '订单已取消，不能登记退件。' },
  /** 催单: a message to staff about an order that is not cancelled. */
  urge: { allowed: (o) => o.orderStatus !== S.cancelled, refusal: '订单已取消，不能催单。' },
  /**
   * The parcel-driven order actions (FrontOrder UpdateOrder / CancelOrder, BackOrder CancelOrder and
   * WarehouseOrderPacked): not on an order from stock, whose reservation and stock they would bypass.
   */
  parcelDriven: { allowed: (o) => !isFromStock(o), refusal: '囤货订单和海外仓订单从库存发货：修改、取消和打包请在囤货订单或海外仓订单页面操作。' },
  /** Pick and pack an order from stock (StockOrderBale, AbroadOrderBale): its goods leave the inventory. */
  pick: { allowed: (o) => isFromStock(o) && o.packageStatus === P.complete && open(o), refusal: '只有待打包（已到齐）且未关闭的订单可以拣货打包。' },
  /** Undo the pick (CancleBale): the goods go back into stock, held again for the order. */
  unpick: { allowed: (o) => isFromStock(o) && o.packageStatus === P.packed && open(o), refusal: '只有已打包、尚未称重或出库的订单可以取消打包。' },
  receiveParcel: { allowed: (o) => !isOrderClosed(o) && o.packageStatus < P.complete, refusal: '订单已关闭或货物已到齐。' },
  arriveWarehouse: { allowed: (o) => !isOrderClosed(o) && o.packageStatus < P.complete, refusal: '只有未到齐且未关闭的订单可以标记为已到齐。' },
  // Packing, weighing, 补运费 and dispatch (modules/orders/processing.ts, shipping.ts).
  pack: { allowed: (o) => o.packageStatus === P.complete && open(o) && !isFromStock(o), refusal: '只有货物已到齐、尚未打包的订单可以打包。' },
  /** First weighing after packing, or a re-weighing before dispatch (fees are reversed and re-posted). */
  weigh: {
    allowed: (o) => (o.packageStatus === P.packed || o.packageStatus === P.weighed) && open(o) && !isAbroad(o),
    refusal: '只有已打包或已称重、尚未出库的订单可以称重（海外仓订单不称重）。',
  },
  supplyFreight: { allowed: (o) => o.orderStatus === S.awaitingFreight, refusal: '该订单没有待补的运费。' },
  /** Handed over: weighed (an overseas order: packed, its fees charged then) and fully paid. */
  ship: {
    allowed: (o) => (o.packageStatus === P.weighed || (isAbroad(o) && o.packageStatus === P.packed)) && o.orderStatus === S.processing && !(o.owedCents ?? 0),
    refusal: '只有已称重（海外仓订单：已打包）且费用已付清的订单可以出库。',
  },
  /**
   * Into a mainland bag (大陆包): a weighed order that is still open and leaves by the warehouse's own
   * line — a mainland order, or a stock order sent 第三方物流 (one sent by Shopee's logistics or
   * collected goes out on a delivery receipt instead). The server words each failing condition on its
   * own (mainland-package), after asking this rule.
   */
  bag: {
    allowed: (o) => leavesByOwnLine(o) && o.packageStatus === P.weighed && open(o),
    refusal: '只有已称重、未关闭的大陆订单（或第三方物流的囤货订单）可以装袋。',
  },
} as const satisfies Record<string, Rule>;

export type OrderAction = keyof typeof ORDER_RULES;

/** Whether `action` is allowed on the order now: what a screen asks before it offers the action. */
export const canOrder = (action: OrderAction, o: OrderState): boolean => (ORDER_RULES[action] as Rule).allowed(o);

/**
 * Manual corrections by staff (ProcesOrderStatu / ProcessOrderPackageStatus): one step forward
 * along the table, or to 问题件 (7) and from it back to an open status. Anything else is refused.
 */
export function manualOrderStatusAllowed(from: number, to: number): boolean {
  if (to === S.onHold) return active(from);
  if (from === S.onHold) return active(to);
  // 已发货 only through dispatch (shipping.ts: weighed and paid); by hand it would ship 待补运费 unpaid.
  if (to === S.shipped) return false;
  return to === from + 1 && from >= S.pending && to <= S.completed;
}

export function manualPackageStatusAllowed(order: OrderState, to: number): boolean {
  // 已称重 and 已出库 only through weighing (which charges the fees) and dispatch (which checks them);
  // an order from stock is packed only by picking it (its goods leave the inventory then).
  return !isOrderClosed(order) && !isFromStock(order) && to === order.packageStatus + 1 && to <= P.packed;
}

/** Why a manual correction is refused, for the 409 sentence. */
export const MANUAL_REFUSAL = '只能前进一步，或设为问题件再恢复；已称重、已发货/已出库须通过称重和出库操作完成；囤货和海外仓订单的包裹状态只随拣货打包改变。';

/** After a parcel of the order is signed in: 部分到货 or 已到齐, and 待处理 → 处理中. */
export function afterParcelSigned(order: OrderState, signedShipments: number, totalShipments: number): OrderState {
  return {
    ...order,
    packageStatus: signedShipments >= totalShipments ? P.complete : Math.max(order.packageStatus, P.partial),
    orderStatus: order.orderStatus === S.pending ? S.processing : order.orderStatus,
  };
}
