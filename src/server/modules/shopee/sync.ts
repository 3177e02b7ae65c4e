// Order sync (DOMAIN §8): a shop's READY_TO_SHIP orders by update_time, in windows of at most 15
// days with cursor paging, details 50 at a time; each new (shop, order_sn) becomes a cross-border
// order in its own transaction, so one bad order fails alone and a repeat skips what is there.
// No transaction is open while the platform is called.
import { SITES } from '#shared/enums.ts';
import type { BatchCreateResult } from '#shared/contracts/shopee.ts';
import type { Deps } from '../../framework.ts';
import { createMarketplaceOrder, marketplaceStore, type MarketplaceOrder, type MarketplaceOutcome } from '../orders/marketplace.ts';
import { openOrderWithNumber, type SellerRef } from '../orders/front-order.ts';
import { mappingOf } from '../sku-mapping/repository.ts';
import { stockItemBySku } from '../stock-orders/repository.ts';
import { createMarketplaceStockOrder } from '../stock-orders/service.ts';
import { AppError } from '../../lib/errors.ts';
import type { Db } from '../../db/client.ts';
import { DETAIL_BATCH, ORDER_LIST_WINDOW_S, type OrderDetail } from './client.ts';
import { credentialsFor } from './tokens.ts';
import * as repo from './repository.ts';

const PAGE_SIZE = 100;
export const READY_TO_SHIP = 'READY_TO_SHIP';
/** The automatic sync starts this far before where the last one ended (late updates). */
const OVERLAP_S = 3600;
/** A first sync (or a button press with no range) looks back this far: one platform window. */
export const DEFAULT_LOOKBACK_S = ORDER_LIST_WINDOW_S;

type SyncDeps = Pick<Deps, 'database' | 'shopee' | 'shopTokens'> & { log: { error(o: object, m: string): void } };

/** Thrown inside an order's transaction to roll it back with a reason for the seller. */
class Refused extends Error {}

export const emptyResult = (): BatchCreateResult => ({ created: 0, skipped: 0, failed: [] });

/** The window of a sync: as asked, or from where the shop's last sync ended (a little before), up to now. */
export function syncWindow(shop: repo.ShopRow, nowS: number, from?: number, to?: number): { from: number; to: number } {
  const end = Math.min(to ?? nowS, nowS);
  const start = from ?? (shop.syncedUntil ? Math.floor(shop.syncedUntil.getTime() / 1000) - OVERLAP_S : end - DEFAULT_LOOKBACK_S);
  return { from: Math.max(0, Math.min(start, end)), to: end };
}

function linesOf(detail: OrderDetail) {
  return (detail.item_list ?? []).map((i) => ({
    productName: (i.item_name || i.model_sku || '商品').slice(0, 256), productSku: (i.model_sku ?? '').slice(0, 128),
    specification: i.model_name ? i.model_name.slice(0, 256) : null, quantity: i.model_quantity_purchased,
  }));
}

/** Syncs one shop's orders of the window into `result`; platform errors are thrown to the caller. */
export async function syncShop(deps: SyncDeps, tenantId: number, seller: SellerRef, shop: repo.ShopRow, window: { from: number; to: number }, result: BatchCreateResult, now: Date): Promise<void> {
  const credentials = await credentialsFor(deps, tenantId, shop, now);
  const seen = new Set<string>();
  // Consecutive windows share their boundary second; `seen` keeps an order from counting twice.
  let start = window.from;
  do {
    const end = Math.min(start + ORDER_LIST_WINDOW_S, window.to);
    const listed: string[] = [];
    let cursor = '';
    for (;;) {
      const page = await deps.shopee.getOrderList(credentials, { timeFrom: start, timeTo: end, cursor, pageSize: PAGE_SIZE, orderStatus: READY_TO_SHIP });
      for (const sn of page.orderSns) if (!seen.has(sn)) { seen.add(sn); listed.push(sn); }
      if (!page.more || !page.nextCursor) break;
      cursor = page.nextCursor;
    }
    const known = await deps.database.withTenant(tenantId, (tx) => repo.syncedOrderSns(tx, shop.shopId, listed));
    result.skipped += known.size;
    const fresh = listed.filter((sn) => !known.has(sn));
    for (let i = 0; i < fresh.length; i += DETAIL_BATCH) {
      const batch = fresh.slice(i, i + DETAIL_BATCH);
      const details = new Map((await deps.shopee.getOrderDetail(credentials, batch)).map((d) => [d.order_sn, d]));
      for (const sn of batch) {
        const detail = details.get(sn);
        if (!detail) { result.failed.push({ orderSn: sn, reason: '平台未返回该订单的详情。' }); continue; }
        // Shipped or cancelled between the list and the details: not an order to make any more.
        if (detail.order_status !== READY_TO_SHIP) continue;
        await importOrder(deps, tenantId, seller, shop, detail, result, now);
      }
    }
    start = end;
  } while (start < window.to);
  await deps.database.withTenant(tenantId, (tx) => repo.updateShop(tx, shop.id, {
    syncedUntil: new Date(Math.max(window.to * 1000, shop.syncedUntil?.getTime() ?? 0)),
  }));
}

async function importOrder(deps: SyncDeps, tenantId: number, seller: SellerRef, shop: repo.ShopRow, detail: OrderDetail, result: BatchCreateResult, now: Date): Promise<void> {
  const site = detail.region ?? shop.country;
  try {
    const outcome = await deps.database.withTenant(tenantId, async (tx) => {
      if (!await repo.claimOrderSn(tx, { shopId: shop.shopId, orderSn: detail.order_sn, userId: seller.id })) return 'taken' as const;
      if (!(SITES as readonly string[]).includes(site)) throw new Refused(`站点 ${site} 不受支持。`);
      const made = await makeOrder(tx, seller, { orderNumber: detail.order_sn, site, lines: linesOf(detail) }, now);
      if (made.kind === 'refused') throw new Refused(made.reason);
      await repo.linkOrder(tx, shop.shopId, detail.order_sn, made.orderId);
      return made.kind;
    });
    if (outcome === 'created') result.created++;
    else result.skipped++;
  } catch (err) {
    // A refusal of the order itself (e.g. a stock shortage, 409): said, and tried again next sync.
    if (err instanceof Refused || (err instanceof AppError && err.status < 500)) {
      result.failed.push({ orderSn: detail.order_sn, reason: err instanceof AppError && err.details ? `${err.message}${err.details}` : err.message });
      return;
    }
    deps.log.error({ err, orderSn: detail.order_sn, shopId: shop.shopId }, 'shopee order import failed');
    result.failed.push({ orderSn: detail.order_sn, reason: '创建订单时出错，下次同步将重试。' });
  }
}

/**
 * The order a marketplace order becomes (DOMAIN §8): a stock order when every line's model SKU is
 * mapped (FrontSkuMapping) to the seller's stock in the store of the site, else a cross-border order.
 */
async function makeOrder(tx: Db, seller: SellerRef, o: MarketplaceOrder, now: Date): Promise<MarketplaceOutcome> {
  const existing = await openOrderWithNumber(tx, seller.id, o.orderNumber);
  if (existing) return { kind: 'exists', orderId: existing.id };
  const store = await marketplaceStore(tx, seller.id, o.site);
  const items = store ? await stockItems(tx, seller.id, store.id, o.lines) : null;
  if (store && items) {
    const made = await createMarketplaceStockOrder(tx, seller, { orderNumber: o.orderNumber, storeId: store.id, site: o.site, items }, now);
    return { kind: 'created', ...made };
  }
  return createMarketplaceOrder(tx, seller, o, now);
}

/** The lines as stock items, or null when one line's SKU is not mapped to the seller's stock. */
async function stockItems(tx: Db, sellerId: number, storeId: number, lines: MarketplaceOrder['lines']) {
  if (!lines.length) return null;
  const items: ({ stockProductId: number; quantity: number } | { combinationId: number; quantity: number })[] = [];
  for (const line of lines) {
    const mapping = line.productSku ? await mappingOf(tx, sellerId, line.productSku) : undefined;
    const item = mapping ? await stockItemBySku(tx, sellerId, storeId, mapping.productSku) : undefined;
    if (!item) return null;
    items.push({ ...item, quantity: line.quantity });
  }
  return items;
}
