// The outbound floor on a phone (issue 14 §5): 拣货打包 opens a stock order by its trade number and
// checks each product barcode against its lines (a wrong product or an extra unit is refused on the
// spot); 交接扫描 scans outbound orders into the open batch of a store and method. Both offline: the
// confirmed pick and the receipt scan wait in the outbox while the network is gone — across a reload
// of the page, still offline (the screen comes from the service worker and lists the rows that wait)
// — reach the server once when it returns, and the stock moves exactly once.
import type { APIRequestContext } from '@playwright/test';
import { test, expect, SEEDED } from './fixtures.ts';
import { login } from './login.ts';

const PHONE = { width: 360, height: 780 };
const admin = { tenant: 'Default', userName: SEEDED.tenantAdmin.userName, password: SEEDED.tenantAdmin.password };

/** A seller with a store, `quantity` of one product shelved (over the API), and a stock order for `ordered` of it. */
async function stockOrder(request: APIRequestContext, token: string, quantity: number, ordered: number) {
  const headers = { Authorization: `Bearer ${token}`, 'Abp.TenantId': '1' };
  const call = async (path: string, data: unknown = {}, method: 'GET' | 'POST' = 'POST', as = headers) => {
    const res = method === 'GET'
      ? await request.get(`/api/services/app/${path}`, { headers: as, params: data as Record<string, string> })
      : await request.post(`/api/services/app/${path}`, { headers: as, data });
    const body = await res.json();
    expect(res.ok(), `${path}: ${JSON.stringify(body.error)}`).toBe(true);
    return body.result;
  };
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`.toUpperCase();
  const userName = `e2eout${suffix.toLowerCase()}`;
  const reg = await request.post('/api/services/app/Account/Register', {
    headers: { 'Abp.TenantId': '1' }, data: { userName, name: `卖家${suffix}`, password: 'secret123', emailAddress: `${userName}@example.com` },
  });
  expect(reg.ok(), await reg.text()).toBe(true);
  const login = await request.post('/api/TokenAuth/Authenticate', { headers: { 'Abp.TenantId': '1' }, data: { userNameOrEmailAddress: userName, password: 'secret123' } });
  const seller = { Authorization: `Bearer ${(await login.json()).result.accessToken}`, 'Abp.TenantId': '1' };
  const userId: number = (await call('User/GetAll', { keyword: userName }, 'GET')).items.find((u: { userName: string }) => u.userName === userName).id;
  const store = await call('BackStoreAddress/EditStoreAddress', { userId, storeName: `E2E出库店${suffix}`, site: 'TW' });
  await call('User/SystemRechargeAmount', { userId, amount: 500, remark: 'e2e' });
  const warehouseId: number = (await call('WarehouseInfo/GetWarehouseInfoList', {}, 'GET')).items[0].id;
  const sku = `E2E-${suffix}`;
  const record = await call('FrontStock/EditStock', {
    storeId: store.id, warehouseInfoId: warehouseId, productSku: sku, productName: '出库测试商品', productNums: quantity, packageNums: 1, logisticsNumber: `YT${suffix}S`,
  }, 'POST', seller);
  await call(`BackStock/EditStatus?id=${record.id}&isArrived=true`);
  await call(`BackStock/IsCheckPass?id=${record.id}&ispass=true`);
  await call(`BackStock/ProcessLabel?id=${record.id}`);
  const shelfPosition = `E-${suffix.slice(-4)}-01`;
  await call('Shelves/Add', { warehouseInfoId: warehouseId, shelfPosition });
  await call('BackStock/ShelfUp', { id: record.id, shelfPosition, quantity });
  const products = await call('FrontStockProduct/GetStockProductList', { pageSize: '10' }, 'GET', seller);
  const product = products.items.find((p: { productSku: string }) => p.productSku === sku) as { id: number; barCode: string };
  const order = await call('FrontStockOrder/CreateStockOrder', {
    storeId: store.id, orderNumber: `E2EST${suffix}`, site: 'TW', shippingMethods: 3, cargoCategory: 1, items: [{ stockProductId: product.id, quantity: ordered }],
  }, 'POST', seller);
  return {
    call, seller, storeId: store.id as number, warehouseId, product, tradeNo: order.tradeNo as string, orderId: order.id as number,
    productFigures: async () => (await call('FrontStockProduct/GetStockProductList', { pageSize: '10' }, 'GET', seller)).items
      .find((p: { id: number }) => p.id === product.id) as { inventory: number; reserved: number; available: number },
    outRows: async () => ((await call('ListedHistory/GetList', { stockProductId: String(product.id), pageSize: '50' }, 'GET')).items as { type: number; quantity: number }[])
      .filter((r) => r.type === 2),
  };
}

/**
 * A phone whose service worker may run (the shared config blocks workers elsewhere): offline, the
 * outbox's own code comes from the worker's cache, as on a real phone after its first visit.
 */
async function phoneContext(browser: import('@playwright/test').Browser, baseURL: string | undefined) {
  return browser.newContext({ baseURL, serviceWorkers: 'allow', viewport: PHONE, hasTouch: true, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
}

async function workerControls(page: import('@playwright/test').Page) {
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 45_000, message: 'the service worker controls the page' }).toBe(true);
}

async function typeScan(page: import('@playwright/test').Page, code: string) {
  await page.getByTestId('scan-input').focus();
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

test('offline: 拣货打包 refuses a wrong product and an extra unit, queues the confirmed pick, keeps it across a reload, and stock goes out once', async ({ browser, baseURL, apiLogin }) => {
  test.setTimeout(120_000);
  const token = await apiLogin(admin.userName, admin.password, 1);
  const context = await phoneContext(browser, baseURL);
  const page = await context.newPage();
  const s = await stockOrder(context.request, token, 3, 2);
  try {
    await login(page, { ...admin, from: '/backstock/pickpack' });
    await expect(page.getByTestId('pick-pack')).toBeVisible();
    await workerControls(page);
    // The picking list is on the phone before the network goes.
    await expect.poll(() => page.evaluate((n) => (localStorage.getItem('haicang.pick.orders') ?? '').includes(n), s.tradeNo), { timeout: 20_000 }).toBe(true);

    await context.setOffline(true);
    await typeScan(page, s.tradeNo);
    await expect(page.getByTestId('pick-verdict')).toHaveAttribute('data-verdict', 'opened');
    await typeScan(page, 'NOT-THIS-ONE');
    await expect(page.getByTestId('pick-verdict')).toHaveAttribute('data-verdict', 'wrong');
    await typeScan(page, s.product.barCode);
    await expect(page.getByTestId('pick-verdict')).toHaveAttribute('data-verdict', 'picked');
    await typeScan(page, s.product.barCode);
    await expect(page.getByTestId('pick-verdict')).toHaveAttribute('data-verdict', 'complete');
    await typeScan(page, s.product.barCode);
    await expect(page.getByTestId('pick-verdict')).toHaveAttribute('data-verdict', 'extra');
    await page.getByTestId('pick-confirm').click();
    await expect(page.getByTestId('pick-verdict')).toHaveAttribute('data-verdict', 'queued');
    // The next order's scan goes to the box, not to the page (issue 45 §4).
    await expect(page.getByTestId('scan-input')).toBeFocused();
    await expect(page.getByTestId('pick-outbox-waiting')).toHaveText('1 条待同步');
    // Nothing reached the server while offline.
    expect(await s.productFigures()).toMatchObject({ inventory: 3, reserved: 2, available: 1 });

    // Across a reload, still offline: the pick still waits (and the order is not offered again); nothing reached the server.
    await page.reload();
    await expect(page.getByTestId('pick-pack')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('pick-outbox-waiting')).toHaveText('1 条待同步', { timeout: 20_000 });
    await expect(page.locator('[data-testid="pick-outbox-row"][data-status="pending"]')).toHaveText(new RegExp(`拣货打包 ${s.tradeNo}`));
    await typeScan(page, s.tradeNo);
    await expect(page.getByTestId('pick-verdict')).toHaveAttribute('data-verdict', 'unknown-order');
    expect(await s.productFigures()).toMatchObject({ inventory: 3, reserved: 2, available: 1 });

    await context.setOffline(false);
    await expect.poll(async () => (await s.productFigures()).inventory, { timeout: 45_000 }).toBe(1);
    expect(await s.productFigures()).toMatchObject({ inventory: 1, reserved: 0, available: 1 });
    expect(await s.outRows()).toEqual([expect.objectContaining({ type: 2, quantity: -2 })]);
    await expect(page.getByTestId('outbox-badge')).toHaveCount(0, { timeout: 20_000 });
    await expect(page.getByTestId('pick-outbox-waiting')).toHaveCount(0);
    await expect(page.locator('[data-testid="pick-outbox-row"][data-status="done"]')).toHaveCount(1);
    // Recorded once: the order is packed, with one pick in its trail.
    const info = await s.call('FrontStockOrder/GetStockOrderInfo', { stockOrderId: String(s.orderId) }, 'GET', s.seller);
    expect(info.packageStatus).toBe(3);
    expect((info.audit as { action: string }[]).filter((a) => a.action === 'packed')).toHaveLength(1);
  } finally {
    await context.close();
  }
});

test('offline: 交接扫描 queues a scan into the open batch, keeps it across a reload, replays it once, and closing ships the order', async ({ browser, baseURL, apiLogin }) => {
  test.setTimeout(120_000);
  const token = await apiLogin(admin.userName, admin.password, 1);
  const context = await phoneContext(browser, baseURL);
  const page = await context.newPage();
  const s = await stockOrder(context.request, token, 2, 1);
  try {
    // The stock order is picked and weighed (the base cost for stock orders, if another spec did not add it already).
    const beginTime = new Date(Date.now() - 3600_000).toISOString();
    const base = await context.request.post('/api/services/app/BaseCostSetting/Add', {
      headers: { Authorization: `Bearer ${token}`, 'Abp.TenantId': '1' },
      data: { warehouseInfoId: s.warehouseId, orderType: 3, beginTime, isEffective: true, baseCost: 2, baseSkuNums: 1, exceedSkuCost: 0.5, maxSkuCost: 2, sackPrice: 0.5 },
    });
    expect([200, 409]).toContain(base.status());
    await s.call('BackStockOrder/StockOrderBale', { tradeNo: s.tradeNo });
    await s.call('BackStockOrder/GoodsWeigh', { tradeNo: s.tradeNo, weight: 0.4 });

    await login(page, { ...admin, from: '/backstock/backDeliveryreceiptScan' });
    await expect(page.getByTestId('receipt-scan')).toBeVisible();
    await workerControls(page);
    await page.getByTestId('receipt-store').selectOption(String(s.storeId));
    await expect(page.getByTestId('receipt-method')).toHaveValue('7-11');

    await context.setOffline(true);
    await typeScan(page, s.tradeNo);
    await expect(page.getByTestId('receipt-verdict')).toHaveAttribute('data-verdict', 'queued');
    await expect(page.getByTestId('receipt-count')).toHaveText('1');
    await expect(page.getByTestId('receipt-outbox-waiting')).toHaveText('1 条待同步');
    const batches = async () => (await s.call('DeliveryReceipt/GetBatchList', { storeId: String(s.storeId) }, 'GET')).items as { batchName: string; count: number; isClosed: boolean }[];
    expect(await batches()).toEqual([]);

    // Across a reload, still offline: the store, the count and the waiting scan are all still there; nothing reached the server.
    await page.reload();
    await expect(page.getByTestId('receipt-scan')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('receipt-outbox-waiting')).toHaveText('1 条待同步', { timeout: 20_000 });
    await expect(page.locator('[data-testid="receipt-outbox-row"][data-status="pending"]')).toHaveText(new RegExp(`交接 ${s.tradeNo}`));
    await expect(page.getByTestId('receipt-store')).toHaveValue(String(s.storeId));
    await expect(page.getByTestId('receipt-count')).toHaveText('1');
    expect(await batches()).toEqual([]);

    await context.setOffline(false);
    await expect.poll(async () => (await batches()).map((b) => b.count), { timeout: 45_000 }).toEqual([1]);
    await expect(page.getByTestId('outbox-badge')).toHaveCount(0, { timeout: 20_000 });
    await expect(page.getByTestId('receipt-outbox-waiting')).toHaveCount(0);
    await expect(page.locator('[data-testid="receipt-outbox-row"][data-status="done"]')).toHaveCount(1);
    // Recorded once: one row in the batch.
    const [open] = await batches();
    const numbers = await s.call('DeliveryReceipt/GetBatchNumberList', { storeId: String(s.storeId), batchName: open!.batchName }, 'GET');
    expect((numbers.items as { tradeNo: string }[]).map((i) => i.tradeNo)).toEqual([s.tradeNo]);

    await page.getByTestId('receipt-close').click();
    await expect(page.getByRole('alertdialog')).toContainText('将出库 1 单');
    await page.getByRole('button', { name: '确定' }).click();
    await expect(page.getByTestId('receipt-verdict')).toHaveAttribute('data-verdict', 'closed');
    expect(await batches()).toEqual([expect.objectContaining({ count: 1, isClosed: true })]);
    const info = await s.call('FrontStockOrder/GetStockOrderInfo', { stockOrderId: String(s.orderId) }, 'GET', s.seller);
    expect(info).toMatchObject({ orderStatus: 4, packageStatus: 5 });
  } finally {
    await context.close();
  }
});
