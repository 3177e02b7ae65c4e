// The order's state machine in one place (DOMAIN §3): which action is allowed from which state,
// and the sentence a refusal says. Services ask here; no status `if`s elsewhere.
import { ORDER_STATUS as S, PACKAGE_STATUS as P, RECEIVE_STATUS as R } from '#shared/enums.ts';
import { conflict } from '../../lib/errors.ts';

export interface OrderState { orderStatus: number; packageStatus: number; isUrgent?: boolean; owedCents?: number }

export const closed = (o: OrderState) => o.orderStatus === S.shipped || o.orderStatus === S.completed || o.orderStatus === S.cancelled;
/** Being worked on by the warehouse: not closed and not on hold (问题件 waits for staff). */
const open = (o: OrderState) => !closed(o) && o.orderStatus !== S.onHold && o.packageStatus < P.dispatched;

interface Rule { allowed: (o: OrderState) => boolean; refusal: string }

export const ORDER_RULES = {
  sellerUpdate: { allowed: (o) => o.packageStatus < P.packed && !closed(o), refusal: '订单已打包、已发货或已取消，不能再修改。' },
  sellerCancel: { allowed: (o) => o.packageStatus < P.packed && !closed(o), refusal: '订单已打包或已发货，不能取消；如需处理请联系仓库。' },
  staffCancel: { allowed: (o) => !closed(o), refusal: '订单已发货、已完成或已取消，不能取消。' },
  markUrgent: { allowed: (o) => [S.pending, S.processing, S.awaitingFreight].includes(o.orderStatus as 1) && !o.isUrgent, refusal: '只有待处理、处理中或待补运费且未加急的订单可以加急。' },
  markNormal: { allowed: (o) => [S.pending, S.processing, S.awaitingFreight].includes(o.orderStatus as 1) && !!o.isUrgent, refusal: '只有已加急且未发货的订单可以恢复为普通订单。' },
  receiveParcel: { allowed: (o) => !closed(o) && o.packageStatus < P.complete, refusal: '订单已关闭或货物已到齐。' },
  arriveWarehouse: { allowed: (o) => !closed(o) && o.packageStatus < P.complete, refusal: '只有未到齐且未关闭的订单可以标记为已到齐。' },
  // Packing, weighing, 补运费 and dispatch (modules/orders/processing.ts, shipping.ts).
  pack: { allowed: (o) => o.packageStatus === P.complete && open(o), refusal: '只有货物已到齐、尚未打包的订单可以打包。' },
  /** First weighing after packing, or a re-weighing before dispatch (fees are reversed and re-posted). */
  weigh: { allowed: (o) => (o.packageStatus === P.packed || o.packageStatus === P.weighed) && open(o), refusal: '只有已打包或已称重、尚未出库的订单可以称重。' },
  supplyFreight: { allowed: (o) => o.orderStatus === S.awaitingFreight, refusal: '该订单没有待补的运费。' },
  /** Handed over: weighed and fully paid. */
  ship: { allowed: (o) => o.packageStatus === P.weighed && o.orderStatus === S.processing && !(o.owedCents ?? 0), refusal: '只有已称重且费用已付清的订单可以出库。' },
} as const satisfies Record<string, Rule>;

export type OrderAction = keyof typeof ORDER_RULES;

/**
 * Manual corrections by staff (ProcesOrderStatu / ProcessOrderPackageStatus): one step forward
 * along the table, or to 问题件 (7) and from it back to an open status. Anything else is refused.
 */
export function manualOrderStatusAllowed(from: number, to: number): boolean {
  if (to === S.onHold) return [S.pending, S.processing, S.awaitingFreight].includes(from as 1);
  if (from === S.onHold) return [S.pending, S.processing, S.awaitingFreight].includes(to as 1);
  // 已发货 only through dispatch (shipping.ts: weighed and paid); by hand it would ship 待补运费 unpaid.
  if (to === S.shipped) return false;
  return to === from + 1 && from >= S.pending && to <= S.completed;
}

export function manualPackageStatusAllowed(order: OrderState, to: number): boolean {
  // 已称重 and 已出库 only through weighing (which charges the fees) and dispatch (which checks them).
  return !closed(order) && to === order.packageStatus + 1 && to <= P.packed;
}

/** Why a manual correction is refused, for the 409 sentence. */
export const MANUAL_REFUSAL = '只能前进一步，或设为问题件再恢复；已称重、已发货/已出库须通过称重和出库操作完成。';

export function assertAllowed(action: OrderAction, order: OrderState): void {
  const rule: Rule = ORDER_RULES[action];
  if (!rule.allowed(order)) throw conflict(rule.refusal);
}

/** After a parcel of the order is signed in: 部分到货 or 已到齐, and 待处理 → 处理中. */
export function afterParcelSigned(order: OrderState, signedShipments: number, totalShipments: number): OrderState {
  return {
    ...order,
    packageStatus: signedShipments >= totalShipments ? P.complete : Math.max(order.packageStatus, P.partial),
    orderStatus: order.orderStatus === S.pending ? S.processing : order.orderStatus,
  };
}

// The parcel's rules (DOMAIN §4), in the same shape.
interface ParcelRule { allowed: (p: { receiveStatus: number }) => boolean; refusal: string }

export const PARCEL_RULES = {
  /** The seller fixes a declaration (number, remark, own photo) only before it arrives. */
  sellerEdit: { allowed: (p) => p.receiveStatus === R.declared, refusal: '包裹已签收，不能再修改申报。' },
  /** Staff resolve a 无主件 by naming its seller. */
  assignSeller: { allowed: (p) => p.receiveStatus === R.unclaimed, refusal: '只有无主件可以指定卖家。' },
  delete: { allowed: (p) => p.receiveStatus === R.declared || p.receiveStatus === R.unclaimed, refusal: '只能删除待签收或无主件的包裹。' },
  /** Damage or wrong goods are recorded on a parcel that is here. */
  markAbnormal: { allowed: (p) => p.receiveStatus !== R.declared, refusal: '包裹尚未签收，请先签收再登记异常。' },
  /** A return request is sent back only with a parcel that is in the warehouse (DOMAIN §6). */
  sendBack: { allowed: (p) => p.receiveStatus === R.signed || p.receiveStatus === R.stored, refusal: '包裹不在仓库中（未签收、已拒收或已退回），不能退回。' },
} as const satisfies Record<string, ParcelRule>;

export function assertParcelAllowed(action: keyof typeof PARCEL_RULES, parcel: { receiveStatus: number }): void {
  const rule: ParcelRule = PARCEL_RULES[action];
  if (!rule.allowed(parcel)) throw conflict(rule.refusal);
}
