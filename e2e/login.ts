// Signs in through the sign-in page, the way a person does: switch tenant (when asked), type the
// user name and password, optionally tick 记住我, and wait until the console has left the page.
import { expect, type Page } from '@playwright/test';

export interface LoginOptions {
  /** Tenancy name (e.g. 'Default'); null or omitted signs in to the host. */
  tenant?: string | null;
  userName: string;
  password: string;
  remember?: boolean;
  /** Where to start; a deep link makes the sign-in page return there. */
  from?: string;
}

export async function login(page: Page, { tenant = null, userName, password, remember = false, from = '/' }: LoginOptions): Promise<void> {
  await page.goto(from);
  await expect(page.getByRole('heading', { name: '欢迎登录' })).toBeVisible();
  const current = page.getByTestId('current-tenant');
  if ((tenant ?? null) !== null && (await current.textContent()) !== tenant) {
    await page.getByRole('button', { name: '切换' }).click();
    const dialog = page.getByRole('dialog', { name: '切换租户' });
    await dialog.getByLabel('租户名称').fill(tenant!);
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(dialog).toBeHidden();
    await expect(current).toHaveText(tenant!);
  }
  await page.getByLabel('用户名').fill(userName);
  await page.getByLabel('密码').fill(password);
  if (remember) await page.getByLabel('记住我').check();
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).not.toHaveURL(/\/(\?.*)?$/);
}

/** Registers a seller in tenant Default (id 1) through Account/Register; returns the user name. */
export async function registerSeller(page: Page, tenantId = 1): Promise<{ userName: string; password: string }> {
  const userName = `seller${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const password = 'seller123';
  const res = await page.request.post('/api/services/app/Account/Register', {
    headers: { 'Abp.TenantId': String(tenantId) },
    data: { userName, name: '测试卖家', password },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return { userName, password };
}
