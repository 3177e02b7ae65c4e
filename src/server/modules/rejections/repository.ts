// Rejections (DOMAIN §6): Drizzle queries only.
import { and, count, desc, eq, gte, lte, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pageLimit } from '../../db/page-limit.ts';
import { expressRejections, parcels, warehouseInfos } from '../../db/schema/index.ts';
import { RECEIVE_STATUS, REJECTION_HANDLE_TYPE, REJECTION_STATUS } from '#shared/enums.ts';
import { lockParcel } from '../parcels/repository.ts';

export type RejectionRow = typeof expressRejections.$inferSelect;
export type ParcelRow = typeof parcels.$inferSelect;

export interface RejectionFilter {
  userId?: number | undefined; handleStatus?: number | undefined; handleType?: number | undefined; shipment?: string | undefined;
  warehouseInfoId?: number | undefined; userCode?: string | undefined; timeFrom?: string | undefined; timeTo?: string | undefined;
  /** 1 mainland warehouses (and requests without one), 2 overseas. */
  warehouseKind?: 1 | 2 | undefined;
}

function where(f: RejectionFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (f.userId !== undefined) parts.push(eq(expressRejections.userId, f.userId));
  if (f.handleStatus !== undefined) parts.push(eq(expressRejections.handleStatus, f.handleStatus));
  if (f.handleType !== undefined) parts.push(eq(expressRejections.handleType, f.handleType));
  if (f.shipment) parts.push(eq(expressRejections.shipment, f.shipment));
  if (f.warehouseInfoId !== undefined) parts.push(eq(expressRejections.warehouseInfoId, f.warehouseInfoId));
  if (f.userCode) parts.push(eq(expressRejections.userCode, f.userCode));
  if (f.timeFrom) parts.push(gte(expressRejections.creationTime, new Date(f.timeFrom)));
  if (f.timeTo) parts.push(lte(expressRejections.creationTime, new Date(f.timeTo)));
  if (f.warehouseKind !== undefined) parts.push(sql`coalesce(${warehouseInfos.kind}, 1) = ${f.warehouseKind}`);
  return parts.length ? and(...parts) : undefined;
}

export async function listRejections(tx: Db, f: RejectionFilter, page: { limit: number; offset: number }) {
  const w = where(f);
  const [total] = await tx.select({ n: count() }).from(expressRejections)
    .leftJoin(warehouseInfos, eq(warehouseInfos.id, expressRejections.warehouseInfoId)).where(w);
  const rows = await tx.select({ row: expressRejections, warehouseName: warehouseInfos.warehouseName }).from(expressRejections)
    .leftJoin(warehouseInfos, eq(warehouseInfos.id, expressRejections.warehouseInfoId))
    .where(w).orderBy(desc(expressRejections.id)).limit(pageLimit(page.limit)).offset(page.offset);
  return { total: total?.n ?? 0, rows };
}

export async function warehouseName(tx: Db, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const [row] = await tx.select({ name: warehouseInfos.warehouseName }).from(warehouseInfos).where(eq(warehouseInfos.id, id));
  return row?.name ?? null;
}

export async function getRejection(tx: Db, id: number, opts: { forUpdate?: boolean } = {}): Promise<RejectionRow | undefined> {
  const q = tx.select().from(expressRejections).where(eq(expressRejections.id, id));
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row;
}

/** The pending request (handleStatus 0) for a tracking number, of either type. */
export async function pendingForShipment(tx: Db, shipment: string): Promise<RejectionRow | undefined> {
  const [row] = await tx.select().from(expressRejections)
    .where(and(eq(expressRejections.shipment, shipment), eq(expressRejections.handleStatus, REJECTION_STATUS.pending)));
  return row;
}

/**
 * Whether a pending refusal exists for the number, as a column another module's query reads in the
 * same statement (the scan's parcel lock, decision 0034): its id or null.
 */
export function pendingRefusalIdOf(shipment: string | Placeholder): SQL<number | null> {
  return sql<number | null>`(select r.id from ${expressRejections} r where r.shipment = ${shipment}
    and r.handle_status = ${REJECTION_STATUS.pending} and r.handle_type = ${REJECTION_HANDLE_TYPE.rejection})`.mapWith(Number);
}

/** The pending refusal (handleType 1, handleStatus 0) the scan must answer REJECT for. */
export async function pendingRefusal(tx: Db, shipment: string): Promise<RejectionRow | undefined> {
  const row = await pendingForShipment(tx, shipment);
  return row?.handleType === REJECTION_HANDLE_TYPE.rejection ? row : undefined;
}

export async function insertRejection(tx: Db, values: Omit<typeof expressRejections.$inferInsert, 'id' | 'tenantId'>): Promise<RejectionRow> {
  const [row] = await tx.insert(expressRejections).values(values).returning();
  return row!;
}

export async function updateRejection(tx: Db, id: number, values: Partial<typeof expressRejections.$inferInsert>): Promise<RejectionRow> {
  const [row] = await tx.update(expressRejections).set(values).where(eq(expressRejections.id, id)).returning();
  return row!;
}

export async function lockParcelByShipment(tx: Db, shipment: string): Promise<ParcelRow | undefined> {
  const [row] = await tx.select().from(parcels).where(eq(parcels.shipment, shipment)).for('update');
  return row;
}

/**
 * Locks the parcel of a tracking number, declaring it (receiveStatus 0) for the seller when nobody
 * has seen the number yet: a rejection is a declaration (DOMAIN §4).
 */
export function lockOrDeclareParcel(
  tx: Db, shipment: string, owner: { userId: number; userCode: string | null; warehouseInfoId: number | null },
): Promise<{ parcel: ParcelRow; created: boolean }> {
  return lockParcel(tx, shipment, { receiveStatus: RECEIVE_STATUS.declared, ...owner });
}

export async function updateParcel(tx: Db, id: number, values: Partial<typeof parcels.$inferInsert>): Promise<ParcelRow> {
  const [row] = await tx.update(parcels).set(values).where(eq(parcels.id, id)).returning();
  return row!;
}
