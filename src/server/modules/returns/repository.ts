// The things that come back (DOMAIN §6): Drizzle queries only. Refusals and returns read the orders
// table directly (by trade number, by marketplace order number) so this module stays below orders:
// the scan (orders/logistics.ts) asks it whether a number was pre-alerted.
import { and, desc, eq, gte, inArray, lt, lte, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { pageLimit } from '../../db/page-limit.ts';
import { cappedCount } from '../../db/capped-count.ts';
import { advanceOrders, orderLines, orderReturns, orders, refusalOrders, stores, warehouseInfos } from '../../db/schema/index.ts';

export type RefusalRow = typeof refusalOrders.$inferSelect;
export type AdvanceRow = typeof advanceOrders.$inferSelect;
export type OrderReturnRow = typeof orderReturns.$inferSelect;
type Page = { limit: number; offset: number };

const timeRange = (column: PgColumn, from?: string, to?: string): SQL[] => [
  ...(from ? [gte(column, new Date(from))] : []), ...(to ? [lte(column, new Date(to))] : []),
];
const whereOf = (parts: SQL[]) => (parts.length ? and(...parts) : undefined);

// ── Orders, as the scans find them ──────────────────────────────────────────────────────────────

/** The order with this trade number and its store's name. */
export async function orderByTradeNo(tx: Db, tradeNo: string) {
  const [row] = await tx.select({ order: orders, storeName: stores.storeName }).from(orders)
    .leftJoin(stores, eq(stores.id, orders.storeId)).where(eq(orders.tradeNo, tradeNo));
  return row;
}

/** Orders carrying this marketplace order number, newest first (one per seller is what a scan needs). */
export async function ordersByNumber(tx: Db, orderNumber: string) {
  return tx.select({ id: orders.id, tradeNo: orders.tradeNo, userId: orders.userId, userCode: orders.userCode }).from(orders)
    .where(eq(orders.orderNumber, orderNumber)).orderBy(desc(orders.id)).limit(20);
}

/** An order's store, site and seller, and its lines' SKUs and quantities: what a to-stock decision puts back by default. */
export async function orderWithLines(tx: Db, orderId: number) {
  const [order] = await tx.select({ id: orders.id, storeId: orders.storeId, site: orders.site, userId: orders.userId, userCode: orders.userCode })
    .from(orders).where(eq(orders.id, orderId));
  if (!order) return undefined;
  const lines = await tx.select({ productSku: orderLines.productSku, productName: orderLines.productName, quantity: orderLines.quantity })
    .from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.id);
  return { order, lines };
}

export async function warehouseName(tx: Db, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const [row] = await tx.select({ name: warehouseInfos.warehouseName }).from(warehouseInfos).where(eq(warehouseInfos.id, id));
  return row?.name ?? null;
}

// ── Refusals ────────────────────────────────────────────────────────────────────────────────────

export interface RefusalFilter {
  line?: number | undefined; userId?: number | undefined; tradeNo?: string | undefined; orderNumber?: string | undefined;
  userCode?: string | undefined; handleStatus?: number | undefined; timeFrom?: string | undefined; timeTo?: string | undefined;
}

function refusalWhere(f: RefusalFilter): SQL | undefined {
  return whereOf([
    ...(f.line !== undefined ? [eq(refusalOrders.line, f.line)] : []),
    ...(f.userId !== undefined ? [eq(refusalOrders.userId, f.userId)] : []),
    ...(f.tradeNo ? [eq(refusalOrders.tradeNo, f.tradeNo.toUpperCase())] : []),
    ...(f.orderNumber ? [eq(refusalOrders.orderNumber, f.orderNumber)] : []),
    ...(f.userCode ? [eq(refusalOrders.userCode, f.userCode.toUpperCase())] : []),
    ...(f.handleStatus !== undefined ? [eq(refusalOrders.handleStatus, f.handleStatus)] : []),
    ...timeRange(refusalOrders.creationTime, f.timeFrom, f.timeTo),
  ]);
}

const withWarehouse = { row: refusalOrders, warehouseName: warehouseInfos.warehouseName };

export async function listRefusals(tx: Db, f: RefusalFilter, page: Page) {
  const w = refusalWhere(f);
  const { total, capped } = await cappedCount(tx, refusalOrders, w);
  const rows = await tx.select(withWarehouse).from(refusalOrders).leftJoin(warehouseInfos, eq(warehouseInfos.id, refusalOrders.warehouseInfoId))
    .where(w).orderBy(desc(refusalOrders.id)).limit(pageLimit(page.limit)).offset(page.offset);
  return { total, capped, rows };
}

/** An export's next batch: rows older than `before`, newest first. */
export async function exportRefusalBatch(tx: Db, f: RefusalFilter, before: number | null, limit: number) {
  const w = refusalWhere(f);
  return tx.select(withWarehouse).from(refusalOrders).leftJoin(warehouseInfos, eq(warehouseInfos.id, refusalOrders.warehouseInfoId))
    .where(before === null ? w : and(w, lt(refusalOrders.id, before))).orderBy(desc(refusalOrders.id)).limit(limit);
}

/** Records a refusal unless its trade number is recorded already (on either line): the row, and whether it is new. */
export async function insertRefusal(tx: Db, values: Omit<typeof refusalOrders.$inferInsert, 'id' | 'tenantId'>): Promise<{ row: RefusalRow; created: boolean }> {
  const [row] = await tx.insert(refusalOrders).values(values).onConflictDoNothing().returning();
  if (row) return { row, created: true };
  const [existing] = await tx.select().from(refusalOrders).where(eq(refusalOrders.tradeNo, values.tradeNo));
  if (!existing) throw new Error(`refusal of ${values.tradeNo} neither inserted nor found`);
  return { row: existing, created: false };
}

export async function getRefusal(tx: Db, id: number, opts: { forUpdate?: boolean } = {}): Promise<RefusalRow | undefined> {
  const q = tx.select().from(refusalOrders).where(eq(refusalOrders.id, id));
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row;
}

export async function updateRefusal(tx: Db, id: number, values: Partial<typeof refusalOrders.$inferInsert>): Promise<RefusalRow> {
  const [row] = await tx.update(refusalOrders).set(values).where(eq(refusalOrders.id, id)).returning();
  return row!;
}

// ── Advance orders ──────────────────────────────────────────────────────────────────────────────

export interface AdvanceFilter {
  shipment?: string | undefined; userCode?: string | undefined; expressCompany?: string | undefined;
  handleStatus?: number | undefined; timeFrom?: string | undefined; timeTo?: string | undefined;
}

function advanceWhere(f: AdvanceFilter): SQL | undefined {
  return whereOf([
    ...(f.shipment ? [eq(advanceOrders.shipment, f.shipment)] : []),
    ...(f.userCode ? [eq(advanceOrders.userCode, f.userCode.toUpperCase())] : []),
    ...(f.expressCompany ? [eq(advanceOrders.expressCompany, f.expressCompany)] : []),
    ...(f.handleStatus !== undefined ? [eq(advanceOrders.handleStatus, f.handleStatus)] : []),
    ...timeRange(advanceOrders.creationTime, f.timeFrom, f.timeTo),
  ]);
}

export async function listAdvanceOrders(tx: Db, f: AdvanceFilter, page: Page) {
  const w = advanceWhere(f);
  const { total, capped } = await cappedCount(tx, advanceOrders, w);
  const rows = await tx.select().from(advanceOrders).where(w).orderBy(desc(advanceOrders.id)).limit(pageLimit(page.limit)).offset(page.offset);
  return { total, capped, rows };
}

export async function exportAdvanceBatch(tx: Db, f: AdvanceFilter, before: number | null, limit: number) {
  const w = advanceWhere(f);
  return tx.select().from(advanceOrders).where(before === null ? w : and(w, lt(advanceOrders.id, before))).orderBy(desc(advanceOrders.id)).limit(limit);
}

/** Which of these numbers are pre-alerted already. */
export async function advanceShipments(tx: Db, shipments: readonly string[]): Promise<Set<string>> {
  if (shipments.length === 0) return new Set();
  const rows = await tx.select({ shipment: advanceOrders.shipment }).from(advanceOrders).where(inArray(advanceOrders.shipment, [...shipments]));
  return new Set(rows.map((r) => r.shipment));
}

/** Inserts the rows whose number is not pre-alerted yet; answers the numbers it inserted. */
export async function insertAdvanceOrders(tx: Db, values: Omit<typeof advanceOrders.$inferInsert, 'id' | 'tenantId'>[]): Promise<Set<string>> {
  if (values.length === 0) return new Set();
  const rows = await tx.insert(advanceOrders).values(values).onConflictDoNothing().returning({ shipment: advanceOrders.shipment });
  return new Set(rows.map((r) => r.shipment));
}

/** The scan's question (one indexed lookup): is this number pre-alerted and still waiting for a decision? */
export async function pendingAdvanceOrder(tx: Db, shipment: string) {
  const [row] = await tx.select({ id: advanceOrders.id, userCode: advanceOrders.userCode, expressCompany: advanceOrders.expressCompany, remark: advanceOrders.remark })
    .from(advanceOrders).where(and(eq(advanceOrders.shipment, shipment), eq(advanceOrders.handleStatus, 0)));
  return row;
}

export async function getAdvanceOrder(tx: Db, id: number, opts: { forUpdate?: boolean } = {}): Promise<AdvanceRow | undefined> {
  const q = tx.select().from(advanceOrders).where(eq(advanceOrders.id, id));
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row;
}

export async function updateAdvanceOrder(tx: Db, id: number, values: Partial<typeof advanceOrders.$inferInsert>): Promise<AdvanceRow> {
  const [row] = await tx.update(advanceOrders).set(values).where(eq(advanceOrders.id, id)).returning();
  return row!;
}

// ── Marketplace returns ─────────────────────────────────────────────────────────────────────────

export interface ReturnFilter {
  userId?: number | undefined; orderNumber?: string | undefined; userCode?: string | undefined; whetherHandle?: number | undefined;
  handleType?: number | undefined; warehouseInfoId?: number | undefined; timeFrom?: string | undefined; timeTo?: string | undefined;
}

function returnWhere(f: ReturnFilter): SQL | undefined {
  return whereOf([
    ...(f.userId !== undefined ? [eq(orderReturns.userId, f.userId)] : []),
    ...(f.orderNumber ? [eq(orderReturns.orderNumber, f.orderNumber)] : []),
    ...(f.userCode ? [eq(orderReturns.userCode, f.userCode.toUpperCase())] : []),
    ...(f.whetherHandle !== undefined ? [eq(orderReturns.whetherHandle, f.whetherHandle)] : []),
    ...(f.handleType !== undefined ? [eq(orderReturns.handleType, f.handleType)] : []),
    ...(f.warehouseInfoId !== undefined ? [eq(orderReturns.warehouseInfoId, f.warehouseInfoId)] : []),
    ...timeRange(orderReturns.creationTime, f.timeFrom, f.timeTo),
  ]);
}

export async function listReturns(tx: Db, f: ReturnFilter, page: Page) {
  const w = returnWhere(f);
  const { total, capped } = await cappedCount(tx, orderReturns, w);
  const rows = await tx.select({ row: orderReturns, warehouseName: warehouseInfos.warehouseName }).from(orderReturns)
    .leftJoin(warehouseInfos, eq(warehouseInfos.id, orderReturns.warehouseInfoId))
    .where(w).orderBy(desc(orderReturns.id)).limit(pageLimit(page.limit)).offset(page.offset);
  return { total, capped, rows };
}

/** Every seller's return of this marketplace order number (a pre-declared one names its seller). */
export async function returnsByNumber(tx: Db, orderNumber: string): Promise<OrderReturnRow[]> {
  return tx.select().from(orderReturns).where(eq(orderReturns.orderNumber, orderNumber)).orderBy(desc(orderReturns.id)).limit(20);
}

/** Records a seller's return of an order number unless it exists: the row (locked), and whether it is new. */
export async function insertOrLockReturn(tx: Db, values: Omit<typeof orderReturns.$inferInsert, 'id' | 'tenantId'>): Promise<{ row: OrderReturnRow; created: boolean }> {
  const [row] = await tx.insert(orderReturns).values(values).onConflictDoNothing().returning();
  if (row) return { row, created: true };
  const [existing] = await tx.select().from(orderReturns)
    .where(and(eq(orderReturns.userId, values.userId), eq(orderReturns.orderNumber, values.orderNumber))).for('update');
  if (!existing) throw new Error(`return of ${values.orderNumber} neither inserted nor found`);
  return { row: existing, created: false };
}

export async function getReturn(tx: Db, id: number, opts: { forUpdate?: boolean } = {}): Promise<OrderReturnRow | undefined> {
  const q = tx.select().from(orderReturns).where(eq(orderReturns.id, id));
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row;
}

export async function updateReturn(tx: Db, id: number, values: Partial<typeof orderReturns.$inferInsert>): Promise<OrderReturnRow> {
  const [row] = await tx.update(orderReturns).set({ ...values }).where(eq(orderReturns.id, id)).returning();
  return row!;
}
