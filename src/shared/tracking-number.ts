// A domestic tracking number as printed: letters, digits and dashes, 4–64 long. Zod-free, so the
// floor's scan screens can check a read without loading the contracts; contracts/orders.ts builds
// its schema from the same rule.
export const TRACKING_NUMBER_MIN = 4;
export const TRACKING_NUMBER_MAX = 64;
export const TRACKING_NUMBER_PATTERN = /^[A-Za-z0-9-]+$/;
export const TRACKING_NUMBER_MESSAGE = '只能包含字母、数字和 -';

/** Whether `code` (after trimming) is a tracking number the server will accept. */
export function isTrackingNumber(code: string): boolean {
  const s = code.trim();
  return s.length >= TRACKING_NUMBER_MIN && s.length <= TRACKING_NUMBER_MAX && TRACKING_NUMBER_PATTERN.test(s);
}
