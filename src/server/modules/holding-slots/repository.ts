// Holding slots (decision 0062): a warehouse's slots and what sits in each. A slot is taken by
// haicang_take_slot and released by the triggers of src/server/db/sql/holding-slots.sql, in the
// transaction of the move that fills or empties it; staff move an occupant or release a stale slot here.
import { and, asc, count, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { unscoped, type Db } from '../../db/client.ts';
import { holdingSlots, orders, parcels, warehouseInfos } from '../../db/schema/index.ts';
import { isParcelHere, PARCEL_HERE } from '#shared/rules/parcels.ts';

/** A slot's name as shown and stored in shelfNumber: H0007; numbers from 10000 unpadded. */
export const slotName = (n: number): string => `H${String(n).padStart(4, '0')}`;

/** A slot's number from its name (H0007 → 7), or null when the text names no slot. */
export const slotNumber = (name: string | null | undefined): number | null => {
  const m = /^H(\d{1,9})$/.exec(name?.trim().toUpperCase() ?? '');
  return m ? Number(m[1]) : null;
};

export interface TakenSlot { holdingSlot: number; shelfNumber: string }

/**
 * The lowest free slot of the warehouse for an order or a parcel with no order (the occupant's own
 * when it holds one already). Past a group member's scope: the warehouse's slots are all its own.
 */
export async function takeSlot(tx: Db, warehouseInfoId: number, occupant: { orderId: number } | { parcelId: number }, now: Date): Promise<TakenSlot> {
  const orderId = 'orderId' in occupant ? occupant.orderId : null;
  const parcelId = 'parcelId' in occupant ? occupant.parcelId : null;
  const result = await unscoped(tx, () => tx.execute(sql`select haicang_take_slot(${warehouseInfoId}::bigint, ${orderId}::bigint, ${parcelId}::bigint,
    ${now.toISOString()}::timestamptz) as number`));
  const n = Number((result as unknown as { rows: { number: number }[] }).rows[0]!.number);
  return { holdingSlot: n, shelfNumber: slotName(n) };
}

/**
 * A parcel signed in with no order takes a slot of its own (无主件, a seller's parcel of no order),
 * unless it belongs to a stock record (its goods go to the stock area): its shelfNumber to write.
 */
export async function slotForLoneParcel(tx: Db, parcel: { id: number; orderId: number | null; receiveStatus: number; isStock: boolean }, warehouseInfoId: number, now: Date): Promise<string | null> {
  if (parcel.orderId !== null || parcel.isStock || !isParcelHere(parcel)) return null;
  return (await takeSlot(tx, warehouseInfoId, { parcelId: parcel.id }, now)).shelfNumber;
}

export type SlotRow = typeof holdingSlots.$inferSelect;

export interface SlotFilter { warehouseInfoId?: number | undefined; occupied?: boolean | undefined; number?: number | null | undefined }

const slotWhere = (f: SlotFilter): SQL | undefined => and(
  f.warehouseInfoId === undefined ? undefined : eq(holdingSlots.warehouseInfoId, f.warehouseInfoId),
  f.occupied === undefined ? undefined : f.occupied ? or(isNotNull(holdingSlots.orderId), isNotNull(holdingSlots.parcelId)) : and(isNull(holdingSlots.orderId), isNull(holdingSlots.parcelId)),
  f.number == null ? undefined : eq(holdingSlots.number, f.number),
);

/** A page of a warehouse's slots in number order, with the order or parcel in each. */
export async function listSlots(tx: Db, f: SlotFilter, page: { limit: number; offset: number }) {
  const where = slotWhere(f);
  const [total] = await tx.select({ n: count() }).from(holdingSlots).where(where);
  const rows = await tx.select({
    slot: holdingSlots,
    order: { id: orders.id, tradeNo: orders.tradeNo, orderNumber: orders.orderNumber, userCode: orders.userCode, orderStatus: orders.orderStatus, packageStatus: orders.packageStatus },
    parcel: { id: parcels.id, shipment: parcels.shipment, receiveStatus: parcels.receiveStatus, userCode: parcels.userCode },
    parcelsHere: sql<number>`(select count(*)::int from ${parcels} p where p.order_id = ${holdingSlots.orderId} and p.receive_status in (${sql.raw(PARCEL_HERE.join(', '))}))`,
  }).from(holdingSlots)
    .leftJoin(orders, eq(orders.id, holdingSlots.orderId))
    .leftJoin(parcels, eq(parcels.id, holdingSlots.parcelId))
    .where(where).orderBy(asc(holdingSlots.warehouseInfoId), asc(holdingSlots.number)).limit(page.limit).offset(page.offset);
  return { total: total?.n ?? 0, rows };
}

export async function lockSlot(tx: Db, warehouseInfoId: number, number: number): Promise<SlotRow | undefined> {
  const [row] = await tx.select().from(holdingSlots)
    .where(and(eq(holdingSlots.warehouseInfoId, warehouseInfoId), eq(holdingSlots.number, number))).for('update');
  return row;
}

/**
 * The slot of a number, locked; a warehouse with fewer slots grows to it (the numbers between are
 * created free, so the lowest free is still found among the rows).
 */
export async function lockOrCreateSlot(tx: Db, warehouseInfoId: number, number: number): Promise<SlotRow> {
  await tx.execute(sql`insert into ${holdingSlots} (warehouse_info_id, number)
    select ${warehouseInfoId}::bigint, g from generate_series(1, ${number}::int) g on conflict do nothing`);
  return (await lockSlot(tx, warehouseInfoId, number))!;
}

/** The occupant of `from` moves to the free slot `to` (both locked); the order's and its parcels' shelfNumber follow. */
export async function moveOccupant(tx: Db, from: SlotRow, to: SlotRow): Promise<void> {
  await tx.update(holdingSlots).set({ orderId: null, parcelId: null, takenTime: null }).where(eq(holdingSlots.id, from.id));
  await tx.update(holdingSlots).set({ orderId: from.orderId, parcelId: from.parcelId, takenTime: from.takenTime }).where(eq(holdingSlots.id, to.id));
  await writeShelfNumbers(tx, from, to.number);
}

/** Empties a slot: its order or parcel keeps its shelfNumber no more. */
export async function releaseSlot(tx: Db, slot: SlotRow): Promise<void> {
  await tx.update(holdingSlots).set({ orderId: null, parcelId: null, takenTime: null }).where(eq(holdingSlots.id, slot.id));
  await writeShelfNumbers(tx, slot, null);
}

async function writeShelfNumbers(tx: Db, occupant: { orderId: number | null; parcelId: number | null }, number: number | null): Promise<void> {
  const shelfNumber = number === null ? null : slotName(number);
  if (occupant.orderId !== null) {
    await tx.update(orders).set({ holdingSlot: number, shelfNumber }).where(eq(orders.id, occupant.orderId));
    await tx.update(parcels).set({ shelfNumber }).where(and(eq(parcels.orderId, occupant.orderId), sql`${parcels.receiveStatus} in (${sql.raw(PARCEL_HERE.join(', '))})`));
  } else if (occupant.parcelId !== null) {
    await tx.update(parcels).set({ shelfNumber }).where(eq(parcels.id, occupant.parcelId));
  }
}

/** Warehouses' names by id. */
export async function warehouseNames(tx: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await tx.select({ id: warehouseInfos.id, name: warehouseInfos.warehouseName }).from(warehouseInfos).where(inArray(warehouseInfos.id, ids));
  return new Map(rows.map((w) => [w.id, w.name]));
}

/** Whether anything of the slot's occupant is still here (its goods sit in the slot). */
export async function goodsHere(tx: Db, slot: SlotRow): Promise<boolean> {
  if (slot.orderId !== null) {
    const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(parcels)
      .where(and(eq(parcels.orderId, slot.orderId), inArray(parcels.receiveStatus, [...PARCEL_HERE])));
    return (row?.n ?? 0) > 0;
  }
  if (slot.parcelId !== null) {
    const [p] = await tx.select({ receiveStatus: parcels.receiveStatus, orderId: parcels.orderId }).from(parcels).where(eq(parcels.id, slot.parcelId));
    return !!p && p.orderId === null && isParcelHere(p);
  }
  return false;
}

/** An order's trade and order numbers (for its audit row). */
export async function orderNumbers(tx: Db, orderId: number): Promise<{ tradeNo: string; orderNumber: string | null } | undefined> {
  const [o] = await tx.select({ tradeNo: orders.tradeNo, orderNumber: orders.orderNumber }).from(orders).where(eq(orders.id, orderId));
  return o;
}

/** A parcel's tracking number (for its audit row). */
export async function parcelShipment(tx: Db, parcelId: number): Promise<{ shipment: string } | undefined> {
  const [p] = await tx.select({ shipment: parcels.shipment }).from(parcels).where(eq(parcels.id, parcelId));
  return p;
}

export interface SlotHolderRow {
  warehouseInfoId: number; number: number; orderId: number | null; parcelId: number | null;
  tradeNo: string | null; orderUserCode: string | null; shipment: string | null; parcelUserCode: string | null;
}

/** The slots of these (warehouse, number) pairs with what sits in each (the screens' 暂存位, issue 44 item 1c). */
export async function slotHolders(tx: Db, keys: readonly { warehouseInfoId: number; number: number }[]): Promise<SlotHolderRow[]> {
  if (!keys.length) return [];
  return tx.select({
    warehouseInfoId: holdingSlots.warehouseInfoId, number: holdingSlots.number, orderId: holdingSlots.orderId, parcelId: holdingSlots.parcelId,
    tradeNo: orders.tradeNo, orderUserCode: orders.userCode, shipment: parcels.shipment, parcelUserCode: parcels.userCode,
  }).from(holdingSlots)
    .leftJoin(orders, eq(orders.id, holdingSlots.orderId))
    .leftJoin(parcels, eq(parcels.id, holdingSlots.parcelId))
    .where(or(...keys.map((k) => and(eq(holdingSlots.warehouseInfoId, k.warehouseInfoId), eq(holdingSlots.number, k.number)))));
}

/** The slot an order or a parcel with no order holds (not locked: lock it by its number); none when it holds none. */
export async function slotOf(tx: Db, occupant: { orderId: number } | { parcelId: number }): Promise<SlotRow | undefined> {
  const [row] = await tx.select().from(holdingSlots)
    .where('orderId' in occupant ? eq(holdingSlots.orderId, occupant.orderId) : eq(holdingSlots.parcelId, occupant.parcelId));
  return row;
}

/** The slot's occupant (and an order's parcels here) show its name again (a stale shelfNumber corrected). */
export async function rewriteShelfNumbers(tx: Db, slot: SlotRow): Promise<void> {
  await writeShelfNumbers(tx, slot, slot.number);
}

/** A free slot (locked) is taken by an order or a parcel with no order; its shelfNumber (and an order's parcels here) follow. */
export async function occupySlot(tx: Db, slot: SlotRow, occupant: { orderId: number } | { parcelId: number }, now: Date): Promise<void> {
  const orderId = 'orderId' in occupant ? occupant.orderId : null;
  const parcelId = 'parcelId' in occupant ? occupant.parcelId : null;
  await tx.update(holdingSlots).set({ orderId, parcelId, takenTime: now }).where(eq(holdingSlots.id, slot.id));
  await writeShelfNumbers(tx, { orderId, parcelId }, slot.number);
}

/** An order's warehouse, trade number and seller code (the slot it may hold is its warehouse's). */
export async function orderForSlot(tx: Db, orderId: number): Promise<{ warehouseInfoId: number; tradeNo: string; userCode: string } | undefined> {
  const [o] = await tx.select({ warehouseInfoId: orders.warehouseInfoId, tradeNo: orders.tradeNo, userCode: orders.userCode }).from(orders).where(eq(orders.id, orderId));
  return o;
}

/** A parcel's stale shelfNumber (naming no slot it holds) is cleared. */
export async function clearParcelShelfNumber(tx: Db, parcelId: number): Promise<void> {
  await tx.update(parcels).set({ shelfNumber: null }).where(eq(parcels.id, parcelId));
}
