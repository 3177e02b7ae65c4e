// Offline verdicts that still say where the parcel goes (issue 45 item 2), on a phone (390×844, touch):
// 包裹签收 loads the station's index of expected parcels while online; offline, a declared number is
// answered 已离线，已排队 with the seller code and the order's slot, marked 未确认; back online, the
// replay's real answer replaces it (已签收, 已同步确认) and no difference is claimed when there is none.
import type { APIRequestContext } from '@playwright/test';
import { test, expect, SEEDED } from './fixtures.ts';
import { login } from './login.ts';
import { apiCall } from './api.ts';

const PHONE = { width: 390, height: 844 };
const admin = { tenant: 'Default', userName: SEEDED.tenantAdmin.userName, password: SEEDED.tenantAdmin.password };
const suffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 100)}`.toUpperCase();

/** A seller's two-parcel order whose first parcel is signed in (the order has its slot): the second's number, seller code and slot. */
async function halfArrivedOrder(request: APIRequestContext, apiLogin: (u: string, p: string, t?: number | null) => Promise<string>) {
  const headers = { Authorization: `Bearer ${await apiLogin(admin.userName, admin.password, 1)}`, 'Abp.TenantId': '1' };
  const call = apiCall(request);
  const s = suffix();
  const userName = `e2eidx${s.toLowerCase()}`;
  await call('post', 'Account/Register', { 'Abp.TenantId': '1' }, { userName, name: `卖家${s}`, password: 'secret123', emailAddress: `${userName}@example.com` });
  const seller = { Authorization: `Bearer ${await apiLogin(userName, 'secret123', 1)}`, 'Abp.TenantId': '1' };
  const userId: number = (await call('get', 'User/GetAll', headers, { keyword: userName })).items.find((u: { userName: string }) => u.userName === userName).id;
  const store = await call('post', 'BackStoreAddress/EditStoreAddress', headers, { userId, storeName: `E2E索引店${s}`, site: 'TW' });
  const warehouseId: number = (await call('get', 'WarehouseInfo/GetWarehouseInfoList', headers)).items[0].id;
  const first = `YI${s}A1`;
  const second = `YI${s}A2`;
  await call('post', 'FrontOrder/CreateOrder', seller, {
    orderNumber: `E2EI${s}`, storeId: store.id, warehouseInfoId: warehouseId, site: 'TW', orderType: 2, cargoCategory: 1, shippingMethods: 2,
    orderProductInfosList: [
      { productName: '蓝牙耳机', productSku: 'BT-1', quantity: 1, shipment: first },
      { productName: '充电线', productSku: 'CB-1', quantity: 1, shipment: second },
    ],
  });
  const signed = await call('post', 'Logistics/SignByScan', { ...headers, 'Idempotency-Key': crypto.randomUUID() }, { shipment: first, warehouseInfoId: warehouseId });
  expect(signed.action).toBe('SIGNED');
  return { shipment: second, userCode: signed.userCode as string, slot: signed.shelfNumber as string, warehouseId };
}

test('包裹签收 offline: a declared parcel shows its seller code and slot, 未确认 and 已排队; online the replay confirms it', async ({ browser, baseURL, apiLogin }) => {
  test.setTimeout(150_000);
  const context = await browser.newContext({
    baseURL, serviceWorkers: 'allow', viewport: PHONE, hasTouch: true, isMobile: true, locale: 'zh-CN', timezoneId: 'Asia/Shanghai',
  });
  const page = await context.newPage();
  try {
    const parcel = await halfArrivedOrder(context.request, apiLogin);
    expect(parcel.userCode).toMatch(/^S\d{5}$/);
    expect(parcel.slot).toMatch(/^H\d+/);
    await login(page, { ...admin, from: '/back/intoLogistics' });
    const warehouse = page.getByTestId('station-warehouse');
    await expect(warehouse).toBeEnabled();
    await warehouse.selectOption(String(parcel.warehouseId));
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 45_000 }).toBe(true);
    // The index is loaded while online (after the first screen).
    await expect(page.getByTestId('floor-index-status')).toHaveAttribute('data-count', /^[1-9]\d*$/, { timeout: 30_000 });

    await context.setOffline(true);
    await page.getByPlaceholder(/扫描/).first().focus();
    await page.keyboard.type(parcel.shipment, { delay: 5 });
    await page.keyboard.press('Enter');
    const verdict = page.getByRole('status').filter({ hasText: parcel.shipment });
    await expect(verdict).toContainText('已排队');
    await expect(verdict).toContainText('未确认');
    await expect(verdict.getByTestId('verdict-user-code')).toHaveText(parcel.userCode);
    await expect(verdict.getByTestId('verdict-shelf')).toHaveText(parcel.slot);
    // Within the phone's first screen.
    const box = await verdict.getByTestId('verdict-shelf').boundingBox();
    expect(box!.y + box!.height).toBeLessThan(PHONE.height);
    if (process.env.HC_SHOTS) await page.screenshot({ path: `${process.env.HC_SHOTS}/floor-index-offline.png` });

    await context.setOffline(false);
    await expect(verdict).toContainText('已签收', { timeout: 30_000 });
    await expect(verdict.getByTestId('verdict-confirmed')).toBeVisible();
    await expect(verdict.getByTestId('verdict-shelf')).toHaveText(parcel.slot);
    await expect(verdict.getByTestId('verdict-difference')).toHaveCount(0);
    if (process.env.HC_SHOTS) await page.screenshot({ path: `${process.env.HC_SHOTS}/floor-index-replayed.png`, fullPage: true });
  } finally {
    await context.close();
  }
});
