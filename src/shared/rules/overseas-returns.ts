// The one table of returnStatus moves for a buyer's return to an overseas warehouse (DOMAIN §8): the
// server checks every action against it, the screens offer an action only where the table allows it.
import { ABROAD_RETURN_STATUS as ST, type AbroadReturnStatus } from '../enums.ts';

export type AbroadReturnAction = 'warehouse' | 'chooseDestruction' | 'destroy';

interface Move { from: readonly AbroadReturnStatus[]; to: AbroadReturnStatus; refusal: string }

export const ABROAD_RETURN_TRANSITIONS: Record<AbroadReturnAction, Move> = {
  /** Staff put the returned goods into stock (ConfirmReturnWarehousing). */
  warehouse: { from: [ST.awaiting], to: ST.warehoused, refusal: '只有待入库的退件可以入库：该退件已入库、已选择销毁或已销毁。' },
  /** The seller would rather have the return destroyed than restocked (FrontAbroadStockReturn/ComfirmDestroyOrder). */
  chooseDestruction: { from: [ST.awaiting], to: ST.awaitingDestruction, refusal: '只有待入库的退件可以选择销毁。' },
  /** Staff destroy it, charging the fee (AbroadStockReturn/ComfirmDestroyOrder, channel 9). */
  destroy: { from: [ST.awaitingDestruction], to: ST.destroyed, refusal: '卖家尚未选择销毁该退件（或已销毁），不能销毁。' },
};

export interface AbroadReturnState { returnStatus: number }

/** Whether `action` may move the return from where it stands. */
export function canAbroadReturn(action: AbroadReturnAction, row: AbroadReturnState): boolean {
  return (ABROAD_RETURN_TRANSITIONS[action].from as readonly number[]).includes(row.returnStatus);
}
