// Recharge through the built-in test payment provider, the seller's and the staff's flow lists,
// the staff's manual recharge and the flow export (DOMAIN §5, spec 001 §7).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { call, createTestApp, signIn, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
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

  const generate = (who: Caller, amount: number | string) => call(t.app, 'GET', svc('Recharge', 'GeneratePaymentUrl'), who, { amount });
  const confirm = (who: Caller, id: number) => call(t.app, 'GET', svc('Recharge', 'ConfirmPayment'), who, { id });
  const amountList = (who: Caller, q: Record<string, unknown> = {}) => call(t.app, 'GET', svc('Recharge', 'GetAmountList'), who, q);
  const payPage = (url: string) => t.app.inject({ method: 'GET', url });
  const press = (url: string, button: 'confirm' | 'cancel') =>
    t.app.inject({ method: 'POST', url: `${url}/${button}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
  const systemRecharge = (who: Caller, body: Record<string, unknown>) => call(t.app, 'POST', svc('User', 'SystemRechargeAmount'), who, body);

  describe('online recharge with the test provider', () => {
    let seller: Seller;
    beforeAll(async () => { seller = await registerSeller(t.app, 1); });

    it('creates a pending recharge order whose payment page is a marked test page', async () => {
      const res = await generate(seller, 100.5);
      expect(res.status).toBe(200);
      expect(res.body.result).toMatchObject({ amount: 100.5, status: 0, provider: 'test', paidTime: null });
      expect(res.body.result.paymentUrl).toMatch(/^\/pay\/test\/[0-9a-f]{32}$/);
      const page = await payPage(res.body.result.paymentUrl);
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
      const done = await press(order.paymentUrl, 'confirm');
      expect(done.statusCode).toBe(200);
      expect(done.body).toContain('支付成功');
      expect(done.body).toContain(`/amount/recharge?rechargeId=${order.id}`);
      const confirmed = await confirm(seller, order.id);
      expect(confirmed.body.result).toMatchObject({ id: order.id, status: 1 });
      expect(confirmed.body.result.paidTime).not.toBeNull();
      expect((await confirm(seller, order.id)).body.result.status).toBe(1);
      // Pressing again (a double click, a resubmitted form) changes nothing.
      expect((await press(order.paymentUrl, 'confirm')).body).toContain('已支付');
      const list = (await amountList(seller, { channel: 1 })).body.result;
      expect(list.balance).toBeCloseTo(before + 88.88, 2);
      expect(list.items.filter((f: { tradeNo: string }) => f.tradeNo === `R${order.id}`)).toHaveLength(1);
      expect(list.items[0]).toMatchObject({ channel: 1, incurredAmount: 88.88, balance: list.balance, userCode: seller.userCode });
      // The page now shows the order as paid, without buttons.
      const page = await payPage(order.paymentUrl);
      expect(page.body).toContain('已支付');
      expect(page.body).not.toContain('确认支付</button>');
    });

    it('a concurrent callback and ConfirmPayment credit the recharge once', async () => {
      const order = (await generate(seller, 10)).body.result;
      const before = (await amountList(seller)).body.result.balance;
      const [page, ...confirms] = await Promise.all([press(order.paymentUrl, 'confirm'), ...Array.from({ length: 5 }, () => confirm(seller, order.id))]);
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
      const cancelled = await press(order.paymentUrl, 'cancel');
      expect(cancelled.body).toContain('已取消支付');
      expect((await confirm(seller, order.id)).body.result).toMatchObject({ status: 2 });
      expect((await press(order.paymentUrl, 'confirm')).body).toContain('已关闭');
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
      expect((await payPage('/pay/test/00000000000000000000000000000000')).statusCode).toBe(404);
    });

    it('a seller cannot confirm another seller\'s recharge', async () => {
      const order = (await generate(seller, 3)).body.result;
      const other = await registerSeller(t.app, 1);
      expect((await confirm(other, order.id)).status).toBe(404);
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

  describe('the seller\'s flow list', () => {
    it('lists the seller\'s own flows newest first with the balance after each, and filters by channel', async () => {
      const seller = await registerSeller(t.app, 1);
      const other = await registerSeller(t.app, 1);
      await systemRecharge(admin, { userId: seller.userId, amount: 50 });
      await systemRecharge(admin, { userId: other.userId, amount: 999 });
      const order = (await generate(seller, 20.25)).body.result;
      await press(order.paymentUrl, 'confirm');
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
