import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pageLimit } from '../../db/page-limit.ts';
import { warehouseCities, warehouseInfos } from '../../db/schema/index.ts';

export async function listCities(tx: Db) {
  return tx.select({ id: warehouseCities.id, cityName: warehouseCities.cityName }).from(warehouseCities).orderBy(asc(warehouseCities.id));
}

const columns = {
  id: warehouseInfos.id, warehouseName: warehouseInfos.warehouseName, kind: warehouseInfos.kind, warehouseCityId: warehouseInfos.warehouseCityId,
  cityName: warehouseCities.cityName, site: warehouseInfos.site, address: warehouseInfos.address, contactName: warehouseInfos.contactName,
  phone: warehouseInfos.phone, isEnabled: warehouseInfos.isEnabled, creationTime: warehouseInfos.creationTime,
};

export async function listWarehouses(tx: Db, f: { kind?: number | undefined; isEnabled?: boolean | undefined; keyword?: string | undefined }, page: { limit: number; offset: number }) {
  const parts: SQL[] = [];
  if (f.kind !== undefined) parts.push(eq(warehouseInfos.kind, f.kind));
  if (f.isEnabled !== undefined) parts.push(eq(warehouseInfos.isEnabled, f.isEnabled));
  if (f.keyword) parts.push(or(ilike(warehouseInfos.warehouseName, `%${f.keyword}%`), ilike(warehouseInfos.address, `%${f.keyword}%`))!);
  const where = parts.length ? and(...parts) : undefined;
  const [total] = await tx.select({ n: count() }).from(warehouseInfos).where(where);
  const rows = await tx.select(columns).from(warehouseInfos).leftJoin(warehouseCities, eq(warehouseCities.id, warehouseInfos.warehouseCityId))
    .where(where).orderBy(asc(warehouseInfos.id)).limit(pageLimit(page.limit)).offset(page.offset);
  return { total: total?.n ?? 0, rows };
}

export async function getWarehouse(tx: Db, id: number) {
  const [row] = await tx.select(columns).from(warehouseInfos).leftJoin(warehouseCities, eq(warehouseCities.id, warehouseInfos.warehouseCityId)).where(eq(warehouseInfos.id, id));
  return row;
}

export async function insertCity(tx: Db, cityName: string) {
  const [row] = await tx.insert(warehouseCities).values({ cityName }).returning();
  return row!;
}

export async function insertWarehouse(tx: Db, values: Omit<typeof warehouseInfos.$inferInsert, 'id' | 'tenantId' | 'creationTime'>) {
  const [row] = await tx.insert(warehouseInfos).values(values).returning();
  return row!;
}

export async function updateWarehouse(tx: Db, id: number, values: Partial<typeof warehouseInfos.$inferInsert>) {
  const [row] = await tx.update(warehouseInfos).set(values).where(eq(warehouseInfos.id, id)).returning({ id: warehouseInfos.id });
  return row;
}

export async function cityById(tx: Db, id: number) {
  const [row] = await tx.select().from(warehouseCities).where(eq(warehouseCities.id, id));
  return row;
}

export async function warehouseNameTaken(tx: Db, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await tx.select({ id: warehouseInfos.id }).from(warehouseInfos)
    .where(and(eq(warehouseInfos.warehouseName, name), exceptId ? sql`${warehouseInfos.id} <> ${exceptId}` : undefined)).limit(1);
  return !!row;
}
