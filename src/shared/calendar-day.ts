// What counts as a day: one rule for the server's inputs (contracts/common.ts) and the console's
// URL filters (list-page/list-search.ts). Plain code, no zod: the console's first chunk imports it.

/**
 * The years a date may name. PostgreSQL has no year 0 (it refuses 0000-01-01), and nothing a
 * warehouse records happened before 1900; four digits end at 9999.
 */
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 9999;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Whether text is a real calendar day written YYYY-MM-DD: 2026-02-31, 2026-11-31 and 2026-11-00 are
 * not (Date would roll them into the next month), nor 0000-01-01. Each day has this one spelling.
 */
export function isCalendarDay(text: string): boolean {
  const m = DAY.exec(text);
  if (!m) return false;
  const [year, month, date] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < FIRST_YEAR || year > LAST_YEAR) return false;
  const d = new Date(Date.UTC(year, month - 1, date));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === date;
}
