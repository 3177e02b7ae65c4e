// Points (1 point = 1 CNY, two decimals) on the wire and on screen; integer cents in the database and
// the ledger. Every conversion between the two, and every way of writing an amount, is here.

/** Cents as points: 1250 → 12.5. A missing amount stays missing. */
export function centsToPoints(cents: number): number;
export function centsToPoints(cents: number | null | undefined): number | null;
export function centsToPoints(cents: number | null | undefined): number | null {
  return cents === null || cents === undefined ? null : cents / 100;
}

/** Points as whole cents: 12.5 → 1250, rounding away binary noise (0.07 * 100 = 7.000000000000001). */
export function pointsToCents(points: number): number;
export function pointsToCents(points: number | null | undefined): number | null;
export function pointsToCents(points: number | null | undefined): number | null {
  return points === null || points === undefined ? null : Math.round(points * 100);
}

/** Whether a typed amount has at most two decimals (the contracts refuse more). */
export const hasAtMostTwoDecimals = (points: number): boolean => Math.abs(points * 100 - Math.round(points * 100)) < 1e-6;

/** An amount in a sentence, a receipt or a table cell: 1234.5 → "1234.50". The server's messages use this. */
export const plainPoints = (points: number): string => points.toFixed(2);

/** Cents written as points: 123450 → "1234.50". */
export const centsText = (cents: number): string => plainPoints(centsToPoints(cents));

const GROUPED = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A balance or a flow on screen: thousands grouped, two decimals; a signed amount shows its +. */
export function formatPoints(points: number, signed = false): string {
  const text = GROUPED.format(points);
  return signed && points > 0 ? `+${text}` : text;
}
