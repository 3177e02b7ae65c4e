// A shop's access token and its refresh (DOMAIN §8, decision 0028). A refresh token works once, so
// two servers must never spend the same one: a refresh first takes a short lease on the shop's row
// (one UPDATE, committed), then calls the platform outside any transaction, then stores the new
// pair in one UPDATE that also ends the lease. Whoever finds the lease held does not call at all.
import type { Deps } from '../../framework.ts';
import { conflict } from '../../lib/errors.ts';
import { ShopeeApiError, type ShopCredentials } from './client.ts';
import * as repo from './repository.ts';

/** Refresh when less than this is left of the access token (the job runs every few minutes). */
export const REFRESH_AHEAD_MS = 30 * 60 * 1000;
/** Longer than a refresh call can take with its rate-limit retries. */
const LEASE_MS = 2 * 60 * 1000;
/** A call needs at least this much left of the token. */
const USABLE_MS = 5 * 60 * 1000;

export type RefreshOutcome = 'refreshed' | 'busy' | 'not-due' | 'expired';
type TokenDeps = Pick<Deps, 'database' | 'shopee' | 'shopTokens'>;

/**
 * Refreshes the shop's access token if it is due (or `force`). 'busy': another caller holds the
 * lease; 'expired': the platform refused the refresh token, the shop is marked 2 已过期.
 * Other failures (rate limits after retries, no answer) end the lease and are thrown.
 */
export async function refreshShopToken(deps: TokenDeps, tenantId: number, id: number, opts: { force?: boolean; now?: Date } = {}): Promise<RefreshOutcome> {
  const now = opts.now ?? new Date();
  const { database, shopee, shopTokens } = deps;
  const claimed = await database.withTenant(tenantId, (tx) => repo.claimRefresh(tx, id, {
    now, leaseUntil: new Date(now.getTime() + LEASE_MS), dueBefore: opts.force ? null : new Date(now.getTime() + REFRESH_AHEAD_MS),
  }));
  if (!claimed) {
    const row = await database.withTenant(tenantId, (tx) => repo.getShop(tx, id));
    // Forced, the claim fails only on a lease held at that moment (which may have ended since).
    if (opts.force && row?.shopeeStatus === 1) return 'busy';
    return row?.refreshLeaseUntil && row.refreshLeaseUntil > now ? 'busy' : 'not-due';
  }
  let refreshToken: string;
  try {
    refreshToken = shopTokens.open(claimed.refreshToken);
  } catch {
    // Sealed under another TOKEN_SECRET (rotated): nobody can use it; the seller authorises again.
    await database.withTenant(tenantId, (tx) => repo.endLease(tx, id, { shopeeStatus: 2 }));
    return 'expired';
  }
  let answer;
  try {
    answer = await shopee.refreshAccessToken(refreshToken, claimed.shopId);
  } catch (err) {
    const refused = err instanceof ShopeeApiError && !err.isRateLimit && !err.isTransient;
    await database.withTenant(tenantId, (tx) => repo.endLease(tx, id, refused ? { shopeeStatus: 2 } : {}));
    if (refused) return 'expired';
    throw err;
  }
  // Compared as stored (sealed), stored sealed.
  await database.withTenant(tenantId, (tx) => repo.storeRefreshed(tx, id, claimed.refreshToken, {
    accessToken: shopTokens.seal(answer.accessToken), refreshToken: shopTokens.seal(answer.refreshToken),
    accessTokenExpiresAt: new Date(Date.now() + answer.expireIn * 1000),
  }));
  return 'refreshed';
}

/** The shop's credentials for a call, refreshing the token first when it is close to its end. */
export async function credentialsFor(deps: TokenDeps, tenantId: number, shop: repo.ShopRow, now = new Date()): Promise<ShopCredentials> {
  let row = shop;
  if (row.accessTokenExpiresAt.getTime() - now.getTime() < REFRESH_AHEAD_MS) {
    const outcome = await refreshShopToken(deps, tenantId, row.id, { now });
    if (outcome === 'expired') throw conflict(`店铺 ${row.shopName} 的授权已失效，请重新授权。`);
    row = (await deps.database.withTenant(tenantId, (tx) => repo.getShop(tx, shop.id))) ?? row;
  }
  if (row.accessTokenExpiresAt.getTime() - now.getTime() < USABLE_MS) {
    throw conflict(`店铺 ${row.shopName} 的授权令牌正在刷新，请稍后再试。`);
  }
  let accessToken: string;
  try {
    accessToken = deps.shopTokens.open(row.accessToken);
  } catch {
    throw conflict(`店铺 ${row.shopName} 的授权已失效，请重新授权。`);
  }
  return { shopId: row.shopId, accessToken };
}
