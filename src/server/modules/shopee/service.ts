// AuthorizationShop and ShopeeOrder (DOMAIN §8; spec 001): a seller authorises his Shopee shops,
// renames, cancels and deletes them, pulls their READY_TO_SHIP orders and their shipping documents.
// shopId is Shopee's; another seller's shop is a 404. Calls to the platform happen outside the
// database transactions (the actions that make them are transaction: 'manual').
import { authorizationShop, shopeeOrder, SHOPEE_STATUS, type AuthorizationShopDto, type BatchCreateResult } from '#shared/contracts/shopee.ts';
import { pageWindow } from '#shared/contracts/common.ts';
import { SITES } from '#shared/enums.ts';
import type { Db } from '../../db/client.ts';
import { implement, requireUser, type CurrentUser, type Deps, type RequestContext } from '../../framework.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { defaultFileStorage } from '../files/storage.ts';
import { storeGeneratedPdf } from '../files/generated.ts';
import { attachMarketplaceLabel } from '../orders/marketplace.ts';
import { API, ShopeeApiError } from './client.ts';
import { credentialsFor } from './tokens.ts';
import { emptyResult, syncShop, syncWindow } from './sync.ts';
import * as repo from './repository.ts';

/** The fake's mount point on this server (plugins/shopee-sandbox.ts). */
const SANDBOX_PATH = '/shopee-sandbox';
/** Largest range one BatchCreate may ask for (six platform windows). */
const MAX_RANGE_S = 90 * 24 * 3600;

/** The status as shown: an authorised shop past its expiry is 2 已过期. */
export function shownStatus(row: repo.ShopRow, now: Date): 1 | 2 | 3 {
  if (row.shopeeStatus === SHOPEE_STATUS.authorised && row.expireTime <= now) return SHOPEE_STATUS.expired;
  return row.shopeeStatus as 1 | 2 | 3;
}

export function toShopDto(row: repo.ShopRow, now: Date): AuthorizationShopDto {
  return {
    id: row.id, userId: row.userId, shopId: row.shopId, shopName: row.shopName, customShopName: row.customShopName, country: row.country,
    authTime: row.authTime.toISOString(), expireTime: row.expireTime.toISOString(), shopeeStatus: shownStatus(row, now),
    syncedUntil: row.syncedUntil?.toISOString() ?? null,
  };
}

async function ownShop(tx: Db, me: CurrentUser, shopId: number, forUpdate = false): Promise<repo.ShopRow> {
  const row = await repo.shopByShopId(tx, shopId, forUpdate);
  if (!row || row.userId !== me.id) throw notFound('店铺');
  return row;
}

/** Where the seller's browser reaches the platform: SHOPEE_HOST, or this server's fake. */
function platformBase(deps: Deps, ctx: RequestContext): string {
  return deps.config.shopee.host ?? `${ctx.origin ?? ''}${SANDBOX_PATH}`;
}

const seconds = (v: string | number | undefined): number | undefined =>
  v === undefined ? undefined : typeof v === 'number' ? v : Math.floor(Date.parse(v) / 1000);

const platformMessage = (err: ShopeeApiError) => err.message.replace(/^[^:]*: /, '') || err.error;

export const authorizationShopService = implement(authorizationShop, (deps) => ({
  async getAuthorizationShopList(input, ctx) {
    const me = requireUser(ctx);
    const { total, rows } = await repo.listShops(ctx.db, { userId: me.id, keyword: input.keyword, status: input.shopeeStatus, now: ctx.now }, pageWindow(input));
    return { totalCount: total, items: rows.map((r) => toShopDto(r, ctx.now)) };
  },

  async getComeBackUrl(_input, ctx) {
    requireUser(ctx);
    return deps.shopee.authPartnerUrl(platformBase(deps, ctx), `${ctx.origin ?? ''}/frontauthorization/success`);
  },

  async processAuthorizer(input, ctx) {
    const me = requireUser(ctx);
    // Someone else's row is refused before the code is spent.
    const existing = await ctx.transaction((tx) => repo.shopByShopId(tx, input.shop_id));
    if (existing && existing.userId !== me.id) throw conflict('该 Shopee 店铺已由其他卖家授权。');
    let tokens;
    let info;
    try {
      tokens = await deps.shopee.getAccessToken(input.code, input.shop_id);
      info = await deps.shopee.getShopInfo({ shopId: input.shop_id, accessToken: tokens.accessToken });
    } catch (err) {
      if (err instanceof ShopeeApiError && !err.isRateLimit && !err.isTransient) throw conflict('授权码无效或已过期，请重新授权店铺。', platformMessage(err));
      if (err instanceof ShopeeApiError) throw conflict('Shopee 暂时无法完成授权，请稍后重试。', platformMessage(err));
      throw err;
    }
    if (!(SITES as readonly string[]).includes(info.region)) throw conflict(`不支持站点 ${info.region} 的店铺。`);
    const now = new Date();
    const values = {
      shopName: info.shopName.slice(0, 128), country: info.region, shopeeStatus: SHOPEE_STATUS.authorised,
      authTime: new Date(info.authTime * 1000), expireTime: new Date(info.expireTime * 1000),
      // Sealed at rest (lib/sealed.ts): the database never holds a usable token.
      accessToken: deps.shopTokens.seal(tokens.accessToken), refreshToken: deps.shopTokens.seal(tokens.refreshToken),
      accessTokenExpiresAt: new Date(now.getTime() + tokens.expireIn * 1000),
      refreshLeaseUntil: null,
    };
    const row = await ctx.transaction(async (tx) => {
      const current = await repo.shopByShopId(tx, input.shop_id, true);
      if (current && current.userId !== me.id) throw conflict('该 Shopee 店铺已由其他卖家授权。');
      return current ? repo.updateShop(tx, current.id, values) : repo.insertShop(tx, { ...values, userId: me.id, shopId: input.shop_id });
    });
    return toShopDto(row, now);
  },

  async customShopName(input, ctx) {
    const me = requireUser(ctx);
    const row = await ownShop(ctx.db, me, input.shopId, true);
    return toShopDto(await repo.updateShop(ctx.db, row.id, { customShopName: input.customShopName || null }), ctx.now);
  },

  async getCancelComeBackUrl(input, ctx) {
    const me = requireUser(ctx);
    const row = await ownShop(ctx.db, me, input.shopId);
    const url = new URL(deps.shopee.authPartnerUrl(platformBase(deps, ctx), `${ctx.origin ?? ''}/frontauthorization/cancel`, API.cancelAuthPartner));
    url.searchParams.set('shop_id', String(row.shopId));
    return url.toString();
  },

  async cancelAuthorizationShop(input, ctx) {
    const me = requireUser(ctx);
    const row = await ownShop(ctx.db, me, input.shopId, true);
    return toShopDto(await repo.updateShop(ctx.db, row.id, { shopeeStatus: SHOPEE_STATUS.cancelled, refreshLeaseUntil: null }), ctx.now);
  },

  async deleteAuthorizationShopList(input, ctx) {
    const me = requireUser(ctx);
    for (const shopId of input.shopIds) await ownShop(ctx.db, me, shopId, true);
    await repo.deleteShops(ctx.db, me.id, input.shopIds);
    return null;
  },
}));

/** Syncs the shops into one answer; a shop the platform refuses adds one failed line (no order_sn). */
export async function syncShops(
  deps: Pick<Deps, 'database' | 'shopee' | 'shopTokens'> & { log: { error(o: object, m: string): void } }, tenantId: number,
  seller: { id: number; name: string; userName: string; userCode: string | null }, shops: readonly repo.ShopRow[],
  range: { from?: number | undefined; to?: number | undefined }, now: Date,
): Promise<BatchCreateResult> {
  const result = emptyResult();
  for (const shop of shops) {
    try {
      await syncShop(deps, tenantId, seller, shop, syncWindow(shop, Math.floor(now.getTime() / 1000), range.from, range.to), result, now);
    } catch (err) {
      if (!(err instanceof ShopeeApiError)) throw err;
      if (!err.isRateLimit && !err.isTransient && err.isAuth) {
        await deps.database.withTenant(tenantId, (tx) => repo.updateShop(tx, shop.id, { shopeeStatus: SHOPEE_STATUS.expired }));
      }
      result.failed.push({ orderSn: '', reason: `店铺 ${shop.customShopName || shop.shopName} 同步失败：${platformMessage(err)}` });
    }
  }
  return result;
}

export const shopeeOrderService = implement(shopeeOrder, (deps) => {
  const storage = defaultFileStorage(deps);
  return {
    async batchCreate(input, ctx) {
      const me = requireUser(ctx);
      const tenantId = ctx.tenantId!;
      const from = seconds(input.timeFrom);
      const to = seconds(input.timeTo);
      if (from !== undefined && to !== undefined && from > to) throw invalid('timeFrom', '开始时间不能晚于结束时间');
      if (from !== undefined && (to ?? ctx.now.getTime() / 1000) - from > MAX_RANGE_S) throw invalid('timeFrom', '一次最多同步 90 天的订单');
      const shops = await ctx.transaction((tx) => repo.shopsOfUser(tx, me.id, input.shopIds));
      if (input.shopIds) {
        const mine = new Set(shops.map((s) => s.shopId));
        if (input.shopIds.some((id) => !mine.has(id))) throw notFound('店铺');
        const idle = shops.find((s) => shownStatus(s, ctx.now) !== SHOPEE_STATUS.authorised);
        if (idle) throw conflict(`店铺 ${idle.customShopName || idle.shopName} 未授权、已过期或已取消，不能同步订单。`);
      }
      const active = shops.filter((s) => shownStatus(s, ctx.now) === SHOPEE_STATUS.authorised);
      return syncShops({ ...deps, log: ctx.log }, tenantId, me, active, { from, to }, ctx.now);
    },

    async dwonLoadPdf(input, ctx) {
      const me = requireUser(ctx);
      const tenantId = ctx.tenantId!;
      const synced = await ctx.transaction((tx) => repo.syncedOrder(tx, me.id, input.orderNumber));
      if (!synced?.orderId) throw notFound('订单');
      const shop = synced.shop;
      if (shownStatus(shop, ctx.now) !== SHOPEE_STATUS.authorised) throw conflict(`店铺 ${shop.customShopName || shop.shopName} 未授权或已过期，无法获取面单。`);
      const credentials = await credentialsFor(deps, tenantId, shop, ctx.now);
      const sn = input.orderNumber;
      let bytes: Buffer;
      try {
        const refused = await deps.shopee.createShippingDocument(credentials, [sn]);
        if (refused.length) throw conflict(`Shopee 无法生成订单 ${sn} 的面单。`, refused[0]!.failMessage || refused[0]!.failError);
        // The document is made asynchronously: look until it is ready (about 10 s at most).
        for (let attempt = 0; ; attempt++) {
          const [status] = await deps.shopee.getShippingDocumentResult(credentials, [sn]);
          if (status?.status === 'READY') break;
          if (status?.status === 'FAILED' || attempt >= 10) throw conflict(`Shopee 未能生成订单 ${sn} 的面单，请稍后重试。`);
          await new Promise((r) => setTimeout(r, 300 + attempt * 200));
        }
        const doc = await deps.shopee.downloadShippingDocument(credentials, sn);
        if (doc.bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw conflict(`Shopee 返回的订单 ${sn} 面单不是 PDF。`);
        bytes = doc.bytes;
      } catch (err) {
        if (err instanceof ShopeeApiError) throw conflict(`从 Shopee 获取订单 ${sn} 的面单失败。`, platformMessage(err));
        throw err;
      }
      const pdfGuid = await ctx.transaction(async (tx) => {
        const guid = await storeGeneratedPdf(tx, storage, { tenantId, userId: me.id }, bytes, `${sn}.pdf`);
        if (!await attachMarketplaceLabel(tx, me, synced.orderId!, guid)) throw notFound('订单');
        return guid;
      });
      return { orderNumber: sn, pdfGuid };
    },
  };
});
