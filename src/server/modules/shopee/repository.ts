// Authorised Shopee shops and the orders synced from them (DOMAIN §8).
import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pageLimit } from '../../db/page-limit.ts';
import { shopeeOrders, shopeeShops } from '../../db/schema/index.ts';

export type ShopRow = typeof shopeeShops.$inferSelect;
type NewShop = Omit<typeof shopeeShops.$inferInsert, 'id' | 'tenantId'>;

export async function listShops(tx: Db, f: { userId: number; keyword?: string | undefined; status?: number | undefined; now: Date }, page: { limit: number; offset: number }) {
  const parts: (SQL | undefined)[] = [eq(shopeeShops.userId, f.userId)];
  if (f.keyword) parts.push(or(ilike(shopeeShops.shopName, `%${f.keyword}%`), ilike(shopeeShops.customShopName, `%${f.keyword}%`)));
  // Status as shown: an authorised shop past its expiry reads as 2 已过期.
  if (f.status === 1) parts.push(eq(shopeeShops.shopeeStatus, 1), gt(shopeeShops.expireTime, f.now));
  if (f.status === 2) parts.push(or(eq(shopeeShops.shopeeStatus, 2), and(eq(shopeeShops.shopeeStatus, 1), lt(shopeeShops.expireTime, f.now))));
  if (f.status === 3) parts.push(eq(shopeeShops.shopeeStatus, 3));
  const where = and(...parts);
  const [total] = await tx.select({ n: count() }).from(shopeeShops).where(where);
  const rows = await tx.select().from(shopeeShops).where(where).orderBy(desc(shopeeShops.id)).limit(pageLimit(page.limit)).offset(page.offset);
  return { total: total?.n ?? 0, rows };
}

/** The tenant's row of a Shopee shop, whoever authorised it. */
export async function shopByShopId(tx: Db, shopId: number, forUpdate = false): Promise<ShopRow | undefined> {
  const q = tx.select().from(shopeeShops).where(eq(shopeeShops.shopId, shopId));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

/**
 * Whether a seller other than this one holds the shop authorised, in any tenant (migration 0034's
 * function: the request sees only its own tenant's rows). Says nothing of who.
 */
export async function shopTakenElsewhere(tx: Db, shopId: number, tenantId: number, userId: number): Promise<boolean> {
  const result = await tx.execute(sql`select haicang_shopee_shop_taken(${shopId}::bigint, ${tenantId}::bigint, ${userId}::bigint) as taken`);
  return (result as unknown as { rows: { taken: boolean }[] }).rows[0]?.taken === true;
}

/** The unique index that lets one seller at a time hold a shop authorised (migration 0034). */
export const AUTHORISED_SHOP_INDEX = 'shopee_shops_authorised_uq';

export async function shopsOfUser(tx: Db, userId: number, shopIds?: readonly number[]): Promise<ShopRow[]> {
  return tx.select().from(shopeeShops)
    .where(and(eq(shopeeShops.userId, userId), shopIds ? inArray(shopeeShops.shopId, [...shopIds]) : undefined))
    .orderBy(asc(shopeeShops.id));
}

export async function getShop(tx: Db, id: number): Promise<ShopRow | undefined> {
  const [row] = await tx.select().from(shopeeShops).where(eq(shopeeShops.id, id));
  return row;
}

export async function insertShop(tx: Db, values: NewShop): Promise<ShopRow> {
  const [row] = await tx.insert(shopeeShops).values(values).returning();
  return row!;
}

export async function updateShop(tx: Db, id: number, values: Partial<NewShop>): Promise<ShopRow> {
  const [row] = await tx.update(shopeeShops).set(values).where(eq(shopeeShops.id, id)).returning();
  return row!;
}

export async function deleteShops(tx: Db, userId: number, shopIds: readonly number[]): Promise<void> {
  await tx.delete(shopeeShops).where(and(eq(shopeeShops.userId, userId), inArray(shopeeShops.shopId, [...shopIds])));
}

/**
 * Takes the right to refresh the shop's token until leaseUntil, answering the row as it stands;
 * undefined when another server holds it, the shop is no longer authorised, or (unless forced) the
 * access token is still good past dueBefore. One statement: of two callers, one gets the row.
 */
export async function claimRefresh(tx: Db, id: number, opts: { now: Date; leaseUntil: Date; dueBefore: Date | null }): Promise<ShopRow | undefined> {
  const [row] = await tx.update(shopeeShops).set({ refreshLeaseUntil: opts.leaseUntil })
    .where(and(
      eq(shopeeShops.id, id), eq(shopeeShops.shopeeStatus, 1),
      or(isNull(shopeeShops.refreshLeaseUntil), lt(shopeeShops.refreshLeaseUntil, opts.now)),
      opts.dueBefore ? lt(shopeeShops.accessTokenExpiresAt, opts.dueBefore) : undefined,
    ))
    .returning();
  return row;
}

/** Stores the new tokens in place of the ones the refresh used up (only if they are still the stored ones) and ends the lease. */
export async function storeRefreshed(tx: Db, id: number, usedRefreshToken: string, next: { accessToken: string; refreshToken: string; accessTokenExpiresAt: Date }): Promise<boolean> {
  const rows = await tx.update(shopeeShops).set({ ...next, refreshLeaseUntil: null })
    .where(and(eq(shopeeShops.id, id), eq(shopeeShops.refreshToken, usedRefreshToken)))
    .returning({ id: shopeeShops.id });
  return rows.length === 1;
}

export async function endLease(tx: Db, id: number, values: Partial<NewShop> = {}): Promise<void> {
  await tx.update(shopeeShops).set({ ...values, refreshLeaseUntil: null }).where(eq(shopeeShops.id, id));
}

/** Every tenant's authorised shops whose access token ends before `before` (owner connection, for the job). */
export async function shopsDueForRefresh(root: Db, before: Date): Promise<{ tenantId: number; id: number }[]> {
  return root.select({ tenantId: shopeeShops.tenantId, id: shopeeShops.id }).from(shopeeShops)
    .where(and(eq(shopeeShops.shopeeStatus, 1), lt(shopeeShops.accessTokenExpiresAt, before)));
}

/** Every tenant's authorised, unexpired shops (owner connection, for the scheduled sync). */
export async function shopsToSync(root: Db, now: Date): Promise<{ tenantId: number; id: number; userId: number }[]> {
  return root.select({ tenantId: shopeeShops.tenantId, id: shopeeShops.id, userId: shopeeShops.userId }).from(shopeeShops)
    .where(and(eq(shopeeShops.shopeeStatus, 1), gt(shopeeShops.expireTime, now)));
}

/** Which of these order_sn of the shop were synced already. */
export async function syncedOrderSns(tx: Db, shopId: number, orderSns: readonly string[]): Promise<Set<string>> {
  if (!orderSns.length) return new Set();
  const rows = await tx.select({ orderSn: shopeeOrders.orderSn }).from(shopeeOrders)
    .where(and(eq(shopeeOrders.shopId, shopId), inArray(shopeeOrders.orderSn, [...orderSns])));
  return new Set(rows.map((r) => r.orderSn));
}

/** Records (shop, order_sn) once; false when it is there already (a concurrent sync took it). */
export async function claimOrderSn(tx: Db, v: { shopId: number; orderSn: string; userId: number }): Promise<boolean> {
  const rows = await tx.insert(shopeeOrders).values(v).onConflictDoNothing().returning({ id: shopeeOrders.id });
  return rows.length === 1;
}

export async function linkOrder(tx: Db, shopId: number, orderSn: string, orderId: number): Promise<void> {
  await tx.update(shopeeOrders).set({ orderId }).where(and(eq(shopeeOrders.shopId, shopId), eq(shopeeOrders.orderSn, orderSn)));
}

/** The seller's synced order with this order_sn, with its shop. */
export async function syncedOrder(tx: Db, userId: number, orderSn: string) {
  const [row] = await tx.select({ orderId: shopeeOrders.orderId, shop: shopeeShops }).from(shopeeOrders)
    .innerJoin(shopeeShops, and(eq(shopeeShops.shopId, shopeeOrders.shopId), eq(shopeeShops.tenantId, shopeeOrders.tenantId)))
    .where(and(eq(shopeeOrders.userId, userId), eq(shopeeOrders.orderSn, orderSn), eq(shopeeShops.userId, userId)))
    .orderBy(desc(shopeeOrders.id)).limit(1);
  return row;
}


/** Takes the shop's scheduled sync until leaseUntil; false when another server is syncing it. */
export async function claimSync(tx: Db, id: number, now: Date, leaseUntil: Date): Promise<boolean> {
  const rows = await tx.update(shopeeShops).set({ syncLeaseUntil: leaseUntil })
    .where(and(eq(shopeeShops.id, id), or(isNull(shopeeShops.syncLeaseUntil), lt(shopeeShops.syncLeaseUntil, now))))
    .returning({ id: shopeeShops.id });
  return rows.length === 1;
}

export async function endSyncLease(tx: Db, id: number): Promise<void> {
  await tx.update(shopeeShops).set({ syncLeaseUntil: null }).where(eq(shopeeShops.id, id));
}
