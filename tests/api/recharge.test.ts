// Recharge through the built-in test payment provider, the seller's and the staff's flow lists,
// the staff's manual recharge and the flow export (DOMAIN §5, spec 001 §7).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { TEST_TOKEN_SECRET, call, createTestApp, signIn, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { createUser, registerSeller } from '../factories/identity.ts';

type Seller = Awaited<ReturnType<typeof registerSeller>>;

describe('recharge and flows', () => {
  let t: TestApp;
  let admin: Caller;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, 'admin', '123qwe', 1);
  });
  afterAll(async () => t?.close());

  /** The console's call: the whole recharge order. */
  const generate = (who: Caller, amount: number | string) => call(t.app, 'POST', svc('Recharge', 'CreateRecharge'), who, { amount });
  const confirm = (who: Caller, id: number) => call(t.app, 'GET', svc('Recharge', 'ConfirmPayment'), who, { id });
  const amountList = (who: Caller, q: Record<string, unknown> = {}) => call(t.app, 'GET', svc('Recharge', 'GetAmountList'), who, q);
  /** The cookies the console leaves in the browser of a signed-in user. */
  const cookiesOf = (who: Caller) => ({ cookie: `enc_auth_token=${encodeURIComponent(who.encryptedToken!)}; Abp.TenantId=${who.tenantId}` });
  const payPage = (url: string, who?: Caller) => t.app.inject({ method: 'GET', url, headers: who ? cookiesOf(who) : {} });
  const csrfIn = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
  /** The payer presses a button of the page in their browser: their cookies, a same-origin form post with the page's token. */
  const pageTokens = new Map<string, string>();
  const press = async (url: string, button: 'confirm' | 'cancel', who: Caller, over: { headers?: Record<string, string | undefined>; csrf?: string } = {}) => {
    // Read once from the open page, as a resubmitted form sends it again.
    if (!pageTokens.has(url)) pageTokens.set(url, csrfIn((await payPage(url, who)).body));
    const csrf = over.csrf ?? pageTokens.get(url)!;
    const headers = { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin', ...cookiesOf(who), ...over.headers };
    return t.app.inject({ method: 'POST', url: `${url}/${button}`, headers: Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)) as Record<string, string>, payload: `csrf=${encodeURIComponent(csrf)}` });
  };
  const systemRecharge = (who: Caller, body: Record<string, unknown>) => call(t.app, 'POST', svc('User', 'SystemRechargeAmount'), who, body);

  describe('online recharge with the test provider', () => {
    let seller: Seller;
    beforeAll(async () => { seller = await registerSeller(t.app, 1); });

    it('creates a pending recharge order whose payment page is a marked test page', async () => {
      const res = await generate(seller, 100.5);
      expect(res.status).toBe(200);
      expect(res.body.result).toMatchObject({ amount: 100.5, status: 0, provider: 'test', paidTime: null });
      expect(res.body.result.paymentUrl).toMatch(/^\/pay\/test\/[0-9a-f]{32}$/);
      const page = await payPage(res.body.result.paymentUrl, seller);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('测试支付');
      expect(page.body).toContain('确认支付');
      expect(page.body).toContain('取消');
      expect(page.body).toContain('100.50');
      // Nothing is credited until the payment is made.
      expect((await confirm(seller, res.body.result.id)).body.result.status).toBe(0);
      expect((await amountList(seller)).body.result).toMatchObject({ totalCount: 0, balance: 0 });
    });

    it('confirming on the page hits the callback: paid, one channel-1 flow; ConfirmPayment afterwards posts nothing more', async () => {
      const order = (await generate(seller, 88.88)).body.result;
      const before = (await amountList(seller)).body.result.balance;
      const done = await press(order.paymentUrl, 'confirm', seller);
      expect(done.statusCode).toBe(200);
      expect(done.body).toContain('支付成功');
      expect(done.body).toContain(`/amount/recharge?rechargeId=${order.id}`);
      const confirmed = await confirm(seller, order.id);
      expect(confirmed.body.result).toMatchObject({ id: order.id, status: 1 });
      expect(confirmed.body.result.paidTime).not.toBeNull();
      expect((await confirm(seller, order.id)).body.result.status).toBe(1);
      // Pressing again (a double click, a resubmitted form) changes nothing.
      expect((await press(order.paymentUrl, 'confirm', seller)).body).toContain('已支付');
      const list = (await amountList(seller, { channel: 1 })).body.result;
      expect(list.balance).toBeCloseTo(before + 88.88, 2);
      expect(list.items.filter((f: { tradeNo: string }) => f.tradeNo === `R${order.id}`)).toHaveLength(1);
      expect(list.items[0]).toMatchObject({ channel: 1, incurredAmount: 88.88, balance: list.balance, userCode: seller.userCode });
      // The page now shows the order as paid, without buttons.
      const page = await payPage(order.paymentUrl, seller);
      expect(page.body).toContain('已支付');
      expect(page.body).not.toContain('确认支付</button>');
    });

    it('a concurrent callback and ConfirmPayment credit the recharge once', async () => {
      const order = (await generate(seller, 10)).body.result;
      const before = (await amountList(seller)).body.result.balance;
      const [page, ...confirms] = await Promise.all([press(order.paymentUrl, 'confirm', seller), ...Array.from({ length: 5 }, () => confirm(seller, order.id))]);
      expect(page.statusCode).toBe(200);
      for (const c of confirms) expect(c.status).toBe(200);
      expect((await confirm(seller, order.id)).body.result.status).toBe(1);
      const after = (await amountList(seller, { pageSize: 100 })).body.result;
      expect(after.balance).toBeCloseTo(before + 10, 2);
      expect(after.items.filter((f: { tradeNo: string }) => f.tradeNo === `R${order.id}`)).toHaveLength(1);
    });

    it('cancel closes the order and credits nothing, even if confirmed afterwards', async () => {
      const order = (await generate(seller, 5)).body.result;
      const before = (await amountList(seller)).body.result;
      const cancelled = await press(order.paymentUrl, 'cancel', seller);
      expect(cancelled.body).toContain('已取消支付');
      expect((await confirm(seller, order.id)).body.result).toMatchObject({ status: 2 });
      expect((await press(order.paymentUrl, 'confirm', seller)).body).toContain('已关闭');
      const after = (await amountList(seller)).body.result;
      expect(after.balance).toBe(before.balance);
      expect(after.totalCount).toBe(before.totalCount);
    });

    it('the provider callback trusts only the provider: notifying an unpaid order does not credit it', async () => {
      const order = (await generate(seller, 7)).body.result;
      const res = await t.app.inject({ method: 'POST', url: '/api/Payment/Notify/test', payload: { providerRef: order.providerRef } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true, status: 0 });
      expect((await confirm(seller, order.id)).body.result.status).toBe(0);
      expect((await t.app.inject({ method: 'POST', url: '/api/Payment/Notify/test', payload: { providerRef: 'nope' } })).statusCode).toBe(404);
      // A NUL (which PostgreSQL refuses in text) is a plain 400, never a fault.
      expect((await t.app.inject({ method: 'POST', url: '/api/Payment/Notify/test', payload: { providerRef: 'a\u0000b' } })).statusCode).toBe(400);
      expect((await payPage('/pay/test/00000000000000000000000000000000')).statusCode).toBe(404);
    });

    it('a seller cannot confirm another seller\'s recharge', async () => {
      const order = (await generate(seller, 3)).body.result;
      const other = await registerSeller(t.app, 1);
      expect((await confirm(other, order.id)).status).toBe(404);
    });

    it('GeneratePaymentUrl answers the payment address as a string (the spec\'s shape), which opens the payer\'s page', async () => {
      const res = await call(t.app, 'GET', svc('Recharge', 'GeneratePaymentUrl'), seller, { amount: 50 });
      expect(res.status).toBe(200);
      expect(typeof res.body.result).toBe('string');
      expect(res.body.result).toMatch(/^\/pay\/test\/[0-9a-f]{32}$/);
      const page = await payPage(res.body.result, seller);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('50.00 积分');
      expect(page.body).toContain('确认支付');
    });

    describe('the test page belongs to the signed-in payer (security issue #12)', () => {
      const balance = async () => (await amountList(seller)).body.result.balance as number;

      it('a cross-site form post without a session credits nothing', async () => {
        const order = (await generate(seller, 999)).body.result;
        const before = await balance();
        const attack = await t.app.inject({
          method: 'POST', url: `${order.paymentUrl}/confirm`, payload: '',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        });
        expect(attack.statusCode).toBe(403);
        expect(attack.body).not.toContain('支付成功');
        // Not even with the payer's cookie and the page's own token, when another site posts it.
        const withCookie = await press(order.paymentUrl, 'confirm', seller, { headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' } });
        expect(withCookie.statusCode).toBe(403);
        // A browser without Sec-Fetch-Site: the Origin decides; neither header is refused.
        expect((await press(order.paymentUrl, 'confirm', seller, { headers: { 'sec-fetch-site': undefined, origin: 'https://evil.example' } })).statusCode).toBe(403);
        expect((await press(order.paymentUrl, 'confirm', seller, { headers: { 'sec-fetch-site': undefined } })).statusCode).toBe(403);
        expect((await confirm(seller, order.id)).body.result.status).toBe(0);
        expect(await balance()).toBe(before);
        // An old browser's same-origin post (Origin only) is the payer's and goes through.
        const ok = await press(order.paymentUrl, 'confirm', seller, { headers: { 'sec-fetch-site': undefined, origin: 'http://localhost:80' } });
        expect(ok.statusCode).toBe(200);
        expect(ok.body).toContain('支付成功');
      });

      it('only the payer\'s session with the page\'s token may confirm or cancel; the page opens only for the payer', async () => {
        const order = (await generate(seller, 12)).body.result;
        const before = await balance();
        const other = await registerSeller(t.app, 1);
        const anonymousPage = await payPage(order.paymentUrl);
        expect(anonymousPage.statusCode).toBe(403);
        expect(anonymousPage.body).not.toContain('确认支付</button>');
        expect(anonymousPage.body).toContain('请在本浏览器登录发起这笔充值的卖家账号');
        expect((await payPage(order.paymentUrl, other)).statusCode).toBe(403);
        expect((await payPage(order.paymentUrl, admin)).statusCode).toBe(403);

        const sameSite = { 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' };
        const token = csrfIn((await payPage(order.paymentUrl, seller)).body);
        expect(token).not.toBe('');
        const noSession = await t.app.inject({ method: 'POST', url: `${order.paymentUrl}/confirm`, headers: sameSite, payload: `csrf=${token}` });
        expect(noSession.statusCode).toBe(403);
        expect((await press(order.paymentUrl, 'confirm', other, { csrf: token })).statusCode).toBe(403);
        expect((await press(order.paymentUrl, 'cancel', other, { csrf: token })).statusCode).toBe(403);
        expect((await press(order.paymentUrl, 'confirm', seller, { csrf: '' })).statusCode).toBe(403);
        // Another recharge's token does not fit this one.
        const second = (await generate(seller, 1)).body.result;
        const secondToken = csrfIn((await payPage(second.paymentUrl, seller)).body);
        expect((await press(order.paymentUrl, 'confirm', seller, { csrf: secondToken })).statusCode).toBe(403);
        expect((await confirm(seller, order.id)).body.result.status).toBe(0);
        expect(await balance()).toBe(before);

        expect((await press(order.paymentUrl, 'confirm', seller, { csrf: token })).statusCode).toBe(200);
        expect(await balance()).toBeCloseTo(before + 12, 2);
      });

      it('test mode stops at the daily cap per seller (PAYMENT_TEST_DAILY_CAP, 10 000 points by default)', async () => {
        const payer = await registerSeller(t.app, 1);
        const big = (await generate(payer, 9000)).body.result;
        expect((await press(big.paymentUrl, 'confirm', payer)).statusCode).toBe(200);
        // Asking for more than is left today is refused up front, naming what is left.
        const over = await generate(payer, 1000.01);
        expect(over.status).toBe(409);
        expect(over.body.error!.message).toContain('今天还可充值 1000.00 积分');
        // Two orders that each fit, but not together: the second confirmation is declined and credits nothing.
        const a = (await generate(payer, 600)).body.result;
        const b = (await generate(payer, 600)).body.result;
        expect((await press(a.paymentUrl, 'confirm', payer)).statusCode).toBe(200);
        const declined = await press(b.paymentUrl, 'confirm', payer);
        expect(declined.statusCode).toBe(409);
        expect(declined.body).toContain('测试支付每天最多充值 10000.00 积分');
        expect((await confirm(payer, b.id)).body.result.status).toBe(0);
        expect((await amountList(payer)).body.result.balance).toBe(9600);
        // The declined order can still be cancelled.
        expect((await press(b.paymentUrl, 'cancel', payer)).body).toContain('已取消支付');
        // Another seller has a cap of their own.
        const other = await registerSeller(t.app, 1);
        expect((await generate(other, 10_000)).status).toBe(200);
      });

      it('concurrent confirmations of two orders cannot both pass the cap', async () => {
        const payer = await registerSeller(t.app, 1);
        const first = (await generate(payer, 9500)).body.result;
        await press(first.paymentUrl, 'confirm', payer);
        const orders = [(await generate(payer, 400)).body.result, (await generate(payer, 400)).body.result];
        for (const o of orders) pageTokens.set(o.paymentUrl, csrfIn((await payPage(o.paymentUrl, payer)).body));
        const results = await Promise.all(orders.map((o) => press(o.paymentUrl, 'confirm', payer)));
        expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
        expect((await amountList(payer)).body.result.balance).toBe(9900);
      });
    });

    it('refuses amounts that are not positive or have more than 2 decimals with 400 naming amount', async () => {
      for (const amount of [0, -5, 1.234, 'abc']) {
        const res = await generate(seller, amount);
        expect(res.status, String(amount)).toBe(400);
        expect(res.body.error!.validationErrors!.some((e) => e.members.includes('amount'))).toBe(true);
      }
      expect((await generate(seller, 0.01)).status).toBe(200);
      expect((await generate(admin, 10)).status).toBe(403);
    });
  });

  describe('PAYMENT_PROVIDER=none (the default with DATABASE_URL)', () => {
    it('refuses online recharges with 409 and says whom to ask', async () => {
      const config = { ...loadConfig({ DATABASE_URL: 'postgres://db.example/haicang' }), databaseUrl: t.databaseUrl, dataDir: t.dataDir, logLevel: 'silent' as const };
      expect(config.paymentProvider).toBe('none');
      const app = await buildApp({ config, database: t.database, tokenSecret: TEST_TOKEN_SECRET, logger: false });
      try {
        const seller = await registerSeller(app, 1);
        for (const res of [await call(app, 'GET', svc('Recharge', 'GeneratePaymentUrl'), seller, { amount: 50 }), await call(app, 'POST', svc('Recharge', 'CreateRecharge'), seller, { amount: 50 })]) {
          expect(res.status).toBe(409);
          expect(res.body.error!.message).toContain('在线充值未开通');
        }
      } finally {
        await app.close();
      }
    });
  });

  describe('the seller\'s flow list', () => {
    it('lists the seller\'s own flows newest first with the balance after each, and filters by channel', async () => {
      const seller = await registerSeller(t.app, 1);
      const other = await registerSeller(t.app, 1);
      await systemRecharge(admin, { userId: seller.userId, amount: 50 });
      await systemRecharge(admin, { userId: other.userId, amount: 999 });
      const order = (await generate(seller, 20.25)).body.result;
      await press(order.paymentUrl, 'confirm', seller);
      await systemRecharge(admin, { userId: seller.userId, amount: -0.25, remark: '手工扣减' });
      const list = (await amountList(seller)).body.result;
      expect(list.balance).toBe(70);
      expect(list.totalCount).toBe(3);
      expect(list.items.map((f: { channel: number; incurredAmount: number; balance: number }) => [f.channel, f.incurredAmount, f.balance]))
        .toEqual([[2, -0.25, 70], [1, 20.25, 70.25], [2, 50, 50]]);
      expect(list.items[0].remark).toBe('手工扣减');
      expect((await amountList(seller, { channel: 1 })).body.result.items).toHaveLength(1);
      expect((await call(t.app, 'GET', svc('Recharge', 'GetBalance'), seller)).body.result).toEqual({ balance: 70 });
      expect((await amountList(admin)).status).toBe(403);
    });
  });

  describe('User/SystemRechargeAmount and Flow', () => {
    let seller: Seller;
    beforeAll(async () => { seller = await registerSeller(t.app, 1); });

    it('credits a seller with channel 2, recording who did it', async () => {
      const res = await systemRecharge(admin, { userId: seller.userId, amount: 123.45, remark: '线下转账' });
      expect(res.status).toBe(200);
      expect(res.body.result.balance).toBe(123.45);
      expect(res.body.result.flow).toMatchObject({ channel: 2, incurredAmount: 123.45, balance: 123.45, remark: '线下转账', userCode: seller.userCode });
      expect(res.body.result.flow.creatorName).toBeTruthy();
    });

    it('deducts with a remark, never below zero', async () => {
      const noRemark = await systemRecharge(admin, { userId: seller.userId, amount: -10 });
      expect(noRemark.status).toBe(400);
      expect(noRemark.body.error!.validationErrors!.some((e) => e.members.includes('remark'))).toBe(true);
      const tooMuch = await systemRecharge(admin, { userId: seller.userId, amount: -123.46, remark: '扣太多' });
      expect(tooMuch.status).toBe(409);
      expect(tooMuch.body.error!.message).toContain('积分余额不足');
      const ok = await systemRecharge(admin, { userId: seller.userId, amount: -23.45, remark: '运费补扣' });
      expect(ok.body.result.balance).toBe(100);
    });

    it('refuses bad amounts, unknown users, staff users, and sellers (403)', async () => {
      expect((await systemRecharge(admin, { userId: seller.userId, amount: 0 })).status).toBe(400);
      expect((await systemRecharge(admin, { userId: seller.userId, amount: 1.001 })).status).toBe(400);
      expect((await systemRecharge(admin, { userId: 999_999, amount: 1 })).status).toBe(404);
      const staff = await createUser(t.app, admin);
      expect((await systemRecharge(admin, { userId: staff.id, amount: 1 })).status).toBe(409);
      const forbidden = await systemRecharge(seller, { userId: seller.userId, amount: 1000 });
      expect(forbidden.status).toBe(403);
      expect((await amountList(seller)).body.result.balance).toBe(100);
    });

    it('lists every seller\'s flows for the staff, filtered by user code, channel and time, paged', async () => {
      const list = await call(t.app, 'GET', svc('Flow', 'GetFlowList'), admin, { userCode: seller.userCode, pageSize: 1 });
      expect(list.status).toBe(200);
      expect(list.body.result.totalCount).toBe(2);
      expect(list.body.result.items).toHaveLength(1);
      expect(list.body.result.items[0]).toMatchObject({ incurredAmount: -23.45, balance: 100 });
      const byUser = await call(t.app, 'GET', svc('Flow', 'GetFlowList'), admin, { userId: seller.userId, channel: 2 });
      expect(byUser.body.result.totalCount).toBe(2);
      const future = await call(t.app, 'GET', svc('Flow', 'GetFlowList'), admin, { userId: seller.userId, timeFrom: new Date(Date.now() + 3_600_000).toISOString() });
      expect(future.body.result.totalCount).toBe(0);
      const past = await call(t.app, 'GET', svc('Flow', 'GetFlowList'), admin, { userId: seller.userId, timeTo: new Date(Date.now() - 3_600_000).toISOString() });
      expect(past.body.result.totalCount).toBe(0);
      const all = await call(t.app, 'GET', svc('Flow', 'GetFlowList'), admin, {});
      expect(all.body.result.totalCount).toBeGreaterThan(2);
      expect((await call(t.app, 'GET', svc('Flow', 'GetFlowList'), seller, {})).status).toBe(403);
    });

    it('finds sellers by code or name with their balances (the 系统充值 picker), staff only', async () => {
      const byCode = await call(t.app, 'GET', svc('Flow', 'GetSellerBalances'), admin, { keyword: seller.userCode.toLowerCase() });
      expect(byCode.status).toBe(200);
      expect(byCode.body.result).toEqual([expect.objectContaining({ id: seller.userId, userCode: seller.userCode, balance: 100 })]);
      const byId = await call(t.app, 'GET', svc('Flow', 'GetSellerBalances'), admin, { userId: seller.userId });
      expect(byId.body.result).toHaveLength(1);
      // Staff accounts are not sellers; a wildcard is matched literally.
      expect((await call(t.app, 'GET', svc('Flow', 'GetSellerBalances'), admin, { keyword: 'admin' })).body.result).toEqual([]);
      expect((await call(t.app, 'GET', svc('Flow', 'GetSellerBalances'), admin, { keyword: '%' })).body.result).toEqual([]);
      expect((await call(t.app, 'GET', svc('Flow', 'GetSellerBalances'), seller, {})).status).toBe(403);
    });

    it('exports the staff flow list as a real xlsx with the list\'s filters', async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/File/GetExcelFlow?userCode=${seller.userCode}`, headers: { authorization: `Bearer ${admin.token}`, 'abp.tenantid': '1' } });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('积分流水.xlsx');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const rows: unknown[][] = [];
      wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      expect(rows[0]!.slice(0, 5)).toEqual(['流水号', '卖家编码', '类型', '发生金额', '余额']);
      expect(rows.slice(1).map((r) => [r[1], r[2], r[3], r[4], r[10]])).toEqual([
        [seller.userCode, '系统充值', -23.45, 100, '运费补扣'],
        [seller.userCode, '系统充值', 123.45, 123.45, '线下转账'],
      ]);
      const sellerTry = await t.app.inject({ method: 'GET', url: '/api/File/GetExcelFlow', headers: { authorization: `Bearer ${seller.token}`, 'abp.tenantid': '1' } });
      expect(sellerTry.statusCode).toBe(403);
      const bad = await t.app.inject({ method: 'GET', url: '/api/File/GetExcelFlow?channel=99', headers: { authorization: `Bearer ${admin.token}`, 'abp.tenantid': '1' } });
      expect(bad.statusCode).toBe(400);
    });
  });
});
