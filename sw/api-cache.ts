// Which requests the worker may answer from its API cache, and under which cache name. Kept apart
// from sw.ts so the rules are unit-tested without a worker.

/** Every API cache name starts with this; sign-out deletes them all. */
export const API_CACHE_PREFIX = 'hc-api-';

/** Paths the navigation fallback (index.html) must never answer. */
export const NAVIGATION_DENYLIST = [/^\/api(\/|$)/i, /^\/swagger(\/|$)/i, /^\/signalr(\/|$)/i, /^\/pay(\/|$)/i, /^\/AbpUserConfiguration(\/|$)/i, /^\/health$/, /^\/(metrics|ready)\/?$/i];

/** GET /api/* (and the configuration) reads of a signed-in user; never file downloads, never anything but GET. */
export function isCacheableApiRead(url: URL, method: string, origin: string, authorization: string | null): boolean {
  if (method !== 'GET' || url.origin !== origin || !authorization) return false;
  // The start-up configuration (permissions, texts) is a read of the user like any other.
  if (/^\/AbpUserConfiguration\/GetAll$/i.test(url.pathname)) return true;
  if (!/^\/api\//i.test(url.pathname)) return false;
  if (/^\/api\/File\//i.test(url.pathname)) return false;
  // Sign-in and token endpoints are never worth keeping.
  if (/^\/api\/TokenAuth\//i.test(url.pathname)) return false;
  return true;
}

/** One cache per user (the token and tenant), so one user's reads are never served to another. */
export async function apiCacheName(authorization: string, tenantId: string | null): Promise<string> {
  const bytes = new TextEncoder().encode(`${tenantId ?? 'host'}|${authorization}`);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return API_CACHE_PREFIX + Array.from(digest.slice(0, 12), (b) => b.toString(16).padStart(2, '0')).join('');
}

export type WorkerMessage = { type: 'SKIP_WAITING' } | { type: 'CLEAR_API_CACHE' };
