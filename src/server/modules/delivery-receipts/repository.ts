// Delivery receipts (交接单, DOMAIN §7): Drizzle queries only.
import { and, asc, count, desc, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pageLimit } from '../../db/page-limit.ts';
import { deliveryReceiptBatches, deliveryReceiptItems, orders, stores, users } from '../../db/schema/index.ts';

export type BatchRow = typeof deliveryReceiptBatches.$inferSelect;
export type ItemRow = typeof deliveryReceiptItems.$inferSelect;

export interface BatchView extends BatchRow { storeName: string; userCode: string | null; count: number; totalGrams: number }

const totals = {
  count: sql<number>`(select count(*)::int from ${deliveryReceiptItems} i where i.batch_id = ${deliveryReceiptBatches.id})`,
  totalGrams: sql<number>`(select coalesce(sum(i.weight_grams), 0)::int from ${deliveryReceiptItems} i where i.batch_id = ${deliveryReceiptBatches.id})`,
};
const batchView = { batch: deliveryReceiptBatches, storeName: stores.storeName, userCode: users.userCode, ...totals };

function viewOf(r: { batch: BatchRow; storeName: string | null; userCode: string | null; count: number; totalGrams: number }): BatchView {
  return { ...r.batch, storeName: r.storeName ?? '', userCode: r.userCode, count: Number(r.count), totalGrams: Number(r.totalGrams) };
}

const selectBatches = (tx: Db) => tx.select(batchView).from(deliveryReceiptBatches)
  .leftJoin(stores, eq(stores.id, deliveryReceiptBatches.storeId)).leftJoin(users, eq(users.id, stores.userId));

export interface BatchFilter { storeId?: number | undefined; logisticMethod?: string | undefined; isClosed?: boolean | undefined; batchName?: string | undefined }

function batchWhere(f: BatchFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (f.storeId !== undefined) parts.push(eq(deliveryReceiptBatches.storeId, f.storeId));
  if (f.logisticMethod) parts.push(eq(deliveryReceiptBatches.logisticMethod, f.logisticMethod));
  if (f.isClosed !== undefined) parts.push(eq(deliveryReceiptBatches.isClosed, f.isClosed));
  if (f.batchName) parts.push(eq(deliveryReceiptBatches.batchName, f.batchName));
  return parts.length ? and(...parts) : undefined;
}

export async function listBatches(tx: Db, f: BatchFilter, page: { limit: number; offset: number }) {
  const where = batchWhere(f);
  const [total] = await tx.select({ n: count() }).from(deliveryReceiptBatches).where(where);
  const rows = await selectBatches(tx).where(where).orderBy(desc(deliveryReceiptBatches.id)).limit(pageLimit(page.limit)).offset(page.offset);
  return { total: total?.n ?? 0, rows: rows.map(viewOf) };
}

export async function getBatch(tx: Db, id: number): Promise<BatchView | undefined> {
  const [row] = await selectBatches(tx).where(eq(deliveryReceiptBatches.id, id));
  return row ? viewOf(row) : undefined;
}

/** The batch of a store by name, locked when asked. */
export async function batchByName(tx: Db, storeId: number, batchName: string, forUpdate = false): Promise<BatchRow | undefined> {
  const q = tx.select().from(deliveryReceiptBatches).where(and(eq(deliveryReceiptBatches.storeId, storeId), eq(deliveryReceiptBatches.batchName, batchName)));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

/**
 * Serialises opening a batch for a store: two scans of the first order of a day would otherwise both
 * open one (the partial unique index would refuse the second with an error instead of a batch).
 */
export async function lockStoreBatches(tx: Db, storeId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('haicang.delivery_batch'), ${storeId}::int)`);
}

export async function openBatch(tx: Db, storeId: number, logisticMethod: string, forUpdate = false): Promise<BatchRow | undefined> {
  const q = tx.select().from(deliveryReceiptBatches).where(and(
    eq(deliveryReceiptBatches.storeId, storeId), eq(deliveryReceiptBatches.logisticMethod, logisticMethod), eq(deliveryReceiptBatches.isClosed, false),
  ));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

/** How many batches of the store have a name starting with prefix (the day's count). */
export async function batchesNamed(tx: Db, storeId: number, prefix: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(deliveryReceiptBatches)
    .where(and(eq(deliveryReceiptBatches.storeId, storeId), like(deliveryReceiptBatches.batchName, `${prefix}%`)));
  return row?.n ?? 0;
}

export async function insertBatch(tx: Db, values: { storeId: number; logisticMethod: string; batchName: string; creatorUserId: number }): Promise<BatchRow> {
  const [row] = await tx.insert(deliveryReceiptBatches).values(values).returning();
  return row!;
}

export async function closeBatch(tx: Db, id: number, values: { closedTime: Date; closedUserName: string }): Promise<void> {
  await tx.update(deliveryReceiptBatches).set({ ...values, isClosed: true }).where(eq(deliveryReceiptBatches.id, id));
}

export async function itemOfOrder(tx: Db, orderId: number): Promise<{ item: ItemRow; batch: BatchRow } | undefined> {
  const [row] = await tx.select({ item: deliveryReceiptItems, batch: deliveryReceiptBatches }).from(deliveryReceiptItems)
    .innerJoin(deliveryReceiptBatches, eq(deliveryReceiptBatches.id, deliveryReceiptItems.batchId)).where(eq(deliveryReceiptItems.orderId, orderId));
  return row;
}

export async function insertItem(tx: Db, values: Omit<typeof deliveryReceiptItems.$inferInsert, 'id' | 'tenantId'>): Promise<ItemRow> {
  const [row] = await tx.insert(deliveryReceiptItems).values(values).returning();
  return row!;
}

export interface ItemView extends ItemRow { orderNumber: string }

export async function itemsOfBatches(tx: Db, batchIds: readonly number[]): Promise<ItemView[]> {
  if (batchIds.length === 0) return [];
  const rows = await tx.select({ item: deliveryReceiptItems, orderNumber: orders.orderNumber }).from(deliveryReceiptItems)
    .leftJoin(orders, eq(orders.id, deliveryReceiptItems.orderId))
    .where(inArray(deliveryReceiptItems.batchId, [...batchIds])).orderBy(asc(deliveryReceiptItems.id));
  return rows.map((r) => ({ ...r.item, orderNumber: r.orderNumber ?? '' }));
}
