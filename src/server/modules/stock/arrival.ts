// A stock record's parcel signed in (DOMAIN §7): the scan (Logistics/SignByScan) and signing a parcel by
// id (Logistics/StockLogisticsSign) both end in orders/inbound.ts signLockedParcel, which calls this
// once per signed parcel. A parcel that is not a stock parcel costs nothing: no query is run.
import { ORDER_TYPE, STOCK_STATUS } from '#shared/enums.ts';
import type { Db } from '../../db/client.ts';
import type { CurrentUser } from '../../framework.ts';
import { audit } from '../audit/repository.ts';
import { markArrived } from './repository.ts';

type Who = Pick<CurrentUser, 'id' | 'name' | 'userName'>;

/** The parcel of stock records (orderType 3, no order) was signed in: its seller's records of that number still 0 待到货 become 1 已到货. */
export async function stockParcelSigned(
  tx: Db, who: Who, parcel: { shipment: string; userId: number | null; orderId: number | null; orderType: number | null }, now: Date,
): Promise<void> {
  if (parcel.orderType !== ORDER_TYPE.stock || parcel.orderId !== null || parcel.userId === null) return;
  const arrived = await markArrived(tx, parcel.shipment, parcel.userId, now);
  await audit(tx, who, arrived.map((r) => ({
    entity: 'stock' as const, entityId: r.id, tradeNo: r.tradeNo, orderNumber: r.logisticsNumber, action: 'arrive',
    before: STOCK_STATUS.awaiting, after: STOCK_STATUS.arrived, note: '快递签收',
  })));
}
