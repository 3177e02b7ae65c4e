// Every floor screen works offline (issue 45 §7), on a phone (390×844, touch): 打包称重 charges
// money and is not queued, so offline its scan, 打包 and 称重 each say in one sentence that the step
// needs the network, with the error sound; 包裹拍照 and 待拍照 photograph a parcel never looked up
// online by its number and queue the photo (the server finds the parcel at replay); 待拍照's list
// says why it is empty; 异常拍照 (which needs the parcel's id) names the network in one sentence.
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { test, expect, SEEDED } from './fixtures.ts';
import { login } from './login.ts';
import { apiCall } from './api.ts';

const PHONE = { width: 390, height: 844 };
const admin = { tenant: 'Default', userName: SEEDED.tenantAdmin.userName, password: SEEDED.tenantAdmin.password };
/** scanFeedback('error')'s vibration (lib/scanner/feedback.ts). */
const ERROR_BUZZ = '200,100,200';

/** A phone whose vibrations are recorded: the error sound always comes with the error buzz. */
async function phone(browser: Browser, baseURL: string | undefined): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL, serviceWorkers: 'allow', viewport: PHONE, hasTouch: true, isMobile: true, locale: 'zh-CN', timezoneId: 'Asia/Shanghai',
  });
  await context.addInitScript(() => {
    const w = window as unknown as { __buzz: string[] };
    w.__buzz = [];
    Object.defineProperty(navigator, 'vibrate', { configurable: true, value: (p: number[]) => { w.__buzz.push(String(p)); return true; } });
  });
  return context;
}

const buzzes = (page: Page) => page.evaluate(() => (window as unknown as { __buzz: string[] }).__buzz.slice());

async function wedge(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

/** Up with the service worker in control, so the screen's later chunks load offline too. */
async function openOnline(page: Page, from: string, box: string): Promise<void> {
  await login(page, { ...admin, from });
  await expect(page.getByTestId(box)).toBeFocused();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 45_000 }).toBe(true);
}

const suffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 100)}`.toUpperCase();

/** A seller's order that has arrived at the warehouse (ready to pack). */
async function arrivedOrder(request: APIRequestContext, apiLogin: (u: string, p: string, t?: number | null) => Promise<string>): Promise<string> {
  const headers = { Authorization: `Bearer ${await apiLogin(admin.userName, admin.password, 1)}`, 'Abp.TenantId': '1' };
  const call = apiCall(request);
  const s = suffix();
  const userName = `e2eoff${s.toLowerCase()}`;
  await call('post', 'Account/Register', { 'Abp.TenantId': '1' }, { userName, name: `卖家${s}`, password: 'secret123', emailAddress: `${userName}@example.com` });
  const seller = { Authorization: `Bearer ${await apiLogin(userName, 'secret123', 1)}`, 'Abp.TenantId': '1' };
  const userId: number = (await call('get', 'User/GetAll', headers, { keyword: userName })).items.find((u: { userName: string }) => u.userName === userName).id;
  const store = await call('post', 'BackStoreAddress/EditStoreAddress', headers, { userId, storeName: `E2E离线店${s}`, site: 'TW' });
  const warehouseId: number = (await call('get', 'WarehouseInfo/GetWarehouseInfoList', headers)).items[0].id;
  const order = await call('post', 'FrontOrder/CreateOrder', seller, {
    orderNumber: `E2EO${s}`, storeId: store.id, warehouseInfoId: warehouseId, site: 'TW', orderType: 2, cargoCategory: 1, shippingMethods: 2,
    orderProductInfosList: [{ productName: '蓝牙耳机', productSku: 'BT-1', quantity: 1, shipment: `YO${s}Q1` }],
  });
  await call('post', `BackOrder/arriveWarehouse?tradeNo=${order.tradeNo}`, headers);
  return order.tradeNo;
}

test('打包称重 offline: the scan, 打包 and 称重 each say that they need the network, with the error sound, and nothing is charged', async ({ browser, baseURL, apiLogin }) => {
  test.setTimeout(120_000);
  const context = await phone(browser, baseURL);
  const page = await context.newPage();
  try {
    const tradeNo = await arrivedOrder(context.request, apiLogin);
    await openOnline(page, '/back/packStation', 'pack-scan-input');

    // Scanned offline: one sentence naming the number, the error buzz; not a silent spinner.
    await context.setOffline(true);
    await wedge(page, tradeNo);
    const offline = page.getByTestId('station-offline');
    await expect(offline).toContainText('打包称重需要联网：请联网后再扫描此单');
    await expect(offline).toContainText(tradeNo);
    expect(await buzzes(page)).toContain(ERROR_BUZZ);

    // Online again the order opens; the network drops before 打包: the step says so.
    await context.setOffline(false);
    await page.waitForTimeout(2_100); // the same number within 2 s is a wedge's double read (DEFAULT_DEDUPE_MS)
    await wedge(page, tradeNo);
    await expect(page.getByTestId('station-trade-no')).toHaveText(tradeNo);
    await context.setOffline(true);
    await page.evaluate(() => { (window as unknown as { __buzz: string[] }).__buzz.length = 0; });
    await page.getByTestId('pack-button').click();
    await expect(page.getByTestId('station-message')).toHaveText('打包需要联网：请联网后再确认打包');
    expect(await buzzes(page)).toEqual([ERROR_BUZZ]);

    // Packed online, then 称重 offline: the sentence and the buzz, not silence.
    await context.setOffline(false);
    await page.getByTestId('pack-button').click();
    await expect(page.getByTestId('weigh-weight')).toBeFocused();
    await context.setOffline(true);
    await page.evaluate(() => { (window as unknown as { __buzz: string[] }).__buzz.length = 0; });
    await page.keyboard.type('1.26');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('station-message')).toHaveText('打包称重需要联网：请联网后再称重');
    expect(await buzzes(page)).toEqual([ERROR_BUZZ]);
    await expect(page.getByTestId('weigh-result')).toHaveCount(0);
    await expect(page.getByRole('alert').filter({ hasText: '网络异常' })).toHaveCount(0);
    if (process.env.HC_SHOTS) await page.screenshot({ path: `${process.env.HC_SHOTS}/floor-offline-weigh.png` });
  } finally {
    await context.close();
  }
});

for (const screen of ['uploadpackageimg', 'logisticsphoto'] as const) {
  test(`${screen} offline: a parcel never looked up is photographed by its number, queued, and linked once online`, async ({ browser, baseURL, apiLogin }) => {
    test.setTimeout(120_000);
    const context = await phone(browser, baseURL);
    const page = await context.newPage();
    try {
      const headers = { Authorization: `Bearer ${await apiLogin(admin.userName, admin.password, 1)}`, 'Abp.TenantId': '1' };
      const warehouses = await (await context.request.get('/api/services/app/WarehouseInfo/GetWarehouseInfoList', { headers })).json();
      const shipment = `PO${suffix()}`;
      const signed = await context.request.post('/api/services/app/Logistics/SignByScan', {
        headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() }, data: { shipment, warehouseInfoId: warehouses.result.items[0].id },
      });
      expect(signed.ok(), await signed.text()).toBe(true);
      await openOnline(page, `/takephone/${screen}`, 'scan-input');

      await context.setOffline(true);
      if (screen === 'logisticsphoto') {
        // Reopened offline, the list cannot load: it says so, and what to do instead.
        await page.reload();
        await expect(page.getByTestId('scan-input')).toBeFocused({ timeout: 20_000 });
        await expect(page.getByTestId('need-photo-offline')).toContainText('待拍照列表需要联网');
      }
      await wedge(page, shipment);
      const parcel = page.getByTestId('photo-parcel');
      await expect(parcel).toContainText(shipment);
      await expect(parcel).toContainText('未核对');
      const small = Buffer.from(await page.evaluate(() => {
        const canvas = document.createElement('canvas');
        canvas.width = 320;
        canvas.height = 240;
        canvas.getContext('2d')!.fillRect(10, 10, 100, 100);
        return canvas.toDataURL('image/jpeg', 0.9).split(',')[1]!;
      }), 'base64');
      await page.getByTestId('photo-slot-imageGuid').locator('input[type=file]:not([capture])')
        .setInputFiles({ name: 'IMG_OFF.jpg', mimeType: 'image/jpeg', buffer: small });
      await expect(page.getByTestId('photo-preview')).toBeVisible({ timeout: 30_000 });
      await page.getByTestId('photo-submit').click();
      await expect(page.getByTestId('photo-queued')).toContainText(shipment);
      await expect(page.getByTestId('photo-queued')).toContainText('已排队');
      if (process.env.HC_SHOTS) await page.screenshot({ path: `${process.env.HC_SHOTS}/floor-offline-${screen}.png` });

      // Back online: the outbox uploads the photo and the server finds the parcel by its number.
      await context.setOffline(false);
      const photoOf = async () => {
        const list = await (await context.request.get('/api/services/app/Logistics/GetLogisticsList', { headers, params: { shipment } })).json();
        return list.result.items[0].imageGuid as string | null;
      };
      await expect.poll(photoOf, { timeout: 45_000 }).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await context.close();
    }
  });
}

test('异常拍照 offline: a scan says in one sentence that the step needs the network, with the error sound, not 网络异常', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const context = await phone(browser, baseURL);
  const page = await context.newPage();
  try {
    await openOnline(page, '/takephone/abnormalphoto', 'scan-input');
    await context.setOffline(true);
    const shipment = `PA${suffix()}`;
    await wedge(page, shipment);
    const error = page.getByTestId('photo-error');
    await expect(error).toHaveText(`${shipment}：异常拍照需要联网：请联网后再拍照`);
    await expect(error).not.toContainText('网络异常');
    expect(await buzzes(page)).toContain(ERROR_BUZZ);
    await expect(page.getByTestId('photo-parcel')).toHaveCount(0);
    if (process.env.HC_SHOTS) await page.screenshot({ path: `${process.env.HC_SHOTS}/floor-offline-abnormal.png` });
  } finally {
    await context.close();
  }
});
