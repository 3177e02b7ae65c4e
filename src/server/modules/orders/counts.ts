// How many orders a status holds, from order_counts (decision 0041): migration 0028's triggers write
// a piece with every change of an order's status, package status or warehouse, and the sum of a
// key's pieces is the exact count in any snapshot. A list filtered by those columns alone sums a few
// pieces instead of counting thousands of orders on every page.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { isScoped, visibilityOf, type Db } from '../../db/client.ts';
import { orderCounts } from '../../db/schema/index.ts';

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
  const result = await root.execute(sql`
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
  const rows = (result as unknown as { rows: { folded: number }[] }).rows;
  return Number(rows[0]?.folded ?? 0);
}

/** How often each server folds: a status's sum reads at most this long's worth of pieces. */
export const FOLD_EVERY_MS = 2_000;

/** Runs foldOrderCounts every `everyMs`; stop() on close. */
export function startOrderCountFolding(root: Db, log: { warn(o: object, m: string): void }, everyMs = FOLD_EVERY_MS): { stop(): void } {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    foldOrderCounts(root)
      .catch((err: unknown) => log.warn({ err }, 'folding order counts failed'))
      .finally(() => { running = false; });
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
