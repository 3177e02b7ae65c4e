// 首页 as a dashboard (issue #18 item 3): the admin's home shows the floor's figures, and a parcel
// signed in through the API moves 今日签收包裹 over the realtime channel, without a reload.
import { test, expect, SEEDED } from './fixtures.ts';
import { login } from './login.ts';

const admin = { tenant: 'Default', userName: SEEDED.tenantAdmin.userName, password: SEEDED.tenantAdmin.password };

test('the admin home shows the figures and a parcel signed in moves them live', async ({ page, apiLogin }) => {
  await login(page, { ...admin, from: '/main/home' });
  await expect(page).toHaveURL(/\/main\/home/);
  const signed = page.getByRole('link', { name: /^今日签收包裹 / });
  for (const label of ['今日签收包裹', '今日打包订单', '今日扣费积分', '无主件', '待补运费订单']) {
    await expect(page.getByRole('link', { name: new RegExp(`^${label} `) })).toBeVisible();
  }
  await expect(signed).toHaveAttribute('href', /^\/back\/intologisticsrecord\?dateFrom=\d{4}-\d{2}-\d{2}&dateTo=/);
  await expect(page.getByText('近 14 天作业量')).toBeVisible();
  await expect(page.locator('.recharts-surface').first()).toBeVisible(); // the lazily loaded chart drew

  const value = signed.getByTestId('figure-value');
  const before = Number(await value.textContent());
  // A reload would lose this mark.
  await page.evaluate(() => { (window as { dashboardMark?: boolean }).dashboardMark = true; });
  // Give the realtime connection a moment to open (it starts after sign-in).
  await page.waitForTimeout(500);

  const token = await apiLogin(admin.userName, admin.password, 1);
  const headers = { 'Abp.TenantId': '1', Authorization: `Bearer ${token}` };
  const warehouses = await page.request.get('/api/services/app/WarehouseInfo/GetWarehouseInfoList', { headers });
  const warehouseInfoId = (await warehouses.json()).result.items[0].id as number;
  const res = await page.request.post('/api/services/app/Logistics/SignByScan', {
    headers, data: { shipment: `DB${Date.now()}${Math.floor(Math.random() * 10)}`, warehouseInfoId },
  });
  expect(res.ok(), await res.text()).toBe(true);

  // Other specs may sign parcels in at the same time: the figure grows by at least this one.
  await expect.poll(async () => Number(await value.textContent()), { timeout: 10_000 }).toBeGreaterThan(before);
  expect(await page.evaluate(() => (window as { dashboardMark?: boolean }).dashboardMark)).toBe(true);
});
