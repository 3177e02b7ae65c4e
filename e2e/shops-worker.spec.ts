// 授权店铺 once the service worker controls the console (issue 44 1g): the fake platform's page
// (/shopee-sandbox/…, a redirect back to /frontauthorization/success) is the server's, never
// answered by the app shell (which would say 页面不存在).
import { test, expect } from './fixtures.ts';
import { login, registerSeller } from './login.ts';

test('with the service worker active, 授权店铺 reaches the platform and comes back authorised', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'allow', viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const page = await context.newPage();
  try {
    const seller = await registerSeller(page);
    await login(page, { tenant: 'Default', userName: seller.userName, password: seller.password, from: '/authorizationshops/authorizationshoplist' });
    await expect(page).toHaveURL(/\/authorizationshops\/authorizationshoplist/);
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 45_000, message: 'the service worker controls the page' }).toBe(true);

    await page.getByRole('button', { name: '授权店铺' }).click();
    await expect(page).toHaveURL(/\/frontauthorization\/success\?state=[^&]+&code=[0-9a-f]{32}&shop_id=\d+$/);
    const shopId = new URL(page.url()).searchParams.get('shop_id')!;
    await expect(page.getByTestId('authorised-shop')).toContainText(`虾皮测试店铺${shopId}`);
    await expect(page.getByText('页面不存在')).toHaveCount(0);

    // A server page opened directly is the server's too, not the shell.
    await page.goto('/swagger');
    await expect(page.getByText('页面不存在')).toHaveCount(0);
    await expect(page.locator('#root')).toHaveCount(0);
  } finally {
    await context.close();
  }
});
