// Courier hand-overs: Drizzle queries only.
import { and, count, desc, eq, gte, ilike, inArray, lt, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pageLimit } from '../../db/page-limit.ts';
import { courierExpressDeliveries, parcels, warehouseInfos } from '../../db/schema/index.ts';

export type DeliveryRow = typeof courierExpressDeliveries.$inferSelect;
export interface DeliveryView { delivery: DeliveryRow; warehouseName: string | null; receiveStatus: number | null; userCode: string | null }

export interface DeliveryFilter {
  warehouseInfoId?: number | undefined; courierCompanyCode?: string | undefined; shipment?: string | undefined; courierName?: string | undefined;
  isEnable?: boolean | undefined; timeFrom?: string | undefined; timeTo?: string | undefined;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function deliveryWhere(f: DeliveryFilter): SQL[] {
  const parts: SQL[] = [];
  const d = courierExpressDeliveries;
  if (f.warehouseInfoId !== undefined) parts.push(eq(d.warehouseInfoId, f.warehouseInfoId));
  if (f.courierCompanyCode) parts.push(eq(d.courierCompanyCode, f.courierCompanyCode));
  if (f.shipment) parts.push(eq(d.shipment, f.shipment));
  if (f.courierName) parts.push(ilike(d.courierName, `%${escapeLike(f.courierName)}%`));
  if (f.isEnable !== undefined) parts.push(eq(d.isEnable, f.isEnable));
  if (f.timeFrom) parts.push(gte(d.creationTime, new Date(f.timeFrom)));
  if (f.timeTo) parts.push(lte(d.creationTime, new Date(f.timeTo)));
  return parts;
}

function select(tx: Db) {
  return tx.select({ delivery: courierExpressDeliveries, warehouseName: warehouseInfos.warehouseName, receiveStatus: parcels.receiveStatus, userCode: parcels.userCode })
    .from(courierExpressDeliveries)
    .leftJoin(warehouseInfos, eq(warehouseInfos.id, courierExpressDeliveries.warehouseInfoId))
    .leftJoin(parcels, eq(parcels.shipment, courierExpressDeliveries.shipment))
    .$dynamic();
}

export async function listDeliveries(tx: Db, f: DeliveryFilter, page: { limit: number; offset: number }): Promise<{ total: number; rows: DeliveryView[] }> {
  const where = and(...deliveryWhere(f));
  const [total] = await tx.select({ n: count() }).from(courierExpressDeliveries).where(where);
  const rows = await select(tx).where(where).orderBy(desc(courierExpressDeliveries.id)).limit(pageLimit(page.limit)).offset(page.offset);
  return { total: total?.n ?? 0, rows };
}

/** Newest first, in batches below `beforeId` (the xlsx export). */
export async function exportDeliveryBatch(tx: Db, f: DeliveryFilter, beforeId: number | null, limit: number): Promise<DeliveryView[]> {
  const parts = deliveryWhere(f);
  if (beforeId !== null) parts.push(lt(courierExpressDeliveries.id, beforeId));
  return select(tx).where(and(...parts)).orderBy(desc(courierExpressDeliveries.id)).limit(limit);
}

export async function deliveriesByIds(tx: Db, ids: readonly number[]): Promise<DeliveryView[]> {
  if (ids.length === 0) return [];
  return select(tx).where(inArray(courierExpressDeliveries.id, [...ids])).orderBy(desc(courierExpressDeliveries.id));
}

/** The numbers among `shipments` already on record (not voided). */
export async function recordedShipments(tx: Db, shipments: readonly string[]): Promise<string[]> {
  if (shipments.length === 0) return [];
  const rows = await tx.select({ shipment: courierExpressDeliveries.shipment }).from(courierExpressDeliveries)
    .where(and(inArray(courierExpressDeliveries.shipment, [...shipments]), eq(courierExpressDeliveries.isEnable, true)));
  return rows.map((r) => r.shipment);
}

export async function insertDeliveries(tx: Db, values: readonly Omit<typeof courierExpressDeliveries.$inferInsert, 'id' | 'tenantId'>[]): Promise<number[]> {
  const rows = await tx.insert(courierExpressDeliveries).values([...values]).returning({ id: courierExpressDeliveries.id });
  return rows.map((r) => r.id);
}

export async function lockDelivery(tx: Db, id: number): Promise<DeliveryRow | undefined> {
  const [row] = await tx.select().from(courierExpressDeliveries).where(eq(courierExpressDeliveries.id, id)).for('update');
  return row;
}

export async function voidDelivery(tx: Db, id: number, userName: string, now: Date): Promise<void> {
  await tx.update(courierExpressDeliveries).set({ isEnable: false, notEnableUserName: userName, notEnableTime: now }).where(eq(courierExpressDeliveries.id, id));
}
