// 退件入库 (/backabroad/abroadreturnscan) on a phone at an overseas warehouse, the whole way over HTTP:
// a seller's stock reaches the TW warehouse (declared, scanned in, passed, labelled, shelved), an
// overseas order ships 2 of it (packed: stock out), the buyer's return is registered. Online, a scan
// identifies it and the counted goods go back into stock. Offline (the offline variant), the scan is
// queued whole through the outbox, reaches nothing while offline, and once the network is back is
// replayed exactly once — also when the first replay's answer is lost after the server did the work.
import { randomUUID } from 'node:crypto';
import { request as playwrightRequest, type APIResponse, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { test, expect, SEEDED } from './fixtures.ts';
import { login } from './login.ts';

const admin = { tenant: 'Default', userName: SEEDED.tenantAdmin.userName, password: SEEDED.tenantAdmin.password };
const svc = (service: string, action: string) => `/api/services/app/${service}/${action}`;
const PHONE = { width: 360, height: 780 };

/** The API as the test sees it: its own request context, so the browser being offline does not touch it. */
async function apiAs(userName: string, password: string) {
  const ctx = await playwrightRequest.newContext({ baseURL: process.env.HC_E2E_BASE_URL });
  const res = await ctx.post('/api/TokenAuth/Authenticate', { headers: { 'Abp.TenantId': '1' }, data: { userNameOrEmailAddress: userName, password } });
  expect(res.ok(), await res.text()).toBe(true);
  const body = await res.json() as { result: { accessToken: string; userId: number } };
  const headers = { Authorization: `Bearer ${body.result.accessToken as string}`, 'Abp.TenantId': '1' };
  // The answers are read like a client's: untyped JSON, the fields the test needs.
  const ok = async (r: APIResponse): Promise<any> => {
    expect(r.ok(), `${r.url()}: ${await r.text()}`).toBe(true);
    return ((await r.json()) as { result: unknown }).result;
  };
  return {
    userId: body.result.userId as number,
    get: async (service: string, action: string, params: Record<string, string | number> = {}) => ok(await ctx.get(svc(service, action), { headers, params })),
    post: async (service: string, action: string, data: unknown, params: Record<string, string | number> = {}) =>
      ok(await ctx.post(svc(service, action), { headers: { ...headers, 'Idempotency-Key': randomUUID() }, data: data as object, params })),
    dispose: () => ctx.dispose(),
  };
}

/** A return registered on a packed overseas order of 2 items: what the floor will scan. */
async function returnHeadingToTheWarehouse() {
  const staff = await apiAs(admin.userName, admin.password);
  const tag = Date.now().toString(36).toUpperCase();
  const anonymous = await playwrightRequest.newContext({ baseURL: process.env.HC_E2E_BASE_URL });
  const userName = `abroad${tag.toLowerCase()}`;
  const registered = await anonymous.post(svc('Account', 'Register'), { headers: { 'Abp.TenantId': '1' }, data: { userName, name: '海外仓卖家', password: 'seller123' } });
  expect(registered.ok(), await registered.text()).toBe(true);
  await anonymous.dispose();
  const seller = await apiAs(userName, 'seller123');
  const warehouse = await staff.post('WarehouseInfo', 'EditWarehouseInfo', { warehouseName: `台北仓${tag}`, kind: 2, site: 'TW', address: '台北市' });
  const store = await staff.post('BackStoreAddress', 'EditStoreAddress', { userId: seller.userId, storeName: `台湾店${tag}`, site: 'TW', whetherLocal: true });
  await staff.post('Shelves', 'Add', { warehouseInfoId: warehouse.id, shelfPosition: `R${tag}-01` });
  await staff.post('OverseasBaseCostSetting', 'Add', {
    storeId: store.id, beginTime: new Date(Date.now() - 3600_000).toISOString(), whetherEffective: true, baseCost: 2, baseSkuNums: 1, exceedSkuCost: 0, maxSkuCost: 0, sackPrice: 0,
  });
  await staff.post('User', 'SystemRechargeAmount', { userId: seller.userId, amount: 50, remark: 'e2e' });
  const logisticsNumber = `SR${tag}`;
  const record = await seller.post('FrontStock', 'EditStock', {
    storeId: store.id, warehouseInfoId: warehouse.id, productSku: `CUP-${tag}`, productName: '保温杯', productNums: 5, packageNums: 1, logisticsNumber,
  });
  await staff.post('Logistics', 'SignByScan', { shipment: logisticsNumber, warehouseInfoId: warehouse.id });
  await staff.post('BackStock', 'IsCheckPass', null, { id: record.id, ispass: 'true' });
  const labelled = await staff.post('BackStock', 'ProcessLabel', null, { id: record.id });
  await staff.post('BackStock', 'ShelfUp', { id: record.id, shelfPosition: `R${tag}-01`, quantity: 5 });
  const order = await seller.post('FrontAbroadOrder', 'CreateOrder', {
    storeId: store.id, warehouseInfoId: warehouse.id, orderNumber: `TW${tag}`, site: 'TW', shippingMethods: 2, cargoCategory: 1,
    items: [{ stockProductId: labelled.stockProductId, quantity: 2 }],
  });
  await staff.post('BackAbroadOrder', 'AbroadOrderBale', { tradeNo: order.tradeNo });
  const returnNumber = `RT${tag}`;
  await seller.get('FrontAbroadReturn', 'AddRerurnOrder', { orderId: order.id, returnNumber, orderNumber: order.orderNumber });
  const returnedRows = async () => (await staff.get('ListedHistory', 'GetList', { stockProductId: labelled.stockProductId, type: 4, pageSize: 50 })).items as { quantity: number }[];
  const status = async () => (await staff.get('AbroadStockReturn', 'CheckReturnWarehousing', { returnNumber })).returnStatus as number;
  return { returnNumber, userCode: order.userCode as string, returnedRows, status, dispose: async () => { await staff.dispose(); await seller.dispose(); } };
}

async function openStation(page: Page) {
  await page.setViewportSize(PHONE);
  await login(page, { ...admin, from: '/backabroad/abroadreturnscan' });
  await expect(page.getByTestId('return-scan-station')).toBeVisible();
  await expect(page.getByTestId('scan-input')).toBeFocused();
  // The answers' chunk loads right after the scan box shows; wait for it before the network goes.
  await page.waitForLoadState('networkidle');
}

async function scan(page: Page, code: string) {
  await page.getByTestId('scan-input').focus();
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

test('online: a scanned return is identified, its counted goods go back into stock once', async ({ page }) => {
  test.setTimeout(120_000);
  const r = await returnHeadingToTheWarehouse();
  try {
    await openStation(page);
    await scan(page, r.returnNumber);
    const verdict = page.getByTestId('return-verdict');
    await expect(verdict).toHaveAttribute('data-state', 'found');
    await expect(page.getByTestId('return-user-code')).toHaveText(r.userCode);
    const count = page.getByRole('textbox', { name: /本次入库/ });
    await expect(count).toHaveValue('2');
    await count.fill('1');
    await page.getByTestId('return-confirm').click();
    await expect(verdict).toHaveAttribute('data-state', 'stocked');
    await expect(verdict).toContainText('已入库 1 件');
    expect(await r.status()).toBe(1);
    expect((await r.returnedRows()).map((x) => x.quantity)).toEqual([1]);
    // Scanned again (after the repeat window): nothing more to put into stock.
    await page.waitForTimeout(2_100);
    await scan(page, r.returnNumber);
    await expect(verdict).toHaveAttribute('data-state', 'closed');
    await expect.poll(() => page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)).toBe(true);
  } finally {
    await r.dispose();
  }
});

/**
 * A phone with the floor app installed: the service worker allowed (the shared config blocks it), so
 * the screen and its chunks open without a network, as on the floor (see pwa-offline.spec.ts).
 */
async function installedPhone(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: process.env.HC_E2E_BASE_URL, serviceWorkers: 'allow', viewport: PHONE, hasTouch: true, locale: 'zh-CN', timezoneId: 'Asia/Shanghai',
  });
}

test('offline: the return is queued whole, survives a reload, reaches nothing while offline, and is put into stock exactly once after', async ({ browser }) => {
  test.setTimeout(150_000);
  const r = await returnHeadingToTheWarehouse();
  const context = await installedPhone(browser);
  const page = await context.newPage();
  try {
    await openStation(page);
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 45_000, message: 'the service worker controls the page' }).toBe(true);
    await context.setOffline(true);
    // The screen opens with the network off: the shell and its chunks are local.
    await page.reload();
    await expect(page.getByTestId('return-scan-station')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('return-verdict')).toHaveAttribute('data-state', 'idle');
    await scan(page, r.returnNumber);
    const verdict = page.getByTestId('return-verdict');
    await expect(verdict).toHaveAttribute('data-state', 'offline');
    await page.getByTestId('return-confirm-all').click();
    await expect(verdict).toHaveAttribute('data-state', 'queued');
    await expect(page.getByTestId('return-waiting')).toHaveText('1 条待同步');
    await expect(page.getByTestId('outbox-badge')).toHaveText('1 待同步 · 0 需处理');
    // Across a reload, still offline: it still waits, and nothing reached the server.
    await page.reload();
    await expect(page.getByTestId('return-scan-station')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('outbox-badge')).toHaveText('1 待同步 · 0 需处理');
    await expect(page.getByTestId('returns-waiting')).toHaveText('1 条待同步');
    expect(await r.status(), 'nothing reached the server while offline').toBe(0);

    // The first replay reaches the server, which puts the goods into stock; its answer is lost on
    // the way back. The outbox asks again with the same Idempotency-Key and gets the stored answer.
    const keys: string[] = [];
    await context.route('**/AbroadStockReturn/ConfirmReturnWarehousing', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (keys.length === 1) {
        const res = await route.fetch();
        expect(res.status()).toBe(200);
        await route.abort('connectionreset');
        return;
      }
      await route.continue();
    });
    await context.setOffline(false);
    await expect(page.getByTestId('synced-return-row')).toHaveCount(1, { timeout: 45_000 });
    await expect(page.getByTestId('synced-return-row')).toContainText('已入库 2 件');
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys).size).toBe(1);
    expect(await r.status()).toBe(1);
    expect((await r.returnedRows()).map((x) => x.quantity), 'one type-4 row: restocked once').toEqual([2]);
    await expect(page.getByTestId('outbox-badge')).toHaveCount(0);
  } finally {
    await r.dispose();
    await context.close();
  }
});
