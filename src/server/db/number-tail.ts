// A number found by its tail (issue 44 §3, decision 0070): "9990001111" finds "YT9990001111". Each
// number column searched this way has a btree index on (tenant_id, reverse(column) text_pattern_ops)
// (migration 0042), and the tail is a prefix of the reversed number: a range on that index, at any
// size, on PGlite as on PostgreSQL, with no extension.
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** Fewer characters than this are no fragment: they are matched exactly only. */
export const TAIL_MIN = 4;

/** A fragment as numbers are stored: no spaces, upper case. */
export const normalizeFragment = (text: string): string => text.replace(/\s+/g, '').toUpperCase();

/** The text backwards, by characters as PostgreSQL's reverse() reads it. */
export const reversed = (text: string): string => [...text].reverse().join('');

/**
 * `column` ends with the tail whose reversed text is `reversedTail`. Written as the range the index
 * serves — reversed number ≥ the reversed tail and < the reversed tail followed by the highest
 * character — rather than `like`: no pattern to escape (a `%` or `_` typed is a character like any
 * other), and no collation question. Planned with its value (a plain statement, not a kept one whose
 * generic plan would not know the range: decision 0070).
 * `upper`: the column is compared upper-cased (order numbers keep the case they came in).
 */
export function endsWith(column: AnyColumn | SQL, reversedTail: unknown, upper = false): SQL {
  const rev = upper ? sql`reverse(upper(${column}))` : sql`reverse(${column})`;
  return sql`(${rev} ~>=~ ${reversedTail}::text and ${rev} ~<~ (${reversedTail}::text || chr(1114111)))`;
}
