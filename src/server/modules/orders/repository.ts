// Orders, their lines, holding slots and urge requests: Drizzle queries only (parcels and stores have
// modules of their own).
import { and, asc, count, desc, eq, getTableColumns, gte, inArray, lte, or, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import { isScoped, keptFor, keptShape, mapRowsOnce, unscoped, visibilityOf, type Db } from '../../db/client.ts';
import { isLiteralPageSize, pageLimit } from '../../db/page-limit.ts';
import { definedOnly, shapeOf, type PendingWrite } from '../../db/pending-write.ts';
import { pageCount } from '../../db/capped-count.ts';
import { ORDER_STATUS, PACKAGE_STATUS, RECEIVE_STATUS } from '#shared/enums.ts';
import { orderCounts, orderLines, orders, parcels, stores, urgentRequests, warehouseInfos } from '../../db/schema/index.ts';
import { pendingRefusalIdOf } from '../rejections/repository.ts';
import { lockParcel } from '../parcels/repository.ts';
import { orderByList, orderByOf, sortingKey } from '../../db/sorting.ts';
import { endsWith, normalizeFragment, reversed, TAIL_MIN } from '../../db/number-tail.ts';
import type { ORDER_SORT_FIELDS, Sorting } from '#shared/contracts/sorting.ts';

/** Rows of a raw SQL statement, the same on PGlite and node-postgres. */
async function rowsOf<T>(tx: Db, query: SQL): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

export interface OrderView extends OrderRow { storeName: string; warehouseName: string }

const orderView = { order: orders, storeName: stores.storeName, warehouseName: warehouseInfos.warehouseName };

function viewOf(r: { order: OrderRow; storeName: string | null; warehouseName: string | null }): OrderView {
  return { ...r.order, storeName: r.storeName ?? '', warehouseName: r.warehouseName ?? '' };
}

export interface OrderFilter {
  userId?: number | undefined; orderStatus?: number | undefined; packageStatus?: number | undefined; storeId?: number | undefined;
  site?: string | undefined; orderType?: number | undefined; isUrgent?: boolean | undefined; timeFrom?: string | undefined; timeTo?: string | undefined;
  number?: string | undefined; userCode?: string | undefined; warehouseInfoId?: number | undefined;
  /** These orders only (a selection's export); not bound: exports and labels alone use it. */
  ids?: readonly number[] | undefined;
  /** The list's order (issue 44 §3); none: urgent first, then newest. Not a filter: orderWhere ignores it. */
  sorting?: Sorting<typeof ORDER_SORT_FIELDS[number]> | undefined;
}

/**
 * The page's order over `c` (the orders table, or the page CTE's columns): the asked sorting with the
 * id as its tiebreaker, else urgent first, then newest (as before sorting was offered).
 */
const orderSort = (sorting: OrderFilter['sorting'], c: { isUrgent: unknown; id: unknown; creationTime: unknown; tradeNo: unknown; orderNumber: unknown }) => {
  const col = (v: unknown) => v as AnyColumn;
  return orderByOf(sorting, { creationTime: col(c.creationTime), tradeNo: col(c.tradeNo), orderNumber: col(c.orderNumber) }, col(c.id),
    [desc(col(c.isUrgent)), desc(col(c.id))]);
};

/**
 * The filter's conditions. `bind` gives each value its place in the SQL: the value itself, or (for
 * a prepared list, listOrdersWithLines) a placeholder of that name.
 */
function orderWhere(f: OrderFilter, bind: <T>(name: keyof OrderFilter, value: T) => T = (_name, value) => value): SQL | undefined {
  const parts: SQL[] = [];
  if (f.userId !== undefined) parts.push(eq(orders.userId, bind('userId', f.userId)));
  if (f.ids) parts.push(inArray(orders.id, [...f.ids]));
  if (f.userCode) parts.push(eq(orders.userCode, bind('userCode', f.userCode)));
  if (f.warehouseInfoId !== undefined) parts.push(eq(orders.warehouseInfoId, bind('warehouseInfoId', f.warehouseInfoId)));
  if (f.orderStatus !== undefined) parts.push(eq(orders.orderStatus, bind('orderStatus', f.orderStatus)));
  if (f.packageStatus !== undefined) parts.push(eq(orders.packageStatus, bind('packageStatus', f.packageStatus)));
  if (f.storeId !== undefined) parts.push(eq(orders.storeId, bind('storeId', f.storeId)));
  if (f.site !== undefined) parts.push(eq(orders.site, bind('site', f.site)));
  if (f.orderType !== undefined) parts.push(eq(orders.orderType, bind('orderType', f.orderType)));
  if (f.isUrgent !== undefined) parts.push(eq(orders.isUrgent, bind('isUrgent', f.isUrgent)));
  if (f.timeFrom) parts.push(gte(orders.creationTime, bind('timeFrom', new Date(f.timeFrom))));
  if (f.timeTo) parts.push(lte(orders.creationTime, bind('timeTo', new Date(f.timeTo))));
  if (f.number) {
    // Any number a person may have in hand — trade number, marketplace order number, tracking
    // number — whole or its tail (decision 0070). Exactly as typed when shorter than a fragment.
    const typed = normalizeFragment(f.number);
    if (typed.length < TAIL_MIN) {
      const number = bind('number', f.number);
      parts.push(or(
        eq(orders.tradeNo, number), eq(orders.orderNumber, number),
        sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.shipment} = ${number})`,
      )!);
    } else {
      // Each number's own tail index gives its ids; the union is probed by the orders' key.
      // Bound under its own name: a kept statement's shape tells the tail apart from the exact match.
      const tail = bind('numberTail' as keyof OrderFilter, reversed(typed));
      parts.push(sql`${orders.id} in (
        select o.id from ${orders} o where ${endsWith(sql`o.trade_no`, tail)}
        union select o.id from ${orders} o where ${endsWith(sql`o.order_number`, tail, true)}
        union select l.order_id from ${orderLines} l where ${endsWith(sql`l.shipment`, tail)})`);
    }
  }
  return parts.length ? and(...parts) : undefined;
}

// ---- Order counts kept by triggers (decision 0041; migration 0028) ----

/** The filters a count can be summed for: the columns order_counts is keyed by. */
const TALLIED = { orderStatus: orderCounts.orderStatus, packageStatus: orderCounts.packageStatus, warehouseInfoId: orderCounts.warehouseInfoId } as const;

/**
 * The count of the orders matching `filter` as a scalar subquery over order_counts, or null when it
 * cannot be summed: a filter on anything else, a handle that is not a request's (root sees every
 * tenant), or a member whose group scope narrows the orders he sees (his count counts them).
 * `bind` gives each value its place in the SQL, as orderWhere's does (a placeholder of a prepared query).
 */
export function summedCount(tx: Db, filter: Record<string, unknown>, bind: (name: string, value: unknown) => unknown = (_n, v) => v): SQL<number> | null {
  if (visibilityOf(tx) === null || isScoped(tx)) return null;
  const parts: SQL[] = [];
  for (const [name, value] of Object.entries(filter)) {
    if (value === undefined) continue;
    const column = TALLIED[name as keyof typeof TALLIED];
    if (!column) return null;
    parts.push(eq(column, bind(name, value) as number));
  }
  // Row-level security keeps the sum to the request's tenant, as it keeps the orders.
  return sql<number>`(select coalesce(sum(${orderCounts.n}), 0)::int from ${orderCounts} where ${parts.length ? and(...parts) : sql`true`})`.mapWith(Number);
}

/**
 * Replaces the pieces of every key that has more than one (or sums to nothing) by their sum, in one
 * statement: a reader sees either all the pieces or their sum. Run as the owner for every tenant;
 * several servers may run it at once (a second one finds the rows gone and skips them). Returns how
 * many pieces were folded.
 */
export async function foldOrderCounts(root: Db): Promise<number> {
  const [row] = await rowsOf<{ folded: number }>(root, sql`
    with keys as (
      select tenant_id, order_status, package_status, warehouse_info_id from order_counts
      group by 1, 2, 3, 4 having count(*) > 1 or sum(n) = 0
    ), gone as (
      delete from order_counts c using keys k
      where c.tenant_id = k.tenant_id and c.order_status = k.order_status and c.package_status = k.package_status and c.warehouse_info_id = k.warehouse_info_id
      returning c.tenant_id, c.order_status, c.package_status, c.warehouse_info_id, c.n
    ), summed as (
      insert into order_counts (tenant_id, order_status, package_status, warehouse_info_id, n)
      select tenant_id, order_status, package_status, warehouse_info_id, sum(n) from gone group by 1, 2, 3, 4 having sum(n) <> 0
    )
    select count(*)::int as folded from gone`);
  return Number(row?.folded ?? 0);
}

export async function listOrders(tx: Db, f: OrderFilter, page: { limit: number; offset: number }): Promise<{ total: number; capped: boolean; rows: OrderView[] }> {
  const where = orderWhere(f);
  const counted = pageCount(tx, orders, where);
  const rows = await tx.select({ ...orderView, total: counted.column }).from(orders)
    .leftJoin(stores, eq(stores.id, orders.storeId)).leftJoin(warehouseInfos, eq(warehouseInfos.id, orders.warehouseInfoId))
    .where(where).orderBy(...orderSort(f.sorting, orders)).limit(pageLimit(page.limit)).offset(page.offset);
  const { total, capped } = await counted.read(rows, page.offset);
  return { total, capped, rows: rows.map(viewOf) };
}

/**
 * The columns of an order a list shows (toOrderDto's): the list reads these and not the order's other
 * 17 (packing, weighing, fees), whose every value would be sent, described and decoded for nothing.
 */
const LISTED_ORDER_COLUMNS = {
  id: orders.id, tradeNo: orders.tradeNo, orderNumber: orders.orderNumber, userId: orders.userId, userCode: orders.userCode,
  storeId: orders.storeId, warehouseInfoId: orders.warehouseInfoId, site: orders.site, orderType: orders.orderType,
  cargoCategory: orders.cargoCategory, shippingMethods: orders.shippingMethods, orderStatus: orders.orderStatus,
  packageStatus: orders.packageStatus, isUrgent: orders.isUrgent, reMark: orders.reMark, pdfGuid: orders.pdfGuid,
  holdReason: orders.holdReason, shelfNumber: orders.shelfNumber, creationTime: orders.creationTime, lastModificationTime: orders.lastModificationTime,
} satisfies Partial<Record<keyof OrderRow, unknown>>;

/** An order as a list reads it: its listed columns, its store's and warehouse's names. */
export type ListedOrder = Pick<OrderView, keyof typeof LISTED_ORDER_COLUMNS | 'storeName' | 'warehouseName'>;
/** An order line as a list reads it (toOrderDto's members). */
export type ListedOrderLine = Pick<OrderLineRow, 'id' | 'productName' | 'productSku' | 'specification' | 'quantity' | 'price' | 'productImg' | 'shipment' | 'stockProductId'>;

/**
 * listOrders with each order's lines, in the same statement (decision 0035): the page is a CTE, and
 * the lines of its rows come as one JSON column, read for the page's rows only.
 *
 * On a request connection the statement is a prepared query kept per filter shape (which filters are
 * present) and count state (counted, or known over the cap): building it with Drizzle cost more
 * server time than running it. At most ORDER_PAGE_SHAPES shapes are kept per connection; others
 * are built each time.
 */
export async function listOrdersWithLines(
  tx: Db, f: OrderFilter, page: { limit: number; offset: number },
): Promise<{ total: number; capped: boolean; rows: (ListedOrder & { lines: ListedOrderLine[] })[] }> {
  const { counted, found } = await orderPage(tx, f, page, 'rows');
  const { total, capped } = await counted.read(found, page.offset);
  // The rows are the page's own objects, completed in place: copying each with a rest pattern cost a
  // tenth of the server's time on an order page (decision 0038). They keep their `total` column.
  for (const row of found) {
    row.storeName ??= '';
    row.warehouseName ??= '';
  }
  return { total, capped, rows: found as (typeof found[number] & ListedOrder & { lines: ListedOrderLine[] })[] };
}

/**
 * listOrdersWithLines' page as its answer's JSON, written by PostgreSQL (decision 0052): `items` is
 * the text of the OrderDto array toOrderDto would give, byte for byte, for the answer writer to put in
 * as it is. The statement is the same page, its count and its lines; the server decodes one text
 * instead of every order's columns, and writes it without walking an object per order.
 */
export async function orderPageJson(
  tx: Db, f: OrderFilter, page: { limit: number; offset: number },
): Promise<{ total: number; capped: boolean; items: string }> {
  const { counted, found } = await orderPage(tx, f, page, 'json');
  const [row] = found;
  // The aggregate answers one row, with no total when the page is empty.
  const { total, capped } = await counted.read(row && row.total !== null ? [row] : [], page.offset);
  return { total, capped, items: row?.items ?? '[]' };
}

async function orderPage<F extends 'rows' | 'json'>(tx: Db, f: OrderFilter, page: { limit: number; offset: number }, form: F) {
  const values: Record<string, unknown> = {};
  const where = orderWhere(f, (name, value) => {
    values[name] = value;
    return sql.placeholder(name) as unknown as typeof value;
  });
  const shape = Object.keys(values).sort().join(',');
  // The count's memory is keyed by the filter's shape and values, whichever way the page is sent.
  const key = `${shape}\u0000${JSON.stringify(values)}`;
  // A filter on the status columns alone is counted from order_counts (decision 0041).
  const summedColumn = summedCount(tx, values, (name) => sql.placeholder(name));
  const summed = summedColumn ? { column: summedColumn, apart: () => summedCount(tx, values)! } : undefined;
  let counted = pageCount(tx, orders, where, { key, where: () => orderWhere(f) }, summed);
  // A first page of a usual size has its size in the text, so it can keep a generic plan (decision 0036).
  const first = page.offset === 0 && isLiteralPageSize(page.limit);
  const name = `${form}|${shape}|${summed ? 'summed' : counted.known ? 'known' : 'counted'}${first ? `|first ${page.limit}` : ''}${sortingKey(f.sorting)}`;
  type Query = F extends 'rows' ? ReturnType<typeof orderPageQuery> : ReturnType<typeof orderPageJsonQuery>;
  const build = (w: SQL | undefined, total: SQL<number>, p?: { limit: number; offset: number }) =>
    (form === 'rows' ? orderPageQuery(tx, w, total, f.sorting, p) : orderPageJsonQuery(tx, w, total, f.sorting, p)) as Query;
  // A tail search is not kept: a kept statement's generic plan, planned without the tail, reads the
  // table newest first instead of the tail's index (decision 0070); a person types these, seldom.
  const query = 'numberTail' in values ? null : keptShape(tx, ORDER_PAGES, 'hc_order_page_', name,
    (statement) => mapRowsOnce(build(where, counted.column, first ? page : undefined).prepare(statement)));
  let found: Awaited<Query>;
  if (query) {
    found = await query.execute(first ? values : { ...values, limit: page.limit, offset: page.offset }) as Awaited<Query>;
  } else {
    const plain = orderWhere(f);
    const plainSummed = summed ? summedCount(tx, values) : null;
    counted = pageCount(tx, orders, plain, { key, where: () => plain }, plainSummed ? { column: plainSummed, apart: () => plainSummed } : undefined);
    found = await build(plain, counted.column, page);
  }
  return { counted, found };
}

const ORDER_PAGES = new WeakMap<object, Map<string, { execute(values: Record<string, unknown>): Promise<unknown> }>>();

/** The page of orders as a CTE, with the count as its `total` column; without `page`, its limit and
 * offset are placeholders. A page's offset of 0 is left out of the text (Drizzle omits it), its usual
 * sizes are written into it. */
const orderWindow = (tx: Db, where: SQL | undefined, total: SQL<number>, sorting: OrderFilter['sorting'], page?: { limit: number; offset: number }) =>
  tx.$with('page').as(tx.select({ ...LISTED_ORDER_COLUMNS, storeName: stores.storeName, warehouseName: warehouseInfos.warehouseName, total: total.as('total') })
    .from(orders)
    .leftJoin(stores, eq(stores.id, orders.storeId)).leftJoin(warehouseInfos, eq(warehouseInfos.id, orders.warehouseInfoId))
    .where(where).orderBy(...orderSort(sorting, orders))
    .limit(page ? pageLimit(page.limit) : sql.placeholder('limit')).offset(page ? page.offset : sql.placeholder('offset')));

/** listOrdersWithLines' statement: the page's rows, each with its lines as JSON. */
const orderPageQuery = (tx: Db, where: SQL | undefined, total: SQL<number>, sorting: OrderFilter['sorting'], page?: { limit: number; offset: number }) => {
  const window = orderWindow(tx, where, total, sorting, page);
  return tx.with(window).select({ ...window._.selectedFields, lines: LINES_JSON }).from(window).orderBy(...orderSort(sorting, window));
};

/** A moment as toISOString writes it (milliseconds, UTC), or null. */
const isoText = (column: unknown) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * orderPageJson's statement: one row, the page's count (`total`, null for an empty page) and its
 * orders as OrderDto's JSON text (`items`). row_to_json writes a row's columns in their order, with
 * no spaces, its strings escaped as JSON.stringify escapes them, and its float8 as the shortest text
 * that reads back the same, as JavaScript writes a number; the lines are text cast to json, so that
 * they go in as JSON, not as a string.
 */
const orderPageJsonQuery = (tx: Db, where: SQL | undefined, total: SQL<number>, sorting: OrderFilter['sorting'], page?: { limit: number; offset: number }) => {
  const w = orderWindow(tx, where, total, sorting, page);
  const dto = sql`select ${w.id} as "id", ${w.tradeNo} as "tradeNo", ${w.orderNumber} as "orderNumber", ${w.userId} as "userId",
    ${w.userCode} as "userCode", ${w.storeId} as "storeId", coalesce(${w.storeName}, '') as "storeName", ${w.warehouseInfoId} as "warehouseInfoId",
    coalesce(${w.warehouseName}, '') as "warehouseName", ${w.site} as "site", ${w.orderType} as "orderType", ${w.cargoCategory} as "cargoCategory",
    ${w.shippingMethods} as "shippingMethods", ${w.orderStatus} as "orderStatus", ${w.packageStatus} as "packageStatus", ${w.isUrgent} as "isUrgent",
    ${w.reMark} as "reMark", ${w.pdfGuid} as "pdfGuid", ${w.holdReason} as "holdReason", ${w.shelfNumber} as "shelfNumber",
    ${isoText(w.creationTime)} as "creationTime", ${isoText(w.lastModificationTime)} as "lastModificationTime",
    (select coalesce('[' || string_agg(row_to_json(x)::text, ',' order by x.id) || ']', '[]') from (select l.id as "id", l.product_name as "productName",
        l.product_sku as "productSku", l.specification as "specification", l.quantity as "quantity", l.price::float8 / 100 as "price",
        l.product_img as "productImg", l.shipment as "shipment", l.stock_product_id as "stockProductId"
      from ${orderLines} l where l.order_id = ${w.id}) x)::json as "orderProductInfosList"`;
  return tx.with(w).select({
    total: sql<number | null>`max(${w.total})`.mapWith(Number),
    items: sql<string>`coalesce('[' || string_agg((select row_to_json(d) from (${dto}) d)::text, ',' order by ${orderByList(orderSort(sorting, w))}) || ']', '[]')`,
  }).from(w);
};

/** The lines of the page's order (`page`.id), their listed members, in id order. */
const LINES_JSON = sql<ListedOrderLine[]>`(select coalesce(json_agg(json_build_object(
    'id', l.id, 'productName', l.product_name, 'productSku', l.product_sku,
    'specification', l.specification, 'quantity', l.quantity, 'price', l.price, 'productImg', l.product_img,
    'shipment', l.shipment, 'stockProductId', l.stock_product_id) order by l.id), '[]'::json)
  from ${orderLines} l where l.order_id = "page"."id")`.as('lines');

export async function getOrder(tx: Db, id: number, opts: { userId?: number; forUpdate?: boolean } = {}): Promise<OrderView | undefined> {
  const q = tx.select(orderView).from(orders)
    .leftJoin(stores, eq(stores.id, orders.storeId)).leftJoin(warehouseInfos, eq(warehouseInfos.id, orders.warehouseInfoId))
    .where(and(eq(orders.id, id), opts.userId !== undefined ? eq(orders.userId, opts.userId) : undefined));
  const [row] = opts.forUpdate ? await q.for('update', { of: orders }) : await q;
  return row ? viewOf(row) : undefined;
}

/**
 * The seller's open order (not shipped, cancelled or closed) with a line for this tracking number,
 * the newest if several: the order a 无主件 claimed for that seller joins (issue 44).
 */
export async function openOrderWithLine(tx: Db, userId: number, shipment: string): Promise<number | undefined> {
  const [row] = await unscoped(tx, () => tx.select({ id: orders.id }).from(orderLines).innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orderLines.shipment, shipment), eq(orders.userId, userId), sql`${orders.orderStatus} not in (4, 5, 6)`))
    .orderBy(desc(orders.id)).limit(1));
  return row?.id;
}

export async function linesOf(tx: Db, orderIds: readonly number[]): Promise<Map<number, OrderLineRow[]>> {
  const map = new Map<number, OrderLineRow[]>();
  if (orderIds.length === 0) return map;
  const rows = await tx.select().from(orderLines).where(inArray(orderLines.orderId, [...orderIds])).orderBy(orderLines.id);
  for (const r of rows) map.set(r.orderId, [...(map.get(r.orderId) ?? []), r]);
  return map;
}

export async function insertOrder(tx: Db, values: Omit<typeof orders.$inferInsert, 'id' | 'tenantId'>): Promise<OrderRow> {
  const [row] = await tx.insert(orders).values(values).returning();
  return row!;
}

export async function updateOrder(tx: Db, id: number, values: Partial<typeof orders.$inferInsert>): Promise<void> {
  await tx.update(orders).set({ ...values, lastModificationTime: new Date() }).where(eq(orders.id, id));
}

/** updateOrder's statement, not yet sent (the scan sends it with the parcel's: decisions 0034, 0035). */
export function orderUpdate(tx: Db, id: number, values: Partial<typeof orders.$inferInsert>): PendingWrite {
  const set = definedOnly({ ...values, lastModificationTime: new Date() });
  return {
    shape: `order:${shapeOf(set)}`,
    values: { ...set, id },
    build: ({ id: which, ...v }) => tx.update(orders).set(v as typeof set).where(eq(orders.id, which as number)),
  };
}

export async function replaceLines(tx: Db, orderId: number, lines: readonly Omit<typeof orderLines.$inferInsert, 'id' | 'tenantId' | 'orderId'>[]): Promise<void> {
  await tx.delete(orderLines).where(eq(orderLines.orderId, orderId));
  await tx.insert(orderLines).values(lines.map((l) => ({ ...l, orderId })));
}

export async function orderStatistics(tx: Db, userId?: number) {
  const where = userId === undefined ? undefined : eq(orders.userId, userId);
  const byStatus = await tx.select({ code: orders.orderStatus, n: count() }).from(orders).where(where).groupBy(orders.orderStatus);
  const byPackage = await tx.select({ code: orders.packageStatus, n: count() }).from(orders).where(where).groupBy(orders.packageStatus);
  return { byStatus, byPackage };
}

/** What lockOrderForArrival reads: the order and its progress. */
export interface OrderArrival {
  order: OrderView;
  progress: { total: number; signed: number };
  /** The tracking number counted as here already (`arriving`), or null. */
  arriving: string | null;
}

/**
 * The order, locked, with its progress: one statement (docs/scan-path.md). The lock is a CTE, so it is
 * won before haicang_order_arrival (src/server/db/sql/holding-slots.sql) counts: that function's
 * statement takes a fresh snapshot, so the count sees every sibling parcel signed by a transaction
 * that held the order's lock before this one. `arriving`: a tracking number counted as here already,
 * the parcel this transaction is signing in. The count runs past a group member's scope.
 */
export async function lockOrderForArrival(tx: Db, id: number, arriving: string | null): Promise<OrderArrival | undefined> {
  const kept = keptFor(tx, ORDER_ARRIVALS, () => mapRowsOnce(arrivalQuery(tx, sql.placeholder('id'), sql.placeholder('arriving')).prepare('hc_order_arrival')));
  const [row] = await unscoped(tx, async () => kept ? kept.execute({ id, arriving }) : arrivalQuery(tx, id, arriving));
  if (!row) return undefined;
  const { arrival, storeName, warehouseName, ...columns } = row;
  return arrivalOf(columns, storeName, warehouseName, arrival, arriving);
}

interface ArrivalFacts { total: number; signed: number }

/** An order's arrival from the row its lock read and haicang_order_arrival's answer beside it. */
function arrivalOf(columns: OrderRow, storeName: string | null, warehouseName: string | null, a: ArrivalFacts, arriving: string | null): OrderArrival {
  const order = viewOf({ order: columns, storeName, warehouseName });
  return { order, progress: { total: a.total, signed: a.signed }, arriving };
}

/** The order's row locked in a CTE, with its store's and warehouse's names (Drizzle's CTEs take flat selections). */
const lockedOrderCte = (tx: Db, name: string, id: SQL | number | Placeholder) => tx.$with(name).as(tx.select({ ...getTableColumns(orders), storeName: stores.storeName, warehouseName: warehouseInfos.warehouseName }).from(orders)
  .leftJoin(stores, eq(stores.id, orders.storeId)).leftJoin(warehouseInfos, eq(warehouseInfos.id, orders.warehouseInfoId))
  .where(eq(orders.id, id)).for('update', { of: orders }));

/**
 * haicang_order_arrival called on the locked order's row: in the select list of the statement that
 * reads the CTE, so after its lock was won (a CTE with FOR UPDATE is never inlined).
 */
const arrivalCall = (locked: ReturnType<typeof lockedOrderCte>, arriving: SQL | string | null | Placeholder) =>
  sql<ArrivalFacts>`to_json(haicang_order_arrival(${locked.id}, ${arriving}::text))`;

const arrivalQuery = (tx: Db, id: number | Placeholder, arriving: string | null | Placeholder) => {
  const locked = lockedOrderCte(tx, 'locked', id);
  return tx.with(locked).select({ ...locked._.selectedFields, arrival: arrivalCall(locked, arriving) }).from(locked);
};
const ORDER_ARRIVALS = new WeakMap<object, ReturnType<ReturnType<typeof arrivalQuery>['prepare']>>();

/**
 * A parcel by its number with its order (if any) and whether a refusal is pending for it, in one
 * statement: what the scan check answers from (decision 0034).
 */
export async function parcelForCheck(tx: Db, shipment: string): Promise<{ parcel: typeof parcels.$inferSelect; order: OrderView | null; refusalId: number | null } | undefined> {
  // The scan check's one statement, prepared once per connection where that is kept (decision 0034).
  const kept = keptFor(tx, CHECK_QUERIES, () => mapRowsOnce(checkQuery(tx, sql.placeholder('shipment')).prepare('hc_parcel_for_check')));
  const [row] = kept ? await kept.execute({ shipment }) : await checkQuery(tx, shipment);
  if (!row) return undefined;
  return { parcel: row.parcel, order: row.order ? viewOf({ order: row.order, storeName: row.storeName, warehouseName: row.warehouseName }) : null, refusalId: row.refusalId };
}

const checkQuery = (tx: Db, shipment: string | Placeholder) => tx.select({
  parcel: parcels, order: orders, storeName: stores.storeName, warehouseName: warehouseInfos.warehouseName, refusalId: pendingRefusalIdOf(shipment),
}).from(parcels)
  .leftJoin(orders, eq(orders.id, parcels.orderId))
  .leftJoin(stores, eq(stores.id, orders.storeId)).leftJoin(warehouseInfos, eq(warehouseInfos.id, orders.warehouseInfoId))
  .where(eq(parcels.shipment, shipment));
const CHECK_QUERIES = new WeakMap<object, ReturnType<ReturnType<typeof checkQuery>['prepare']>>();

/**
 * The scan's parcel, locked, with what the scan reads beside it in the same statement (decision
 * 0034): whether a refusal is pending for the number, and the station's warehouse when asked
 * (`warehouseInfoId`; null: not asked). When the scan will sign it in (declared, no refusal pending)
 * and it belongs to an order, the order is locked after it and its arrival read, as
 * lockOrderForArrival does, in the same statement (decision 0045): `arrival`, else null. That
 * statement is prepared once per connection where that is kept (PostgreSQL); elsewhere the parcel's
 * lock goes alone, and `arrival` is null. A number not there yet is created as lockParcel does, and
 * `facts` is then undefined.
 */
export async function lockParcelForScan(tx: Db, shipment: string, warehouseInfoId: number | null) {
  const kept = warehouseInfoId === null
    ? keptFor(tx, SCAN_LOCKS, () => mapRowsOnce(scanLockQuery(tx, sql.placeholder('shipment'), null).prepare('hc_scan_lock')))
    : keptFor(tx, SCAN_LOCKS_AT, () => mapRowsOnce(scanLockQuery(tx, sql.placeholder('shipment'), sql.placeholder('warehouseInfoId')).prepare('hc_scan_lock_at')));
  if (kept) {
    const [row] = await kept.execute({ shipment, warehouseInfoId });
    if (row) {
      const arrival = row.order && row.arrival ? arrivalOf(row.order, row.storeName, row.warehouseName, row.arrival, row.arriving) : null;
      return { parcel: row.parcel, created: false, facts: row.facts, arrival };
    }
  } else {
    // Where statements are not kept prepared (PGlite, in the server's process: no round trip to save),
    // the parcel's lock alone; its order is locked by its own statement, planned each time as this one is.
    const [row] = await tx.select({ parcel: parcels, facts: scanFacts(shipment, warehouseInfoId) }).from(parcels).where(eq(parcels.shipment, shipment)).for('update');
    if (row) return { parcel: row.parcel, created: false, facts: row.facts, arrival: null };
  }
  return { ...(await lockParcel(tx, shipment)), facts: undefined, arrival: null };
}

/** What the scan reads beside the parcel's lock: a pending refusal's id and the station's warehouse (null: not asked). */
const scanFacts = (shipment: string | Placeholder, warehouseInfoId: number | Placeholder | null) => {
  const warehouse = warehouseInfoId === null ? sql`null` : sql`(select json_build_object('id', w.id, 'warehouseName', w.warehouse_name, 'isEnabled', w.is_enabled)
    from ${warehouseInfos} w where w.id = ${warehouseInfoId})`;
  return sql<ScanFacts>`json_build_object('refusalId', ${pendingRefusalIdOf(shipment)}, 'warehouse', ${warehouse})`;
};

const scanLockQuery = (tx: Db, shipment: string | Placeholder, warehouseInfoId: number | Placeholder | null) => {
  const locked = tx.$with('scanned').as(tx.select({ ...getTableColumns(parcels), facts: scanFacts(shipment, warehouseInfoId).as('facts') }).from(parcels)
    .where(eq(parcels.shipment, shipment)).for('update'));
  // The order second, as a sign-in without this statement locks it (lockOrderForArrival): parcel, then order.
  const order = lockedOrderCte(tx, 'its_order', sql`(select ${locked.orderId} from ${locked}
    where ${locked.receiveStatus} = ${RECEIVE_STATUS.declared} and (${locked.facts} ->> 'refusalId') is null)`);
  const { facts, ...parcelFields } = locked._.selectedFields;
  const { storeName, warehouseName, ...orderFields } = order._.selectedFields;
  // The parcel being signed counts as here when it has a seller (signLockedParcel signs it 已签收).
  // The number counted is sent back with the count: advanceOrder uses the arrival only for that number.
  const arriving = sql<string | null>`case when ${locked.userId} is not null then ${locked.shipment} end`;
  const arrival = sql<ArrivalFacts | null>`case when ${order.id} is null then null else ${arrivalCall(order, arriving)} end`;
  return tx.with(locked, order).select({ parcel: parcelFields, facts, order: orderFields, storeName, warehouseName, arrival, arriving })
    .from(locked).leftJoin(order, sql`true`);
};
type ScanLock = ReturnType<ReturnType<typeof scanLockQuery>['prepare']>;
const SCAN_LOCKS = new WeakMap<object, ScanLock>();
const SCAN_LOCKS_AT = new WeakMap<object, ScanLock>();

export interface ScanFacts {
  refusalId: number | null;
  warehouse: { id: number; warehouseName: string | null; isEnabled: boolean } | null;
}

/** The order with this trade number (locked with forUpdate), read in one statement. */
export async function orderByTradeNo(tx: Db, tradeNo: string, forUpdate = false): Promise<OrderView | undefined> {
  const q = tx.select(orderView).from(orders)
    .leftJoin(stores, eq(stores.id, orders.storeId)).leftJoin(warehouseInfos, eq(warehouseInfos.id, orders.warehouseInfoId))
    .where(eq(orders.tradeNo, tradeNo));
  const [row] = forUpdate ? await q.for('update', { of: orders }) : await q;
  return row ? viewOf(row) : undefined;
}

export async function renameLineShipment(tx: Db, orderId: number, from: string, to: string): Promise<void> {
  await tx.update(orderLines).set({ shipment: to }).where(and(eq(orderLines.orderId, orderId), eq(orderLines.shipment, from)));
}

// Exports read in keyset batches (id descending) so a long export never re-scans from the top.

/** The orders of `ids` (of `userId` only, when given), in the order of `ids`; the missing are left out. */
export async function ordersByIds(tx: Db, ids: readonly number[], userId?: number): Promise<OrderView[]> {
  if (ids.length === 0) return [];
  const rows = await tx.select(orderView).from(orders)
    .leftJoin(stores, eq(stores.id, orders.storeId)).leftJoin(warehouseInfos, eq(warehouseInfos.id, orders.warehouseInfoId))
    .where(and(inArray(orders.id, [...ids]), userId !== undefined ? eq(orders.userId, userId) : undefined));
  const byId = new Map(rows.map((r) => [r.order.id, viewOf(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function exportOrderBatch(tx: Db, f: OrderFilter, beforeId: number | null, limit: number): Promise<(OrderView & { lines: OrderLineRow[] })[]> {
  const rows = await tx.select(orderView).from(orders)
    .leftJoin(stores, eq(stores.id, orders.storeId)).leftJoin(warehouseInfos, eq(warehouseInfos.id, orders.warehouseInfoId))
    .where(and(orderWhere(f), beforeId === null ? undefined : sql`${orders.id} < ${beforeId}`)).orderBy(desc(orders.id)).limit(limit);
  const views = rows.map(viewOf);
  const lines = await linesOf(tx, views.map((v) => v.id));
  return views.map((v) => ({ ...v, lines: lines.get(v.id) ?? [] }));
}

// Dispatch (shipping.ts)

/** Locks the orders of ids in id order and reads what the ship rule needs. */
export async function lockOrdersForShipping(tx: Db, ids: readonly number[]) {
  return tx.select({
    id: orders.id, tradeNo: orders.tradeNo, orderNumber: orders.orderNumber, orderType: orders.orderType, orderStatus: orders.orderStatus,
    packageStatus: orders.packageStatus, owedCents: orders.owedCents,
  }).from(orders).where(inArray(orders.id, [...ids])).orderBy(asc(orders.id)).for('update');
}

export async function updateOrders(tx: Db, ids: readonly number[], values: Partial<typeof orders.$inferInsert>): Promise<void> {
  await tx.update(orders).set(values).where(inArray(orders.id, [...ids]));
}

/** The orders of a warehouse (and site) ready to hand over: weighed, fully paid, not on hold. */
export async function shippableOrderIds(tx: Db, f: { warehouseInfoId: number; site?: string | undefined }): Promise<number[]> {
  const rows = await tx.select({ id: orders.id }).from(orders).where(and(
    eq(orders.warehouseInfoId, f.warehouseInfoId), f.site ? eq(orders.site, f.site) : undefined,
    eq(orders.packageStatus, PACKAGE_STATUS.weighed), eq(orders.orderStatus, ORDER_STATUS.processing), eq(orders.owedCents, 0),
  )).orderBy(asc(orders.id)).limit(5000);
  return rows.map((r) => r.id);
}

// Urge requests (催单, urgent.ts)

export interface UrgentFilter { userId?: number; status?: number | undefined; number?: string | undefined }
export interface UrgentRequestView { request: typeof urgentRequests.$inferSelect; tradeNo: string; orderNumber: string; userCode: string }
const urgentView = { request: urgentRequests, tradeNo: orders.tradeNo, orderNumber: orders.orderNumber, userCode: orders.userCode };

export async function listUrgentRequests(tx: Db, f: UrgentFilter, page: { limit: number; offset: number }) {
  const parts: SQL[] = [];
  if (f.userId !== undefined) parts.push(eq(urgentRequests.userId, f.userId));
  if (f.status !== undefined) parts.push(eq(urgentRequests.status, f.status));
  if (f.number) parts.push(or(eq(orders.tradeNo, f.number), eq(orders.orderNumber, f.number))!);
  const where = parts.length ? and(...parts) : undefined;
  const [total] = await tx.select({ n: count() }).from(urgentRequests).innerJoin(orders, eq(orders.id, urgentRequests.orderId)).where(where);
  // Unanswered first, then newest.
  const rows: UrgentRequestView[] = await tx.select(urgentView).from(urgentRequests).innerJoin(orders, eq(orders.id, urgentRequests.orderId))
    .where(where).orderBy(urgentRequests.status, desc(urgentRequests.id)).limit(pageLimit(page.limit)).offset(page.offset);
  return { total: total?.n ?? 0, rows };
}

export async function getUrgentRequest(tx: Db, id: number): Promise<UrgentRequestView | undefined> {
  const [row] = await tx.select(urgentView).from(urgentRequests).innerJoin(orders, eq(orders.id, urgentRequests.orderId)).where(eq(urgentRequests.id, id));
  return row;
}

export async function insertUrgentRequest(tx: Db, values: { orderId: number; userId: number; message: string }): Promise<number> {
  const [row] = await tx.insert(urgentRequests).values(values).returning({ id: urgentRequests.id });
  return row!.id;
}

export async function updateUrgentRequest(tx: Db, id: number, values: Partial<typeof urgentRequests.$inferInsert>): Promise<void> {
  await tx.update(urgentRequests).set(values).where(eq(urgentRequests.id, id));
}
