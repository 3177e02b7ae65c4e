// The built-in fake Shopee is no door (issue 42 item 1), from outside over HTTP: it is on by default
// only on the embedded database (with DATABASE_URL and no SHOPEE_HOST, /shopee-sandbox is a 404 and
// the authorisation actions a 409); its switches answer the host admin alone and refuse text the
// database cannot hold; the signed address names the shop and the callback must be for it (on the
// real platform too, through the state); and one seller of any tenant holds a shop at a time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, createTestApp, rowsOf, signIn, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { createTenant, registerSeller } from '../factories/identity.ts';

let nextShopId = 810_000_000 + Math.floor(Math.random() * 1_000_000);
const nowS = () => Math.floor(Date.now() / 1000);
const TAKEN = '该店铺已被其他账号授权。';

/** GetComeBackUrl (for a shop or none) and its answer's address. */
const comeBackUrl = (t: TestApp, who: Caller, shopId?: number) =>
  call<string>(t.app, 'GET', svc('AuthorizationShop', 'GetComeBackUrl'), who, shopId === undefined ? {} : { shopId });
const stateOf = (address: string) => new URL(new URL(address).searchParams.get('redirect')!).searchParams.get('state');
const processAuthorizer = (t: TestApp, who: Caller, body: { code: string | null; shop_id: string | number | null; state?: string | null }) =>
  call(t.app, 'POST', svc('AuthorizationShop', 'ProcessAuthorizer'), who, body);

describe('the fake Shopee platform (SHOPEE_HOST=sandbox)', () => {
  let t: TestApp;
  let host: Caller;
  let tenantAdmin: Caller;
  let seller: Awaited<ReturnType<typeof registerSeller>>;
  /** A seller of another tenant. */
  let stranger: Awaited<ReturnType<typeof registerSeller>>;

  beforeAll(async () => {
    t = await createTestApp({ SHOPEE_HOST: 'sandbox' });
    host = await signIn(t.app, 'admin', '123qwe', null);
    tenantAdmin = await signIn(t.app, 'admin', '123qwe', 1);
    seller = await registerSeller(t.app, 1);
    const tenant2 = await createTenant(t.app, host);
    stranger = await registerSeller(t.app, tenant2.id);
  });
  afterAll(async () => t?.close());

  const sandbox = (url: string, payload: object, who: Caller | null, headers: Record<string, string> = {}) => t.app.inject({
    method: 'POST', url: `/shopee-sandbox${url}`, payload,
    headers: { ...headers, ...(who?.token ? { authorization: `Bearer ${who.token}` } : {}) },
  });
  const seedBody = (shopId: number, itemName = '手机壳') => ({
    shop_id: shopId, shop_name: `店${shopId}`,
    orders: [{ order_sn: `SEC${shopId}`, order_status: 'READY_TO_SHIP', update_time: nowS() - 60, item_list: [{ model_sku: 'S', item_name: itemName, model_quantity_purchased: 1 }] }],
  });
  const platformOrders = async (shopId: number) =>
    rowsOf<{ n: number }>(await t.database.root.execute(sql`select count(*)::int as n from shopee_sandbox_orders where shop_id = ${shopId}`))[0]!.n;
  /** The platform page opened at `address` (as the browser would): its redirect, or null. */
  const open = async (address: string) => {
    const u = new URL(address);
    const res = await t.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
    return { res, back: res.statusCode === 302 ? new URL(String(res.headers.location)) : null };
  };
  const callbackFor = async (who: Caller, shopId?: number) => {
    const url = await comeBackUrl(t, who, shopId);
    expect(url.status).toBe(200);
    const { back } = await open(url.body.result);
    expect(back).not.toBeNull();
    return back!;
  };
  const complete = (who: Caller, back: URL) => processAuthorizer(t, who,
    { code: back.searchParams.get('code'), shop_id: back.searchParams.get('shop_id'), state: back.searchParams.get('state') });

  it('answers __seed and __fail to the host admin alone: anonymous, a tenant admin and a seller are refused and change nothing', async () => {
    const shopId = nextShopId++;
    const refusals = [
      await sandbox('/__seed', seedBody(shopId), null),
      await sandbox('/__seed', seedBody(shopId), tenantAdmin, { 'abp.tenantid': '1' }),
      // A tenant's token without its tenant header is still not the host's.
      await sandbox('/__seed', seedBody(shopId), tenantAdmin),
      await sandbox('/__seed', seedBody(shopId), seller, { 'abp.tenantid': '1' }),
      await sandbox('/__seed', seedBody(shopId), { token: 'not-a-token' }),
      // The host admin's token naming a tenant is not the host admin calling.
      await sandbox('/__seed', seedBody(shopId), host, { 'abp.tenantid': '1' }),
    ];
    for (const res of refusals) expect([401, 403, 404], res.body).toContain(res.statusCode);
    expect(await platformOrders(shopId)).toBe(0);

    const fail = { path: '/api/v2/order/get_order_list', count: 1, status: 500 };
    for (const who of [null, tenantAdmin, seller]) expect([401, 403, 404]).toContain((await sandbox('/__fail', fail, who)).statusCode);

    const seeded = await sandbox('/__seed', seedBody(shopId), host);
    expect(seeded.statusCode).toBe(200);
    expect(seeded.json()).toMatchObject({ error: '', response: { shop_id: shopId, orders: 1 } });
    expect(await platformOrders(shopId)).toBe(1);
    // The refused __fail switched nothing on: the seller's sync goes through.
    const back = await callbackFor(seller, shopId);
    expect((await complete(seller, back)).status).toBe(200);
    const sync = await call(t.app, 'POST', svc('ShopeeOrder', 'BatchCreate'), seller, { shopIds: [shopId] });
    expect(sync.status).toBe(200);
    expect(sync.body.result.failed.filter((f: { orderSn: string }) => f.orderSn === '')).toEqual([]);
    expect((await sandbox('/__fail', fail, host)).statusCode).toBe(200);
  });

  it('refuses text the database cannot hold in __seed with 400, never 500', async () => {
    const shopId = nextShopId++;
    const bad = [
      seedBody(shopId, '手机壳\u0000'),
      { ...seedBody(shopId), shop_name: 'A\u0000B' },
      { ...seedBody(shopId), orders: [{ ...seedBody(shopId).orders[0]!, order_sn: 'SN\u0000' }] },
      { ...seedBody(shopId), orders: [{ ...seedBody(shopId).orders[0]!, recipient_address: { name: 'x\u0000' } }] },
      seedBody(shopId, 'lone \ud800 surrogate'),
      { ...seedBody(shopId), orders: [{ ...seedBody(shopId).orders[0]!, update_time: 99_999_999_999 }] },
      { ...seedBody(shopId), shop_id: 2 ** 63 },
    ];
    for (const body of bad) {
      const res = await sandbox('/__seed', body, host);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      // A NUL anywhere in a JSON body is refused by the server's body parser first (the ABP envelope);
      // the rest by the fake itself, in the platform's own shape.
      const answer = res.json() as { error?: unknown; success?: unknown };
      expect(answer.error === 'error_param' || answer.success === false, JSON.stringify(answer)).toBe(true);
    }
    expect(await platformOrders(shopId)).toBe(0);
    // The signed endpoints too (the fake's partner key is no secret): a NUL is the caller's error.
    const nul = await t.app.inject({ method: 'POST', url: '/shopee-sandbox/api/v2/auth/token/get?partner_id=1000001&timestamp=1&sign=00', payload: { code: 'a\u0000', shop_id: 1, partner_id: 1000001 } });
    expect(nul.statusCode).toBe(400);
  });

  it('gives no code for a shop_id added to a signed address, and refuses a callback for another shop than the address named', async () => {
    const victim = nextShopId++;
    expect((await sandbox('/__seed', seedBody(victim), host)).statusCode).toBe(200);

    // An address for no shop, with the victim's shop added: the signature does not cover it.
    const plain = await comeBackUrl(t, stranger);
    expect(new URL(plain.body.result).searchParams.get('shop_id')).toBeNull();
    const added = await open(`${plain.body.result}&shop_id=${victim}`);
    expect(added.res.statusCode).toBe(403);
    expect(added.back).toBeNull();
    expect(added.res.json()).toMatchObject({ error: 'error_sign' });

    // An address for the stranger's own shop, turned into the victim's.
    const own = nextShopId++;
    const mine = await comeBackUrl(t, stranger, own);
    const swapped = await open(mine.body.result.replace(`shop_id=${own}`, `shop_id=${victim}`));
    expect(swapped.back).toBeNull();
    expect(swapped.res.json()).toMatchObject({ error: 'error_sign' });

    // A callback whose shop_id was changed on the way (a code of another shop pasted in): refused
    // before any code is spent; the victim's shop is recorded nowhere.
    const back = await callbackFor(stranger, own);
    const other = await callbackFor(seller, victim);
    const tampered = await processAuthorizer(t, stranger, { code: other.searchParams.get('code'), shop_id: victim, state: back.searchParams.get('state') });
    expect(tampered.status).toBe(409);
    expect(tampered.body.error?.message).toContain('不一致');
    // Another seller's state is no good either, nor a made-up one.
    for (const state of [other.searchParams.get('state'), 'v1.AAAA.BBBB.CCCC', 'forged']) {
      expect((await processAuthorizer(t, stranger, { code: other.searchParams.get('code'), shop_id: victim, state })).status).toBe(409);
    }
    // The code was not spent: its seller completes the authorisation.
    expect((await complete(seller, other)).status).toBe(200);
    const rows = rowsOf<{ tenant_id: number }>(await t.database.root.execute(sql`select tenant_id from shopee_shops where shop_id = ${victim}`));
    expect(rows.map((r) => Number(r.tenant_id))).toEqual([1]);
  });

  it('lets one seller of any tenant hold a shop: another tenant\'s seller gets 409 naming nobody, its holder re-authorises', async () => {
    const shopId = nextShopId++;
    expect((await sandbox('/__seed', seedBody(shopId), host)).statusCode).toBe(200);
    // The stranger's code for the shop, obtained while nobody held it.
    const early = await callbackFor(stranger, shopId);
    expect((await complete(seller, await callbackFor(seller, shopId))).status).toBe(200);

    const second = await complete(stranger, early);
    expect(second.status).toBe(409);
    expect(second.body.error?.message).toBe(TAKEN);
    expect(JSON.stringify(second.body)).not.toContain(seller.userName);
    const asked = await comeBackUrl(t, stranger, shopId);
    expect(asked.status).toBe(409);
    expect(asked.body.error?.message).toBe(TAKEN);
    const held = rowsOf<{ tenant_id: number; shopee_status: number }>(await t.database.root.execute(sql`select tenant_id, shopee_status from shopee_shops where shop_id = ${shopId}`));
    expect(held.map((r) => [Number(r.tenant_id), r.shopee_status])).toEqual([[1, 1]]);
    // Its own seller authorises it again as often as he likes.
    expect((await complete(seller, await callbackFor(seller, shopId))).status).toBe(200);
    // His de-authorisation address works for his shop only: turned into another shop, the fake refuses it.
    const cancel = await call<string>(t.app, 'GET', svc('AuthorizationShop', 'GetCancelComeBackUrl'), seller, { shopId });
    expect(cancel.status).toBe(200);
    const elsewhere = await open(cancel.body.result.replace(`shop_id=${shopId}`, `shop_id=${shopId + 1}`));
    expect(elsewhere.back).toBeNull();
    expect(elsewhere.res.json()).toMatchObject({ error: 'error_sign' });
    expect((await open(cancel.body.result)).back?.pathname).toBe('/frontauthorization/cancel');

    // Two tenants' sellers completing at once: the database lets one through.
    const race = nextShopId++;
    expect((await sandbox('/__seed', seedBody(race), host)).statusCode).toBe(200);
    const [a, b] = [await callbackFor(seller, race), await callbackFor(stranger, race)];
    const answers = await Promise.all([complete(seller, a), complete(stranger, b)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.status === 409)!.body.error?.message).toBe(TAKEN);
    const authorised = rowsOf<{ n: number }>(await t.database.root.execute(sql`select count(*)::int as n from shopee_shops where shop_id = ${race} and shopee_status = 1`));
    expect(authorised[0]!.n).toBe(1);
  });
});

describe('Shopee with DATABASE_URL and no SHOPEE_HOST: off', () => {
  let t: TestApp;
  let seller: Awaited<ReturnType<typeof registerSeller>>;
  let host: Caller;

  beforeAll(async () => {
    // The configuration a PostgreSQL deployment gets without SHOPEE_HOST (the test's own database is used either way).
    t = await createTestApp({ DATABASE_URL: 'postgres://deployment.example/haicang' });
    seller = await registerSeller(t.app, 1);
    host = await signIn(t.app, 'admin', '123qwe', null);
  });
  afterAll(async () => t?.close());

  it('has no /shopee-sandbox at all, and the authorisation and sync actions answer 409 saying Shopee is not configured', async () => {
    for (const [method, url] of [
      ['GET', '/shopee-sandbox/api/v2/shop/auth_partner?partner_id=1000001&timestamp=1&sign=00&redirect=http://x/'],
      ['POST', '/shopee-sandbox/__seed'], ['POST', '/shopee-sandbox/__fail'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${host.token}` }, ...(method === 'POST' ? { payload: { shop_id: 1 } } : {}) });
      expect(res.statusCode, url).toBe(404);
    }
    const url = await comeBackUrl(t, seller);
    expect(url.status).toBe(409);
    expect(url.body.error?.message).toMatch(/^未配置 Shopee 开放平台/);
    expect((await processAuthorizer(t, seller, { code: 'c'.repeat(32), shop_id: 1, state: 'v1.a.b.c' })).status).toBe(409);
    expect((await call(t.app, 'POST', svc('ShopeeOrder', 'BatchCreate'), seller, {})).status).toBe(409);
    expect((await call(t.app, 'GET', svc('AuthorizationShop', 'GetAuthorizationShopList'), seller)).status).toBe(200);
  });
});

describe('the real platform (SHOPEE_HOST is a URL)', () => {
  let t: TestApp;
  let seller: Awaited<ReturnType<typeof registerSeller>>;

  beforeAll(async () => {
    // Nothing listens there: every check below happens before the platform is called.
    t = await createTestApp({ SHOPEE_HOST: 'http://127.0.0.1:9/', SHOPEE_PARTNER_ID: '2001887', SHOPEE_PARTNER_KEY: 'partner-key-123' });
    seller = await registerSeller(t.app, 1);
  });
  afterAll(async () => t?.close());

  it('carries the seller and the shop asked for in the state, and refuses a callback for another shop or another seller', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/shopee-sandbox/__seed', payload: {} })).statusCode).toBe(404);
    const shopId = nextShopId++;
    const url = await comeBackUrl(t, seller, shopId);
    expect(url.status).toBe(200);
    const address = new URL(url.body.result);
    expect(address.origin + address.pathname).toBe('http://127.0.0.1:9/api/v2/shop/auth_partner');
    // The platform's own address: its signature over partner, path and time, no shop_id of ours.
    expect(address.searchParams.get('shop_id')).toBeNull();
    const state = stateOf(url.body.result);
    expect(state).toMatch(/^v1\./);

    const elsewhere = await processAuthorizer(t, seller, { code: 'c'.repeat(32), shop_id: shopId + 1, state });
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.error?.message).toContain('不一致');
    const other = await registerSeller(t.app, 1);
    expect((await processAuthorizer(t, other, { code: 'c'.repeat(32), shop_id: shopId, state })).status).toBe(409);
    expect((await processAuthorizer(t, seller, { code: 'c'.repeat(32), shop_id: shopId })).status).toBe(400);
  });
});
