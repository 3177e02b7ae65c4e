// Parcel sign-in (DOMAIN §4, docs/scan-path.md): the one place a parcel becomes "here", shared by the
// scan (and its transfer), sign by id, and a seller declaring a number that was already signed in as
// 无主件 (whose claim rule is parcels/declare.ts); and the order moving forward as its parcels arrive,
// taking its holding slot on the first (decision 0062).
import { ORDER_STATUS, ORDER_TYPE, RECEIVE_STATUS } from '#shared/enums.ts';
import { unscoped, type Db } from '../../db/client.ts';
import type { CurrentUser } from '../../framework.ts';
import { audit, auditWrite, type AuditEntry } from '../audit/repository.ts';
import type { AuditAction } from '#shared/audit-actions.ts';

import { afterParcelSigned, isOrderClosed } from '#shared/rules/orders.ts';
import * as repo from './repository.ts';
import * as parcelRepo from '../parcels/repository.ts';
import { definedOnly, type PendingWrite } from '../../db/pending-write.ts';
import { announceFloorWork } from '../notification/repository.ts';
import { stockParcelSigned } from '../stock/arrival.ts';
import { gramsToKg, kgToGrams } from '../fees/calc.ts';
import { slotForLoneParcel, takeSlot } from '../holding-slots/repository.ts';

type Who = Pick<CurrentUser, 'id' | 'name' | 'userName'>;

/**
 * Moves an order forward after one of its parcels arrived: 部分到货 / 已到齐, 待处理 → 处理中, and
 * gives it a holding slot on its first parcel. The order row is locked first.
 */
export async function advanceOrder(tx: Db, who: Who | null, orderId: number, options: AdvanceOptions = {}): Promise<repo.OrderView | undefined> {
  // The parcel is in hand: its order moves on whoever scanned it, inside a group's scope or not.
  return unscoped(tx, () => advance(tx, who, orderId, options));
}

interface AdvanceOptions {
  /** A tracking number this transaction is signing in and has not written yet: counted as here. */
  arriving?: string | null;
  /**
   * The caller sends the order's writes with its own, in one statement (updateParcelAlong): the
   * order's update goes into `writes`, its audit entry into `audit`.
   */
  deferInto?: { writes: parcelRepo.PendingWrite[]; audit: AuditEntry[] };
  /** The order's lock and arrival, read already with the parcel's lock (lockParcelForScan), for `arriving`. */
  arrival?: repo.OrderArrival | null | undefined;
  /** The parcel was transferred from another warehouse: the order takes no holding slot from this scan. */
  noSlot?: boolean;
  /** When a slot taken now is taken (holding_slots.taken_time). */
  now?: Date;
}

async function advance(tx: Db, who: Who | null, orderId: number, options: AdvanceOptions): Promise<repo.OrderView | undefined> {
  // The order's lock and its progress: one statement, or none when the scan's lock read them (decision 0045).
  const pre = options.arrival;
  const locked = pre && pre.order.id === orderId && pre.arriving === (options.arriving ?? null)
    ? pre : await repo.lockOrderForArrival(tx, orderId, options.arriving ?? null);
  if (!locked) return undefined;
  const { order, progress } = locked;
  if (isOrderClosed(order)) return order;
  // Its first parcel here gives the order a holding slot (decision 0062), the lowest free of its
  // warehouse; a transferred parcel is not in the order's warehouse, so it takes none.
  const slot = !order.shelfNumber && !options.noSlot ? await takeSlot(tx, order.warehouseInfoId, { orderId }, options.now ?? new Date()) : null;
  const next = afterParcelSigned(order, progress.signed, progress.total);
  const shelfNumber = slot?.shelfNumber ?? order.shelfNumber;
  if (next.packageStatus === order.packageStatus && next.orderStatus === order.orderStatus && !slot) return order;
  const changes = { packageStatus: next.packageStatus, orderStatus: next.orderStatus, ...(slot ?? {}) };
  const write = repo.orderUpdate(tx, orderId, changes);
  if (options.deferInto) options.deferInto.writes.push(write);
  else {
    await tx.execute(write.build(write.values).getSQL());
    // Parcels of the order already here (a claimed 无主件) now sit in its slot.
    if (slot) await parcelRepo.setShelfNumberOfOrderParcelsHere(tx, orderId, slot.shelfNumber);
  }
  const entry: AuditEntry = {
    entity: 'order', entityId: order.id, tradeNo: order.tradeNo, orderNumber: order.orderNumber, action: 'parcelArrived',
    before: `${order.orderStatus}/${order.packageStatus}`, after: `${next.orderStatus}/${next.packageStatus}`,
    note: `已到 ${progress.signed}/${progress.total} 个快递单号${shelfNumber !== order.shelfNumber ? `，暂存位 ${shelfNumber}` : ''}`,
  };
  if (options.deferInto) options.deferInto.audit.push(entry);
  else await audit(tx, who, [entry]);
  return { ...order, ...next, shelfNumber };
}

/** Text as PostgreSQL receives it from node-postgres: a lone surrogate becomes U+FFFD. */
export const wellFormed = (text: string): string =>
  text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

export interface SignOutcome {
  action: 'SIGNED' | 'ALREADY' | 'UNCLAIMED';
  parcel: parcelRepo.ParcelRow;
  order: repo.OrderView | null;
}

/**
 * Signs a locked parcel row in at a warehouse. Signing one that is already here changes nothing
 * and answers ALREADY (never a second inbound record).
 */
export async function signLockedParcel(
  tx: Db, who: CurrentUser, parcel: parcelRepo.ParcelRow, created: boolean,
  at: {
    warehouseInfoId: number; weight?: number | null | undefined; note?: string | null | undefined; now: Date;
    /** The parcel's order locked and its arrival read with the parcel's lock (lockParcelForScan). */
    arrival?: repo.OrderArrival | null | undefined;
    /**
     * A parcel declared for another warehouse, signed here on the picker's confirmation (issue 45 item 6):
     * `from` names the declared warehouse. The parcel becomes this warehouse's; its order moves on but
     * takes no holding slot from this scan, and the parcel is not put in the order's slot.
     */
    transfer?: { from: string | null } | undefined;
  },
  finish?: (outcome: SignOutcome) => Promise<readonly PendingWrite[]>,
): Promise<SignOutcome> {
  const isNew = created && parcel.receiveStatus === RECEIVE_STATUS.unclaimed && !parcel.signForTime;
  if (!isNew && parcel.receiveStatus !== RECEIVE_STATUS.declared) {
    const order = parcel.orderId ? (await repo.getOrder(tx, parcel.orderId)) ?? null : null;
    return { action: 'ALREADY', parcel, order };
  }
  const status = parcel.userId ? RECEIVE_STATUS.signed : RECEIVE_STATUS.unclaimed;
  // The order first (counting this parcel as here), so the parcel is written once, with its slot;
  // then the inbound record and both audit entries go as one statement (decision 0034).
  const deferred: { writes: parcelRepo.PendingWrite[]; audit: AuditEntry[] } = { writes: [], audit: [] };
  const order = parcel.orderId
    ? (await advanceOrder(tx, who, parcel.orderId, {
      arriving: status === RECEIVE_STATUS.signed ? parcel.shipment : null, deferInto: deferred, arrival: at.arrival, noSlot: !!at.transfer, now: at.now,
    })) ?? null
    : null;
  const warehouseInfoId = at.transfer ? at.warehouseInfoId : parcel.warehouseInfoId ?? at.warehouseInfoId;
  // A parcel with no order (无主件, a seller's parcel of no order) takes a slot of its own (decision 0062);
  // not a stock record's (its goods go to the stock area) nor a transferred one (as an order's takes none).
  const ownSlot = at.transfer ? null
    : await slotForLoneParcel(tx, { id: parcel.id, orderId: parcel.orderId, receiveStatus: status, isStock: parcel.orderType === ORDER_TYPE.stock }, warehouseInfoId, at.now);
  const transferNote = at.transfer ? `转仓签收：申报仓库 ${at.transfer.from ?? parcel.warehouseInfoId}` : null;
  deferred.audit.push({
    entity: 'parcel', entityId: parcel.id, tradeNo: order?.tradeNo ?? null, orderNumber: parcel.shipment, action: 'signIn',
    before: isNew ? null : parcel.receiveStatus, after: status, note: transferNote ? [transferNote, at.note].filter(Boolean).join('；') : at.note ?? null,
  });
  const values = {
    receiveStatus: status, signForTime: at.now, signUserId: who.id, signUserName: who.name || who.userName,
    // As the columns keep them, so the row written is the row foreseen below: the weight to whole
    // grams, rounded on its decimal as fees do (numeric(10,3)), the note with any lone surrogate as
    // U+FFFD (what its UTF-8 encoding sends).
    warehouseInfoId, weight: at.weight == null ? parcel.weight : gramsToKg(kgToGrams(at.weight)), reMark: at.note == null ? parcel.reMark : wellFormed(at.note),
    ...(order?.shelfNumber && order.shelfNumber !== parcel.shelfNumber && !at.transfer ? { shelfNumber: order.shelfNumber } : {}),
    ...(ownSlot ? { shelfNumber: ownSlot } : {}),
  };
  const action = status === RECEIVE_STATUS.unclaimed ? 'UNCLAIMED' as const : 'SIGNED' as const;
  // The parcel as its update leaves it: its row with the values set (no trigger or default touches it).
  // What follows the sign-in and what finish adds go before that update, so it is the last statement.
  const foreseen: parcelRepo.ParcelRow = { ...parcel, ...definedOnly(values) };
  await stockParcelSigned(tx, who, foreseen, at.now);
  const along = finish ? await finish({ action, parcel: foreseen, order }) : [];
  // The parcel's update carries the order's, the inbound record, the audit entries and what finish
  // added (a keyed scan's stored answer, decision 0040): one statement (decision 0034); the floor's
  // notice leaves after the commit (decision 0035).
  const signed = await parcelRepo.updateParcelAlong(tx, parcel.id, values, {
    writes: [
      ...deferred.writes,
      parcelRepo.inboundRecordRow(tx, {
        parcelId: parcel.id, shipment: parcel.shipment, warehouseInfoId, userId: who.id, userName: who.name || who.userName,
        storeName: order ? order.storeName : null,
      }),
      auditWrite(tx, who, deferred.audit),
      ...along,
    ],
    // Whoever finishes the scan answers from the row foreseen: the update need not send it back.
    ...(finish ? { foreseen } : {}),
  });
  await announceFloorWork(tx, parcel.userId);
  return { action, parcel: signed, order };
}

/**
 * Cancels an order (the caller has checked the transition): declared parcels that have not arrived
 * are released, goods already here become 异常 and wait for the seller's decision (DOMAIN §3).
 */
export async function cancelOrderKeepingGoods(tx: Db, who: Who, order: repo.OrderView, action: AuditAction, abnormalReason: string): Promise<void> {
  await repo.updateOrder(tx, order.id, { orderStatus: ORDER_STATUS.cancelled });
  await parcelRepo.releaseDeclaredParcels(tx, order.id);
  for (const p of await parcelRepo.parcelsOfOrders(tx, [order.id])) {
    if (p.receiveStatus !== RECEIVE_STATUS.signed && p.receiveStatus !== RECEIVE_STATUS.stored) continue;
    await parcelRepo.updateParcel(tx, p.id, { receiveStatus: RECEIVE_STATUS.abnormal, abnormalReason });
    await audit(tx, who, [{ entity: 'parcel', entityId: p.id, orderNumber: p.shipment, tradeNo: order.tradeNo, action: 'orderCancelled', before: p.receiveStatus, after: RECEIVE_STATUS.abnormal }]);
  }
  await audit(tx, who, [{ entity: 'order', entityId: order.id, tradeNo: order.tradeNo, orderNumber: order.orderNumber, action, before: order.orderStatus, after: ORDER_STATUS.cancelled }]);
}
