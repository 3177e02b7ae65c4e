// Stock orders and combination products (DOMAIN §7): Drizzle queries only. The orders themselves are
// rows of `orders` (orderType 3, read through orders/repository.ts); this is what they take from stock.
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pageLimit } from '../../db/page-limit.ts';
import { orders, stockCombinationItems, stockCombinations, stockOrderItems, stockProducts } from '../../db/schema/index.ts';
import { ORDER_STATUS, ORDER_TYPE, PACKAGE_STATUS } from '#shared/enums.ts';

export type StockOrderItemRow = typeof stockOrderItems.$inferSelect;
export type CombinationRow = typeof stockCombinations.$inferSelect;

export interface ItemView {
  orderId: number; stockProductId: number; quantity: number; combinationId: number | null; combinationSku: string | null;
  productSku: string; productName: string; barCode: string; shelfPosition: string | null;
}

export async function itemsOf(tx: Db, orderIds: readonly number[]): Promise<Map<number, ItemView[]>> {
  const map = new Map<number, ItemView[]>();
  if (orderIds.length === 0) return map;
  const rows = await tx.select({
    orderId: stockOrderItems.orderId, stockProductId: stockOrderItems.stockProductId, quantity: stockOrderItems.quantity,
    combinationId: stockOrderItems.combinationId, combinationSku: stockCombinations.productSku,
    productSku: stockProducts.productSku, productName: stockProducts.productName, barCode: stockProducts.barCode, shelfPosition: stockProducts.shelfPosition,
  }).from(stockOrderItems)
    .innerJoin(stockProducts, eq(stockProducts.id, stockOrderItems.stockProductId))
    .leftJoin(stockCombinations, eq(stockCombinations.id, stockOrderItems.combinationId))
    .where(inArray(stockOrderItems.orderId, [...orderIds])).orderBy(asc(stockOrderItems.id));
  for (const r of rows) map.set(r.orderId, [...(map.get(r.orderId) ?? []), r]);
  return map;
}

export async function replaceItems(tx: Db, orderId: number, items: readonly { stockProductId: number; quantity: number; combinationId: number | null }[]): Promise<void> {
  await tx.delete(stockOrderItems).where(eq(stockOrderItems.orderId, orderId));
  if (items.length) await tx.insert(stockOrderItems).values(items.map((i) => ({ ...i, orderId })));
}

/** Stock orders that take a product (by id or SKU, optionally one seller's), newest first. */
export async function orderIdsTaking(tx: Db, f: { stockProductId?: number | undefined; productSku?: string | undefined; userId?: number | undefined }, page: { limit: number; offset: number }) {
  const parts: SQL[] = [eq(orders.orderType, ORDER_TYPE.stock)];
  if (f.stockProductId !== undefined) parts.push(eq(stockOrderItems.stockProductId, f.stockProductId));
  if (f.productSku) parts.push(or(eq(stockProducts.productSku, f.productSku), ilike(stockProducts.productSku, `%${f.productSku}%`))!);
  if (f.userId !== undefined) parts.push(eq(orders.userId, f.userId));
  const where = and(...parts);
  const base = () => tx.selectDistinct({ id: orders.id }).from(orders)
    .innerJoin(stockOrderItems, eq(stockOrderItems.orderId, orders.id)).innerJoin(stockProducts, eq(stockProducts.id, stockOrderItems.stockProductId));
  const [total] = await tx.select({ n: count() }).from(base().where(where).as('taking'));
  const rows = await base().where(where).orderBy(desc(orders.id)).limit(pageLimit(page.limit)).offset(page.offset);
  return { total: total?.n ?? 0, ids: rows.map((r) => r.id) };
}

/** Open stock orders waiting to be picked (已到齐), urgent first, oldest first: the floor's picking list. */
export async function pickableOrderIds(tx: Db, warehouseInfoId: number | undefined, limit: number): Promise<number[]> {
  const rows = await tx.select({ id: orders.id }).from(orders).where(and(
    eq(orders.orderType, ORDER_TYPE.stock), eq(orders.packageStatus, PACKAGE_STATUS.complete),
    inArray(orders.orderStatus, [ORDER_STATUS.pending, ORDER_STATUS.processing]),
    warehouseInfoId === undefined ? undefined : eq(orders.warehouseInfoId, warehouseInfoId),
  )).orderBy(desc(orders.isUrgent), asc(orders.id)).limit(limit);
  return rows.map((r) => r.id);
}

export async function stockOrderStatistics(tx: Db, userId: number) {
  const where = and(eq(orders.userId, userId), eq(orders.orderType, ORDER_TYPE.stock));
  const byStatus = await tx.select({ code: orders.orderStatus, n: count() }).from(orders).where(where).groupBy(orders.orderStatus);
  const byPackage = await tx.select({ code: orders.packageStatus, n: count() }).from(orders).where(where).groupBy(orders.packageStatus);
  return { byStatus, byPackage };
}

// Combination products

export interface CombinationPart { stockProductId: number; quantity: number; productSku: string; productName: string; available: number }

export async function getCombination(tx: Db, id: number, userId: number): Promise<CombinationRow | undefined> {
  const [row] = await tx.select().from(stockCombinations)
    .where(and(eq(stockCombinations.id, id), eq(stockCombinations.userId, userId), eq(stockCombinations.isDeleted, false)));
  return row;
}

export async function partsOf(tx: Db, combinationIds: readonly number[]): Promise<Map<number, CombinationPart[]>> {
  const map = new Map<number, CombinationPart[]>();
  if (combinationIds.length === 0) return map;
  const rows = await tx.select({
    combinationId: stockCombinationItems.combinationId, stockProductId: stockCombinationItems.stockProductId, quantity: stockCombinationItems.quantity,
    productSku: stockProducts.productSku, productName: stockProducts.productName, available: stockProducts.available,
  }).from(stockCombinationItems).innerJoin(stockProducts, eq(stockProducts.id, stockCombinationItems.stockProductId))
    .where(inArray(stockCombinationItems.combinationId, [...combinationIds])).orderBy(asc(stockCombinationItems.id));
  for (const { combinationId, ...part } of rows) map.set(combinationId, [...(map.get(combinationId) ?? []), part]);
  return map;
}

export async function listCombinations(tx: Db, userId: number, keyword: string | undefined, page: { limit: number; offset: number }) {
  const parts: SQL[] = [eq(stockCombinations.userId, userId), eq(stockCombinations.isDeleted, false)];
  if (keyword) parts.push(or(ilike(stockCombinations.productSku, `%${keyword}%`), ilike(stockCombinations.productName, `%${keyword}%`))!);
  const where = and(...parts);
  const [total] = await tx.select({ n: count() }).from(stockCombinations).where(where);
  const rows = await tx.select().from(stockCombinations).where(where).orderBy(desc(stockCombinations.id)).limit(pageLimit(page.limit)).offset(page.offset);
  return { total: total?.n ?? 0, rows };
}

/** Inserts a combination; undefined when the seller already has a live one with that SKU. */
export async function insertCombination(tx: Db, values: { userId: number; productSku: string; productName: string }): Promise<CombinationRow | undefined> {
  const [row] = await tx.insert(stockCombinations).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateCombination(tx: Db, id: number, values: Partial<typeof stockCombinations.$inferInsert>): Promise<void> {
  await tx.update(stockCombinations).set(values).where(eq(stockCombinations.id, id));
}

export async function replaceParts(tx: Db, combinationId: number, parts: readonly { stockProductId: number; quantity: number }[]): Promise<void> {
  await tx.delete(stockCombinationItems).where(eq(stockCombinationItems.combinationId, combinationId));
  await tx.insert(stockCombinationItems).values(parts.map((p) => ({ ...p, combinationId })));
}

export async function skuTaken(tx: Db, userId: number, productSku: string, exceptId: number): Promise<boolean> {
  const [row] = await tx.select({ id: stockCombinations.id }).from(stockCombinations).where(and(
    eq(stockCombinations.userId, userId), eq(stockCombinations.productSku, productSku), eq(stockCombinations.isDeleted, false),
    sql`${stockCombinations.id} <> ${exceptId}`,
  ));
  return !!row;
}

/**
 * What a SKU names among the seller's stock, for a marketplace order (Shopee sync): his live
 * combination product of that SKU, else his product of that SKU in the store (the one with the most
 * available when it is in several warehouses); undefined when neither.
 */
export async function stockItemBySku(tx: Db, userId: number, storeId: number, sku: string): Promise<{ combinationId: number } | { stockProductId: number } | undefined> {
  const [combination] = await tx.select({ id: stockCombinations.id }).from(stockCombinations)
    .where(and(eq(stockCombinations.userId, userId), eq(stockCombinations.productSku, sku), eq(stockCombinations.isDeleted, false)));
  if (combination) return { combinationId: combination.id };
  const [product] = await tx.select({ id: stockProducts.id }).from(stockProducts)
    .where(and(eq(stockProducts.userId, userId), eq(stockProducts.storeId, storeId), eq(stockProducts.productSku, sku)))
    .orderBy(desc(stockProducts.available), asc(stockProducts.id)).limit(1);
  return product ? { stockProductId: product.id } : undefined;
}
