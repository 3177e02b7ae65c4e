// The rules of the things that come back (DOMAIN §6), in the same shape as the order's and the
// rejection's: the server asserts them, the screens ask them before offering an action.
import { ADVANCE_STATUS, ORDER_RETURN_HANDLE_TYPE, ORDER_RETURN_STATUS, ORDER_STATUS, PACKAGE_STATUS, REFUSAL_STATUS } from '../enums.ts';

/** A refusal or an advance order: a decision is taken once from 待处理, then only corrected. */
export interface DecisionState { handleStatus: number }
interface DecisionRule { allowed: (r: DecisionState) => boolean; refusal: string }

export const REFUSAL_RULES = {
  handle: { allowed: (r) => r.handleStatus === REFUSAL_STATUS.pending, refusal: '该拒收单已处理；要更改处理方式，请用“重新处理”并写明原因。' },
  handleAgain: { allowed: (r) => r.handleStatus !== REFUSAL_STATUS.pending, refusal: '该拒收单还没有处理，请先处理。' },
} as const satisfies Record<string, DecisionRule>;

export const ADVANCE_RULES = {
  handle: { allowed: (r) => r.handleStatus === ADVANCE_STATUS.pending, refusal: '该预报单已处理；要更改处理方式，请用“重新处理”并写明原因。' },
  handleAgain: { allowed: (r) => r.handleStatus !== ADVANCE_STATUS.pending, refusal: '该预报单还没有处理，请先处理。' },
} as const satisfies Record<string, DecisionRule>;

/** Only an order that left the warehouse can come back refused (a refusal is scanned from its trade number). */
export const REFUSABLE_ORDER = {
  allowed: (o: { orderStatus: number; packageStatus: number }) =>
    o.packageStatus === PACKAGE_STATUS.dispatched || o.orderStatus === ORDER_STATUS.shipped || o.orderStatus === ORDER_STATUS.completed,
  refusal: '该订单尚未发货，不能登记为拒收退回。',
} as const;

export type DecisionAction = keyof typeof REFUSAL_RULES;

export const canRefusal = (action: DecisionAction, r: DecisionState): boolean => (REFUSAL_RULES[action] as DecisionRule).allowed(r);
export const canAdvance = (action: DecisionAction, r: DecisionState): boolean => (ADVANCE_RULES[action] as DecisionRule).allowed(r);

/** A marketplace return as the rules see it: handled or not, the seller's choice, arrived or not. */
export interface OrderReturnState { whetherHandle: number; handleType: number | null; returnTime: string | Date | null }
interface OrderReturnRule { allowed: (r: OrderReturnState) => boolean; refusal: string }

export const ORDER_RETURN_RULES = {
  /** The seller chooses (or changes) what happens while it is not handled; 销毁 is charged and final. */
  decide: {
    allowed: (r) => r.whetherHandle === ORDER_RETURN_STATUS.pending && r.handleType !== ORDER_RETURN_HANDLE_TYPE.destroy,
    refusal: '该退货已处理或已选择销毁（已扣销毁费），不能再更改处理方式。',
  },
  /** Staff mark it handled once it is here and the seller has chosen. */
  handle: {
    allowed: (r) => r.whetherHandle === ORDER_RETURN_STATUS.pending && r.handleType !== null && r.returnTime !== null,
    refusal: '只有已到仓、卖家已选择处理方式的待处理退货可以标记为已处理。',
  },
} as const satisfies Record<string, OrderReturnRule>;

export type OrderReturnAction = keyof typeof ORDER_RETURN_RULES;

export const canOrderReturn = (action: OrderReturnAction, r: OrderReturnState): boolean => (ORDER_RETURN_RULES[action] as OrderReturnRule).allowed(r);
