// 店铺地址 (/warehousestore/backstore): the Default tenant's admin creates a store for a seller who
// has just registered, and finds it in the list; the screen does not scroll sideways on a phone.
import { test, expect, SEEDED } from './fixtures.ts';
import { login, registerSeller } from './login.ts';

const admin = { tenant: 'Default', userName: SEEDED.tenantAdmin.userName, password: SEEDED.tenantAdmin.password };

test('the admin creates a store for a newly registered seller and sees it listed', async ({ page }) => {
  const seller = await registerSeller(page);
  const storeName = `E2E店铺${Date.now().toString(36)}`;

  await login(page, { ...admin, from: '/warehousestore/backstore' });
  await expect(page).toHaveURL(/\/warehousestore\/backstore/);
  await page.getByRole('button', { name: '新建店铺' }).click();

  const dialog = page.getByRole('dialog', { name: '新建店铺' });
  await dialog.getByRole('combobox', { name: '卖家' }).fill(seller.userName);
  await page.getByRole('option', { name: new RegExp(`\\(${seller.userName}\\)$`) }).click();
  await dialog.getByRole('combobox', { name: '站点' }).click();
  await page.getByRole('option', { name: '台湾 (TW)' }).click();
  await dialog.getByRole('textbox', { name: '店铺名称' }).fill(storeName);
  await dialog.getByRole('textbox', { name: '联系人' }).fill('测试联系人');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: storeName });
  await expect(row).toBeVisible();
  await expect(row).toContainText('台湾');
  await expect(row).toContainText('启用');

  // The same list on a phone: the table scrolls inside its own box, the page never sideways.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole('button', { name: '筛选' }).click();
  await page.getByRole('textbox', { name: '关键字' }).fill(storeName);
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page.getByRole('row').filter({ hasText: storeName })).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)).toBe(true);
});
