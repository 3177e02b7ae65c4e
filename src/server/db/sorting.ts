// A list's `sorting` (shared/contracts/sorting.ts) as its ORDER BY: only the columns the list names for
// its whitelisted fields, then the row's id in the same direction, so that pages never overlap or
// skip rows that tie (and an index on (tenant, column, id) is read in one direction).
import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Sorting } from '#shared/contracts/sorting.ts';

/**
 * The ORDER BY terms of `sorting` over `columns`, with `id` as the tiebreaker; `fallback` (the list's
 * own order, unchanged) when no sorting was asked.
 */
export function orderByOf<F extends string>(
  sorting: Sorting<F> | undefined, columns: Record<F, AnyColumn | SQL>, id: AnyColumn | SQL, fallback: SQL[],
): SQL[] {
  if (!sorting) return fallback;
  const by = sorting.direction === 'desc' ? desc : asc;
  return [by(columns[sorting.field]), by(id)];
}

/** The terms as one list, for an aggregate's `order by` (string_agg … order by …). */
export const orderByList = (terms: SQL[]): SQL => sql.join(terms, sql`, `);

/** A name for the order, to key a prepared statement by: '' for the list's own. */
export const sortingKey = (sorting: Sorting | undefined): string => (sorting ? `|sort ${sorting.field} ${sorting.direction}` : '');
