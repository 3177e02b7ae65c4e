// Shopee shops and order sync against the product's fake Open Platform (DOMAIN §8, issue 17), from
// outside over HTTP: the authorisation address and its redirect, ProcessAuthorizer, the fake's
// signature and timestamp checks, idempotent paged sync, rate-limit retries, shipping documents,
// other sellers, cancelled shops, and one refresh when two are attempted at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { call, createTestApp, rowsOf, signIn, svc, TEST_TOKEN_SECRET, type Caller, type TestApp } from '../helpers/test-app.ts';
import { createSealer } from '#server/lib/sealed.ts';
import { createUser, registerSeller } from '../factories/identity.ts';
import { createStore } from '../factories/orders.ts';
import { shelveStock } from '../factories/stock.ts';
import type { FastifyInstance } from 'fastify';
import { createShopeeClient, ShopeeApiError, type ShopeeTransport } from '#server/modules/shopee/client.ts';
import { refreshShopToken } from '#server/modules/shopee/tokens.ts';
import { refreshDueShops, syncAllShops } from '#server/modules/shopee/jobs.ts';
import { sandboxTransport } from '#server/plugins/shopee-sandbox.ts';
import { openDatabase } from '#server/db/client.ts';

const PARTNER_ID = 2001887;
const PARTNER_KEY = 'test-partner-key-for-shopee-tests';
const hmac = (base: string) => createHmac('sha256', PARTNER_KEY).update(base).digest('hex');
const nowS = () => Math.floor(Date.now() / 1000);
let nextShopId = 700_000_000 + Math.floor(Math.random() * 1_000_000);
let nextSn = 0;
const orderSn = () => `26112${String(Date.now()).slice(-6)}${String(nextSn++).padStart(4, '0')}`;


/**
 * The sandbox as transport, holding every call until `release()`: a refresh that took the lease is
 * still at the platform while the other caller tries, however the two are scheduled.
 */
function heldTransport(app: () => FastifyInstance): { transport: ShopeeTransport; release: () => void } {
  let release!: () => void;
  const held = new Promise<void>((resolve) => { release = resolve; });
  const base = sandboxTransport(app);
  return { transport: async (...args) => { await held; return base(...args); }, release };
}

describe('Shopee shops and order sync', () => {
  let t: TestApp;
  let admin: Caller;
  /** The fake's switches (__seed, __fail) answer only him. */
  let hostAdmin: Caller;
  let seller: Awaited<ReturnType<typeof registerSeller>>;
  let other: Awaited<ReturnType<typeof registerSeller>>;

  beforeAll(async () => {
    // The fake chosen explicitly: CI's PostgreSQL phase sets DATABASE_URL, where it is off by default.
    t = await createTestApp({ SHOPEE_HOST: 'sandbox', SHOPEE_PARTNER_ID: String(PARTNER_ID), SHOPEE_PARTNER_KEY: PARTNER_KEY });
    admin = await signIn(t.app, 'admin', '123qwe', 1);
    hostAdmin = await signIn(t.app, 'admin', '123qwe', null);
    seller = await registerSeller(t.app, 1);
    other = await registerSeller(t.app, 1);
    for (const s of [seller, other]) {
      const store = await call(t.app, 'POST', svc('BackStoreAddress', 'EditStoreAddress'), admin, { userId: s.userId, storeName: `店铺${s.userName}`, site: 'TW' });
      expect(store.status).toBe(200);
    }
  });
  afterAll(async () => t?.close());

  const sandbox = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/shopee-sandbox${url}`, headers: { authorization: `Bearer ${hostAdmin.token}` }, ...(payload ? { payload } : {}) });
  const seed = async (shopId: number, orders: object[], shopName?: string) => {
    const res = await sandbox('POST', '/__seed', { shop_id: shopId, ...(shopName ? { shop_name: shopName } : {}), orders });
    expect(res.statusCode).toBe(200);
  };
  const order = (sn: string, status = 'READY_TO_SHIP', updateTime = nowS() - 3600) => ({
    order_sn: sn, order_status: status, update_time: updateTime,
    item_list: [
      { model_sku: `SKU-${sn}-A`, item_name: '手机壳', model_quantity_purchased: 2 },
      { model_sku: `SKU-${sn}-B`, item_name: '数据线', model_quantity_purchased: 1 },
    ],
    recipient_address: { name: '王小明', full_address: '台北市信义区' },
  });

  /** GetComeBackUrl for the shop, then the platform page as the browser opens it (as shop shopId): the callback's query. */
  const authorisationCallback = async (who: Caller, shopId: number) => {
    const url = await call<string>(t.app, 'GET', svc('AuthorizationShop', 'GetComeBackUrl'), who, { shopId });
    expect(url.status).toBe(200);
    const u = new URL(url.body.result);
    const res = await t.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
    expect(res.statusCode).toBe(302);
    return new URL(String(res.headers.location));
  };
  const processAuthorizer = (who: Caller, back: URL) => call(t.app, 'POST', svc('AuthorizationShop', 'ProcessAuthorizer'), who,
    { code: back.searchParams.get('code'), shop_id: back.searchParams.get('shop_id'), state: back.searchParams.get('state') });
  const authorise = async (who: Caller, shopId: number) => {
    const back = await authorisationCallback(who, shopId);
    const res = await processAuthorizer(who, back);
    expect(res.status).toBe(200);
    return res.body.result;
  };
  const shopList = (who: Caller) => call(t.app, 'GET', svc('AuthorizationShop', 'GetAuthorizationShopList'), who, { maxResultCount: 100 });
  const batchCreate = (who: Caller, body: object = {}) => call(t.app, 'POST', svc('ShopeeOrder', 'BatchCreate'), who, body);
  // The app's sealer: the tokens are sealed in the table (lib/sealed.ts).
  const shopTokens = createSealer(TEST_TOKEN_SECRET, 'shopee-tokens');
  const shopRow = async (shopId: number) => rowsOf<{ id: number; tenant_id: number; refresh_token: string; access_token: string; shopee_status: number }>(
    await t.database.root.execute(sql`select id, tenant_id, refresh_token, access_token, shopee_status from shopee_shops where shop_id = ${shopId}`))[0]!;

  it('signs the authorisation address as the platform does and is sent back with a code and the shop', async () => {
    const res = await call<string>(t.app, 'GET', svc('AuthorizationShop', 'GetComeBackUrl'), seller);
    const u = new URL(res.body.result);
    expect(u.pathname).toBe('/shopee-sandbox/api/v2/shop/auth_partner');
    const timestamp = Number(u.searchParams.get('timestamp'));
    expect(Math.abs(timestamp - nowS())).toBeLessThan(60);
    expect(u.searchParams.get('partner_id')).toBe(String(PARTNER_ID));
    expect(u.searchParams.get('sign')).toBe(hmac(`${PARTNER_ID}/api/v2/shop/auth_partner${timestamp}`));
    expect(u.searchParams.get('redirect')).toMatch(/^http:\/\/localhost(:80)?\/frontauthorization\/success\?state=v1\.[\w.-]+$/);
    expect(u.searchParams.get('shop_id')).toBeNull();

    const back = await authorisationCallback(seller, 123456789);
    expect(back.pathname).toBe('/frontauthorization/success');
    expect(back.searchParams.get('shop_id')).toBe('123456789');
    expect(back.searchParams.get('code')).toMatch(/^[0-9a-f]{32}$/);
    expect(back.searchParams.get('state')).toMatch(/^v1\./);

    // A tampered signature yields no code, in the v2 error shape.
    const bad = await t.app.inject({ method: 'GET', url: `${u.pathname}${u.search.replace(/sign=[0-9a-f]+/, `sign=${'0'.repeat(64)}`)}` });
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.headers.location).toBeUndefined();
    expect(bad.json()).toMatchObject({ error: 'error_sign', message: expect.any(String), request_id: expect.stringMatching(/\w+/) });
  });

  it('records the shop for its seller only; a bogus code records nothing', async () => {
    const shopId = nextShopId++;
    await seed(shopId, [], '阿明的台湾店');
    // Another seller's code for the shop, obtained while nobody held it.
    const early = await authorisationCallback(other, shopId);
    const shop = await authorise(seller, shopId);
    expect(shop).toMatchObject({ shopId, shopName: '阿明的台湾店', country: 'TW', shopeeStatus: 1, customShopName: null });
    expect(new Date(shop.expireTime).getTime()).toBeGreaterThan(Date.now() + 300 * 24 * 3600 * 1000);

    const mine = await shopList(seller);
    expect(mine.body.result.items.map((s: { shopId: number }) => s.shopId)).toContain(shopId);
    expect(mine.body.result.items[0]).toEqual(expect.objectContaining({ shopId: expect.any(Number), shopName: expect.any(String), customShopName: null, country: 'TW', shopeeStatus: 1 }));
    expect((await shopList(other)).body.result.items.map((s: { shopId: number }) => s.shopId)).not.toContain(shopId);

    const before = (await shopList(other)).body.result.totalCount;
    const bogusShop = nextShopId++;
    const state = new URL((await call<string>(t.app, 'GET', svc('AuthorizationShop', 'GetComeBackUrl'), other, { shopId: bogusShop })).body.result);
    const bogus = await call(t.app, 'POST', svc('AuthorizationShop', 'ProcessAuthorizer'), other,
      { code: 'f'.repeat(32), shop_id: bogusShop, state: new URL(state.searchParams.get('redirect')!).searchParams.get('state') });
    expect(bogus.status).toBeGreaterThanOrEqual(400);
    expect(bogus.status).toBeLessThan(500);
    expect([401, 403]).not.toContain(bogus.status);
    expect((await shopList(other)).body.result.totalCount).toBe(before);

    // The same shop's code used by another seller: refused, the shop stays the first seller's; no new address for it either.
    const taken = await processAuthorizer(other, early);
    expect(taken.status).toBe(409);
    expect(taken.body.error?.message).toBe('该店铺已被其他账号授权。');
    expect((await call(t.app, 'GET', svc('AuthorizationShop', 'GetComeBackUrl'), other, { shopId })).status).toBe(409);
    expect((await shopList(other)).body.result.items.map((s: { shopId: number }) => s.shopId)).not.toContain(shopId);
  });

  it('refuses a tampered signature and a stale timestamp on shop calls, in the v2 error shape', async () => {
    const shopId = nextShopId++;
    await authorise(seller, shopId);
    const { access_token: sealed } = rowsOf<{ access_token: string }>(
      await t.database.root.execute(sql`select access_token from shopee_shops where shop_id = ${shopId}`))[0]!;
    const accessToken = shopTokens.open(sealed);
    const path = '/api/v2/order/get_order_list';
    const listUrl = (timestamp: number, sign: string) => `/shopee-sandbox${path}?partner_id=${PARTNER_ID}&timestamp=${timestamp}&access_token=${accessToken}&shop_id=${shopId}`
      + `&sign=${sign}&time_range_field=update_time&time_from=${nowS() - 86400}&time_to=${nowS()}&page_size=20&cursor=&order_status=READY_TO_SHIP`;
    const ts = nowS();
    const good = await t.app.inject({ method: 'GET', url: listUrl(ts, hmac(`${PARTNER_ID}${path}${ts}${accessToken}${shopId}`)) });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toMatchObject({ error: '', request_id: expect.any(String), response: { order_list: [], more: false, next_cursor: '' } });

    const tampered = await t.app.inject({ method: 'GET', url: listUrl(ts, hmac(`${PARTNER_ID}${path}${ts}${accessToken}${shopId + 1}`)) });
    expect(tampered.statusCode).toBeGreaterThanOrEqual(400);
    expect(tampered.json()).toEqual({ error: 'error_sign', message: expect.any(String), request_id: expect.any(String) });

    const old = ts - 301;
    const stale = await t.app.inject({ method: 'GET', url: listUrl(old, hmac(`${PARTNER_ID}${path}${old}${accessToken}${shopId}`)) });
    expect(stale.statusCode).toBeGreaterThanOrEqual(400);
    const body = stale.json();
    expect(body.error).not.toBe('');
    expect(body).toEqual({ error: expect.any(String), message: expect.stringMatching(/timestamp/i), request_id: expect.any(String) });

    // More than 15 days in one call is the platform's error too.
    const wide = await t.app.inject({ method: 'GET', url: listUrl(ts, hmac(`${PARTNER_ID}${path}${ts}${accessToken}${shopId}`)).replace(/time_from=\d+/, `time_from=${nowS() - 16 * 86400}`) });
    expect(wide.json()).toMatchObject({ error: 'error_param' });
  });

  it('creates READY_TO_SHIP orders with their lines, skips them the second time, pages through 120 more', async () => {
    const shopId = nextShopId++;
    const [a, b, unpaid] = [orderSn(), orderSn(), orderSn()];
    // Updated ten minutes ago: well inside the hour a sync reaches back before the last one ended
    // (an hour ago exactly sat on that edge, and a sync a second later no longer saw them).
    const recent = nowS() - 600;
    await seed(shopId, [order(a, 'READY_TO_SHIP', recent), order(b, 'READY_TO_SHIP', recent), order(unpaid, 'UNPAID', recent)]);
    await authorise(seller, shopId);

    const first = await batchCreate(seller, { shopIds: [shopId] });
    expect(first.status).toBe(200);
    expect(first.body.result).toEqual({ created: 2, skipped: 0, failed: [] });

    const orders = await call(t.app, 'GET', svc('FrontOrder', 'GetOrderList'), seller, { maxResultCount: 100 });
    const synced = orders.body.result.items.filter((o: { orderNumber: string }) => [a, b, unpaid].includes(o.orderNumber));
    expect(synced.map((o: { orderNumber: string }) => o.orderNumber).sort()).toEqual([a, b].sort());
    const one = synced.find((o: { orderNumber: string }) => o.orderNumber === a);
    expect(one).toMatchObject({ orderType: 1, tradeNo: expect.stringMatching(/^CB/), site: 'TW', orderStatus: 1, packageStatus: 0 });
    expect(one.orderProductInfosList.map((l: { productSku: string; quantity: number; productName: string }) => [l.productSku, l.quantity, l.productName]).sort())
      .toEqual([[`SKU-${a}-A`, 2, '手机壳'], [`SKU-${a}-B`, 1, '数据线']]);

    const again = await batchCreate(seller, { shopIds: [shopId] });
    expect(again.body.result).toEqual({ created: 0, skipped: 2, failed: [] });

    const more = Array.from({ length: 120 }, (_, i) => order(orderSn(), 'READY_TO_SHIP', nowS() - 60 - i));
    await seed(shopId, more);
    // From a day back: the two synced before are in range again and skipped.
    const paged = await batchCreate(seller, { shopIds: [shopId], timeFrom: nowS() - 86400 });
    expect(paged.body.result).toEqual({ created: 120, skipped: 2, failed: [] });
    const count = rowsOf<{ n: number }>(await t.database.root.execute(sql`select count(*)::int as n from shopee_orders where shop_id = ${shopId}`))[0]!.n;
    expect(count).toBe(122);
  });

  it('syncs in windows of at most 15 days over a longer range', async () => {
    const shopId = nextShopId++;
    const days = (n: number) => nowS() - n * 86400;
    const sns = [orderSn(), orderSn(), orderSn()];
    await seed(shopId, [order(sns[0]!, 'READY_TO_SHIP', days(2)), order(sns[1]!, 'READY_TO_SHIP', days(20)), order(sns[2]!, 'READY_TO_SHIP', days(40))]);
    await authorise(seller, shopId);
    const res = await batchCreate(seller, { shopIds: [shopId], timeFrom: new Date(days(45) * 1000).toISOString() });
    expect(res.body.result).toEqual({ created: 3, skipped: 0, failed: [] });
    const tooLong = await batchCreate(seller, { shopIds: [shopId], timeFrom: days(100) });
    expect(tooLong.status).toBe(400);
  });

  it('retries with backoff when the platform answers a rate limit', async () => {
    const shopId = nextShopId++;
    await seed(shopId, [order(orderSn())]);
    await authorise(seller, shopId);
    const fail = await sandbox('POST', '/__fail', { path: '/api/v2/order/get_order_list', count: 2, status: 429 });
    expect(fail.statusCode).toBe(200);
    const res = await batchCreate(seller, { shopIds: [shopId] });
    expect(res.body.result).toEqual({ created: 1, skipped: 0, failed: [] });

    // Past the retries: the shop's line says why, nothing is created.
    await seed(shopId, [order(orderSn())]);
    await sandbox('POST', '/__fail', { path: '/api/v2/order/get_order_detail', count: 10, status: 429 });
    const exhausted = await batchCreate(seller, { shopIds: [shopId] });
    expect(exhausted.body.result.created).toBe(0);
    expect(exhausted.body.result.failed).toEqual([{ orderSn: '', reason: expect.stringContaining('同步失败') }]);
    // Replaces the failures still armed with one: the next sync retries past it.
    await sandbox('POST', '/__fail', { path: '/api/v2/order/get_order_detail', count: 1, status: 429 });
    const recovered = await batchCreate(seller, { shopIds: [shopId] });
    expect(recovered.body.result).toMatchObject({ created: 1, failed: [] });
  });

  it('hides a shop from another seller: no list, no sync, no rename, no cancel', async () => {
    const shopId = nextShopId++;
    await seed(shopId, [order(orderSn())]);
    await authorise(seller, shopId);
    expect((await batchCreate(other, { shopIds: [shopId] })).status).toBe(404);
    expect((await call(t.app, 'POST', `${svc('AuthorizationShop', 'CustomShopName')}?shopId=${shopId}&customShopName=偷`, other)).status).toBe(404);
    expect((await call(t.app, 'POST', svc('AuthorizationShop', 'CancelAuthorizationShop'), other, { shopId })).status).toBe(404);
    expect((await call(t.app, 'POST', svc('AuthorizationShop', 'DeleteAuthorizationShopList'), other, { shopIds: [shopId] })).status).toBe(404);
    const synced = await batchCreate(other);
    expect(synced.body.result.created).toBe(0);

    const renamed = await call(t.app, 'POST', `${svc('AuthorizationShop', 'CustomShopName')}?shopId=${shopId}&customShopName=${encodeURIComponent('我的主店')}`, seller);
    expect(renamed.status).toBe(200);
    expect(renamed.body.result).toMatchObject({ shopId, customShopName: '我的主店' });
  });

  it('imports nothing for a cancelled shop, and deletes a shop from the list', async () => {
    const shopId = nextShopId++;
    await seed(shopId, [order(orderSn())]);
    await authorise(seller, shopId);
    const cancelled = await call(t.app, 'POST', svc('AuthorizationShop', 'CancelAuthorizationShop'), seller, { shopId });
    expect(cancelled.body.result).toMatchObject({ shopId, shopeeStatus: 3 });
    expect((await batchCreate(seller, { shopIds: [shopId] })).status).toBe(409);
    const all = await batchCreate(seller);
    expect(all.status).toBe(200);
    const n = rowsOf<{ n: number }>(await t.database.root.execute(sql`select count(*)::int as n from shopee_orders where shop_id = ${shopId}`))[0]!.n;
    expect(n).toBe(0);

    const url = await call<string>(t.app, 'GET', svc('AuthorizationShop', 'GetCancelComeBackUrl'), seller, { shopId });
    expect(new URL(url.body.result).pathname).toBe('/shopee-sandbox/api/v2/shop/cancel_auth_partner');

    const deleted = await call(t.app, 'POST', svc('AuthorizationShop', 'DeleteAuthorizationShopList'), seller, { shopIds: [shopId] });
    expect(deleted.status).toBe(200);
    expect((await shopList(seller)).body.result.items.map((s: { shopId: number }) => s.shopId)).not.toContain(shopId);
  });

  it('stores the shipping document as the order label, which the seller can open', async () => {
    const shopId = nextShopId++;
    const sn = orderSn();
    await seed(shopId, [order(sn)]);
    await authorise(seller, shopId);
    await batchCreate(seller, { shopIds: [shopId] });
    expect((await call(t.app, 'GET', svc('ShopeeOrder', 'DwonLoadPdf'), other, { orderNumber: sn })).status).toBe(404);
    const res = await call(t.app, 'GET', svc('ShopeeOrder', 'DwonLoadPdf'), seller, { orderNumber: sn });
    expect(res.status).toBe(200);
    const { pdf_guid: pdfGuid } = rowsOf<{ pdf_guid: string }>(await t.database.root.execute(sql`select pdf_guid from orders where order_number = ${sn}`))[0]!;
    expect(pdfGuid).toBe(res.body.result.pdfGuid);
    const pdf = await t.app.inject({ method: 'GET', url: `/api/File/GetPdf?guid=${pdfGuid}`, headers: { authorization: `Bearer ${seller.token}`, 'abp.tenantid': '1' } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toMatch(/application\/pdf/);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.toString('latin1')).toContain(sn);
    const theirs = await t.app.inject({ method: 'GET', url: `/api/File/GetPdf?guid=${pdfGuid}`, headers: { authorization: `Bearer ${other.token}`, 'abp.tenantid': '1' } });
    expect(theirs.statusCode).toBe(404);
  });

  it('refreshes a token once when two refreshes run at once, and the stored successor works', async () => {
    const shopId = nextShopId++;
    await authorise(seller, shopId);
    const before = await shopRow(shopId);
    const { transport, release } = heldTransport(() => t.app);
    const shopee = createShopeeClient({ partnerId: PARTNER_ID, partnerKey: PARTNER_KEY, transport });
    const deps = { database: t.database, shopee, shopTokens };
    const runs = [
      refreshShopToken(deps, before.tenant_id, before.id, { force: true }),
      refreshShopToken(deps, before.tenant_id, before.id, { force: true }),
    ];
    // The platform holds the winner's call: the other caller, finding the lease taken, is answered first.
    expect(await Promise.race(runs)).toBe('busy');
    release();
    const outcomes = await Promise.all(runs);
    expect(outcomes.sort()).toEqual(['busy', 'refreshed']);
    const after = await shopRow(shopId);
    expect(after.shopee_status).toBe(1);
    expect(after.refresh_token).not.toBe(before.refresh_token);
    expect(after.access_token).not.toBe(before.access_token);
    // At rest the tokens are sealed, before and after the refresh: the table never holds a usable one.
    for (const stored of [before.access_token, before.refresh_token, after.access_token, after.refresh_token]) {
      expect(stored).toMatch(/^v1\./);
      expect(shopTokens.open(stored)).toMatch(/^[0-9a-f]{32}$/);
      expect(stored).not.toContain(shopTokens.open(stored));
    }

    // The used refresh token is dead on the platform; the stored successor works (once more).
    await expect(shopee.refreshAccessToken(shopTokens.open(before.refresh_token), shopId)).rejects.toBeInstanceOf(ShopeeApiError);
    expect(await refreshShopToken(deps, before.tenant_id, before.id, { force: true })).toBe('refreshed');
    // Not due: a fresh token is left alone.
    expect(await refreshShopToken(deps, before.tenant_id, before.id)).toBe('not-due');
    // And the synced calls go on with the new access token.
    expect((await batchCreate(seller, { shopIds: [shopId] })).status).toBe(200);
  });

  it.runIf(!!process.env.DATABASE_URL)('two servers refreshing the same shop at once spend its refresh token once', async () => {
    const shopId = nextShopId++;
    await authorise(seller, shopId);
    const before = await shopRow(shopId);
    const { transport, release } = heldTransport(() => t.app);
    const shopee = createShopeeClient({ partnerId: PARTNER_ID, partnerKey: PARTNER_KEY, transport });
    const second = await openDatabase({ databaseUrl: t.databaseUrl, poolSize: 2 });
    try {
      const runs = [
        refreshShopToken({ database: t.database, shopee, shopTokens }, before.tenant_id, before.id, { force: true }),
        refreshShopToken({ database: second, shopee, shopTokens }, before.tenant_id, before.id, { force: true }),
      ];
      expect(await Promise.race(runs)).toBe('busy');
      release();
      const outcomes = await Promise.all(runs);
      expect(outcomes.sort()).toEqual(['busy', 'refreshed']);
      expect((await shopRow(shopId)).shopee_status).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('a token stored before sealing still refreshes and is sealed after; one sealed under another secret asks the seller to authorise again', async () => {
    const shopee = createShopeeClient({ partnerId: PARTNER_ID, partnerKey: PARTNER_KEY, transport: sandboxTransport(() => t.app) });
    const deps = { database: t.database, shopee, shopTokens };
    const legacy = nextShopId++;
    await authorise(seller, legacy);
    const sealed = await shopRow(legacy);
    await t.database.root.execute(sql`update shopee_shops set refresh_token = ${shopTokens.open(sealed.refresh_token)},
      access_token = ${shopTokens.open(sealed.access_token)} where shop_id = ${legacy}`);
    expect(await refreshShopToken(deps, sealed.tenant_id, sealed.id, { force: true })).toBe('refreshed');
    const after = await shopRow(legacy);
    expect(after.refresh_token).toMatch(/^v1\./);
    expect(after.access_token).toMatch(/^v1\./);

    const rotated = nextShopId++;
    await authorise(seller, rotated);
    const row = await shopRow(rotated);
    const other = createSealer(`${TEST_TOKEN_SECRET}-before-rotation`, 'shopee-tokens');
    await t.database.root.execute(sql`update shopee_shops set refresh_token = ${other.seal(shopTokens.open(row.refresh_token))} where shop_id = ${rotated}`);
    expect(await refreshShopToken(deps, row.tenant_id, row.id, { force: true })).toBe('expired');
    expect((await shopRow(rotated)).shopee_status).toBe(2);
  });

  it('the scheduled work refreshes tokens close to their end and syncs authorised shops', async () => {
    const shopId = nextShopId++;
    await authorise(seller, shopId);
    const before = await shopRow(shopId);
    const shopee = createShopeeClient({ partnerId: PARTNER_ID, partnerKey: PARTNER_KEY, transport: sandboxTransport(() => t.app) });
    const quiet = { info: () => {}, warn: () => {}, error: () => {} };
    const deps = { database: t.database, shopee, shopTokens };
    await t.database.root.execute(sql`update shopee_shops set access_token_expires_at = now() + interval '10 minutes' where shop_id = ${shopId}`);
    expect(await refreshDueShops(deps, quiet)).toBeGreaterThanOrEqual(1);
    expect((await shopRow(shopId)).refresh_token).not.toBe(before.refresh_token);
    expect(await refreshDueShops(deps, quiet)).toBe(0);

    const sn = orderSn();
    await seed(shopId, [order(sn, 'READY_TO_SHIP', nowS() - 30)]);
    expect(await syncAllShops(deps, quiet)).toBeGreaterThanOrEqual(1);
    const linked = rowsOf<{ order_id: number | null }>(await t.database.root.execute(sql`select order_id from shopee_orders where shop_id = ${shopId} and order_sn = ${sn}`));
    expect(linked).toHaveLength(1);
    expect(linked[0]!.order_id).not.toBeNull();
  });

  it('makes a stock order when every line maps to the seller\'s stock, a cross-border order otherwise', async () => {
    const stocker = await registerSeller(t.app, 1);
    const store = await createStore(t.app, admin, stocker.userId);
    const p = await createUser(t.app, admin, { roleNames: ['Warehouse'] });
    const picker = await signIn(t.app, p.userName, p.password, 1);
    const warehouseInfoId = (await call(t.app, 'GET', svc('WarehouseInfo', 'GetWarehouseInfoList'), admin)).body.result.items[0].id as number;
    await shelveStock(t.app, picker, stocker, { storeId: store.id, warehouseInfoId }, 'CASE-RED', 10);
    await shelveStock(t.app, picker, stocker, { storeId: store.id, warehouseInfoId }, 'CABLE-1M', 1);
    for (const [thirdPartySku, productSku] of [['SHP-CASE-RED', 'CASE-RED'], ['SHP-CABLE', 'CABLE-1M']]) {
      expect((await call(t.app, 'POST', svc('FrontSkuMapping', 'Add'), stocker, { thirdPartySku, productSku })).status).toBe(200);
    }
    const shopId = nextShopId++;
    const [mapped, partly, short] = [orderSn(), orderSn(), orderSn()];
    const line = (sku: string, n: number) => ({ model_sku: sku, item_name: sku, model_quantity_purchased: n });
    await seed(shopId, [
      { ...order(mapped), item_list: [line('SHP-CASE-RED', 3), line('SHP-CABLE', 1)] },
      { ...order(partly), item_list: [line('SHP-CASE-RED', 1), line('UNMAPPED-9', 1)] },
    ]);
    await authorise(stocker, shopId);
    const res = await batchCreate(stocker, { shopIds: [shopId] });
    expect(res.body.result).toEqual({ created: 2, skipped: 0, failed: [] });
    const rows = rowsOf<{ order_number: string; order_type: number; trade_no: string; package_status: number }>(await t.database.root.execute(
      sql`select order_number, order_type, trade_no, package_status from orders where order_number in (${mapped}, ${partly}) order by order_type`));
    expect(rows.map((r) => [r.order_number, r.order_type, r.trade_no.slice(0, 2)])).toEqual([[partly, 1, 'CB'], [mapped, 3, 'ST']]);
    // The stock order holds its goods: 3 of 10 cases and the one cable are reserved.
    const stock = await call(t.app, 'GET', svc('FrontStockProduct', 'GetStockProductList'), stocker, { pageSize: 100 });
    const available = Object.fromEntries((stock.body.result.items as { productSku: string; available: number }[]).map((x) => [x.productSku, x.available]));
    expect(available).toEqual({ 'CASE-RED': 7, 'CABLE-1M': 0 });

    // Mapped, but short of stock: refused with the reason, made by a later sync once the goods are there.
    await seed(shopId, [{ ...order(short, 'READY_TO_SHIP', nowS() - 30), item_list: [line('SHP-CABLE', 1)] }]);
    const refused = await batchCreate(stocker, { shopIds: [shopId] });
    expect(refused.body.result.created).toBe(0);
    expect(refused.body.result.failed).toEqual([{ orderSn: short, reason: expect.stringContaining('CABLE-1M') }]);
    await shelveStock(t.app, picker, stocker, { storeId: store.id, warehouseInfoId }, 'CABLE-1M', 2);
    const later = await batchCreate(stocker, { shopIds: [shopId], timeFrom: nowS() - 86400 });
    expect(later.body.result).toEqual({ created: 1, skipped: 2, failed: [] });
  });
});
