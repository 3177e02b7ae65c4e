// The access guard (spec 000 §2), as one pure decision: the root route's beforeLoad feeds it what it
// knows about the session and the matched routes, and carries out the answer.
import type { RouteMeta } from './route-meta.ts';
import { HOME_PATH, LOCK_PATH, SHOP_AUTH_CANCEL_PATH, SHOP_AUTH_SUCCESS_PATH, SIGN_IN_PATH } from './constants.ts';

export type Side = 'staff' | 'seller';

export interface AccessInput {
  pathname: string;
  /** The raw query string, with or without the leading "?". */
  searchStr: string;
  signedIn: boolean;
  /** The lock flag is 1. */
  locked: boolean;
  /** staticData of every matched route, outermost first. */
  metas: readonly RouteMeta[];
  /** Granted permissions; null while unknown (signed out). */
  granted: ReadonlySet<string> | null;
  /** 'staff' (userType 0) or 'seller' (userType 1); null while unknown. */
  side: Side | null;
}

export type AccessDecision =
  | { type: 'allow' }
  | { type: 'redirect'; to: string; search?: Record<string, string> }
  | { type: 'forbidden'; missing: string | null };

/** Thrown by the signed-in layout's beforeLoad; its error component shows the 403 page in the shell. */
export class ForbiddenError extends Error {
  constructor(readonly missing: string | null) {
    super('403');
    this.name = 'ForbiddenError';
  }
}

/** Only a same-site path may be a return address (never //evil.example or https://…). */
export function safeRedirect(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value === SIGN_IN_PATH || value.startsWith('/?') || value.startsWith(LOCK_PATH)) return null;
  return value;
}

/** A side's routes: a seller sees seller and shared routes, staff see staff and shared routes. */
/** The permissions a configuration answer grants (its values are the strings 'true' / 'false'). */
export function grantedOf(grantedPermissions: Record<string, string>): Set<string> {
  return new Set(Object.keys(grantedPermissions).filter((k) => grantedPermissions[k] === 'true'));
}

export function sideAllows(routeSide: RouteMeta['side'], side: Side | null): boolean {
  return !routeSide || routeSide === 'any' || side === null || routeSide === side;
}

export function decideAccess(input: AccessInput): AccessDecision {
  const { pathname, signedIn, locked, metas } = input;
  const params = new URLSearchParams(input.searchStr.startsWith('?') ? input.searchStr.slice(1) : input.searchStr);

  // 1. Shopee sends the seller back with shop_id and code to whatever address it was given.
  const shopId = params.get('shop_id');
  const code = params.get('code');
  if (shopId !== null && code !== null && pathname !== SHOP_AUTH_SUCCESS_PATH && pathname !== SHOP_AUTH_CANCEL_PATH) {
    const state = params.get('state');
    return { type: 'redirect', to: SHOP_AUTH_SUCCESS_PATH, search: { shop_id: shopId, code, ...(state !== null ? { state } : {}) } };
  }

  // 2. While locked, every route leads to the lock screen (a lock without a session means nothing).
  if (signedIn && locked) return pathname === LOCK_PATH ? { type: 'allow' } : { type: 'redirect', to: LOCK_PATH };
  if (pathname === LOCK_PATH) return { type: 'redirect', to: signedIn ? HOME_PATH : SIGN_IN_PATH };

  // 3. The sign-in page sends a signed-in user home (or back where the sign-in was asked for).
  if (pathname === SIGN_IN_PATH) {
    return signedIn ? { type: 'redirect', to: safeRedirect(params.get('redirect')) ?? HOME_PATH } : { type: 'allow' };
  }

  if (metas.some((m) => m.public)) return { type: 'allow' };

  // 4. Anyone else needs a session.
  if (!signedIn) {
    const query = params.toString();
    const back = safeRedirect(query ? `${pathname}?${query}` : pathname);
    return { type: 'redirect', to: SIGN_IN_PATH, search: back && back !== HOME_PATH ? { redirect: back } : undefined };
  }

  // 5. The permission (and side) the route asks for.
  for (const meta of metas) {
    if (meta.permission && input.granted && !input.granted.has(meta.permission)) return { type: 'forbidden', missing: meta.permission };
    if (!sideAllows(meta.side, input.side)) return { type: 'forbidden', missing: null };
  }
  return { type: 'allow' };
}
