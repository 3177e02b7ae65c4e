// A domestic tracking number as printed: letters, digits and dashes, 4–64 long. Zod-free, so the
// floor's scan screens can check a read without loading the contracts; contracts/orders.ts builds
// its schema from the same rule.
export const TRACKING_NUMBER_MIN = 4;
export const TRACKING_NUMBER_MAX = 64;
export const TRACKING_NUMBER_PATTERN = /^[A-Za-z0-9-]+$/;
export const TRACKING_NUMBER_MESSAGE = '只能包含字母、数字和 -';

/**
 * A tracking number as it is stored and compared (issue 44): no spaces anywhere, upper case, so
 * `yt 999 0001111` declared by a seller is the `YT9990001111` the station scans. Every input schema
 * that takes one goes through this (contracts/orders.ts `trackingNumber`), and migration 0037 wrote
 * the rows of before in this form.
 */
export function normalizeTrackingNumber(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}

/** Whether `code` (once normalised) is a tracking number the server will accept. */
export function isTrackingNumber(code: string): boolean {
  const s = normalizeTrackingNumber(code);
  return s.length >= TRACKING_NUMBER_MIN && s.length <= TRACKING_NUMBER_MAX && TRACKING_NUMBER_PATTERN.test(s);
}
