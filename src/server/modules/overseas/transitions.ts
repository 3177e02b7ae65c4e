// The server's side of the shared overseas return table (src/shared/rules/overseas-returns.ts): every
// action checks it, and a refused move is a 409 with the table's sentence.
import { ABROAD_RETURN_TRANSITIONS, canAbroadReturn, type AbroadReturnAction, type AbroadReturnState } from '#shared/rules/overseas-returns.ts';
import type { AbroadReturnStatus } from '#shared/enums.ts';
import { conflict } from '../../lib/errors.ts';

/** The status after `action`, or a 409 with the Chinese reason. */
export function nextAbroadReturnStatus(action: AbroadReturnAction, row: AbroadReturnState): AbroadReturnStatus {
  const move = ABROAD_RETURN_TRANSITIONS[action];
  if (!canAbroadReturn(action, row)) throw conflict(move.refusal);
  return move.to;
}
