// 我的订单: a newly registered seller, given a store by the warehouse, creates an order with two lines
// on two domestic tracking numbers and finds it in the list as 待处理 / 待到货; the form, the detail
// page and the list do not scroll sideways on a phone.
import { test, expect, SEEDED } from './fixtures.ts';
import { login, registerSeller } from './login.ts';

// SELLER_ORDERS_SHOTS=/some/dir saves screenshots of each screen at 1280 and 360 px for a visual check.
const SHOTS = process.env.SELLER_ORDERS_SHOTS;
const fitsPhone = (page: import('@playwright/test').Page) => page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth);

test('a seller creates an order with two lines and sees it as 待处理 / 待到货', async ({ page, request, apiLogin }) => {
  const seller = await registerSeller(page);
  const token = await apiLogin(SEEDED.tenantAdmin.userName, SEEDED.tenantAdmin.password, SEEDED.tenantAdmin.tenantId);
  const headers = { Authorization: `Bearer ${token}`, 'Abp.TenantId': '1' };
  const users = await (await request.get('/api/services/app/User/GetAll', { headers, params: { keyword: seller.userName } })).json();
  const userId: number = users.result.items.find((u: { userName: string }) => u.userName === seller.userName).id;
  const storeName = `E2E虾皮店${Date.now().toString(36)}`;
  const store = await request.post('/api/services/app/BackStoreAddress/EditStoreAddress', { headers, data: { userId, storeName, site: 'TW' } });
  expect(store.ok(), await store.text()).toBe(true);

  const suffix = Date.now().toString(36).toUpperCase();
  const orderNumber = `E2E${suffix}`;
  const [shipA, shipB] = [`YT${suffix}A1`, `SF${suffix}B2`];

  await login(page, { tenant: 'Default', userName: seller.userName, password: seller.password, from: '/front/order' });
  await expect(page).toHaveURL(/\/front\/order/);
  const form = page.getByRole('form', { name: '新建订单' });
  // The seller's only store is chosen already, and the site follows it.
  await expect(form.getByRole('textbox', { name: '站点' })).toHaveValue('台湾');
  const warehouse = form.getByRole('textbox', { name: '仓库' }).or(form.getByRole('combobox', { name: '仓库' }));
  if (!(await warehouse.inputValue())) {
    await warehouse.click();
    await page.getByRole('option').first().click();
  }
  await form.getByRole('textbox', { name: '订单号' }).fill(orderNumber);
  await form.getByRole('combobox', { name: '物流方式' }).or(form.getByRole('textbox', { name: '物流方式' })).click();
  await page.getByRole('option', { name: '第三方物流' }).click();

  const line1 = form.getByRole('group', { name: '第 1 行' });
  await line1.getByRole('textbox', { name: '商品名称' }).fill('蓝牙耳机');
  await line1.getByRole('textbox', { name: '数量' }).fill('2');
  await line1.getByRole('textbox', { name: '国内快递单号' }).fill(shipA);
  await form.getByRole('button', { name: '添加商品' }).click();
  const line2 = form.getByRole('group', { name: '第 2 行' });
  await line2.getByRole('textbox', { name: '商品名称' }).fill('充电线');
  await line2.getByRole('textbox', { name: 'SKU' }).fill('USB-C-1M');
  await line2.getByRole('textbox', { name: '国内快递单号' }).fill(shipB);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/form-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await expect.poll(() => fitsPhone(page)).toBe(true);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/form-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await form.getByRole('button', { name: '提交订单' }).click();

  // The detail page of the new order.
  await expect(page).toHaveURL(/\/frontDisplay\/orderDetail\?id=\d+/);
  await expect(page.getByText(orderNumber)).toBeVisible();
  await expect(page.getByRole('table', { name: '商品明细' })).toContainText(shipA);
  await expect(page.getByRole('table', { name: '商品明细' })).toContainText(shipB);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/detail-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await expect.poll(() => fitsPhone(page)).toBe(true);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/detail-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto('/front/orderList');
  const row = page.getByRole('row').filter({ hasText: orderNumber });
  await expect(row).toBeVisible();
  await expect(row).toContainText('待处理');
  await expect(row).toContainText('待到货');
  await expect(row).toContainText(storeName);
  await expect(page.getByRole('tab', { name: /待处理/ })).toContainText('1');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/list-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(row).toBeVisible();
  await expect.poll(() => fitsPhone(page)).toBe(true);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/list-360.png`, fullPage: true });

  // Both parcels are declared in 我的快递, waiting to be signed in.
  await page.goto('/front/expressUserInfo');
  await expect(page.getByRole('row').filter({ hasText: shipA })).toContainText('待签收');
  await expect(page.getByRole('row').filter({ hasText: shipB })).toContainText('待签收');
  await expect.poll(() => fitsPhone(page)).toBe(true);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/express-360.png`, fullPage: true });

  // While 待签收 the seller may correct a declaration.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('row').filter({ hasText: shipB }).getByRole('button', { name: '修改' }).click();
  const edit = page.getByRole('dialog', { name: '修改快递信息' });
  await edit.getByRole('textbox', { name: '备注' }).fill('两箱，易碎');
  await edit.getByRole('button', { name: '保存' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: shipB })).toContainText('两箱，易碎');

  // 催单 from the list, answered later by staff: it shows in 催单记录 as 待处理.
  await page.goto('/front/orderList');
  await page.getByRole('row').filter({ hasText: orderNumber }).getByRole('button', { name: '更多操作' }).click();
  await page.getByRole('menuitem', { name: '催单' }).click();
  const urge = page.getByRole('dialog', { name: '催单' });
  await urge.getByRole('textbox', { name: '催单内容' }).fill('买家在催，请尽快处理');
  await urge.getByRole('button', { name: '提交' }).click();
  await expect(urge).toBeHidden();
  await page.goto('/fronturgent/fronturgentorderlist');
  const urgeRow = page.getByRole('row').filter({ hasText: '买家在催，请尽快处理' });
  await expect(urgeRow).toContainText(orderNumber);
  await expect(urgeRow).toContainText('待处理');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/urgent-1280.png`, fullPage: true });
});
