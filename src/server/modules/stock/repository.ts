// Stock records (囤货单): Drizzle queries only.
import { endsWith, normalizeFragment, reversed, TAIL_MIN } from '../../db/number-tail.ts';
import { and, asc, desc, eq, gte, ilike, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { STOCK_STATUS } from '#shared/enums.ts';
import type { Db } from '../../db/client.ts';
import { pageLimit } from '../../db/page-limit.ts';
import { cappedCount } from '../../db/capped-count.ts';
import { stockProducts, stockRecords, stores, warehouseInfos } from '../../db/schema/index.ts';
import { orderByOf } from '../../db/sorting.ts';
import type { STOCK_SORT_FIELDS, Sorting } from '#shared/contracts/sorting.ts';

export type StockRecordRow = typeof stockRecords.$inferSelect;
export interface RecordView { record: StockRecordRow; storeName: string | null; warehouseName: string | null; barCode: string | null; shelfPosition: string | null }
type Page = { limit: number; offset: number };

const view = {
  record: stockRecords, storeName: stores.storeName, warehouseName: warehouseInfos.warehouseName,
  barCode: stockProducts.barCode, shelfPosition: stockProducts.shelfPosition,
};
const joined = (tx: Db) => tx.select(view).from(stockRecords)
  .leftJoin(stores, eq(stores.id, stockRecords.storeId))
  .leftJoin(warehouseInfos, eq(warehouseInfos.id, stockRecords.warehouseInfoId))
  .leftJoin(stockProducts, eq(stockProducts.id, stockRecords.stockProductId));

export async function insertRecord(tx: Db, values: Omit<typeof stockRecords.$inferInsert, 'id' | 'tenantId'>): Promise<StockRecordRow> {
  const [row] = await tx.insert(stockRecords).values(values).returning();
  return row!;
}

export async function updateRecord(tx: Db, id: number, values: Partial<typeof stockRecords.$inferInsert>): Promise<StockRecordRow> {
  const [row] = await tx.update(stockRecords).set({ ...values, lastModificationTime: new Date() }).where(eq(stockRecords.id, id)).returning();
  return row!;
}

export async function lockRecord(tx: Db, id: number): Promise<StockRecordRow | undefined> {
  const [row] = await tx.select().from(stockRecords).where(eq(stockRecords.id, id)).for('update');
  return row;
}

export async function recordView(tx: Db, id: number): Promise<RecordView | undefined> {
  const [row] = await joined(tx).where(eq(stockRecords.id, id));
  return row;
}

export interface RecordFilter {
  userId?: number | undefined; userCode?: string | undefined; productStatus?: number | undefined; keyword?: string | undefined; number?: string | undefined;
  storeId?: number | undefined; warehouseInfoId?: number | undefined; timeFrom?: string | undefined; timeTo?: string | undefined;
  /** The list's order (issue 44 §3); none: newest first. */
  sorting?: Sorting<typeof STOCK_SORT_FIELDS[number]> | undefined;
}

function recordWhere(f: RecordFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (f.userId !== undefined) parts.push(eq(stockRecords.userId, f.userId));
  if (f.userCode) parts.push(eq(stockRecords.userCode, f.userCode));
  if (f.productStatus !== undefined) parts.push(eq(stockRecords.productStatus, f.productStatus));
  if (f.storeId !== undefined) parts.push(eq(stockRecords.storeId, f.storeId));
  if (f.warehouseInfoId !== undefined) parts.push(eq(stockRecords.warehouseInfoId, f.warehouseInfoId));
  if (f.timeFrom) parts.push(gte(stockRecords.creationTime, new Date(f.timeFrom)));
  if (f.timeTo) parts.push(lte(stockRecords.creationTime, new Date(f.timeTo)));
  if (f.number) {
    // Trade or logistics number, whole or its tail (decision 0070); exactly when shorter than a fragment.
    const typed = normalizeFragment(f.number);
    if (typed.length < TAIL_MIN) parts.push(or(eq(stockRecords.tradeNo, typed), eq(stockRecords.logisticsNumber, typed))!);
    else {
      const tail = reversed(typed);
      parts.push(sql`${stockRecords.id} in (
        select r.id from ${stockRecords} r where ${endsWith(sql`r.trade_no`, tail)}
        union select r.id from ${stockRecords} r where ${endsWith(sql`r.logistics_number`, tail)})`);
    }
  }
  if (f.keyword) {
    const k = `%${f.keyword}%`;
    parts.push(or(ilike(stockRecords.tradeNo, k), ilike(stockRecords.productSku, k), ilike(stockRecords.productName, k), ilike(stockRecords.logisticsNumber, k))!);
  }
  return parts.length ? and(...parts) : undefined;
}

export async function listRecords(tx: Db, f: RecordFilter, page: Page) {
  const where = recordWhere(f);
  const { total, capped } = await cappedCount(tx, stockRecords, where);
  const order = orderByOf(f.sorting, { creationTime: stockRecords.creationTime, tradeNo: stockRecords.tradeNo },
    stockRecords.id, [desc(stockRecords.id)]);
  const rows: RecordView[] = await joined(tx).where(where).orderBy(...order).limit(pageLimit(page.limit)).offset(page.offset);
  return { total, capped, rows };
}

/** Newest first, `limit` rows older than `beforeId` (the export's batches). */
export async function exportRecordBatch(tx: Db, f: RecordFilter, beforeId: number | null, limit: number): Promise<RecordView[]> {
  return joined(tx).where(and(recordWhere(f), beforeId === null ? undefined : sql`${stockRecords.id} < ${beforeId}`))
    .orderBy(desc(stockRecords.id)).limit(limit);
}

/** The seller's records of a tracking number still 0 待到货 become 1 已到货; returns them as they were. */
export async function markArrived(tx: Db, logisticsNumber: string, userId: number, now: Date): Promise<StockRecordRow[]> {
  return tx.update(stockRecords).set({ productStatus: STOCK_STATUS.arrived, arrivedTime: now, lastModificationTime: now })
    .where(and(eq(stockRecords.logisticsNumber, logisticsNumber), eq(stockRecords.userId, userId), eq(stockRecords.productStatus, STOCK_STATUS.awaiting)))
    .returning();
}

/** Whether another of the seller's records (not cancelled) declares the tracking number. */
export async function otherRecordUsesNumber(tx: Db, logisticsNumber: string, userId: number, exceptId: number): Promise<boolean> {
  const [row] = await tx.select({ id: stockRecords.id }).from(stockRecords).where(and(
    eq(stockRecords.logisticsNumber, logisticsNumber), eq(stockRecords.userId, userId), ne(stockRecords.id, exceptId),
    ne(stockRecords.productStatus, STOCK_STATUS.cancelled),
  )).limit(1);
  return !!row;
}

/** A product's labelled records with something left to shelve, oldest first; locked for ShelfUp by barcode. */
export async function shelvableRecords(tx: Db, stockProductId: number, lock: boolean): Promise<StockRecordRow[]> {
  const q = tx.select().from(stockRecords).where(and(
    eq(stockRecords.stockProductId, stockProductId), eq(stockRecords.productStatus, STOCK_STATUS.labelled),
    sql`${stockRecords.shelvedNums} < coalesce(${stockRecords.acceptedNums}, ${stockRecords.productNums})`,
  )).orderBy(asc(stockRecords.id));
  return lock ? q.for('update') : q;
}
