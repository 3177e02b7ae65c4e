// Counting for paged lists without counting a whole large table on every page.
import { count, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { COUNT_CAP } from '#shared/contracts/common.ts';
import type { Db } from './client.ts';

/**
 * How many rows match a list's filter, counting at most COUNT_CAP + 1 of them (a LIMIT subquery:
 * a broad filter reads 10 001 index entries instead of 400 000 on every page). When more match,
 * total is COUNT_CAP and capped is true: the list shows "10000+" and the user narrows the filter
 * (date range, status, seller) to see the rest.
 */
export async function cappedCount(tx: Db, table: PgTable, where: SQL | undefined): Promise<{ total: number; capped: boolean }> {
  const matching = tx.select({ one: sql<number>`1`.as('one') }).from(table).where(where).limit(COUNT_CAP + 1).as('matching');
  const [row] = await tx.select({ n: count() }).from(matching);
  const n = row?.n ?? 0;
  return n > COUNT_CAP ? { total: COUNT_CAP, capped: true } : { total: n, capped: false };
}
