// Sign-in, the session cookies, the access guard and the lock screen (spec 000 §2, §7; issue 3).
import { test, expect, SEEDED } from './fixtures.ts';
import { login, registerSeller } from './login.ts';

const DAY = 86_400;
const admin = { tenant: 'Default', userName: SEEDED.tenantAdmin.userName, password: SEEDED.tenantAdmin.password };

test('an anonymous visit to a deep route lands on the sign-in page', async ({ page }) => {
  await page.goto('/setting/user?page=2');
  await expect(page.getByRole('heading', { name: '欢迎登录' })).toBeVisible();
  const url = new URL(page.url());
  expect(url.pathname).toBe('/');
  expect(url.searchParams.get('redirect')).toBe('/setting/user?page=2');
  await expect(page.getByTestId('current-tenant')).toHaveText('未选择(主机)');
});

test('the admin of Default signs in and lands on /main/home with the culture and token cookies', async ({ page, context }) => {
  await login(page, admin);
  await expect(page).toHaveURL(/\/main\/home$/);
  const cookies = await context.cookies();
  const culture = cookies.find((c) => c.name === 'Abp.Localization.CultureName');
  expect(culture?.value).toBe('zh-Hans');
  // about 182 days (spec §9)
  const days = (culture!.expires - Date.now() / 1000) / DAY;
  expect(days).toBeGreaterThan(181);
  expect(days).toBeLessThan(184);
  expect(cookies.find((c) => c.name === 'enc_auth_token')?.value).toBeTruthy();
  expect(cookies.find((c) => c.name === 'Abp.TenantId')?.value).toBe('1');
  // Without 记住我 the token lives for the browser session only.
  expect(await page.evaluate(() => [sessionStorage.getItem('haicang.auth') !== null, localStorage.getItem('haicang.auth')])).toEqual([true, null]);
});

test('a signed-in user who opens / is sent home', async ({ page }) => {
  await login(page, admin);
  await page.goto('/');
  await expect(page).toHaveURL(/\/main\/home$/);
});

test('a wrong password is refused with the reason in Chinese', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: '切换' }).click();
  await page.getByLabel('租户名称').fill('Default');
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByTestId('current-tenant')).toHaveText('Default');
  await page.getByLabel('用户名').fill('no-such-user');
  await page.getByLabel('密码').fill('whatever1');
  await page.getByRole('button', { name: '登录' }).click();
  const alert = page.getByTestId('sign-in-error');
  await expect(alert).toContainText('登录失败');
  await expect(alert).toContainText('用户名或密码无效。');
  await expect(page).toHaveURL(/\/$/);
});

test('signing out from the user menu ends the token on the server, not only in the browser', async ({ page }) => {
  // A seller of its own: ending a token ends all of that user's, and other tests use the admin.
  const seller = await registerSeller(page);
  await login(page, { tenant: 'Default', ...seller });
  const token = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('haicang.auth')!) as { accessToken: string }).accessToken);
  const whoAmI = () => page.request.get('/api/services/app/Notification/GetUserNotifications', {
    headers: { authorization: `Bearer ${token}`, 'Abp.TenantId': '1' },
  });
  expect((await whoAmI()).status()).toBe(200);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page.getByRole('heading', { name: '欢迎登录' })).toBeVisible();
  expect((await whoAmI()).status()).toBe(401);
});

test('an unknown tenancy name is refused in the tenant dialog', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: '切换' }).click();
  await page.getByLabel('租户名称').fill('NoSuchTenant');
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('没有名为 NoSuchTenant 的租户')).toBeVisible();
});

test('while locked every route leads to /locking, and the right password unlocks to the last page', async ({ page }) => {
  await login(page, admin);
  await page.goto('/main/home?from=lock-test');
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '锁定屏幕' }).click();
  await expect(page).toHaveURL(/\/locking$/);
  for (const path of ['/', '/main/home', '/setting/user', '/no/such/page']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/locking$/);
  }
  await page.getByLabel('登录密码').fill('not-the-password');
  await page.getByRole('button', { name: '解锁' }).click();
  await expect(page.getByText(/密码/).last()).toBeVisible();
  await expect(page).toHaveURL(/\/locking$/);
  await page.getByLabel('登录密码').fill(admin.password);
  await page.getByRole('button', { name: '解锁' }).click();
  await expect(page).toHaveURL(/\/main\/home\?from=lock-test$/);
  expect(await page.evaluate(() => localStorage.getItem('haicang.locking'))).toBe('0');
});

test('a seller opening /setting/user sees the 403 page', async ({ page }) => {
  const seller = await registerSeller(page);
  await login(page, { tenant: 'Default', ...seller });
  await page.goto('/setting/user');
  await expect(page.getByText('没有访问权限')).toBeVisible();
  await expect(page.getByText('403')).toBeVisible();
  await expect(page).toHaveURL(/\/setting\/user$/);
});

test('the shop-authorisation callback is rewritten to the success page keeping shop_id and code', async ({ page }) => {
  await page.goto('/frontauthorization?shop_id=112233&code=6f6b6579');
  await expect(page).toHaveURL(/\/frontauthorization\/success\?shop_id=112233&code=6f6b6579$/);
  await expect(page.getByTestId('shop-id')).toHaveText('112233');
  await expect(page.getByTestId('shop-code')).toHaveText('6f6b6579');
});
