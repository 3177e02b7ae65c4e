// Stock products, their movements (listed_histories), reservations and shelves: Drizzle queries only.
// The writes are called by inventory.ts alone (the one writer of quantities, decision 0026).
import { and, asc, count, desc, eq, gte, ilike, inArray, like, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pageLimit } from '../../db/page-limit.ts';
import { cappedCount } from '../../db/capped-count.ts';
import { listedHistories, shelves, stockProducts, stockReservations, stores, warehouseInfos } from '../../db/schema/index.ts';

export type StockProductRow = typeof stockProducts.$inferSelect;
export type ListedHistoryRow = typeof listedHistories.$inferSelect;
export type ShelfRow = typeof shelves.$inferSelect;
type Page = { limit: number; offset: number };

// ───────────── products ─────────────

/** Locks the products (SELECT … FOR UPDATE) in id order, so concurrent movers never deadlock. */
export async function lockProducts(tx: Db, ids: readonly number[]): Promise<StockProductRow[]> {
  if (ids.length === 0) return [];
  return tx.select().from(stockProducts).where(inArray(stockProducts.id, [...ids])).orderBy(asc(stockProducts.id)).for('update');
}

export async function productById(tx: Db, id: number): Promise<StockProductRow | undefined> {
  const [row] = await tx.select().from(stockProducts).where(eq(stockProducts.id, id));
  return row;
}

export async function productByBarCode(tx: Db, barCode: string): Promise<StockProductRow | undefined> {
  const [row] = await tx.select().from(stockProducts).where(eq(stockProducts.barCode, barCode));
  return row;
}

export interface ProductKey { storeId: number; warehouseInfoId: number; productSku: string }

export async function productByKey(tx: Db, k: ProductKey): Promise<StockProductRow | undefined> {
  const [row] = await tx.select().from(stockProducts)
    .where(and(eq(stockProducts.storeId, k.storeId), eq(stockProducts.warehouseInfoId, k.warehouseInfoId), eq(stockProducts.productSku, k.productSku)));
  return row;
}

/** Inserts a product unless its (store, warehouse, SKU) exists: undefined then. */
export async function insertProduct(tx: Db, values: Omit<typeof stockProducts.$inferInsert, 'id' | 'tenantId'>): Promise<StockProductRow | undefined> {
  const [row] = await tx.insert(stockProducts).values(values)
    .onConflictDoNothing({ target: [stockProducts.tenantId, stockProducts.storeId, stockProducts.warehouseInfoId, stockProducts.productSku] }).returning();
  return row;
}

export async function updateProduct(tx: Db, id: number, values: Partial<typeof stockProducts.$inferInsert>): Promise<StockProductRow> {
  const [row] = await tx.update(stockProducts).set({ ...values, lastModificationTime: new Date() }).where(eq(stockProducts.id, id)).returning();
  return row!;
}

export async function barCodeTaken(tx: Db, barCode: string, exceptId?: number): Promise<boolean> {
  const [row] = await tx.select({ id: stockProducts.id }).from(stockProducts)
    .where(and(eq(stockProducts.barCode, barCode), exceptId === undefined ? undefined : sql`${stockProducts.id} <> ${exceptId}`)).limit(1);
  return !!row;
}

export interface ProductFilter {
  userId?: number | undefined; userCode?: string | undefined; keyword?: string | undefined; storeId?: number | undefined;
  warehouseInfoId?: number | undefined; status?: number | undefined; shelfPosition?: string | undefined; belowSafe?: boolean | undefined;
}

function productWhere(f: ProductFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (f.userId !== undefined) parts.push(eq(stockProducts.userId, f.userId));
  if (f.userCode) parts.push(eq(stockProducts.userCode, f.userCode));
  if (f.storeId !== undefined) parts.push(eq(stockProducts.storeId, f.storeId));
  if (f.warehouseInfoId !== undefined) parts.push(eq(stockProducts.warehouseInfoId, f.warehouseInfoId));
  if (f.status !== undefined) parts.push(eq(stockProducts.status, f.status));
  if (f.shelfPosition) parts.push(eq(stockProducts.shelfPosition, f.shelfPosition));
  if (f.belowSafe) parts.push(sql`${stockProducts.available} < ${stockProducts.safeStockNumber}`);
  if (f.keyword) {
    const k = `%${f.keyword}%`;
    parts.push(or(ilike(stockProducts.productSku, k), ilike(stockProducts.productName, k), ilike(stockProducts.barCode, k))!);
  }
  return parts.length ? and(...parts) : undefined;
}

const productColumns = { product: stockProducts, storeName: stores.storeName, warehouseName: warehouseInfos.warehouseName, storeShelfCostCents: stores.onlyOneShelfCost };
export type ProductView = { product: StockProductRow; storeName: string | null; warehouseName: string | null; storeShelfCostCents: number | null };

export async function listProducts(tx: Db, f: ProductFilter, page: Page) {
  const where = productWhere(f);
  const { total, capped } = await cappedCount(tx, stockProducts, where);
  const rows: ProductView[] = await tx.select(productColumns).from(stockProducts)
    .leftJoin(stores, eq(stores.id, stockProducts.storeId)).leftJoin(warehouseInfos, eq(warehouseInfos.id, stockProducts.warehouseInfoId))
    .where(where).orderBy(desc(stockProducts.id)).limit(pageLimit(page.limit)).offset(page.offset);
  return { total, capped, rows };
}

/** A product with its store's and warehouse's names (for its DTO). */
export async function productWithNames(tx: Db, id: number): Promise<ProductView | undefined> {
  const [row] = await tx.select(productColumns).from(stockProducts)
    .leftJoin(stores, eq(stores.id, stockProducts.storeId)).leftJoin(warehouseInfos, eq(warehouseInfos.id, stockProducts.warehouseInfoId))
    .where(eq(stockProducts.id, id));
  return row;
}

// ───────────── movements ─────────────

export async function insertHistories(tx: Db, rows: readonly Omit<typeof listedHistories.$inferInsert, 'id' | 'tenantId'>[]): Promise<ListedHistoryRow[]> {
  if (rows.length === 0) return [];
  return tx.insert(listedHistories).values([...rows]).returning();
}

export interface HistoryFilter {
  ownerUserId?: number | undefined; userCode?: string | undefined; stockProductId?: number | undefined; type?: number | undefined;
  tradeNo?: string | undefined; warehouseInfoId?: number | undefined; timeFrom?: string | undefined; timeTo?: string | undefined;
}

export type HistoryView = { row: ListedHistoryRow; productSku: string | null; productName: string | null; barCode: string | null; userCode: string | null };

export async function listHistories(tx: Db, f: HistoryFilter, page: Page) {
  const parts: SQL[] = [];
  if (f.ownerUserId !== undefined) parts.push(eq(listedHistories.ownerUserId, f.ownerUserId));
  if (f.stockProductId !== undefined) parts.push(eq(listedHistories.stockProductId, f.stockProductId));
  if (f.type !== undefined) parts.push(eq(listedHistories.type, f.type));
  if (f.tradeNo) parts.push(eq(listedHistories.tradeNo, f.tradeNo));
  if (f.warehouseInfoId !== undefined) parts.push(eq(listedHistories.warehouseInfoId, f.warehouseInfoId));
  if (f.timeFrom) parts.push(gte(listedHistories.creationTime, new Date(f.timeFrom)));
  if (f.timeTo) parts.push(lte(listedHistories.creationTime, new Date(f.timeTo)));
  if (f.userCode) parts.push(sql`${listedHistories.stockProductId} in (select ${stockProducts.id} from ${stockProducts} where ${stockProducts.userCode} = ${f.userCode})`);
  const where = parts.length ? and(...parts) : undefined;
  const { total, capped } = await cappedCount(tx, listedHistories, where);
  const rows: HistoryView[] = await tx.select({
    row: listedHistories, productSku: stockProducts.productSku, productName: stockProducts.productName, barCode: stockProducts.barCode, userCode: stockProducts.userCode,
  }).from(listedHistories).leftJoin(stockProducts, eq(stockProducts.id, listedHistories.stockProductId))
    .where(where).orderBy(desc(listedHistories.id)).limit(pageLimit(page.limit)).offset(page.offset);
  return { total, capped, rows };
}

/** The sum of a product's movements (what its inventory must equal). */
export async function movementSum(tx: Db, stockProductId: number): Promise<number> {
  const [row] = await tx.select({ n: sql<number>`coalesce(sum(${listedHistories.quantity}), 0)::int` }).from(listedHistories)
    .where(eq(listedHistories.stockProductId, stockProductId));
  return row?.n ?? 0;
}

// ───────────── reservations ─────────────

export type ReservationRow = typeof stockReservations.$inferSelect;

export async function reservationsOf(tx: Db, ref: string, stockProductIds?: readonly number[]): Promise<ReservationRow[]> {
  return tx.select().from(stockReservations)
    .where(and(eq(stockReservations.ref, ref), stockProductIds ? inArray(stockReservations.stockProductId, [...stockProductIds]) : undefined))
    .orderBy(asc(stockReservations.stockProductId));
}

/** Adds `quantity` to the (ref, product) reservation, creating it when new. */
export async function addReservation(tx: Db, ref: string, stockProductId: number, quantity: number): Promise<void> {
  await tx.insert(stockReservations).values({ ref, stockProductId, quantity })
    .onConflictDoUpdate({ target: [stockReservations.tenantId, stockReservations.ref, stockReservations.stockProductId], set: { quantity: sql`${stockReservations.quantity} + excluded.quantity` } });
}

export async function deleteReservations(tx: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(stockReservations).where(inArray(stockReservations.id, [...ids]));
}

/** The product ids a ref holds (release locks these before touching the rows). */
export async function reservedProductIds(tx: Db, ref: string): Promise<number[]> {
  const rows = await tx.select({ id: stockReservations.stockProductId }).from(stockReservations).where(eq(stockReservations.ref, ref));
  return rows.map((r) => r.id);
}

// ───────────── shelves ─────────────

const shelfColumns = {
  shelf: shelves, warehouseName: warehouseInfos.warehouseName,
  productCount: sql<number>`(select count(*)::int from ${stockProducts} p where p.warehouse_info_id = ${shelves.warehouseInfoId} and p.shelf_position = ${shelves.shelfPosition})`,
  inventory: sql<number>`(select coalesce(sum(p.inventory), 0)::int from ${stockProducts} p where p.warehouse_info_id = ${shelves.warehouseInfoId} and p.shelf_position = ${shelves.shelfPosition})`,
};
export type ShelfView = { shelf: ShelfRow; warehouseName: string | null; productCount: number; inventory: number };

const freeShelf = sql`not exists (select 1 from ${stockProducts} p where p.warehouse_info_id = ${shelves.warehouseInfoId} and p.shelf_position = ${shelves.shelfPosition})`;

export async function listShelves(tx: Db, f: { warehouseInfoId?: number | undefined; shelfPosition?: string | undefined; free?: boolean | undefined }, page: Page) {
  const parts: SQL[] = [];
  if (f.warehouseInfoId !== undefined) parts.push(eq(shelves.warehouseInfoId, f.warehouseInfoId));
  if (f.shelfPosition) parts.push(like(shelves.shelfPosition, `${f.shelfPosition.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  if (f.free !== undefined) parts.push(f.free ? freeShelf : sql`not (${freeShelf})`);
  const where = parts.length ? and(...parts) : undefined;
  const [total] = await tx.select({ n: count() }).from(shelves).where(where);
  const rows: ShelfView[] = await tx.select(shelfColumns).from(shelves).leftJoin(warehouseInfos, eq(warehouseInfos.id, shelves.warehouseInfoId))
    .where(where).orderBy(asc(shelves.warehouseInfoId), asc(shelves.shelfPosition)).limit(pageLimit(page.limit)).offset(page.offset);
  return { total: total?.n ?? 0, rows };
}

export async function shelfWithCounts(tx: Db, id: number): Promise<ShelfView | undefined> {
  const [row] = await tx.select(shelfColumns).from(shelves).leftJoin(warehouseInfos, eq(warehouseInfos.id, shelves.warehouseInfoId)).where(eq(shelves.id, id));
  return row;
}

export async function lockShelf(tx: Db, id: number): Promise<ShelfRow | undefined> {
  const [row] = await tx.select().from(shelves).where(eq(shelves.id, id)).for('update');
  return row;
}

/**
 * The shelf at a position, share-locked when putting goods on it: Clear and Delete lock it FOR UPDATE,
 * so they wait for the shelving to commit (and then see its product), or it waits and finds the shelf gone.
 */
export async function shelfAt(tx: Db, warehouseInfoId: number, shelfPosition: string, opts: { share?: boolean } = {}): Promise<ShelfRow | undefined> {
  const q = tx.select().from(shelves).where(and(eq(shelves.warehouseInfoId, warehouseInfoId), eq(shelves.shelfPosition, shelfPosition)));
  const [row] = opts.share ? await q.for('share') : await q;
  return row;
}

export async function existingPositions(tx: Db, warehouseInfoId: number, positions: readonly string[]): Promise<string[]> {
  if (positions.length === 0) return [];
  const rows = await tx.select({ p: shelves.shelfPosition }).from(shelves)
    .where(and(eq(shelves.warehouseInfoId, warehouseInfoId), inArray(shelves.shelfPosition, [...positions])));
  return rows.map((r) => r.p);
}

export async function insertShelves(tx: Db, warehouseInfoId: number, positions: readonly string[]): Promise<ShelfRow[]> {
  if (positions.length === 0) return [];
  return tx.insert(shelves).values(positions.map((shelfPosition) => ({ warehouseInfoId, shelfPosition }))).onConflictDoNothing().returning();
}

export async function deleteShelf(tx: Db, id: number): Promise<void> {
  await tx.delete(shelves).where(eq(shelves.id, id));
}

/** The products naming a shelf, locked (Clear and Delete decide on what they hold). */
export async function lockProductsOnShelf(tx: Db, warehouseInfoId: number, shelfPosition: string): Promise<StockProductRow[]> {
  return tx.select().from(stockProducts)
    .where(and(eq(stockProducts.warehouseInfoId, warehouseInfoId), eq(stockProducts.shelfPosition, shelfPosition))).orderBy(asc(stockProducts.id)).for('update');
}

export async function detachProducts(tx: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(stockProducts).set({ shelfPosition: null, lastModificationTime: new Date() }).where(inArray(stockProducts.id, [...ids]));
}

/** Shelves of a warehouse that no product names, in position order. */
export async function freeShelves(tx: Db, warehouseInfoId: number, limit: number): Promise<string[]> {
  const rows = await tx.select({ p: shelves.shelfPosition }).from(shelves)
    .where(and(eq(shelves.warehouseInfoId, warehouseInfoId), freeShelf)).orderBy(asc(shelves.shelfPosition)).limit(limit);
  return rows.map((r) => r.p);
}


/** Adds a charged shelving fee to the product's running total. */
export async function addShelfCost(tx: Db, id: number, cents: number): Promise<void> {
  await tx.update(stockProducts).set({ shelfCostCents: sql`${stockProducts.shelfCostCents} + ${cents}`, lastModificationTime: new Date() }).where(eq(stockProducts.id, id));
}
