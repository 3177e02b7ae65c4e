// The fake Open Platform's state (decision 0028): its shops, grants (codes and tokens) and orders.
// Platform rows, read and written on the owner connection by the fake's routes only.
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { shopeeSandboxGrants, shopeeSandboxOrders, shopeeSandboxShops, type SandboxOrderItem } from '../../db/schema/index.ts';

export type SandboxShop = typeof shopeeSandboxShops.$inferSelect;
export type SandboxOrder = typeof shopeeSandboxOrders.$inferSelect;
export type GrantKind = 'code' | 'access' | 'refresh';

export async function getShop(db: Db, shopId: number): Promise<SandboxShop | undefined> {
  const [row] = await db.select().from(shopeeSandboxShops).where(eq(shopeeSandboxShops.shopId, shopId));
  return row;
}

/** The shop, created (region TW) when the platform has never seen it; a given name replaces the old one. */
export async function ensureShop(db: Db, shopId: number, shopName: string | undefined, region: string | undefined): Promise<SandboxShop> {
  const name = shopName ?? `虾皮测试店铺${shopId}`;
  const [row] = await db.insert(shopeeSandboxShops).values({ shopId, shopName: name, region: region ?? 'TW' })
    .onConflictDoUpdate({
      target: shopeeSandboxShops.shopId,
      set: {
        shopName: shopName ? name : sql`${shopeeSandboxShops.shopName}`,
        region: region ? region : sql`${shopeeSandboxShops.region}`,
      },
    })
    .returning();
  return row!;
}

export async function setAuthorised(db: Db, shopId: number, authorised: boolean, authTime: number | null, expireTime: number | null): Promise<void> {
  await db.update(shopeeSandboxShops).set({ authorised, authTime, expireTime }).where(eq(shopeeSandboxShops.shopId, shopId));
}

export async function insertGrant(db: Db, kind: GrantKind, token: string, shopId: number, expiresAt: number): Promise<void> {
  await db.insert(shopeeSandboxGrants).values({ token, kind, shopId, expiresAt });
}

/** Marks a one-use grant used and answers it; undefined when it is unknown, used already or expired. */
export async function useGrant(db: Db, kind: GrantKind, token: string, shopId: number, now: number) {
  const [row] = await db.update(shopeeSandboxGrants).set({ used: true })
    .where(and(eq(shopeeSandboxGrants.token, token), eq(shopeeSandboxGrants.kind, kind), eq(shopeeSandboxGrants.shopId, shopId),
      eq(shopeeSandboxGrants.used, false), gte(shopeeSandboxGrants.expiresAt, now)))
    .returning();
  return row;
}

export async function findGrant(db: Db, kind: GrantKind, token: string) {
  const [row] = await db.select().from(shopeeSandboxGrants).where(and(eq(shopeeSandboxGrants.token, token), eq(shopeeSandboxGrants.kind, kind)));
  return row;
}

export interface SeedOrder {
  order_sn: string; order_status: string; update_time: number; create_time?: number | undefined;
  item_list: SandboxOrderItem[]; recipient_address?: Record<string, unknown> | undefined;
}

export async function upsertOrders(db: Db, shopId: number, orders: readonly SeedOrder[]): Promise<void> {
  if (!orders.length) return;
  await db.insert(shopeeSandboxOrders).values(orders.map((o) => ({
    shopId, orderSn: o.order_sn, orderStatus: o.order_status, updateTime: o.update_time, createTime: o.create_time ?? o.update_time,
    itemList: o.item_list, recipientAddress: o.recipient_address ?? null,
  }))).onConflictDoUpdate({
    target: [shopeeSandboxOrders.shopId, shopeeSandboxOrders.orderSn],
    set: {
      orderStatus: sql`excluded.order_status`, updateTime: sql`excluded.update_time`, itemList: sql`excluded.item_list`,
      recipientAddress: sql`excluded.recipient_address`,
    },
  });
}

/** One page of get_order_list: by update_time (or create_time), then order_sn; one more row says whether there is more. */
export async function listOrders(db: Db, f: { shopId: number; field: 'update_time' | 'create_time'; from: number; to: number; status?: string | undefined; offset: number; limit: number }) {
  const t = shopeeSandboxOrders;
  const column = f.field === 'update_time' ? t.updateTime : t.createTime;
  return db.select({ orderSn: t.orderSn }).from(t)
    .where(and(eq(t.shopId, f.shopId), gte(column, f.from), lte(column, f.to), f.status ? eq(t.orderStatus, f.status) : undefined))
    .orderBy(asc(column), asc(t.orderSn)).limit(f.limit + 1).offset(f.offset);
}

export async function ordersBySn(db: Db, shopId: number, orderSns: readonly string[]): Promise<SandboxOrder[]> {
  if (!orderSns.length) return [];
  return db.select().from(shopeeSandboxOrders).where(and(eq(shopeeSandboxOrders.shopId, shopId), inArray(shopeeSandboxOrders.orderSn, [...orderSns])));
}

export async function setDocument(db: Db, shopId: number, orderSn: string, status: 'PROCESSING' | 'READY', polls: number): Promise<void> {
  await db.update(shopeeSandboxOrders).set({ documentStatus: status, documentPolls: polls })
    .where(and(eq(shopeeSandboxOrders.shopId, shopId), eq(shopeeSandboxOrders.orderSn, orderSn)));
}
