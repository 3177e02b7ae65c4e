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
