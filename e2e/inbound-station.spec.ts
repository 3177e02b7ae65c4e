// 包裹签收 (/back/intoLogistics): a wedge scanner types an undeclared number and Enter → 无主件; the
// same number again after the 2 s repeat window → 已签收过 (the server signs it in only once).
import type { Page } from '@playwright/test';
import { test, expect, SEEDED } from './fixtures.ts';
import { login } from './login.ts';

const admin = { tenant: 'Default', userName: SEEDED.tenantAdmin.userName, password: SEEDED.tenantAdmin.password };

/**
 * A station must have a warehouse chosen (remembered on that computer). The tenant may have one
 * (chosen by itself) or several: other specs add warehouses of their own, in any order.
 */
async function chooseWarehouse(page: Page): Promise<void> {
  const warehouse = page.getByTestId('station-warehouse');
  await expect(warehouse).toBeEnabled();
  // A native select: its placeholder (选择仓库) is option 0 while nothing is chosen.
  if (!(await warehouse.inputValue())) await warehouse.selectOption({ index: 1 });
  await expect(warehouse).not.toHaveValue('');
}

test('an undeclared parcel scanned in is 无主件, and scanned again is 已签收过', async ({ page }) => {
  await login(page, { ...admin, from: '/back/intoLogistics' });
  await expect(page).toHaveURL(/\/back\/intoLogistics/);
  const box = page.getByTestId('scan-input');
  await expect(box).toBeFocused();
  // On a desktop the station sits in the console shell, with the menu.
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await expect(page.getByTestId('floor-frame')).toHaveCount(0);
  await chooseWarehouse(page);
  await expect(box).toBeFocused();

  const shipment = `YT${Date.now()}${Math.floor(Math.random() * 10)}`;
  const verdict = page.getByTestId('scan-verdict');
  // As a wedge types: a few ms between keys, then Enter, into whatever has focus.
  await page.keyboard.type(shipment, { delay: 5 });
  await page.keyboard.press('Enter');
  await expect(verdict).toHaveAttribute('data-verdict', 'UNCLAIMED');
  await expect(verdict.getByText('无主件', { exact: true })).toBeVisible();
  await expect(verdict.getByTestId('verdict-shipment')).toHaveText(shipment);
  await expect(page.getByTestId('count-unclaimed')).toHaveText('1');
  await expect(box).toHaveValue('');

  await page.waitForTimeout(2_100);
  await page.keyboard.type(shipment, { delay: 5 });
  await page.keyboard.press('Enter');
  await expect(verdict).toHaveAttribute('data-verdict', 'ALREADY');
  await expect(verdict.getByText('已签收过', { exact: true })).toBeVisible();
  await expect(verdict.getByText(/由 .+ 签收/)).toBeVisible();
  await expect(page.getByTestId('count-repeated')).toHaveText('1');
  await expect(page.getByTestId('scan-history-row')).toHaveCount(2);
  if (process.env.HC_SHOTS) await page.screenshot({ path: `${process.env.HC_SHOTS}/station-1280.png`, fullPage: true });
});

test('on a phone (360 px) nothing scrolls sideways and the targets are big', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await login(page, { ...admin, from: '/back/intoLogistics' });
  const box = page.getByTestId('scan-input');
  await expect(box).toBeFocused();
  await chooseWarehouse(page);
  await box.focus();
  const shipment = `ZT${Date.now()}`;
  await page.keyboard.type(shipment, { delay: 5 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('scan-verdict')).toHaveAttribute('data-verdict', 'UNCLAIMED');
  await expect.poll(() => page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)).toBe(true);
  expect((await box.boundingBox())!.height).toBeGreaterThanOrEqual(48);
  expect((await page.getByTestId('station-warehouse').boundingBox())!.height).toBeGreaterThanOrEqual(40);
  // The soft keyboard stays down on a scan screen; the 键盘 toggle in the box brings it up (a tap
  // that really reaches the toggle, not the box under it) and puts it away again.
  const keyboard = page.getByTestId('scan-keyboard-toggle');
  expect((await keyboard.boundingBox())!.height).toBeGreaterThanOrEqual(40);
  await expect(box).toHaveAttribute('inputmode', 'none');
  await keyboard.click({ timeout: 3_000 });
  await expect(keyboard).toHaveAttribute('aria-pressed', 'true');
  await expect(box).toHaveAttribute('inputmode', 'text');
  await expect(box).toBeFocused();
  await keyboard.click({ timeout: 3_000 });
  await expect(box).toHaveAttribute('inputmode', 'none');
  if (process.env.HC_SHOTS) await page.screenshot({ path: `${process.env.HC_SHOTS}/station-360.png`, fullPage: true });

  // On a phone it is the floor app's frame: back to 作业首页, the title, the user menu — no console menu.
  await expect(page.getByTestId('floor-frame')).toBeVisible();
  await expect(page.getByTestId('side-menu')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: '包裹签收' })).toBeVisible();
  await page.getByTestId('floor-back').click();
  await expect(page).toHaveURL(/\/floor$/);
  await expect(page.getByTestId('floor-home')).toBeVisible();
  await page.getByTestId('floor-tile').filter({ hasText: '包裹签收' }).click();
  await expect(page).toHaveURL(/\/back\/intoLogistics/);
  // The whole console stays one tap away.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '打开控制台' }).click();
  await expect(page).toHaveURL(/\/main\/home/);
  await expect(page.getByRole('button', { name: '打开菜单' })).toBeVisible();
});

test('the 已签收 verdict (seller code, slot, 需拍照, order) fits a phone without scrolling sideways', async ({ page }) => {
  // The server's answer for a declared parcel, faked at the network edge so no seller order is needed.
  await page.route('**/api/services/app/Logistics/SignByScan', async (route) => {
    const body = route.request().postDataJSON() as { shipment: string; warehouseInfoId: number };
    const now = new Date().toISOString();
    await route.fulfill({
      json: {
        success: true, error: null, unAuthorizedRequest: false, __abp: true,
        result: {
          action: 'SIGNED', userCode: 'S00012', shelfNumber: 'B-07-03',
          parcel: {
            id: 1, shipment: body.shipment, warehouseInfoId: body.warehouseInfoId, warehouseName: '深圳大陆仓', userId: 9, userCode: 'S00012', orderId: 3,
            orderType: 1, receiveStatus: 1, signForTime: now, signUserName: 'admin', shelfNumber: 'B-07-03', weight: null, reMark: null, imageGuid: null,
            goodsImageGuid: null, userUploadImageGuid: null, isNeedTakePicture: true, creationTime: now,
          },
          order: {
            id: 3, tradeNo: 'CB20261122000123', orderNumber: '2611220ABCDEF', userId: 9, userCode: 'S00012', storeId: 1, storeName: '测试小店',
            warehouseInfoId: body.warehouseInfoId, warehouseName: '深圳大陆仓', site: 'TW', orderType: 1, cargoCategory: 1, shippingMethods: 1,
            orderStatus: 2, packageStatus: 2, isUrgent: false, reMark: null, pdfGuid: null, holdReason: null, shelfNumber: 'B-07-03',
            creationTime: now, lastModificationTime: null,
          },
        },
      },
    });
  });
  await page.setViewportSize({ width: 360, height: 780 });
  await login(page, { ...admin, from: '/back/intoLogistics' });
  await chooseWarehouse(page);
  await page.getByTestId('scan-input').focus();
  await page.keyboard.type('SF1234567890123', { delay: 5 });
  await page.keyboard.press('Enter');
  const verdict = page.getByTestId('scan-verdict');
  await expect(verdict).toHaveAttribute('data-verdict', 'SIGNED');
  await expect(verdict.getByTestId('verdict-user-code')).toHaveText('S00012');
  await expect(verdict.getByTestId('verdict-shelf')).toHaveText('B-07-03');
  await expect(verdict.getByTestId('need-photo')).toBeVisible();
  await expect(verdict.getByText('已到齐')).toBeVisible();
  // Readable from a metre away.
  expect(await verdict.getByTestId('verdict-shelf').evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(40);
  await expect.poll(() => page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)).toBe(true);
  await expect(page.getByTestId('count-signed')).toHaveText('1');
  if (process.env.HC_SHOTS) await page.screenshot({ path: `${process.env.HC_SHOTS}/station-signed-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  if (process.env.HC_SHOTS) await page.screenshot({ path: `${process.env.HC_SHOTS}/station-signed-1280.png`, fullPage: true });
});

test('on a phone, a parcel declared for another warehouse is WRONG_WAREHOUSE, named, and signed here only by 确认转仓签收', async ({ browser, apiLogin, baseURL }) => {
  // Over the API: a station warehouse, the warehouse the parcel is declared for, a seller's order there.
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const request = context.request;
  const staff = { Authorization: `Bearer ${await apiLogin(admin.userName, admin.password, 1)}`, 'Abp.TenantId': '1' };
  const call = async (path: string, data: unknown = {}, method: 'GET' | 'POST' = 'POST', as = staff) => {
    const res = method === 'GET'
      ? await request.get(`/api/services/app/${path}`, { headers: as, params: data as Record<string, string> })
      : await request.post(`/api/services/app/${path}`, { headers: as, data });
    const body = await res.json();
    expect(res.ok(), `${path}: ${JSON.stringify(body.error)}`).toBe(true);
    return body.result;
  };
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`.toUpperCase();
  const station = await call('WarehouseInfo/EditWarehouseInfo', { warehouseName: `台北海外仓${suffix}`, kind: 2, site: 'TW', address: '台北市' });
  const declaredFor = await call('WarehouseInfo/EditWarehouseInfo', { warehouseName: `深圳大陆仓${suffix.slice(-4)}`, kind: 1 });
  const userName = `e2eww${suffix.toLowerCase()}`;
  expect((await request.post('/api/services/app/Account/Register', {
    headers: { 'Abp.TenantId': '1' }, data: { userName, name: `卖家${suffix}`, password: 'secret123', emailAddress: `${userName}@example.com` },
  })).ok()).toBe(true);
  const seller = { Authorization: `Bearer ${await apiLogin(userName, 'secret123', 1)}`, 'Abp.TenantId': '1' };
  const sellerUser = (await call('User/GetAll', { keyword: userName }, 'GET')).items.find((u: { userName: string }) => u.userName === userName) as { id: number; userCode: string };
  const store = await call('BackStoreAddress/EditStoreAddress', { userId: sellerUser.id, storeName: `E2E转仓店${suffix}`, site: 'TW', contactName: '张三', contactPhone: '13800000000', storeAddress: '台北市' });
  const shipment = `SF${Date.now()}`;
  await call('FrontOrder/CreateOrder', {
    orderNumber: `E2EWW${suffix}`, storeId: store.id, warehouseInfoId: declaredFor.id, site: 'TW', orderType: 2, cargoCategory: 1, shippingMethods: 2,
    orderProductInfosList: [{ productName: '手机壳', productSku: 'CASE-1', quantity: 1, price: 9.9, shipment }],
  }, 'POST', seller);

  const page = await context.newPage();
  // 海外仓签收 at the Taipei station: the same scan, the same verdict panel (issue 45's case).
  await login(page, { ...admin, from: '/backabroad/intoabroadLogistics' });
  const warehouse = page.getByTestId('station-warehouse');
  await expect(warehouse).toBeEnabled();
  await warehouse.selectOption(String(station.id));
  const box = page.getByTestId('scan-input');
  await box.focus();
  await page.keyboard.type(shipment, { delay: 5 });
  await page.keyboard.press('Enter');

  const verdict = page.getByRole('status').filter({ hasText: shipment });
  await expect(verdict).toHaveAttribute('data-verdict', 'WRONG_WAREHOUSE');
  await expect(verdict.getByText('非本仓包裹', { exact: true })).toBeVisible();
  await expect(verdict.getByTestId('verdict-warehouse')).toHaveText(declaredFor.warehouseName);
  await expect(verdict.getByTestId('verdict-user-code')).toHaveText(sellerUser.userCode);
  await expect(verdict.getByTestId('verdict-shelf')).toHaveCount(0);
  await expect(page.getByTestId('count-signed')).toHaveText('0');
  // Not signed: the parcel still waits for its own warehouse.
  const parcelOf = async (desk: string) => (await call(`${desk}/GetLogisticsList`, { shipment }, 'GET')).items[0] as { receiveStatus: number; warehouseInfoId: number };
  expect(await parcelOf('Logistics')).toMatchObject({ receiveStatus: 0, warehouseInfoId: declaredFor.id });
  // The verdict and its button sit on the first screen of a phone, without scrolling sideways.
  const transfer = verdict.getByRole('button', { name: '确认转仓签收' });
  await expect(verdict.getByTestId('verdict-warehouse')).toBeInViewport({ ratio: 1 });
  await expect(transfer).toBeInViewport({ ratio: 1 });
  await expect.poll(() => page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)).toBe(true);
  if (process.env.HC_SHOTS) await page.screenshot({ path: `${process.env.HC_SHOTS}/station-wrong-warehouse-390.png` });

  await transfer.tap();
  await expect(verdict).toHaveAttribute('data-verdict', 'SIGNED');
  await expect(page.getByTestId('count-signed')).toHaveText('1');
  await expect(box).toBeFocused();
  // Signed in here: now the overseas desk's parcel.
  expect(await parcelOf('AbroadLogistics')).toMatchObject({ receiveStatus: 1, warehouseInfoId: station.id });
  const audit = await call('OrderOperate/GetList', { entity: 'parcel', number: shipment }, 'GET') as { items: { action: string; note: string | null }[] };
  expect(audit.items.find((a) => a.action === 'signIn')?.note).toBe(`转仓签收：申报仓库 ${declaredFor.warehouseName}`);
  if (process.env.HC_SHOTS) await page.screenshot({ path: `${process.env.HC_SHOTS}/station-transferred-390.png` });
  await context.close();
});
