// The one table of handleStatus moves for a rejection request (DOMAIN §6). Every action checks it.
import { REJECTION_HANDLE_TYPE, REJECTION_STATUS, type RejectionStatus } from '#shared/enums.ts';
import { conflict } from '../../lib/errors.ts';

export type RejectionAction = 'revoke' | 'confirmRejection' | 'fail' | 'cancelFail' | 'confirmReturn' | 'cancelReturn' | 'confirmDeduction' | 'deductionReturn';

interface Move { from: readonly RejectionStatus[]; to: RejectionStatus; handleType?: number; refusal: string }

export const REJECTION_TRANSITIONS: Record<RejectionAction, Move> = {
  revoke: { from: [REJECTION_STATUS.pending], to: REJECTION_STATUS.revoked, refusal: '只有待处理的申请可以撤销' },
  confirmRejection: { from: [REJECTION_STATUS.pending], to: REJECTION_STATUS.rejected, handleType: REJECTION_HANDLE_TYPE.rejection, refusal: '只有待处理的拒收申请可以确认拒收' },
  fail: { from: [REJECTION_STATUS.pending], to: REJECTION_STATUS.failed, handleType: REJECTION_HANDLE_TYPE.rejection, refusal: '只有待处理的拒收申请可以标记拒收失败' },
  cancelFail: { from: [REJECTION_STATUS.failed], to: REJECTION_STATUS.pending, refusal: '只有拒收失败的申请可以撤销失败' },
  confirmReturn: { from: [REJECTION_STATUS.pending], to: REJECTION_STATUS.returned, handleType: REJECTION_HANDLE_TYPE.return, refusal: '只有待处理的退回申请可以确认退回' },
  cancelReturn: { from: [REJECTION_STATUS.returned], to: REJECTION_STATUS.pending, refusal: '只有已退回（未扣费）的申请可以撤销退回' },
  confirmDeduction: { from: [REJECTION_STATUS.returned], to: REJECTION_STATUS.deducted, refusal: '只有已退回的申请可以扣费' },
  deductionReturn: { from: [REJECTION_STATUS.deducted], to: REJECTION_STATUS.returned, refusal: '只有已扣费的申请可以撤销扣费' },
};

/** The status after `action`, or a 409 with the Chinese reason. */
export function nextRejectionStatus(action: RejectionAction, row: { handleStatus: number; handleType: number }): RejectionStatus {
  const move = REJECTION_TRANSITIONS[action];
  if (!(move.from as readonly number[]).includes(row.handleStatus)) throw conflict(move.refusal);
  if (move.handleType !== undefined && row.handleType !== move.handleType) throw conflict(move.refusal);
  return move.to;
}
