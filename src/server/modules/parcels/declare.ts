// Declaring a tracking number that already has a parcel row (DOMAIN §4.4): a seller's order and
// ExpressImport both ask here, so the claim rule for a 无主件 is written once.
import { RECEIVE_STATUS } from '#shared/enums.ts';
import type { Db } from '../../db/client.ts';
import type { CurrentUser } from '../../framework.ts';
import { audit } from '../audit/repository.ts';
import * as repo from './repository.ts';

type Who = Pick<CurrentUser, 'id' | 'name' | 'userName'>;

export type DeclareOutcome = 'claimed' | 'attached' | 'taken' | 'closed';

/**
 * The declaration rule for a tracking number that already has a parcel row (DOMAIN §4.4), shared by
 * a seller's order and ExpressImport: a parcel owned by someone else or tied to another order is
 * 'taken'; one signed in before anyone declared it (无主件) is claimed by the declaring seller and
 * counts as here; a declared, unowned one is attached; any other state is 'closed'.
 */
export async function declareExistingParcel(
  tx: Db, who: Who, parcel: repo.ParcelRow, owner: { id: number; userCode: string | null },
  link: { orderId?: number; orderType?: number; storeId?: number; warehouseInfoId?: number; reMark?: string | null; tradeNo?: string | null },
  claimNote: string,
): Promise<DeclareOutcome> {
  if (parcel.orderId !== null || (parcel.userId !== null && parcel.userId !== owner.id)) return 'taken';
  const { tradeNo, ...columns } = link;
  if (parcel.receiveStatus === RECEIVE_STATUS.unclaimed || parcel.receiveStatus === RECEIVE_STATUS.signed) {
    await repo.updateParcel(tx, parcel.id, { ...columns, warehouseInfoId: parcel.warehouseInfoId ?? columns.warehouseInfoId, userId: owner.id, userCode: owner.userCode, receiveStatus: RECEIVE_STATUS.signed });
    await audit(tx, who, [{ entity: 'parcel', entityId: parcel.id, orderNumber: parcel.shipment, tradeNo: tradeNo ?? null, action: 'claim', before: parcel.receiveStatus, after: RECEIVE_STATUS.signed, note: claimNote }]);
    return 'claimed';
  }
  if (parcel.receiveStatus === RECEIVE_STATUS.declared) {
    await repo.updateParcel(tx, parcel.id, { ...columns, userId: owner.id, userCode: owner.userCode });
    return 'attached';
  }
  return 'closed';
}
