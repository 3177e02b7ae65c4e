// The scheduled Shopee work (DOMAIN §8), run by every server: token refreshes before expiry and the
// order sync of authorised shops every SHOPEE_SYNC_MINUTES. Leases on the shop rows decide which
// server does a shop's work (tokens.ts, repository.claimSync), so running on many is safe.
// A minimal interval of its own until the product has a shared job scheduler (the lead unifies).
import type { Deps } from '../../framework.ts';
import { getUser } from '../identity/repository.ts';
import { REFRESH_AHEAD_MS, refreshShopToken } from './tokens.ts';
import { syncShops } from './service.ts';
import * as repo from './repository.ts';

type Log = { info(o: object, m: string): void; warn(o: object, m: string): void; error(o: object, m: string): void };
type PlatformDeps = Pick<Deps, 'database' | 'shopee' | 'shopTokens'>;

const REFRESH_EVERY_MS = 5 * 60 * 1000;
const SYNC_LEASE_MS = 10 * 60 * 1000;

/** Refreshes every shop whose access token ends within REFRESH_AHEAD_MS; answers how many were refreshed. */
export async function refreshDueShops(deps: PlatformDeps, log: Log, now = new Date()): Promise<number> {
  let refreshed = 0;
  for (const shop of await repo.shopsDueForRefresh(deps.database.root, new Date(now.getTime() + REFRESH_AHEAD_MS))) {
    try {
      const outcome = await refreshShopToken(deps, shop.tenantId, shop.id, { now });
      if (outcome === 'refreshed') refreshed++;
      if (outcome === 'expired') log.warn({ shop: shop.id, tenantId: shop.tenantId }, 'shopee refused a refresh token: shop marked expired');
    } catch (err) {
      log.warn({ err, shop: shop.id, tenantId: shop.tenantId }, 'shopee token refresh failed, retried next round');
    }
  }
  return refreshed;
}

/** Syncs every authorised shop no other server is syncing; answers the orders created. */
export async function syncAllShops(deps: PlatformDeps, log: Log, now = new Date()): Promise<number> {
  let created = 0;
  for (const s of await repo.shopsToSync(deps.database.root, now)) {
    const claimed = await deps.database.withTenant(s.tenantId, (tx) => repo.claimSync(tx, s.id, now, new Date(now.getTime() + SYNC_LEASE_MS)));
    if (!claimed) continue;
    try {
      const [shop, seller] = await deps.database.withTenant(s.tenantId, async (tx) => [await repo.getShop(tx, s.id), await getUser(tx, s.userId)] as const);
      // A seller who was switched off or removed gets no new orders until he is back.
      if (!shop || !seller || !seller.isActive || seller.isDeleted) continue;
      const result = await syncShops({ ...deps, log }, s.tenantId, seller, [shop], {}, now);
      created += result.created;
      if (result.created || result.failed.length) log.info({ shopId: shop.shopId, tenantId: s.tenantId, ...result }, 'shopee orders synced');
    } catch (err) {
      log.warn({ err, shop: s.id, tenantId: s.tenantId }, 'shopee order sync failed, retried next round');
    } finally {
      await deps.database.withTenant(s.tenantId, (tx) => repo.endSyncLease(tx, s.id)).catch(() => {});
    }
  }
  return created;
}

/** Starts both timers; stop() waits for a round in progress. */
export function startShopeeJobs(deps: PlatformDeps & Pick<Deps, 'config'>, log: Log): { stop(): Promise<void> } {
  const running = new Set<Promise<unknown>>();
  const every = (ms: number, work: () => Promise<unknown>) => {
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      const p = work().catch((err: unknown) => log.error({ err }, 'shopee job failed')).finally(() => { busy = false; running.delete(p); });
      running.add(p);
    }, ms);
    timer.unref();
    return timer;
  };
  const timers = [every(REFRESH_EVERY_MS, () => refreshDueShops(deps, log))];
  if (deps.config.shopee.syncMinutes > 0) timers.push(every(deps.config.shopee.syncMinutes * 60 * 1000, () => syncAllShops(deps, log)));
  return {
    async stop() {
      for (const t of timers) clearInterval(t);
      await Promise.all(running);
    },
  };
}
