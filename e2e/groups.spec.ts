// 分组管理 (/setting/group): the Default tenant's admin creates a group of Taiwan with a member,
// renames it and deletes it, in a desktop browser.
import { test, expect, SEEDED } from './fixtures.ts';
import { login } from './login.ts';

const admin = { tenant: 'Default', userName: SEEDED.tenantAdmin.userName, password: SEEDED.tenantAdmin.password };

test('the admin creates, renames and deletes a group', async ({ page }) => {
  const name = `E2E分组${Date.now().toString(36)}`;
  await login(page, { ...admin, from: '/setting/group' });
  await expect(page).toHaveURL(/\/setting\/group/);
  await page.getByRole('button', { name: '新建分组' }).click();

  const dialog = page.getByRole('dialog', { name: '新建分组' });
  await dialog.getByRole('textbox', { name: '分组名称' }).fill(name);
  await dialog.getByLabel('跨境站点').click();
  await page.getByRole('option', { name: '台湾 (TW)' }).click();
  // A MultiSelect stays open for more picks: a click elsewhere in the dialog closes it.
  await dialog.getByRole('textbox', { name: '分组名称' }).click();
  await dialog.getByLabel(/^组员/).click();
  await page.getByRole('option', { name: `(${SEEDED.tenantAdmin.userName})`, exact: false }).first().click();
  await dialog.getByRole('textbox', { name: '分组名称' }).click();
  await dialog.getByRole('button', { name: '创建' }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('TW');
  await expect(row).toContainText('启用');

  await row.getByRole('button', { name: '重命名' }).click();
  const rename = page.getByRole('dialog', { name: `重命名分组 ${name}` });
  await rename.getByRole('textbox', { name: '分组名称' }).fill(`${name}改`);
  await rename.getByRole('button', { name: '保存' }).click();
  await expect(rename).toBeHidden();
  const renamed = page.getByRole('row').filter({ hasText: `${name}改` });
  await expect(renamed).toContainText('TW');

  await renamed.getByRole('button', { name: '删除' }).click();
  await page.getByRole('dialog', { name: '删除分组' }).getByRole('button', { name: '删除' }).click();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
});
