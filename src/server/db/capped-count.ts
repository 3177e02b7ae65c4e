// Counting for paged lists without counting a whole large table on every page.
import { count, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgDialect, PgTable } from 'drizzle-orm/pg-core';
import { COUNT_CAP } from '#shared/contracts/common.ts';
import { visibilityOf, type Db } from './client.ts';

/**
 * How long a filter known to match more than COUNT_CAP rows is answered "10000+" without counting
 * again (decision 0034). Its answer changes only if more than the surplus rows go away, and then
 * shows within this time; an exact count (at or under the cap) is always counted.
 */
export const OVER_CAP_TTL_MS = 10_000;
const OVER_CAP_MAX = 2_000;
const overCap = new Map<string, number>();

/**
 * The cache key of a count: who sees (tenant and scope), the table and the filter with its values.
 * `filter`: the filter already named by the caller (a prepared list's shape and values), instead of
 * its SQL rendered again.
 */
function countKey(tx: Db, table: PgTable, where: SQL | undefined, filter?: string): string | null {
  const who = visibilityOf(tx);
  if (who === null) return null;
  if (filter !== undefined) return `${who}\u0000${getTableName(table)}\u0000${filter}`;
  const q = (tx as unknown as { dialect: PgDialect }).dialect.sqlToQuery(where ?? sql`true`);
  return `${who}\u0000${getTableName(table)}\u0000${q.sql}\u0000${JSON.stringify(q.params)}`;
}

function isKnownOverCap(key: string | null): boolean {
  if (key === null) return false;
  const until = overCap.get(key);
  if (until === undefined) return false;
  if (until > Date.now()) return true;
  overCap.delete(key);
  return false;
}

function rememberOverCap(key: string | null): void {
  if (key === null) return;
  if (overCap.size >= OVER_CAP_MAX) overCap.delete(overCap.keys().next().value!);
  overCap.set(key, Date.now() + OVER_CAP_TTL_MS);
}

// Written into the text, not a parameter, so that PostgreSQL can estimate it (decision 0036).
const CAP_LIMIT = sql.raw(String(COUNT_CAP + 1)) as unknown as number;

/** At most COUNT_CAP + 1 of the rows matching the filter: what both counts count. */
const matchingRows = (tx: Db, table: PgTable, where: SQL | undefined) =>
  tx.select({ one: sql<number>`1`.as('one') }).from(table).where(where).limit(CAP_LIMIT);

const asCapped = (n: number) => (n > COUNT_CAP ? { total: COUNT_CAP, capped: true } : { total: n, capped: false });

/**
 * How many rows match a list's filter, counting at most COUNT_CAP + 1 of them (a LIMIT subquery:
 * a broad filter reads 10 001 index entries instead of 400 000 on every page). When more match,
 * total is COUNT_CAP and capped is true: the list shows "10000+" and the user narrows the filter
 * (date range, status, seller) to see the rest.
 */
export async function cappedCount(tx: Db, table: PgTable, where: SQL | undefined, filter?: string): Promise<{ total: number; capped: boolean }> {
  const key = countKey(tx, table, where, filter);
  if (isKnownOverCap(key)) return { total: COUNT_CAP, capped: true };
  const [row] = await tx.select({ n: count() }).from(matchingRows(tx, table, where).as('matching'));
  const n = row?.n ?? 0;
  if (n > COUNT_CAP) rememberOverCap(key);
  return asCapped(n);
}

export interface PageCount {
  /** A column for the page's own query: the capped count, so page and count take one round trip. */
  column: SQL<number>;
  /** The total from the page's rows (a page with no rows carries none: counted apart past the end). */
  read(rows: readonly { total: number }[], offset: number): Promise<{ total: number; capped: boolean }>;
}

/**
 * cappedCount as a column of the page's own query (decision 0034). The subquery is not correlated,
 * so PostgreSQL counts once per statement, not per row; a filter known to be over the cap is not
 * counted at all (`known`: the column is then a constant).
 *
 * `keyed` (decision 0035): a list kept as a prepared query passes its filter with placeholders as
 * `where`, the filter's name and values as `key`, and how to build it with its values, for the rare
 * count apart (an empty page past the end).
 *
 * `summed` (decision 0041): the count kept by the table's triggers, as a column (`column`, as `where`
 * is written) and apart (`apart`, with the values). It is exact and cheap, so it is always read:
 * nothing is remembered over the cap.
 */
export function pageCount(
  tx: Db, table: PgTable, where: SQL | undefined, keyed?: { key: string; where: () => SQL | undefined },
  summed?: { column: SQL<number>; apart: () => SQL<number> },
): PageCount & { known: boolean } {
  if (summed) {
    return {
      known: false,
      column: summed.column,
      async read(rows, offset) {
        if (rows.length > 0) return asCapped(rows[0]!.total);
        if (offset === 0) return { total: 0, capped: false };
        const [row] = await tx.select({ n: summed.apart() }).from(sql`(select 1) as one`);
        return asCapped(row?.n ?? 0);
      },
    };
  }
  const key = countKey(tx, table, where, keyed?.key);
  const known = isKnownOverCap(key);
  return {
    known,
    column: known ? sql<number>`${COUNT_CAP + 1}::int`.mapWith(Number) : sql<number>`(select count(*) from ${matchingRows(tx, table, where)} as matching)`.mapWith(Number),
    async read(rows, offset) {
      if (known) return { total: COUNT_CAP, capped: true };
      if (rows.length === 0) return offset === 0 ? { total: 0, capped: false } : cappedCount(tx, table, keyed ? keyed.where() : where, keyed?.key);
      const n = rows[0]!.total;
      if (n > COUNT_CAP) rememberOverCap(key);
      return asCapped(n);
    },
  };
}
