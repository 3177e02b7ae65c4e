// Overseas orders' own queries and buyers' returns (DOMAIN §8): Drizzle queries only. The orders
// themselves are rows of `orders` (orderType 4) read and written through modules/orders.
import { and, asc, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pageLimit } from '../../db/page-limit.ts';
import { cappedCount } from '../../db/capped-count.ts';
import { ORDER_STATUS, ORDER_TYPE, PACKAGE_STATUS } from '#shared/enums.ts';
import { abroadReturnItems, abroadReturns, orders, stockProducts, stores, warehouseInfos } from '../../db/schema/index.ts';

export type AbroadReturnRow = typeof abroadReturns.$inferSelect;
export type AbroadReturnItemRow = typeof abroadReturnItems.$inferSelect;

/** The overseas orders of a warehouse (and site) ready to hand over: packed, fully paid, worked on. */
export async function shippableAbroadOrderIds(tx: Db, f: { warehouseInfoId: number; site?: string | undefined }): Promise<number[]> {
  const rows = await tx.select({ id: orders.id }).from(orders).where(and(
    eq(orders.orderType, ORDER_TYPE.abroad), eq(orders.warehouseInfoId, f.warehouseInfoId), f.site ? eq(orders.site, f.site) : undefined,
    eq(orders.packageStatus, PACKAGE_STATUS.packed), eq(orders.orderStatus, ORDER_STATUS.processing), eq(orders.owedCents, 0),
  )).orderBy(asc(orders.id)).limit(5000);
  return rows.map((r) => r.id);
}

/** Of the given order ids, those of overseas orders. */
export async function abroadOrderIds(tx: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx.select({ id: orders.id }).from(orders).where(and(inArray(orders.id, [...ids]), eq(orders.orderType, ORDER_TYPE.abroad)));
  return new Set(rows.map((r) => r.id));
}

// ── returns ──────────────────────────────────────────────────────────────────

export interface AbroadReturnView {
  row: AbroadReturnRow; tradeNo: string | null; storeName: string | null; warehouseName: string | null;
}
const returnView = { row: abroadReturns, tradeNo: orders.tradeNo, storeName: stores.storeName, warehouseName: warehouseInfos.warehouseName };
const viewFrom = (tx: Db) => tx.select(returnView).from(abroadReturns)
  .leftJoin(orders, eq(orders.id, abroadReturns.orderId)).leftJoin(stores, eq(stores.id, orders.storeId))
  .leftJoin(warehouseInfos, eq(warehouseInfos.id, abroadReturns.warehouseInfoId));

export interface ReturnFilter {
  userId?: number | undefined; userCode?: string | undefined; warehouseInfoId?: number | undefined; returnStatus?: number | undefined;
  number?: string | undefined; timeFrom?: string | undefined; timeTo?: string | undefined;
}

function returnWhere(f: ReturnFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (f.userId !== undefined) parts.push(eq(abroadReturns.userId, f.userId));
  if (f.userCode) parts.push(eq(abroadReturns.userCode, f.userCode));
  if (f.warehouseInfoId !== undefined) parts.push(eq(abroadReturns.warehouseInfoId, f.warehouseInfoId));
  if (f.returnStatus !== undefined) parts.push(eq(abroadReturns.returnStatus, f.returnStatus));
  if (f.timeFrom) parts.push(gte(abroadReturns.creationTime, new Date(f.timeFrom)));
  if (f.timeTo) parts.push(lte(abroadReturns.creationTime, new Date(f.timeTo)));
  if (f.number) {
    // The return number, the marketplace order number or the order's trade number.
    parts.push(or(
      eq(abroadReturns.returnNumber, f.number), eq(abroadReturns.orderNumber, f.number),
      sql`exists (select 1 from ${orders} o where o.id = ${abroadReturns.orderId} and o.trade_no = ${f.number})`,
    )!);
  }
  return parts.length ? and(...parts) : undefined;
}

export async function listReturns(tx: Db, f: ReturnFilter, page: { limit: number; offset: number }) {
  const where = returnWhere(f);
  const { total, capped } = await cappedCount(tx, abroadReturns, where);
  const rows: AbroadReturnView[] = await viewFrom(tx).where(where).orderBy(desc(abroadReturns.id)).limit(pageLimit(page.limit)).offset(page.offset);
  return { total, capped, rows };
}

/** A batch of the returns an export streams: newest first, below beforeId. */
export async function exportReturnBatch(tx: Db, f: ReturnFilter, beforeId: number | null, limit: number): Promise<AbroadReturnView[]> {
  return viewFrom(tx).where(and(returnWhere(f), beforeId === null ? undefined : sql`${abroadReturns.id} < ${beforeId}`))
    .orderBy(desc(abroadReturns.id)).limit(limit);
}

export async function getReturn(tx: Db, id: number): Promise<AbroadReturnView | undefined> {
  const [row] = await viewFrom(tx).where(eq(abroadReturns.id, id));
  return row;
}

export async function returnByNumber(tx: Db, returnNumber: string): Promise<AbroadReturnRow | undefined> {
  const [row] = await tx.select().from(abroadReturns).where(eq(abroadReturns.returnNumber, returnNumber));
  return row;
}

export async function lockReturn(tx: Db, id: number): Promise<AbroadReturnRow | undefined> {
  const [row] = await tx.select().from(abroadReturns).where(eq(abroadReturns.id, id)).for('update');
  return row;
}

/** Inserts a return unless its number is taken in the tenant: undefined then. */
export async function insertReturn(tx: Db, values: Omit<typeof abroadReturns.$inferInsert, 'id' | 'tenantId'>): Promise<AbroadReturnRow | undefined> {
  const [row] = await tx.insert(abroadReturns).values(values).onConflictDoNothing({ target: [abroadReturns.tenantId, abroadReturns.returnNumber] }).returning();
  return row;
}

export async function updateReturn(tx: Db, id: number, values: Partial<typeof abroadReturns.$inferInsert>): Promise<AbroadReturnRow> {
  const [row] = await tx.update(abroadReturns).set(values).where(eq(abroadReturns.id, id)).returning();
  return row!;
}

export async function insertReturnItems(tx: Db, returnId: number, items: readonly { stockProductId: number; quantity: number }[]): Promise<void> {
  if (items.length === 0) return;
  await tx.insert(abroadReturnItems).values(items.map((i) => ({ returnId, stockProductId: i.stockProductId, quantity: i.quantity })));
}

export interface ReturnItemView { returnId: number; stockProductId: number; quantity: number; productSku: string | null; productName: string | null; barCode: string | null }

/** What the returns put back into stock, per return, with the products' names. */
export async function itemsOf(tx: Db, returnIds: readonly number[]): Promise<Map<number, ReturnItemView[]>> {
  const map = new Map<number, ReturnItemView[]>();
  if (returnIds.length === 0) return map;
  const rows = await tx.select({
    returnId: abroadReturnItems.returnId, stockProductId: abroadReturnItems.stockProductId, quantity: abroadReturnItems.quantity,
    productSku: stockProducts.productSku, productName: stockProducts.productName, barCode: stockProducts.barCode,
  }).from(abroadReturnItems).leftJoin(stockProducts, eq(stockProducts.id, abroadReturnItems.stockProductId))
    .where(inArray(abroadReturnItems.returnId, [...returnIds])).orderBy(abroadReturnItems.id);
  for (const r of rows) map.set(r.returnId, [...(map.get(r.returnId) ?? []), r]);
  return map;
}

/** How many of each product the order's returns have already put back into stock. */
export async function returnedOfOrder(tx: Db, orderId: number): Promise<Map<number, number>> {
  const rows = await tx.select({ stockProductId: abroadReturnItems.stockProductId, quantity: sql<number>`sum(${abroadReturnItems.quantity})::int` })
    .from(abroadReturnItems).innerJoin(abroadReturns, eq(abroadReturns.id, abroadReturnItems.returnId))
    .where(eq(abroadReturns.orderId, orderId)).groupBy(abroadReturnItems.stockProductId);
  return new Map(rows.map((r) => [r.stockProductId, Number(r.quantity)]));
}

/** Barcodes of products, for the floor's lines. */
/** Each stock product's bar code and shelf position (库位: where a returned item goes back). */
export async function productLabelsOf(tx: Db, ids: readonly number[]): Promise<Map<number, { barCode: string | null; shelfPosition: string | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.select({ id: stockProducts.id, barCode: stockProducts.barCode, shelfPosition: stockProducts.shelfPosition })
    .from(stockProducts).where(inArray(stockProducts.id, [...ids]));
  return new Map(rows.map((r) => [r.id, { barCode: r.barCode, shelfPosition: r.shelfPosition }]));
}
