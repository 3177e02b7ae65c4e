// The one table of handleStatus moves for a rejection request (DOMAIN §6): the server checks every
// action against it, the screens show an action only where the table allows it.
import { REJECTION_HANDLE_TYPE as TYPE, REJECTION_STATUS as ST, type RejectionStatus } from '../enums.ts';

export type RejectionAction =
  | 'revoke' | 'confirmRejection' | 'fail' | 'cancelFail' | 'confirmReturn' | 'cancelReturn' | 'confirmDeduction' | 'deductionReturn';

interface Move { from: readonly RejectionStatus[]; to: RejectionStatus; handleType?: number; refusal: string }

export const REJECTION_TRANSITIONS: Record<RejectionAction, Move> = {
  revoke: { from: [ST.pending], to: ST.revoked, refusal: '只有待处理的申请可以撤销' },
  confirmRejection: { from: [ST.pending], to: ST.rejected, handleType: TYPE.rejection, refusal: '只有待处理的拒收申请可以确认拒收' },
  fail: { from: [ST.pending], to: ST.failed, handleType: TYPE.rejection, refusal: '只有待处理的拒收申请可以标记拒收失败' },
  cancelFail: { from: [ST.failed], to: ST.pending, refusal: '只有拒收失败的申请可以撤销失败' },
  confirmReturn: { from: [ST.pending], to: ST.returned, handleType: TYPE.return, refusal: '只有待处理的退回申请可以确认退回' },
  cancelReturn: { from: [ST.returned], to: ST.pending, refusal: '只有已退回（未扣费）的申请可以撤销退回' },
  confirmDeduction: { from: [ST.returned], to: ST.deducted, refusal: '只有已退回的申请可以扣费' },
  deductionReturn: { from: [ST.deducted], to: ST.returned, refusal: '只有已扣费的申请可以撤销扣费' },
};

export interface RejectionState { handleStatus: number; handleType: number }

/** Whether `action` may move the request from where it stands. */
export function canRejection(action: RejectionAction, row: RejectionState): boolean {
  const move = REJECTION_TRANSITIONS[action];
  const fromHere = (move.from as readonly number[]).includes(row.handleStatus);
  return fromHere && (move.handleType === undefined || row.handleType === move.handleType);
}
