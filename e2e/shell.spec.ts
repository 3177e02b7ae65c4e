// The signed-in shell (spec 000 §2): menu widths, ?showmenu, page tags across reloads, phone width,
// and a notice pushed from the server.
import { test, expect, SEEDED } from './fixtures.ts';
import { login } from './login.ts';
import type { Page } from '@playwright/test';

const admin = { tenant: 'Default', userName: SEEDED.tenantAdmin.userName, password: SEEDED.tenantAdmin.password };

const menuWidth = (page: Page) => page.getByTestId('side-menu').evaluate((el) => Math.round(el.getBoundingClientRect().width));
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth);

test('the left menu is 256 px wide, 80 px collapsed, and hidden with ?showmenu=true', async ({ page }) => {
  await login(page, admin);
  await expect(page.getByTestId('side-menu')).toBeVisible();
  expect(await menuWidth(page)).toBe(256);
  await page.getByTestId('menu-toggle').click();
  await expect.poll(() => menuWidth(page)).toBe(80);
  // The choice is remembered.
  await page.reload();
  await expect.poll(() => menuWidth(page)).toBe(80);
  await page.getByTestId('menu-toggle').click();
  await expect.poll(() => menuWidth(page)).toBe(256);
  await page.goto('/main/home?showmenu=true');
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(page.getByTestId('side-menu')).toHaveCount(0);
});

test('opened pages survive a reload; close one, close others and close all', async ({ page }) => {
  await login(page, admin);
  // The admin screens of the tenant admin (Pages.Users, Pages.Roles), opened from the menu.
  await page.getByTestId('side-menu').getByText('系统设置').click();
  const hrefs = ['/setting/user', '/setting/role'];
  for (const href of hrefs) {
    await page.getByTestId('side-menu').locator(`a[href="${href}"]`).click();
    await expect(page).toHaveURL(new RegExp(`${escape(href)}$`));
    await expect(page.getByTestId('page-tag').filter({ has: page.locator(`a[href="${href}"]`) })).toBeVisible();
  }
  const tags = page.getByTestId('page-tag');
  await expect(tags).toHaveCount(hrefs.length + 1);
  await page.reload();
  await expect(tags).toHaveCount(hrefs.length + 1);
  await expect(tags.first()).toHaveText('首页');

  // Close the current page: its left neighbour opens.
  const last = hrefs[hrefs.length - 1]!;
  await tags.last().getByRole('button').click();
  await expect(tags).toHaveCount(hrefs.length);
  await expect(page).toHaveURL(new RegExp(`${escape(hrefs[hrefs.length - 2]!)}$`));
  await expect(tags.filter({ has: page.locator(`a[href="${last}"]`) })).toHaveCount(0);

  await page.getByRole('button', { name: '标签操作' }).click();
  await page.getByRole('menuitem', { name: '关闭其他' }).click();
  await expect(tags).toHaveCount(2);
  await page.reload();
  await expect(tags).toHaveCount(2);

  await page.getByRole('button', { name: '标签操作' }).click();
  await page.getByRole('menuitem', { name: '关闭全部' }).click();
  await expect(tags).toHaveCount(1);
  await expect(page).toHaveURL(/\/main\/home$/);
});

test('at 360 px nothing scrolls sideways: sign-in, the shell, the menu drawer and the notice panel', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: '欢迎登录' })).toBeVisible();
  await expect.poll(() => noSidewaysScroll(page)).toBe(true);
  await login(page, admin);
  await expect.poll(() => noSidewaysScroll(page)).toBe(true);
  await page.getByRole('button', { name: '打开菜单' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect.poll(() => noSidewaysScroll(page)).toBe(true);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: '消息中心' }).click();
  await expect(page.getByTestId('notice-panel')).toBeVisible();
  await expect.poll(() => noSidewaysScroll(page)).toBe(true);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible();
  await expect.poll(() => noSidewaysScroll(page)).toBe(true);
});

test('a notice published on the server appears in the panel without a reload', async ({ page, apiLogin }) => {
  await login(page, admin);
  const userId = await page.evaluate(async () => {
    const res = await fetch('/AbpUserConfiguration/GetAll', { headers: { 'Abp.TenantId': '1', Authorization: `Bearer ${JSON.parse(sessionStorage.getItem('haicang.auth')!).accessToken}` } });
    return (await res.json()).result.session.userId as number;
  });
  const badge = page.getByTestId('notice-badge');
  const before = Number(await badge.getAttribute('data-count'));
  // Give the realtime connection a moment to open (it starts after sign-in).
  await page.waitForTimeout(500);
  const token = await apiLogin(admin.userName, admin.password, 1);
  const title = `入库提醒 ${Date.now()}`;
  const res = await page.request.post('/api/services/app/Notification/Publish', {
    headers: { 'Abp.TenantId': '1', Authorization: `Bearer ${token}` },
    data: { userId, type: 0, title, description: '包裹已签收并上架。' },
  });
  expect(res.ok(), await res.text()).toBe(true);
  await expect(badge).toHaveAttribute('data-count', String(before + 1));
  await page.getByRole('button', { name: '消息中心' }).click();
  await expect(page.getByTestId('notice-panel').getByText(title)).toBeVisible();
});
