// Several writes in one round trip (decision 0034): PostgreSQL runs every data-modifying statement of a
// WITH clause, referenced or not, in the one statement, all or nothing like any other.
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

export type { SQLWrapper };
import type { Db } from './client.ts';

/**
 * Sends `writes` (inserts, updates or deletes without RETURNING that do not read each other's rows:
 * they all see the snapshot the statement started with) and then `last` (a SELECT, e.g. a pg_notify)
 * as one statement. Left out entries (undefined) are skipped.
 */
export async function inOneStatement(tx: Db, writes: readonly (SQLWrapper | undefined)[], last: SQL = sql`select 1`): Promise<void> {
  const parts = writes.filter((w): w is SQLWrapper => w !== undefined);
  if (parts.length === 0) {
    await tx.execute(last);
    return;
  }
  const ctes = sql.join(parts.map((w, i) => sql`${sql.raw(`w${i}`)} as (${w.getSQL()})`), sql`, `);
  await tx.execute(sql`with ${ctes} ${last}`);
}
