// The server's side of the shared rejection table (src/shared/rules/rejections.ts): every action
// checks it, and a refused move is a 409 with the table's sentence.
import { canRejection, REJECTION_TRANSITIONS, type RejectionAction, type RejectionState } from '#shared/rules/rejections.ts';
import type { RejectionStatus } from '#shared/enums.ts';
import { conflict } from '../../lib/errors.ts';

/** The status after `action`, or a 409 with the Chinese reason. */
export function nextRejectionStatus(action: RejectionAction, row: RejectionState): RejectionStatus {
  const move = REJECTION_TRANSITIONS[action];
  if (!canRejection(action, row)) throw conflict(move.refusal);
  return move.to;
}
