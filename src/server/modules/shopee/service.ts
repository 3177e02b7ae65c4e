// AuthorizationShop and ShopeeOrder (DOMAIN §8; spec 001): a seller authorises his Shopee shops,
// renames, cancels and deletes them, pulls their READY_TO_SHIP orders and their shipping documents.
// shopId is Shopee's; another seller's shop is a 404. Calls to the platform happen outside the
// database transactions (the actions that make them are transaction: 'manual').
import { z } from 'zod';
import { authorizationShop, shopeeOrder, SHOPEE_STATUS, type AuthorizationShopDto, type BatchCreateResult } from '#shared/contracts/shopee.ts';
import { pageWindow } from '#shared/contracts/common.ts';
import { SITES } from '#shared/enums.ts';
import type { Db } from '../../db/client.ts';
import { implement, requireUser, type CurrentUser, type Deps, type RequestContext } from '../../framework.ts';
import { conflict, invalid, notFound, sqlStateOf } from '../../lib/errors.ts';
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

/** With DATABASE_URL and no SHOPEE_HOST there is no platform: the actions that need one answer 409 (issue 42). */
function requirePlatform(deps: Deps): void {
  if (deps.config.shopee.mode === 'off') {
    throw conflict('未配置 Shopee 开放平台，暂不能授权店铺或同步订单。', '服务器未设置 SHOPEE_HOST（Shopee 开放平台地址），请联系管理员。');
  }
}

const seconds = (v: string | number | undefined): number | undefined =>
  v === undefined ? undefined : typeof v === 'number' ? v : Math.floor(Date.parse(v) / 1000);

const isUniqueViolation = (err: unknown) => sqlStateOf(err) === '23505';
/** The constraint a database error names (on either driver, possibly wrapped). */
function constraintOf(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const name = (e as { constraint?: unknown }).constraint;
    if (typeof name === 'string') return name;
  }
  return undefined;
}

const platformMessage = (err: ShopeeApiError) => err.message.replace(/^[^:]*: /, '') || err.error;

const TAKEN = '该店铺已被其他账号授权。';
/** How long an authorisation address (its state) may be used. */
const STATE_LIFETIME_S = 3600;

/** What the authorisation address carries to the callback, sealed: tenant, seller, the shop it named, the end of its life. */
const AuthState = z.object({ t: z.number().int(), u: z.number().int(), s: z.number().int().nullable(), e: z.number().int() });

function openState(deps: Deps, state: string): z.infer<typeof AuthState> | null {
  if (!state.startsWith('v1.')) return null;
  try {
    const parsed = AuthState.safeParse(JSON.parse(deps.shopeeState.open(state)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Refuses a shop another seller holds: in this tenant, any row of his; in another, an authorised one (naming nobody). */
async function refuseTaken(tx: Db, me: CurrentUser, tenantId: number, shopId: number): Promise<void> {
  const existing = await repo.shopByShopId(tx, shopId);
  if (existing && existing.userId !== me.id) throw conflict(TAKEN);
  if (await repo.shopTakenElsewhere(tx, shopId, tenantId, me.id)) throw conflict(TAKEN);
}

export const authorizationShopService = implement(authorizationShop, (deps) => ({
  async getAuthorizationShopList(input, ctx) {
    const me = requireUser(ctx);
    const { total, rows } = await repo.listShops(ctx.db, { userId: me.id, keyword: input.keyword, status: input.shopeeStatus, now: ctx.now }, pageWindow(input));
    return { totalCount: total, items: rows.map((r) => toShopDto(r, ctx.now)) };
  },

  async getComeBackUrl(input, ctx) {
    const me = requireUser(ctx);
    requirePlatform(deps);
    const tenantId = ctx.tenantId!;
    if (input.shopId !== undefined) await refuseTaken(ctx.db, me, tenantId, input.shopId);
    // The callback must come back to this seller, for the shop named here if one was (ProcessAuthorizer checks).
    const state = deps.shopeeState.seal(JSON.stringify({ t: tenantId, u: me.id, s: input.shopId ?? null, e: Math.floor(ctx.now.getTime() / 1000) + STATE_LIFETIME_S }));
    const redirect = `${ctx.origin ?? ''}/frontauthorization/success?${new URLSearchParams({ state }).toString()}`;
    // On the fake the signed address names the shop the seller "logs in" as; the real platform asks him.
    const named = deps.config.shopee.mode === 'sandbox' ? input.shopId : undefined;
    return deps.shopee.authPartnerUrl(platformBase(deps, ctx), redirect, API.authPartner, named);
  },

  async processAuthorizer(input, ctx) {
    const me = requireUser(ctx);
    requirePlatform(deps);
    const tenantId = ctx.tenantId!;
    // The callback of an address this seller asked for, for the shop it named (a shop_id changed on
    // the way is refused), before the code is spent.
    const state = openState(deps, input.state);
    if (!state || state.t !== tenantId || state.u !== me.id || state.e < Math.floor(ctx.now.getTime() / 1000)) {
      throw conflict('授权链接无效或已过期，请在“店铺授权”页重新授权。');
    }
    if (state.s !== null && state.s !== input.shop_id) throw conflict('授权回调的店铺与授权链接不一致，请重新授权。');
    // Someone else's shop is refused before the code is spent.
    await ctx.transaction((tx) => refuseTaken(tx, me, tenantId, input.shop_id));
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
    try {
      const row = await ctx.transaction(async (tx) => {
        const current = await repo.shopByShopId(tx, input.shop_id, true);
        if (current && current.userId !== me.id) throw conflict(TAKEN);
        return current ? repo.updateShop(tx, current.id, values) : repo.insertShop(tx, { ...values, userId: me.id, shopId: input.shop_id });
      });
      return toShopDto(row, now);
    } catch (err) {
      // Another tenant's seller authorised it meanwhile: the index across tenants refuses the second.
      if (isUniqueViolation(err) && constraintOf(err) === repo.AUTHORISED_SHOP_INDEX) throw conflict(TAKEN);
      throw err;
    }
  },

  async customShopName(input, ctx) {
    const me = requireUser(ctx);
    const row = await ownShop(ctx.db, me, input.shopId, true);
    return toShopDto(await repo.updateShop(ctx.db, row.id, { customShopName: input.customShopName || null }), ctx.now);
  },

  async getCancelComeBackUrl(input, ctx) {
    const me = requireUser(ctx);
    requirePlatform(deps);
    const row = await ownShop(ctx.db, me, input.shopId);
    const redirect = `${ctx.origin ?? ''}/frontauthorization/cancel`;
    // The fake's signature covers the shop (no other shop can be de-authorised with the address).
    if (deps.config.shopee.mode === 'sandbox') return deps.shopee.authPartnerUrl(platformBase(deps, ctx), redirect, API.cancelAuthPartner, row.shopId);
    const url = new URL(deps.shopee.authPartnerUrl(platformBase(deps, ctx), redirect, API.cancelAuthPartner));
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
      requirePlatform(deps);
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
      requirePlatform(deps);
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
