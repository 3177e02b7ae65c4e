// Issue 44 (the first real day at the desk): at 1440×900 the pinned 操作 column never covers data.
// On 订单管理, 包裹列表 and the seller's 我的订单, with real rows (an order whose parcel was signed in
// and so holds a slot), no data cell's box meets the 操作 cell of its row, every cell shows all of
// its content, and the actions stay reachable (inside the window).
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, SEEDED } from './fixtures.ts';
import { login } from './login.ts';
import { apiCall } from './api.ts';

const DESK = { width: 1440, height: 900 };
const admin = { tenant: 'Default', userName: SEEDED.tenantAdmin.userName, password: SEEDED.tenantAdmin.password };
const suffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 100)}`.toUpperCase();
const SHOTS = process.env.HC_SHOTS;

/** A new seller's two-parcel order whose first parcel is signed in, so the order holds a slot. */
async function orderWithSlot(request: APIRequestContext, apiLogin: (u: string, p: string, t?: number | null) => Promise<string>) {
  const headers = { Authorization: `Bearer ${await apiLogin(admin.userName, admin.password, 1)}`, 'Abp.TenantId': '1' };
  const call = apiCall(request);
  const s = suffix();
  const userName = `e2ecol${s.toLowerCase()}`;
  const password = 'secret123';
  await call('post', 'Account/Register', { 'Abp.TenantId': '1' }, { userName, name: `卖家${s}`, password, emailAddress: `${userName}@example.com` });
  const seller = { Authorization: `Bearer ${await apiLogin(userName, password, 1)}`, 'Abp.TenantId': '1' };
  const userId: number = (await call('get', 'User/GetAll', headers, { keyword: userName })).items.find((u: { userName: string }) => u.userName === userName).id;
  // A long store name, as real ones are.
  const store = await call('post', 'BackStoreAddress/EditStoreAddress', headers, { userId, storeName: `E2E列宽测试旗舰店铺${s}`, site: 'TW' });
  const warehouseId: number = (await call('get', 'WarehouseInfo/GetWarehouseInfoList', headers)).items[0].id;
  const orderNumber = `E2EC${s}`;
  await call('post', 'FrontOrder/CreateOrder', seller, {
    orderNumber, storeId: store.id, warehouseInfoId: warehouseId, site: 'TW', orderType: 2, cargoCategory: 1, shippingMethods: 2,
    orderProductInfosList: [
      { productName: '蓝牙耳机', productSku: 'BT-1', quantity: 1, shipment: `YC${s}A1` },
      { productName: '充电线', productSku: 'CB-1', quantity: 1, shipment: `YC${s}A2` },
    ],
  });
  const signed = await call('post', 'Logistics/SignByScan', { ...headers, 'Idempotency-Key': crypto.randomUUID() }, { shipment: `YC${s}A1`, warehouseInfoId: warehouseId });
  expect(signed.action).toBe('SIGNED');
  // A number nobody declared: a 无主件 in a slot of its own (the 异常件 list has a row).
  const lone = await call('post', 'Logistics/SignByScan', { ...headers, 'Idempotency-Key': crypto.randomUUID() }, { shipment: `YU${s}L1`, warehouseInfoId: warehouseId });
  expect(lone.action).toBe('UNCLAIMED');
  return { orderNumber, slot: signed.shelfNumber as string, seller: { userName, password }, shipment: `YC${s}A1`, lone: `YU${s}L1` };
}

interface Overlap { row: number; column: string; text: string }

/**
 * For every body row of the list's table: the data cells whose box meets the 操作 cell's box, the
 * cells whose content is cut, and whether the 操作 cell lies inside the window.
 */
function measure(page: Page) {
  return listTable(page).evaluate((table) => {
    const heads = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '');
    const overlaps: Overlap[] = [];
    const clipped: Overlap[] = [];
    let actionsInWindow = true;
    let rows = 0;
    table.querySelectorAll('tbody tr').forEach((tr, r) => {
      const cells = [...tr.querySelectorAll('td')];
      if (cells.length < 2) return;
      rows++;
      const actions = cells[cells.length - 1]!.getBoundingClientRect();
      if (actions.left < 0 || actions.right > window.innerWidth) actionsInWindow = false;
      cells.slice(0, -1).forEach((td, c) => {
        const box = td.getBoundingClientRect();
        const text = td.textContent?.trim() ?? '';
        if (box.right > actions.left + 0.5 && box.left < actions.right - 0.5) overlaps.push({ row: r, column: heads[c] ?? String(c), text });
        // The cell, or anything in it (a badge's label), showing less than its content.
        const cut = [td, ...td.querySelectorAll('*')].some((e) => e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1
          && (e === td || getComputedStyle(e).overflowX !== 'visible') && !!e.textContent?.trim());
        if (cut) clipped.push({ row: r, column: heads[c] ?? String(c), text });
      });
    });
    return { rows, overlaps, clipped, actionsInWindow, heads };
  });
}

/** The list-page kit's table on the page. */
const listTable = (page: Page) => page.locator('[data-list-page] table').first();

async function expectReadable(page: Page, label: string) {
  await expect(listTable(page).locator('tbody tr').first()).toBeVisible();
  // The layout settles once the rows are in (the pin follows the table's width, measured after layout).
  await expect.poll(async () => (await measure(page)).overlaps.length, { timeout: 5_000 }).toBe(0);
  const m = await measure(page);
  expect(m.rows, `${label}: rows`).toBeGreaterThan(0);
  expect(m.overlaps, `${label}: cells under the 操作 column`).toEqual([]);
  expect(m.clipped, `${label}: cells whose content is cut`).toEqual([]);
  expect(m.actionsInWindow, `${label}: 操作 inside the window`).toBe(true);
  return m;
}

test('at 1440×900 the 操作 column covers no cell of 订单管理, the parcel lists or 我的订单', async ({ page, request, apiLogin }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESK);
  const order = await orderWithSlot(request, apiLogin);
  expect(order.slot).toMatch(/^H\d+/);

  await login(page, { ...admin, from: '/back/backOrderList' });
  await expect(page).toHaveURL(/\/back\/backOrderList/);
  // This test's order, found by its number: other specs create orders meanwhile (with their own long
  // values), so the page is this order's. Measured as soon as its row shows: a table that overflowed
  // while loading must not stay pinned.
  await page.goto(`/back/backOrderList?number=${order.orderNumber}`);
  const row = listTable(page).locator('tbody tr', { hasText: order.orderNumber });
  await expect(row).toBeVisible();
  const m = await expectReadable(page, '订单管理');
  expect(m.heads).toContain('暂存位');
  await expect(row).toContainText(order.slot);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/back-order-list-1440.png` });
  // The table fits: the 操作 column is not pinned (nothing scrolls beneath it).
  await expect(row.locator('td').last()).not.toHaveAttribute('data-pinned', /.+/);

  // The detail says what sits in the order's slot: the order itself (issue 44 item 1c).
  await row.getByRole('button', { name: '详情' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.locator('[data-slot-holder="self"]').first()).toContainText(order.slot);
  await expect(drawer.getByText('本单占用')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/back-order-detail-1440.png` });
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // A window too narrow for the table: it scrolls in its box, and only then is 操作 pinned, in the window.
  await page.setViewportSize({ width: 1024, height: 768 });
  const actions = row.locator('td').last();
  await expect(actions).toHaveAttribute('data-pinned', 'right');
  const box = (await actions.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(1024);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/back-order-list-1024.png` });
  // Back at a desk's width the table fits again: 操作 is no longer pinned over the data.
  await page.setViewportSize(DESK);
  await expect(actions).not.toHaveAttribute('data-pinned', /.+/);
  await expectReadable(page, '订单管理（回到 1440）');

  // Each list narrowed to this test's parcels (the other specs' rows are theirs to measure).
  for (const [path, label] of [[`/back/logisticsList?shipment=${order.shipment}`, '包裹列表'], [`/back/signlogisticsList?shipment=${order.shipment}`, '已签收包裹'], [`/back/abnormalreceivingorder?shipment=${order.lone}`, '异常件']] as const) {
    await page.goto(path);
    await expectReadable(page, label);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${path.split('/').pop()}-1440.png` });
  }

  await page.context().clearCookies();
  await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
  await login(page, { tenant: 'Default', ...order.seller, from: '/front/orderList' });
  await expect(page).toHaveURL(/\/front\/orderList/);
  await expect(listTable(page).locator('tbody tr', { hasText: order.orderNumber })).toContainText(order.slot);
  await expectReadable(page, '我的订单');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/seller-order-list-1440.png` });
});

// In English the words are longer (Mark all arrived, Awaiting goods): the 操作 column gives up its
// buttons for its 更多 menu before the table would overflow, so at 1440 it still fits and nothing is pinned.
test('in English at 1440×900 订单管理 and 我的订单 still fit, the actions giving way to the 更多 menu', async ({ page, request, apiLogin, baseURL }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESK);
  const order = await orderWithSlot(request, apiLogin);
  // Signed in on the Chinese page, then English (the language cookie the user menu sets).
  await login(page, { ...admin, from: '/back/backOrderList' });
  await page.context().addCookies([{ name: 'Abp.Localization.CultureName', value: 'en', url: baseURL! }]);
  await page.goto(`/back/backOrderList?number=${order.orderNumber}`);
  const row = listTable(page).locator('tbody tr', { hasText: order.orderNumber });
  await expect(row).toBeVisible();
  await expect(listTable(page).locator('thead')).toContainText('Order number');
  await expectReadable(page, 'Orders (English)');
  await expect(row.locator('td').last()).not.toHaveAttribute('data-pinned', /.+/);
  // Every action stays reachable: as a button, or one click away in the 更多 menu (which way depends
  // on the row's widths; the table has settled, unpinned, by now).
  const arrived = row.getByRole('button', { name: 'Mark all arrived' });
  if (!(await arrived.isVisible())) {
    await row.getByRole('button', { name: 'More actions' }).click();
    await expect(page.getByRole('menuitem', { name: 'Mark all arrived' })).toBeVisible();
    await page.keyboard.press('Escape');
  }
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/back-order-list-1440-en.png` });

  await page.context().clearCookies();
  await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
  await login(page, { tenant: 'Default', ...order.seller, from: '/front/orderList' });
  await page.context().addCookies([{ name: 'Abp.Localization.CultureName', value: 'en', url: baseURL! }]);
  await page.goto(`/front/orderList?number=${order.orderNumber}`);
  await expect(listTable(page).locator('tbody tr', { hasText: order.orderNumber })).toContainText(order.slot);
  await expectReadable(page, 'My orders (English)');
});
