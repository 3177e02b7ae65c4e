// A page's LIMIT written into the statement's text (decision 0036).
import { sql } from 'drizzle-orm';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '#shared/paging.ts';

const LITERAL_SIZES: ReadonlySet<number> = new Set<number>([DEFAULT_PAGE_SIZE, ...PAGE_SIZES]);

/**
 * What to give Drizzle's `.limit()` for a page of `limit` rows.
 *
 * PostgreSQL cannot estimate a LIMIT that is a parameter: it assumes a tenth of the rows are
 * wanted. A named statement's generic plan then always looks dearer than a custom one, so the
 * statement was planned again on every execution: 0.3–0.8 ms of planning for 0.08–0.3 ms of running
 * a list page. The console's page sizes are written into the text instead, and a first page (no
 * OFFSET: Drizzle leaves out an offset of 0) keeps one generic plan per connection. Any other size
 * stays a parameter, so a client cannot make up statement texts at will.
 */
export function pageLimit(limit: number): number {
  // Drizzle writes an SQL object given as the limit into the text as it is.
  return isLiteralPageSize(limit) ? (sql.raw(String(limit)) as unknown as number) : limit;
}

/** Whether pageLimit writes this size into the text. */
export const isLiteralPageSize = (limit: number): boolean => LITERAL_SIZES.has(limit);
