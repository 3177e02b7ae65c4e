// Sellers' shops (DOMAIN §2): Drizzle queries only. Orders read a store through here.
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pageLimit } from '../../db/page-limit.ts';
import { stores, users } from '../../db/schema/index.ts';

export type StoreRow = typeof stores.$inferSelect;

export async function getStore(tx: Db, id: number): Promise<StoreRow | undefined> {
  const [row] = await tx.select().from(stores).where(and(eq(stores.id, id), eq(stores.isDeleted, false)));
  return row;
}

export async function storesOfUser(tx: Db, userId: number): Promise<StoreRow[]> {
  return tx.select().from(stores).where(and(eq(stores.userId, userId), eq(stores.isDeleted, false))).orderBy(stores.id);
}

export async function listStores(tx: Db, f: { keyword?: string | undefined; userId?: number | undefined; site?: string | undefined; whetherEffective?: boolean | undefined }, page: { limit: number; offset: number }) {
  const parts: SQL[] = [eq(stores.isDeleted, false)];
  if (f.userId !== undefined) parts.push(eq(stores.userId, f.userId));
  if (f.site) parts.push(eq(stores.site, f.site));
  if (f.whetherEffective !== undefined) parts.push(eq(stores.whetherEffective, f.whetherEffective));
  if (f.keyword) parts.push(or(ilike(stores.storeName, `%${f.keyword}%`), ilike(users.userCode, `%${f.keyword}%`), ilike(stores.contactName, `%${f.keyword}%`))!);
  const where = and(...parts);
  const [total] = await tx.select({ n: count() }).from(stores).leftJoin(users, eq(users.id, stores.userId)).where(where);
  const rows = await tx.select({ store: stores, userCode: users.userCode, userName: users.name }).from(stores).leftJoin(users, eq(users.id, stores.userId))
    .where(where).orderBy(desc(stores.id)).limit(pageLimit(page.limit)).offset(page.offset);
  return { total: total?.n ?? 0, rows };
}

export async function storeOwner(tx: Db, storeId: number) {
  const [row] = await tx.select({ store: stores, userCode: users.userCode, userName: users.name }).from(stores).leftJoin(users, eq(users.id, stores.userId)).where(eq(stores.id, storeId));
  return row;
}

export async function insertStore(tx: Db, values: Omit<typeof stores.$inferInsert, 'id' | 'tenantId'>): Promise<StoreRow> {
  const [row] = await tx.insert(stores).values(values).returning();
  return row!;
}

export async function updateStore(tx: Db, id: number, values: Partial<typeof stores.$inferInsert>): Promise<StoreRow | undefined> {
  const [row] = await tx.update(stores).set(values).where(and(eq(stores.id, id), eq(stores.isDeleted, false))).returning();
  return row;
}

export async function sellerById(tx: Db, id: number) {
  const [row] = await tx.select().from(users).where(and(eq(users.id, id), eq(users.userType, 1), eq(users.isDeleted, false)));
  return row;
}
