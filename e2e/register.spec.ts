// 注册 on the sign-in page (issue 44 1d): a new seller opens an account in tenant Default from the
// screen alone, sees the form's errors, and lands on the console signed in with a seller code.
import { test, expect } from './fixtures.ts';

test('a new seller registers from the sign-in page and is signed in as a seller', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: '注册' }).click();
  const dialog = page.getByRole('dialog', { name: '注册卖家账号' });
  await dialog.getByRole('button', { name: '注册' }).click();
  await expect(dialog.getByText('请输入租户名称')).toBeVisible();
  await expect(dialog.getByText('请再次输入密码')).toBeVisible();

  const userName = `reg${Date.now().toString(36)}`;
  await dialog.getByLabel(/^租户/).fill('Default');
  await dialog.getByLabel(/^用户名/).fill(userName);
  await dialog.getByLabel(/^密码/).fill('secret12');
  await dialog.getByLabel(/^确认密码/).fill('secret21');
  await dialog.getByLabel(/^姓名/).fill('新卖家');
  await dialog.getByLabel(/^邮箱/).fill(`${userName}@example.com`);
  await dialog.getByLabel(/^手机号/).fill('13800000000');
  await dialog.getByRole('button', { name: '注册' }).click();
  await expect(dialog.getByText('两次输入的密码不一致')).toBeVisible();
  await dialog.getByLabel(/^确认密码/).fill('secret12');
  await dialog.getByRole('button', { name: '注册' }).click();

  await expect(page).toHaveURL(/\/main\/home$/);
  await expect(page.getByText(/^S\d{5}$/)).toBeVisible();
  await expect(page.getByRole('link', { name: /我的订单/ }).or(page.getByText('我的订单')).first()).toBeVisible();
});
