// 囤货上架 on a phone (issue 13 §6): /floor offers 上架; its screen takes a typed barcode, the shelf
// and the quantity. Shelved while offline, the shelving waits in the outbox across a reload, and once
// the network is back ShelfUp reaches the server once: the product holds exactly the quantity, with
// one 上架 movement. And 验货: an arrived record found by its waybill, counted and passed.
//
// The page is reloaded offline, so the service worker must serve the console: this spec allows it in
// a context of its own (the shared config blocks workers for every other spec).
import type { APIRequestContext, Browser, BrowserContext } from '@playwright/test';
import { test, expect, SEEDED } from './fixtures.ts';
import { login } from './login.ts';

const admin = { tenant: 'Default', userName: SEEDED.tenantAdmin.userName, password: SEEDED.tenantAdmin.password };
const PHONE = { width: 360, height: 780 };

type Api = (path: string, data?: Record<string, unknown>, method?: 'GET' | 'POST') => Promise<{ status: number; body: { result: any; error: any } }>;

function apiOf(request: APIRequestContext, token: string): Api {
  const headers = { Authorization: `Bearer ${token}`, 'Abp.TenantId': '1' };
  return async (path, data = {}, method = 'POST') => {
    const res = method === 'GET'
      ? await request.get(`/api/services/app/${path}`, { headers, params: data as Record<string, string | number | boolean> })
      : await request.post(`/api/services/app/${path}`, { headers, data });
    return { status: res.status(), body: await res.json() };
  };
}

/**
 * A seller's record of 10 items declared over HTTP and taken by the warehouse up to `stage`: arrived, or
 * (the default) passed and labelled, with its barcode and an empty shelf to put it on.
 */
type ApiLogin = (userName: string, password: string, tenantId?: number | null) => Promise<string>;

async function labelledRecord(request: APIRequestContext, staff: Api, apiLogin: ApiLogin, stage: 'arrived' | 'labelled' = 'labelled') {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`.toUpperCase();
  const userName = `e2estock${suffix.toLowerCase()}`;
  const reg = await request.post('/api/services/app/Account/Register', {
    headers: { 'Abp.TenantId': '1' }, data: { userName, name: `囤货卖家${suffix}`, password: 'secret123' },
  });
  expect(reg.ok(), await reg.text()).toBe(true);
  const seller = apiOf(request, await apiLogin(userName, 'secret123', 1));
  const users = await staff('User/GetAll', { keyword: userName }, 'GET');
  const userId: number = users.body.result.items.find((u: { userName: string }) => u.userName === userName).id;
  const store = await staff('BackStoreAddress/EditStoreAddress', { userId, storeName: `E2E囤货店${suffix}`, site: 'TW' });
  expect(store.status, JSON.stringify(store.body.error)).toBe(200);
  const warehouseInfoId: number = (await staff('WarehouseInfo/GetWarehouseInfoList', {}, 'GET')).body.result.items[0].id;

  const declared = await seller('FrontStock/EditStock', {
    storeId: store.body.result.id, warehouseInfoId, productSku: `E2E-${suffix}`, productName: '蓝牙耳机', productNums: 10, packageNums: 1,
    logisticsNumber: `YT${suffix}S`,
  });
  expect(declared.status, JSON.stringify(declared.body.error)).toBe(200);
  const id: number = declared.body.result.id;
  const logisticsNumber: string = declared.body.result.logisticsNumber;
  const steps = [`EditStatus?id=${id}&isArrived=true`, ...(stage === 'labelled' ? [`IsCheckPass?id=${id}&ispass=true`] : [])];
  for (const step of steps) {
    const res = await staff(`BackStock/${step}`);
    expect(res.status, `${step}: ${JSON.stringify(res.body.error)}`).toBe(200);
  }
  if (stage === 'arrived') return { id, tradeNo: declared.body.result.tradeNo as string, logisticsNumber, barCode: '', stockProductId: 0, shelfPosition: '' };
  const labelled = await staff(`BackStock/ProcessLabel?id=${id}`);
  expect(labelled.status, JSON.stringify(labelled.body.error)).toBe(200);
  const shelfPosition = `E${suffix.slice(-4)}-01-01`;
  const shelf = await staff('Shelves/Add', { warehouseInfoId, shelfPosition });
  expect(shelf.status, JSON.stringify(shelf.body.error)).toBe(200);
  const { tradeNo, barCode, stockProductId } = labelled.body.result as { tradeNo: string; barCode: string; stockProductId: number };
  return { id, tradeNo, logisticsNumber, barCode, stockProductId, shelfPosition };
}

/** A phone; the worker is allowed only where the page must open offline. */
async function phoneContext(browser: Browser, serviceWorkers: 'allow' | 'block'): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: process.env.HC_E2E_BASE_URL, serviceWorkers, viewport: PHONE, hasTouch: true, locale: 'zh-CN', timezoneId: 'Asia/Shanghai',
  });
}

test('/floor offers 上架; shelved offline, kept across a reload, and replayed once when the network is back', async ({ browser, request, apiLogin }) => {
  test.setTimeout(120_000);
  const staff = apiOf(request, await apiLogin(admin.userName, admin.password, 1));
  const record = await labelledRecord(request, staff, apiLogin);
  const product = async () => (await staff('BackStockProduct/GetStockProductList', { keyword: record.barCode }, 'GET')).body.result.items
    .find((p: { id: number }) => p.id === record.stockProductId) as { inventory: number; available: number; shelfPosition: string | null };
  const movements = async () => (await staff('ListedHistory/GetList', { stockProductId: record.stockProductId }, 'GET'))
    .body.result.items as { type: number; quantity: number; tradeNo: string }[];

  const context = await phoneContext(browser, 'allow');
  const page = await context.newPage();
  const shelfUps: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/BackStock\/ShelfUp$/i.test(new URL(r.url()).pathname)) shelfUps.push(r.headers()['idempotency-key'] ?? '');
  });
  try {
    // The floor home offers 上架, and its screen has the scan box.
    await login(page, { ...admin, from: '/floor' });
    await expect(page.getByTestId('floor-home')).toBeVisible();
    const tile = page.getByTestId('floor-tile').filter({ hasText: '上架' });
    await expect(tile).toHaveCount(1);
    await tile.click();
    await expect(page).toHaveURL(/\/backstock\/shelfStation$/);
    await expect(page.getByTestId('floor-frame')).toBeVisible();
    const box = page.getByTestId('scan-input');
    await expect(box).toBeFocused();
    // The console is kept by the worker, and the signed-in reads on the phone, before the network goes.
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 45_000, message: 'the service worker controls the page' })
      .toBe(true);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('haicang.reads') ?? ''), { timeout: 10_000 }).toContain('AbpUserConfiguration');

    await context.setOffline(true);
    await page.keyboard.type(record.barCode, { delay: 5 });
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('shelf-barcode')).toHaveText(record.barCode);
    await expect(page.getByTestId('shelf-offline')).toBeVisible();
    await expect(box).toBeFocused();
    await page.keyboard.type(record.shelfPosition, { delay: 5 });
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('shelf-position')).toHaveText(record.shelfPosition);
    await page.getByTestId('shelf-quantity').fill('10');
    await page.getByTestId('shelf-confirm').click();
    const outcome = page.getByTestId('shelf-outcome');
    await expect(outcome).toHaveAttribute('data-outcome', 'queued');
    await expect(outcome).toContainText('已离线，已排队');
    await expect(outcome).toContainText(`${record.barCode} → ${record.shelfPosition} × 10`);
    if (process.env.HC_SHOTS) await page.screenshot({ path: `${process.env.HC_SHOTS}/shelf-station-queued-360.png`, fullPage: true });

    // Across a reload, still offline: it still waits, and nothing reached the server.
    await page.reload();
    await expect(page.getByTestId('shelf-station')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('outbox-badge')).toHaveText('1 待同步 · 0 需处理');
    await expect(page.getByTestId('station-waiting')).toHaveText('1 条待同步');
    expect(shelfUps).toEqual([]);
    expect((await product()).inventory).toBe(0);

    // The network returns: shelved once.
    await context.setOffline(false);
    await expect(page.getByTestId('synced-row')).toHaveCount(1, { timeout: 45_000 });
    await expect(page.getByTestId('synced-row')).toContainText(`${record.barCode} → ${record.shelfPosition} × 10`);
    await expect(page.getByTestId('outbox-badge')).toHaveCount(0);
    expect(shelfUps).toHaveLength(1);
    const shelved = await product();
    expect(shelved).toMatchObject({ inventory: 10, available: 10, shelfPosition: record.shelfPosition });
    expect((await movements()).map((m) => ({ type: m.type, quantity: m.quantity, tradeNo: m.tradeNo })))
      .toEqual([{ type: 1, quantity: 10, tradeNo: record.tradeNo }]);
    const list = await staff('BackStock/GetStockList', { keyword: record.tradeNo }, 'GET');
    expect(list.body.result.items.find((r: { id: number }) => r.id === record.id).productStatus).toBe(5);
  } finally {
    await context.close();
  }
});

test('the warehouse finds the record in 囤货入库 at its status and exports the list as xlsx', async ({ page, request, apiLogin }) => {
  const staff = apiOf(request, await apiLogin(admin.userName, admin.password, 1));
  const record = await labelledRecord(request, staff, apiLogin);
  // A desk's width: there the list has room for its action buttons (narrower, they go in the 更多 menu).
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, { ...admin, from: `/backstock/backstockList?keyword=${record.tradeNo}` });
  const row = page.getByRole('row').filter({ hasText: record.tradeNo });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('已贴标');
  await expect(row).toContainText(record.barCode);
  await expect(row.getByRole('button', { name: '上架' })).toBeVisible();
  if (process.env.HC_SHOTS) await page.screenshot({ path: `${process.env.HC_SHOTS}/backstock-list-1440.png`, fullPage: true });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  // An xlsx is a zip: PK.
  const bytes = await (await import('node:fs/promises')).readFile((await file.path())!);
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
});

test('online, the scan shows what waits and the suggested shelf, and 确认上架 shelves at once', async ({ browser, request, apiLogin }) => {
  test.setTimeout(90_000);
  const staff = apiOf(request, await apiLogin(admin.userName, admin.password, 1));
  const record = await labelledRecord(request, staff, apiLogin);
  const context = await phoneContext(browser, 'block');
  const page = await context.newPage();
  try {
    await login(page, { ...admin, from: '/backstock/shelfStation' });
    await expect(page.getByTestId('scan-input')).toBeFocused();
    await page.keyboard.type(record.barCode, { delay: 5 });
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('shelf-remaining')).toHaveText('待上架 10 件');
    await expect(page.getByTestId('shelf-suggestion')).not.toBeEmpty();
    // Our own (empty) shelf rather than the suggestion, typed as a scanner would.
    await page.keyboard.type(record.shelfPosition, { delay: 5 });
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('shelf-quantity')).toHaveValue('10');
    if (process.env.HC_SHOTS) await page.screenshot({ path: `${process.env.HC_SHOTS}/shelf-station-quantity-360.png`, fullPage: true });
    await page.getByTestId('shelf-quantity').fill('6');
    await page.getByTestId('shelf-quantity').press('Enter');
    const outcome = page.getByTestId('shelf-outcome');
    await expect(outcome).toHaveAttribute('data-outcome', 'sent');
    await expect(outcome).toContainText('库存 6 件，可用 6 件');
    await expect.poll(() => page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)).toBe(true);
    if (process.env.HC_SHOTS) await page.screenshot({ path: `${process.env.HC_SHOTS}/shelf-station-sent-360.png`, fullPage: true });
  } finally {
    await context.close();
  }
});

test('验货 on a phone: the arrived record is found by its waybill, counted and passed', async ({ browser, request, apiLogin }) => {
  test.setTimeout(90_000);
  const staff = apiOf(request, await apiLogin(admin.userName, admin.password, 1));
  const record = await labelledRecord(request, staff, apiLogin, 'arrived');
  const context = await phoneContext(browser, 'block');
  const page = await context.newPage();
  try {
    await login(page, { ...admin, from: '/floor' });
    await page.getByTestId('floor-tile').filter({ hasText: '验货' }).click();
    await expect(page).toHaveURL(/\/backstock\/checkStation$/);
    await expect(page.getByTestId('scan-input')).toBeFocused();
    await page.keyboard.type(record.logisticsNumber, { delay: 5 });
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('check-record')).toContainText(record.tradeNo);
    await expect(page.getByTestId('check-declared')).toHaveText('申报 10 件，1 箱');
    await page.getByTestId('check-count').fill('10');
    if (process.env.HC_SHOTS) await page.screenshot({ path: `${process.env.HC_SHOTS}/check-station-360.png`, fullPage: true });
    await page.getByTestId('check-pass').click();
    await expect(page.getByTestId('check-done')).toHaveText(`${record.tradeNo}：验货通过`);
    await expect.poll(() => page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)).toBe(true);
    const list = await staff('BackStock/GetStockList', { keyword: record.tradeNo }, 'GET');
    expect(list.body.result.items.find((r: { id: number }) => r.id === record.id)).toMatchObject({ productStatus: 2, checkNums: 10 });
  } finally {
    await context.close();
  }
});

test('验货 offline: the arrived record is found from the kept list, passed, kept across a reload, and sent once when the network is back', async ({ browser, request, apiLogin }) => {
  test.setTimeout(120_000);
  const staff = apiOf(request, await apiLogin(admin.userName, admin.password, 1));
  const record = await labelledRecord(request, staff, apiLogin, 'arrived');
  const status = async () => (await staff('BackStock/GetStockList', { keyword: record.tradeNo }, 'GET')).body.result.items
    .find((r: { id: number }) => r.id === record.id) as { productStatus: number; checkNums: number | null };

  const context = await phoneContext(browser, 'allow');
  const page = await context.newPage();
  const checks: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/BackStock\/IsCheckPass$/i.test(new URL(r.url()).pathname)) checks.push(r.headers()['idempotency-key'] ?? '');
  });
  try {
    await login(page, { ...admin, from: '/floor' });
    await page.getByTestId('floor-tile').filter({ hasText: '验货' }).click();
    await expect(page).toHaveURL(/\/backstock\/checkStation$/);
    await expect(page.getByTestId('floor-frame')).toBeVisible();
    // Online first: the worker controls the page and keeps the list of arrived records.
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 45_000, message: 'the service worker controls the page' })
      .toBe(true);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('haicang.reads') ?? ''), { timeout: 10_000 }).toContain('AbpUserConfiguration');
    // The list as the worker kept it: reloaded once under its control, the record is in it.
    await page.reload();
    await expect(page.getByTestId('check-list')).toContainText(record.tradeNo, { timeout: 20_000 });

    await context.setOffline(true);
    await expect(page.getByTestId('scan-input')).toBeFocused();
    await page.keyboard.type(record.logisticsNumber, { delay: 5 });
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('check-record')).toContainText(record.tradeNo);
    await page.getByTestId('check-count').fill('10');
    await page.getByTestId('check-pass').click();
    await expect(page.getByTestId('check-queued')).toContainText(`${record.tradeNo} 验货通过`);

    // Across a reload, still offline: it still waits, and nothing reached the server.
    await page.reload();
    await expect(page.getByTestId('check-station')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('station-waiting')).toHaveText('1 条待同步', { timeout: 20_000 });
    expect(checks).toEqual([]);
    expect((await status()).productStatus).toBe(1);

    // The network returns: passed once, with the count.
    await context.setOffline(false);
    await expect(page.getByTestId('synced-row')).toHaveCount(1, { timeout: 45_000 });
    await expect(page.getByTestId('station-waiting')).toHaveCount(0);
    expect(checks).toHaveLength(1);
    expect(await status()).toMatchObject({ productStatus: 2, checkNums: 10 });
  } finally {
    await context.close();
  }
});
