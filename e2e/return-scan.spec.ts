// 退件扫描 (/back/returnScan), the floor's phone screen for things that come back (issue 16), reached
// from /floor: a refused order's trade number is recorded online; offline, a second refused order
// (scanned twice) and a pre-declared marketplace return wait in the outbox across a reload, reach the
// server only when the network returns, and are recorded exactly once each.
//
// The context lets the service worker run (the shared config blocks it for every other spec), as the
// installed floor app does: offline, the screen and its chunks come from the worker's cache.
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, SEEDED } from './fixtures.ts';
import { login } from './login.ts';

const admin = { tenant: 'Default', userName: SEEDED.tenantAdmin.userName, password: SEEDED.tenantAdmin.password };
const PHONE = { width: 360, height: 780 };

/** The API as the test sees it (never through the browser, so unaffected by its being offline). */
function apiOf(request: APIRequestContext, token: string) {
  const headers = { Authorization: `Bearer ${token}`, 'Abp.TenantId': '1' };
  return async (path: string, data?: Record<string, unknown>, method: 'GET' | 'POST' = 'POST') => {
    const res = method === 'GET'
      ? await request.get(`/api/services/app/${path}`, { headers, params: data as Record<string, string> })
      : await request.post(`/api/services/app/${path}`, { headers, data: data ?? {} });
    const body = await res.json();
    expect(res.status(), `${path}: ${JSON.stringify(body.error)}`).toBeLessThan(500);
    return { status: res.status(), result: body.result };
  };
}

async function scan(page: Page, code: string, verdict: string): Promise<void> {
  await expect(page.getByTestId('scan-input')).toBeFocused();
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
  const panel = page.getByTestId('return-verdict');
  await expect(panel.getByTestId('return-verdict-code')).toHaveText(code);
  await expect(panel).toHaveAttribute('data-verdict', verdict);
}

test('from /floor, offline: refused orders and a marketplace return are queued across a reload, then recorded once each', async ({ browser, request, apiLogin }) => {
  test.setTimeout(180_000);
  const staff = apiOf(request, await apiLogin(admin.userName, admin.password, 1));

  // A seller with a store and points, the fee settings (another spec may have added them: 409), a warehouse.
  const suffix = Date.now().toString(36).toUpperCase();
  const userName = `e2eret${suffix.toLowerCase()}`;
  const reg = await request.post('/api/services/app/Account/Register', {
    headers: { 'Abp.TenantId': '1' }, data: { userName, name: `卖家${suffix}`, password: 'secret123', emailAddress: `${userName}@example.com` },
  });
  expect(reg.ok(), await reg.text()).toBe(true);
  const seller = apiOf(request, await apiLogin(userName, 'secret123', 1));
  const userId: number = (await staff('User/GetAll', { keyword: userName }, 'GET')).result.items.find((u: { userName: string }) => u.userName === userName).id;
  const storeId: number = (await staff('BackStoreAddress/EditStoreAddress', { userId, storeName: `E2E退件店${suffix}`, site: 'TW' })).result.id;
  await staff('User/SystemRechargeAmount', { userId, amount: 1000, remark: 'e2e' });
  const warehouses = (await staff('WarehouseInfo/GetWarehouseInfoList', { kind: '1', isEnabled: 'true' }, 'GET')).result.items as { id: number }[];
  const warehouseId = warehouses[0]!.id;
  const beginTime = new Date(Date.now() - 3600_000).toISOString();
  expect([200, 409]).toContain((await staff('BaseCostSetting/Add', { warehouseInfoId: warehouseId, orderType: 2, beginTime, isEffective: true, baseCost: 3, baseSkuNums: 1, exceedSkuCost: 0.5, maxSkuCost: 2, sackPrice: 0.8 })).status);
  expect([200, 409]).toContain((await staff('MainlandFreight/Add', {
    warehouseInfoId: warehouseId, site: 'TW', cargoCategory: 1, beginTime, isEffective: true, firstWeight: 0.5, firstWeightPrice: 12, continueWeight: 0.5, continueWeightCost: 5, bulkyParameter: 6000,
  })).status);

  /** An order of the seller's taken to 已发货 (arrived, packed, weighed and paid, shipped). */
  const shipped = async (n: number) => {
    const created = await seller('FrontOrder/CreateOrder', {
      orderNumber: `E2ER${suffix}${n}`, storeId, warehouseInfoId: warehouseId, site: 'TW', orderType: 2, cargoCategory: 1, shippingMethods: 2,
      orderProductInfosList: [{ productName: '退回的耳机', productSku: 'RT-1', quantity: 1, shipment: `YT${suffix}R${n}` }],
    });
    expect(created.status).toBe(200);
    const { id, tradeNo } = created.result as { id: number; tradeNo: string };
    expect((await staff(`BackOrder/arriveWarehouse?tradeNo=${tradeNo}`)).status).toBe(200);
    expect((await staff('BackOrder/WarehouseOrderPacked', { tradeNo })).status).toBe(200);
    expect((await staff('BackOrder/GoodsWeigh', { tradeNo, weight: 0.4 })).status).toBe(200);
    expect((await staff('BackOrder/OneClickDelivery', { ids: String(id) }, 'GET')).result.count).toBe(1);
    return tradeNo;
  };
  const online = await shipped(1);
  const offline = await shipped(2);
  const returnNumber = `E2ESHP${suffix}`;
  expect((await seller('FrontShopeeOrderReturn/CreateOrderReturn', { orderNumber: returnNumber, warehouseInfoId: warehouseId })).status).toBe(200);
  const refusals = async (tradeNo: string) => (await staff('BackRefusalOrder/GetRefusalOrderList', { tradeNo }, 'GET')).result.items as { userCode: string; handleStatus: number }[];
  const returnOf = async () => (await staff('ShopeeOrderReturn/GetShopeeOrderReturnList', { orderNumber: returnNumber }, 'GET')).result.items as { returnTime: string | null }[];

  const context = await browser.newContext({
    baseURL: process.env.HC_E2E_BASE_URL, serviceWorkers: 'allow', viewport: PHONE, hasTouch: true, locale: 'zh-CN', timezoneId: 'Asia/Shanghai',
  });
  const page = await context.newPage();
  try {
    // Reached from the floor home, as a picker does.
    await login(page, { ...admin, from: '/floor' });
    await page.getByTestId('floor-tile').filter({ hasText: '退件扫描' }).click();
    await expect(page).toHaveURL(/\/back\/returnScan/);
    await expect(page.getByTestId('floor-frame')).toBeVisible();
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 45_000, message: 'the service worker controls the page' }).toBe(true);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('haicang.reads') ?? ''), { timeout: 10_000 }).toContain('WarehouseInfo');

    await scan(page, online, 'recorded');
    await expect(page.getByTestId('return-verdict-seller')).toHaveText(/^S\d{5}$/);
    expect(await refusals(online)).toHaveLength(1);

    await context.setOffline(true);
    await scan(page, offline, 'queued');
    await page.waitForTimeout(2_100); // past the 2 s repeat window: the same number joins its waiting row
    await scan(page, offline, 'queued');
    await page.getByTestId('return-mode-return').click();
    // Other specs add mainland warehouses: with more than one, the picker chooses (remembered after).
    await page.getByTestId('return-warehouse').selectOption(String(warehouseId));
    await expect(page.getByTestId('return-warehouse')).toHaveValue(String(warehouseId));
    await scan(page, returnNumber, 'queued');
    await expect(page.getByTestId('return-waiting')).toHaveText('2 条待同步');

    // Across a reload, still offline: both still wait; neither reached the server.
    await page.reload();
    await expect(page.getByTestId('return-scan')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('return-waiting')).toHaveText('2 条待同步', { timeout: 20_000 });
    expect(await refusals(offline)).toHaveLength(0);
    expect((await returnOf())[0]!.returnTime).toBeNull();

    // The network returns: each is recorded, once.
    await context.setOffline(false);
    await expect(page.getByTestId('return-synced-row')).toHaveCount(2, { timeout: 45_000 });
    await expect(page.locator('[data-testid="return-synced-row"][data-verdict="recorded"]')).toHaveCount(2);
    await expect(page.getByTestId('return-waiting')).toHaveCount(0);
    expect(await refusals(offline)).toEqual([expect.objectContaining({ handleStatus: 0 })]);
    const recorded = await returnOf();
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.returnTime).not.toBeNull();
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)).toBe(true);
    if (process.env.HC_SHOTS) await page.screenshot({ path: `${process.env.HC_SHOTS}/return-scan-360.png`, fullPage: true });
  } finally {
    await context.close();
  }
});
