// 店铺授权 in the browser (issue 17): the seller's 授权店铺 button goes to the platform's authorisation
// page (the built-in fake Shopee, /shopee-sandbox), which sends him back to /frontauthorization/success;
// that screen completes the authorisation and the shop's name shows, there and on the list.
import { test, expect } from './fixtures.ts';
import { login, registerSeller } from './login.ts';

test('a seller authorises a Shopee shop and sees it on 店铺授权', async ({ page }) => {
  const seller = await registerSeller(page);
  await login(page, { tenant: 'Default', userName: seller.userName, password: seller.password, from: '/authorizationshops/authorizationshoplist' });
  await expect(page).toHaveURL(/\/authorizationshops\/authorizationshoplist/);
  await expect(page.getByText('还没有授权的店铺，点击“授权店铺”开始')).toBeVisible();

  const platform = page.waitForRequest((r) => new URL(r.url()).pathname === '/shopee-sandbox/api/v2/shop/auth_partner');
  await page.getByRole('button', { name: '授权店铺' }).click();
  const asked = new URL((await platform).url());
  expect(asked.searchParams.get('sign')).toMatch(/^[0-9a-f]{64}$/);
  // The address carries a sealed state back (the seller and the shop asked for; ProcessAuthorizer checks it).
  expect(asked.searchParams.get('redirect')).toMatch(/\/frontauthorization\/success\?state=v1\.[\w.-]+$/);

  await expect(page).toHaveURL(/\/frontauthorization\/success\?state=v1\.[\w.-]+&code=[0-9a-f]{32}&shop_id=\d+$/);
  const shopId = new URL(page.url()).searchParams.get('shop_id')!;
  const name = `虾皮测试店铺${shopId}`;
  await expect(page.getByTestId('authorised-shop')).toContainText(name);

  await page.getByRole('link', { name: '查看我的店铺' }).click();
  await expect(page).toHaveURL(/\/authorizationshops\/authorizationshoplist/);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('已授权');
  await expect(row).toContainText(shopId);
});
