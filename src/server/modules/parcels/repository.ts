// Parcels (快递单号) and their inbound records: Drizzle queries only. Orders, stock, overseas and returns
// all reach parcels through this module; it knows nothing of orders but the parcel's orderId column.
import { and, desc, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import { keptShape, lastStatementNext, mapRowsOnce, type Db } from '../../db/client.ts';
import { isLiteralPageSize, pageLimit } from '../../db/page-limit.ts';
import { addPrefixed, definedOnly, prefixedPlaceholders, shapeOf, type PendingWrite } from '../../db/pending-write.ts';
import { cappedCount, pageCount } from '../../db/capped-count.ts';
import { intoLogistics, parcels, warehouseInfos } from '../../db/schema/index.ts';
import { orderByOf, sortingKey } from '../../db/sorting.ts';
import { endsWith, normalizeFragment, reversed, TAIL_MIN } from '../../db/number-tail.ts';
import type { PARCEL_SORT_FIELDS, Sorting } from '#shared/contracts/sorting.ts';
import { PARCEL_HERE } from '#shared/rules/parcels.ts';

export type ParcelRow = typeof parcels.$inferSelect;

export async function parcelsByShipments(tx: Db, shipments: readonly string[], forUpdate = false): Promise<ParcelRow[]> {
  if (shipments.length === 0) return [];
  const q = tx.select().from(parcels).where(inArray(parcels.shipment, [...shipments]));
  return forUpdate ? q.for('update') : q;
}

export async function parcelsOfOrders(tx: Db, orderIds: readonly number[]): Promise<ParcelRow[]> {
  if (orderIds.length === 0) return [];
  return tx.select().from(parcels).where(inArray(parcels.orderId, [...orderIds])).orderBy(parcels.id);
}

export async function insertParcels(tx: Db, values: readonly Omit<typeof parcels.$inferInsert, 'id' | 'tenantId'>[]): Promise<ParcelRow[]> {
  if (values.length === 0) return [];
  return tx.insert(parcels).values([...values]).returning();
}

export async function updateParcel(tx: Db, id: number, values: Partial<typeof parcels.$inferInsert>): Promise<ParcelRow> {
  const [row] = await tx.update(parcels).set(values).where(eq(parcels.id, id)).returning();
  return row!;
}

export type { PendingWrite };

/**
 * updateParcel with other writes in the same statement (decision 0034): `writes` (inserts, updates
 * without RETURNING, of other rows) go in its WITH clause, all or nothing with it. One round trip
 * for the lot. On a request connection the statement is prepared once per shape (which columns, which
 * writes) and then only executed (decision 0035): building it cost more server time than running it.
 */
export async function updateParcelAlong(
  tx: Db, id: number, values: Partial<typeof parcels.$inferInsert>, along: { writes: readonly PendingWrite[]; foreseen?: ParcelRow },
): Promise<ParcelRow> {
  const set = definedOnly(values as Record<string, unknown>);
  // The values by prefixed name, for the kept statement; the placeholders are made only when it is built.
  const params = () => {
    const named: Record<string, unknown> = { id };
    addPrefixed(named, 's_', set);
    along.writes.forEach((w, i) => addPrefixed(named, `w${i}_`, w.values));
    return named;
  };
  // `foreseen`: the caller knows the row the update leaves (decision 0040): nothing is returned.
  const returning = !along.foreseen;
  const build = (placeholders: boolean) => {
    const ctes = along.writes.map((w, i) => tx.$with(`w${i}`, {}).as(w.build(placeholders ? prefixedPlaceholders(`w${i}_`, w.values) : w.values).getSQL()));
    const update = (ctes.length ? tx.with(...ctes) : tx).update(parcels)
      .set((placeholders ? prefixedPlaceholders('s_', set) : set) as Partial<typeof parcels.$inferInsert>)
      .where(eq(parcels.id, placeholders ? sql.placeholder('id') : id));
    return returning ? update.returning() : update;
  };
  const shape = [shapeOf(set), ...along.writes.map((w) => w.shape), ...(returning ? [] : ['foreseen'])].join('|');
  const query = keptShape(tx, ALONG, 'hc_parcel_along_', shape, (statement) => mapRowsOnce(build(true).prepare(statement)) as AlongQuery);
  // A write that must be the transaction's last (an Idempotency-Key's answer) makes this statement the last (decision 0040).
  if (along.writes.some((w) => w.last)) lastStatementNext(tx);
  const answer = query ? await query.execute(params()) : await build(false);
  if (along.foreseen) return along.foreseen;
  return (answer as ParcelRow[])[0]!;
}

type AlongQuery = { execute(params: Record<string, unknown>): Promise<ParcelRow[]> };
const ALONG = new WeakMap<object, Map<string, AlongQuery>>();

/** The order's parcels that are here sit in its slot `shelfNumber` (decision 0062). */
export async function setShelfNumberOfOrderParcelsHere(tx: Db, orderId: number, shelfNumber: string): Promise<void> {
  await tx.update(parcels).set({ shelfNumber }).where(and(eq(parcels.orderId, orderId), inArray(parcels.receiveStatus, [...PARCEL_HERE])));
}

/**
 * Marks the order's declared parcels changed for the floor's index (decision 0067): their order went on
 * or off hold, which the index shows (issue 45 §12) but the parcels' own trigger cannot see.
 */
export async function touchIndexOfOrderParcels(tx: Db, orderId: number): Promise<void> {
  await tx.update(parcels).set({ indexChangedAt: sql`now()` }).where(and(eq(parcels.orderId, orderId), eq(parcels.receiveStatus, 0)));
}

/** Detaches the declared-but-not-arrived parcels of an order from it (cancel, or lines edited away). */
export async function releaseDeclaredParcels(tx: Db, orderId: number, keepShipments: readonly string[] = []): Promise<void> {
  await tx.delete(parcels).where(and(eq(parcels.orderId, orderId), eq(parcels.receiveStatus, 0), keepShipments.length ? sql`${parcels.shipment} not in ${keepShipments}` : undefined));
}

/**
 * Removes an order's declarations of this tracking number under another spelling (`yt1` declared
 * before numbers were normalised, issue 44) that never arrived: the parcel `keep` is that parcel.
 */
export async function dropStaleSpellings(tx: Db, orderId: number, keep: ParcelRow): Promise<number> {
  const gone = await tx.delete(parcels).where(and(eq(parcels.orderId, orderId), eq(parcels.receiveStatus, 0), ne(parcels.id, keep.id),
    sql`upper(regexp_replace(${parcels.shipment}, '\s', '', 'g')) = ${keep.shipment}`)).returning({ id: parcels.id });
  return gone.length;
}

/**
 * Locks the parcel of a tracking number, creating it when nobody has seen the number: as a scanned
 * 无主件 (receiveStatus 5) by default, or as given (a rejection declares it for its seller, §6).
 */
export async function lockParcel(
  tx: Db, shipment: string, createAs: Omit<typeof parcels.$inferInsert, 'id' | 'tenantId' | 'shipment'> = { receiveStatus: 5 },
): Promise<{ parcel: ParcelRow; created: boolean }> {
  const [existing] = await tx.select().from(parcels).where(eq(parcels.shipment, shipment)).for('update');
  if (existing) return { parcel: existing, created: false };
  const [inserted] = await tx.insert(parcels).values({ ...createAs, shipment }).onConflictDoNothing().returning();
  if (inserted) return { parcel: inserted, created: true };
  // Another scan created it a moment ago: wait for its lock and read what it did.
  const [row] = await tx.select().from(parcels).where(eq(parcels.shipment, shipment)).for('update');
  return { parcel: row!, created: false };
}

export async function lockParcelById(tx: Db, id: number): Promise<ParcelRow | undefined> {
  const [row] = await tx.select().from(parcels).where(eq(parcels.id, id)).for('update');
  return row;
}

export async function parcelByShipment(tx: Db, shipment: string): Promise<ParcelRow | undefined> {
  const [row] = await tx.select().from(parcels).where(eq(parcels.shipment, shipment));
  return row;
}

export async function insertInboundRecord(tx: Db, values: Omit<typeof intoLogistics.$inferInsert, 'id' | 'tenantId'>): Promise<void> {
  await tx.insert(intoLogistics).values(values).onConflictDoNothing();
}

/** insertInboundRecord's insert, not yet sent (updateParcelAlong). */
/** insertInboundRecord's insert, not yet sent (updateParcelAlong sends it with the parcel's update). */
export function inboundRecordRow(tx: Db, values: Omit<typeof intoLogistics.$inferInsert, 'id' | 'tenantId'>): PendingWrite {
  const defined = definedOnly(values);
  return {
    shape: `inbound:${shapeOf(defined)}`,
    values: defined,
    build: (v) => tx.insert(intoLogistics).values(v as typeof values).onConflictDoNothing(),
  };
}

export async function otherOrderUsingShipment(tx: Db, shipments: readonly string[], exceptOrderId?: number) {
  if (shipments.length === 0) return undefined;
  const [row] = await tx.select({ shipment: parcels.shipment, orderId: parcels.orderId, userId: parcels.userId, receiveStatus: parcels.receiveStatus })
    .from(parcels).where(and(inArray(parcels.shipment, [...shipments]), sql`${parcels.orderId} is not null`, exceptOrderId ? ne(parcels.orderId, exceptOrderId) : undefined)).limit(1);
  return row;
}

export interface ParcelFilter {
  statuses?: readonly number[] | undefined; receiveStatus?: number | undefined; userId?: number | undefined; warehouseInfoId?: number | undefined;
  userCode?: string | undefined; shipment?: string | undefined; timeFrom?: string | undefined; timeTo?: string | undefined;
  needPhoto?: boolean | undefined; signedOnly?: boolean | undefined;
  /** The list's order (issue 44 §3); none: newest first (signed ones by their sign-in). */
  sorting?: Sorting<typeof PARCEL_SORT_FIELDS[number]> | undefined;
  /**
   * 1: parcels at mainland warehouses (and those of no warehouse yet), 2: at overseas warehouses —
   * Logistics and AbroadLogistics list the two apart, as the rejection queues do.
   */
  warehouseKind?: 1 | 2 | undefined;
}

/** Whether the parcel's warehouse is an overseas one (kind 2); a subquery, so counting needs no join. */
const atOverseasWarehouse = sql`exists (select 1 from ${warehouseInfos} w where w.id = ${parcels.warehouseInfoId} and w.kind = 2)`;

/** `bind` gives each value its place in the SQL: itself, or a placeholder of a kept query (listParcels). */
function parcelWhere(f: ParcelFilter, bind: <T>(name: keyof ParcelFilter, value: T) => T = (_name, value) => value): SQL | undefined {
  const parts: SQL[] = [];
  // The statuses asked for are few fixed lists: written into the text, part of a kept query's shape.
  if (f.statuses) parts.push(inArray(parcels.receiveStatus, [...f.statuses]));
  if (f.receiveStatus !== undefined) parts.push(eq(parcels.receiveStatus, bind('receiveStatus', f.receiveStatus)));
  if (f.userId !== undefined) parts.push(eq(parcels.userId, bind('userId', f.userId)));
  if (f.warehouseInfoId !== undefined) parts.push(eq(parcels.warehouseInfoId, bind('warehouseInfoId', f.warehouseInfoId)));
  if (f.userCode) parts.push(eq(parcels.userCode, bind('userCode', f.userCode)));
  // The whole number or its tail (decision 0070); exactly when shorter than a fragment.
  if (f.shipment) {
    parts.push(f.shipment.length < TAIL_MIN
      ? eq(parcels.shipment, bind('shipment', f.shipment))
      : endsWith(parcels.shipment, bind('shipmentTail' as keyof ParcelFilter, reversed(normalizeFragment(f.shipment)))));
  }
  if (f.needPhoto) parts.push(eq(parcels.isNeedTakePicture, true));
  if (f.signedOnly) parts.push(sql`${parcels.signForTime} is not null`);
  if (f.warehouseKind === 2) parts.push(atOverseasWarehouse);
  if (f.warehouseKind === 1) parts.push(sql`not ${atOverseasWarehouse}`);
  const timeColumn = f.signedOnly ? parcels.signForTime : parcels.creationTime;
  if (f.timeFrom) parts.push(gte(timeColumn, bind('timeFrom', new Date(f.timeFrom))));
  if (f.timeTo) parts.push(lte(timeColumn, bind('timeTo', new Date(f.timeTo))));
  return parts.length ? and(...parts) : undefined;
}

/**
 * A page of parcels and its capped count: one statement, kept prepared per connection by the filter's
 * shape where statements are kept (decision 0046), as listOrdersWithLines' page is (decisions 0036,
 * 0043): building it with Drizzle on every request, and Drizzle's mapping of its 26 columns, were most
 * of the server's own time on a parcel list.
 */
export async function listParcels(tx: Db, f: ParcelFilter, page: { limit: number; offset: number }) {
  const values: Record<string, unknown> = {};
  const where = parcelWhere(f, (name, value) => {
    values[name] = value;
    return sql.placeholder(name) as unknown as typeof value;
  });
  // The shape: which values are bound, and what is written into the text.
  // An empty statuses list (no rows: `false` in the text) is named apart from none asked (no condition).
  const shape = `${Object.keys(values).sort().join(',')};${f.statuses ? `in:${[...f.statuses].join('/')}` : ''};${f.needPhoto ? 'photo' : ''};${f.signedOnly ? 'signed' : ''};${f.warehouseKind ?? ''}`;
  // The count's memory is keyed by the filter's shape and values, whichever way the page is sent.
  const key = `${shape}\u0000${JSON.stringify(values)}`;
  let counted = pageCount(tx, parcels, where, { key, where: () => parcelWhere(f) });
  // A first page of a usual size has its size in the text, so it can keep a generic plan (decision 0036).
  const first = page.offset === 0 && isLiteralPageSize(page.limit);
  const name = `${shape}|${counted.known ? 'known' : 'counted'}${first ? `|first ${page.limit}` : ''}${sortingKey(f.sorting)}`;
  const order = parcelOrder(f);
  // A tail search is not kept: a kept statement's generic plan, planned without the tail, reads the
  // table newest first instead of the tail's index (decision 0070); a person types these, seldom.
  const query = 'shipmentTail' in values ? null : keptShape(tx, PARCEL_PAGES, 'hc_parcel_page_', name,
    (statement) => mapRowsOnce(parcelPageQuery(tx, where, counted.column, order, first ? page : undefined).prepare(statement)));
  let rows;
  if (query) {
    rows = await query.execute(first ? values : { ...values, limit: page.limit, offset: page.offset });
  } else {
    const plain = parcelWhere(f);
    counted = pageCount(tx, parcels, plain, { key, where: () => plain });
    rows = await parcelPageQuery(tx, plain, counted.column, order, page);
  }
  const { total, capped } = await counted.read(rows, page.offset);
  return { total, capped, rows };
}

const PARCEL_PAGES = new WeakMap<object, Map<string, ReturnType<ReturnType<typeof parcelPageQuery>['prepare']>>>();

/** listParcels' order: the asked sorting, else newest first (signed ones by their sign-in). */
const parcelOrder = (f: ParcelFilter) => orderByOf(f.sorting,
  { creationTime: parcels.creationTime, shipment: parcels.shipment }, parcels.id,
  [desc(f.signedOnly === true ? parcels.signForTime : parcels.id), desc(parcels.id)]);

/** listParcels' statement; without `page`, its limit and offset are placeholders. */
const parcelPageQuery = (tx: Db, where: SQL | undefined, total: SQL<number>, order: SQL[], page?: { limit: number; offset: number }) =>
  tx.select({ parcel: parcels, warehouseName: warehouseInfos.warehouseName, total }).from(parcels)
    .leftJoin(warehouseInfos, eq(warehouseInfos.id, parcels.warehouseInfoId))
    .where(where).orderBy(...order)
    .limit(page ? pageLimit(page.limit) : sql.placeholder('limit')).offset(page ? page.offset : sql.placeholder('offset'));

export async function listInbound(tx: Db, f: { warehouseInfoId?: number | undefined; shipment?: string | undefined; timeFrom?: string | undefined; timeTo?: string | undefined }, page: { limit: number; offset: number }) {
  const parts: SQL[] = [];
  if (f.warehouseInfoId !== undefined) parts.push(eq(intoLogistics.warehouseInfoId, f.warehouseInfoId));
  if (f.shipment) parts.push(eq(intoLogistics.shipment, f.shipment));
  if (f.timeFrom) parts.push(gte(intoLogistics.creationTime, new Date(f.timeFrom)));
  if (f.timeTo) parts.push(lte(intoLogistics.creationTime, new Date(f.timeTo)));
  const where = parts.length ? and(...parts) : undefined;
  const { total, capped } = await cappedCount(tx, intoLogistics, where);
  const rows = await tx.select({ row: intoLogistics, warehouseName: warehouseInfos.warehouseName }).from(intoLogistics)
    .leftJoin(warehouseInfos, eq(warehouseInfos.id, intoLogistics.warehouseInfoId)).where(where).orderBy(desc(intoLogistics.id)).limit(pageLimit(page.limit)).offset(page.offset);
  return { total, capped, rows };
}

/** Deletes a parcel and its inbound record (the audit trail keeps what happened). */
export async function deleteParcel(tx: Db, id: number): Promise<void> {
  await tx.delete(intoLogistics).where(eq(intoLogistics.parcelId, id));
  await tx.delete(parcels).where(eq(parcels.id, id));
}

export async function exportParcelBatch(tx: Db, f: ParcelFilter & { ids?: readonly number[] | undefined }, beforeId: number | null, limit: number) {
  return tx.select({ parcel: parcels, warehouseName: warehouseInfos.warehouseName }).from(parcels)
    .leftJoin(warehouseInfos, eq(warehouseInfos.id, parcels.warehouseInfoId))
    .where(and(parcelWhere(f), f.ids ? inArray(parcels.id, [...f.ids]) : undefined, beforeId === null ? undefined : sql`${parcels.id} < ${beforeId}`))
    .orderBy(desc(parcels.id)).limit(limit);
}

/**
 * Removes a stock record's declared parcel that has not arrived (the record was cancelled or its number
 * changed): only while 待签收, tied to no order, and the seller's.
 */
export async function deleteDeclaredStockParcel(tx: Db, shipment: string, userId: number): Promise<void> {
  await tx.delete(parcels).where(and(eq(parcels.shipment, shipment), eq(parcels.receiveStatus, 0), sql`${parcels.orderId} is null`, eq(parcels.userId, userId)));
}
