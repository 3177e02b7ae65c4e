// Mainland packages: Drizzle queries only.
import { and, asc, count, desc, eq, gte, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { pageLimit } from '../../db/page-limit.ts';
import { mainlandPackages, orders, users, warehouseInfos } from '../../db/schema/index.ts';

export type PackageRow = typeof mainlandPackages.$inferSelect;
export interface PackageView extends PackageRow {
  warehouseName: string; appointUserName: string | null; createUserName: string | null; updateUserName: string | null;
}

const appointUser = alias(users, 'appoint_user');
const createUser = alias(users, 'create_user');
const updateUser = alias(users, 'update_user');
const displayName = (u: { name: AnyPgColumn; userName: AnyPgColumn }) => sql<string | null>`coalesce(nullif(${u.name}, ''), ${u.userName})`;

export interface PackageFilter {
  warehouseInfoId?: number | undefined; site?: string | undefined; cargoCategory?: number | undefined; isSend?: boolean | undefined;
  appointUserId?: number | undefined; keyword?: string | undefined; timeFrom?: string | undefined; timeTo?: string | undefined;
}

function packageWhere(f: PackageFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (f.warehouseInfoId !== undefined) parts.push(eq(mainlandPackages.warehouseInfoId, f.warehouseInfoId));
  if (f.site !== undefined) parts.push(eq(mainlandPackages.site, f.site));
  if (f.cargoCategory !== undefined) parts.push(eq(mainlandPackages.cargoCategory, f.cargoCategory));
  if (f.isSend !== undefined) parts.push(eq(mainlandPackages.isSend, f.isSend));
  if (f.appointUserId !== undefined) parts.push(eq(mainlandPackages.appointUserId, f.appointUserId));
  if (f.timeFrom) parts.push(gte(mainlandPackages.creationTime, new Date(f.timeFrom)));
  if (f.timeTo) parts.push(lte(mainlandPackages.creationTime, new Date(f.timeTo)));
  if (f.keyword) {
    parts.push(or(
      eq(mainlandPackages.packageName, f.keyword), eq(mainlandPackages.mainLandInterNationalShipment, f.keyword),
      sql`exists (select 1 from ${orders} where ${orders.mainlandPackageId} = ${mainlandPackages.id} and ${orders.tradeNo} = ${f.keyword})`,
    )!);
  }
  return parts.length ? and(...parts) : undefined;
}

function select(tx: Db) {
  return tx.select({
    pkg: mainlandPackages, warehouseName: warehouseInfos.warehouseName,
    appointUserName: displayName(appointUser), createUserName: displayName(createUser), updateUserName: displayName(updateUser),
  }).from(mainlandPackages)
    .leftJoin(warehouseInfos, eq(warehouseInfos.id, mainlandPackages.warehouseInfoId))
    .leftJoin(appointUser, eq(appointUser.id, mainlandPackages.appointUserId))
    .leftJoin(createUser, eq(createUser.id, mainlandPackages.createUserId))
    .leftJoin(updateUser, eq(updateUser.id, mainlandPackages.updateUserId))
    .$dynamic();
}

type Selected = { pkg: PackageRow; warehouseName: string | null; appointUserName: string | null; createUserName: string | null; updateUserName: string | null };
const viewOf = (r: Selected): PackageView => ({
  ...r.pkg, warehouseName: r.warehouseName ?? '', appointUserName: r.pkg.appointUserId ? r.appointUserName : null,
  createUserName: r.pkg.createUserId ? r.createUserName : null, updateUserName: r.pkg.updateUserId ? r.updateUserName : null,
});

export async function listPackages(tx: Db, f: PackageFilter, page: { limit: number; offset: number }): Promise<{ total: number; rows: PackageView[] }> {
  const where = packageWhere(f);
  const [total] = await tx.select({ n: count() }).from(mainlandPackages).where(where);
  // Open bags first, then the newest.
  const rows = await select(tx).where(where).orderBy(asc(mainlandPackages.isSend), desc(mainlandPackages.id)).limit(pageLimit(page.limit)).offset(page.offset);
  return { total: total?.n ?? 0, rows: rows.map(viewOf) };
}

export async function getPackage(tx: Db, id: number): Promise<PackageView | undefined> {
  const [row] = await select(tx).where(eq(mainlandPackages.id, id));
  return row ? viewOf(row) : undefined;
}

/** Locks the bag row: bagging into it and closing it are serialised. */
export async function lockPackage(tx: Db, id: number): Promise<PackageRow | undefined> {
  const [row] = await tx.select().from(mainlandPackages).where(eq(mainlandPackages.id, id)).for('update');
  return row;
}

export async function insertPackage(tx: Db, values: Omit<typeof mainlandPackages.$inferInsert, 'id' | 'tenantId'>): Promise<PackageRow> {
  const [row] = await tx.insert(mainlandPackages).values(values).returning();
  return row!;
}

export async function updatePackage(tx: Db, id: number, values: Partial<typeof mainlandPackages.$inferInsert>): Promise<void> {
  await tx.update(mainlandPackages).set(values).where(eq(mainlandPackages.id, id));
}

export async function waybillTaken(tx: Db, waybill: string, exceptId?: number): Promise<boolean> {
  const [row] = await tx.select({ id: mainlandPackages.id }).from(mainlandPackages)
    .where(and(eq(mainlandPackages.mainLandInterNationalShipment, waybill), exceptId ? ne(mainlandPackages.id, exceptId) : undefined)).limit(1);
  return !!row;
}

/** The orders in each bag, oldest first. */
export async function ordersOf(tx: Db, packageIds: readonly number[]) {
  const out = new Map<number, { id: number; tradeNo: string; orderNumber: string; userCode: string; orderStatus: number; packageStatus: number }[]>();
  if (packageIds.length === 0) return out;
  const rows = await tx.select({
    packageId: orders.mainlandPackageId, id: orders.id, tradeNo: orders.tradeNo, orderNumber: orders.orderNumber, userCode: orders.userCode,
    orderStatus: orders.orderStatus, packageStatus: orders.packageStatus,
  }).from(orders).where(inArray(orders.mainlandPackageId, [...packageIds])).orderBy(asc(orders.id));
  for (const { packageId, ...order } of rows) {
    const list = out.get(packageId!) ?? [];
    list.push(order);
    out.set(packageId!, list);
  }
  return out;
}

export async function ordersInPackage(tx: Db, packageId: number) {
  return tx.select({ id: orders.id, tradeNo: orders.tradeNo, orderStatus: orders.orderStatus, packageStatus: orders.packageStatus })
    .from(orders).where(eq(orders.mainlandPackageId, packageId)).orderBy(asc(orders.id));
}

export async function setOrderPackage(tx: Db, orderId: number, packageId: number | null, now: Date): Promise<void> {
  await tx.update(orders).set({ mainlandPackageId: packageId, lastModificationTime: now }).where(eq(orders.id, orderId));
}

/** A staff member of this tenant who can be given a bag (active, back office). */
export async function staffUser(tx: Db, id: number) {
  const [row] = await tx.select({ id: users.id }).from(users)
    .where(and(eq(users.id, id), eq(users.userType, 0), eq(users.isActive, true), eq(users.isDeleted, false)));
  return row;
}

/** Active back-office staff, by name. */
export async function listStaff(tx: Db) {
  return tx.select({ id: users.id, name: users.name, userName: users.userName }).from(users)
    .where(and(eq(users.userType, 0), eq(users.isActive, true), eq(users.isDeleted, false))).orderBy(asc(users.userName)).limit(500);
}
