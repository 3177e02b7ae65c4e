// 签收统计 (/backStatistical/signforLogisticsStatistical): after the admin signs a parcel in, the page on a
// desktop asks StatisticalRecords for a range including today, draws the chart (recharts' svg) and
// lists the admin's row under it.
import { test, expect, SEEDED } from './fixtures.ts';
import { login } from './login.ts';

test('the sign-in statistics page calls its action and draws a chart', async ({ page, request, apiLogin }) => {
  const token = await apiLogin(SEEDED.tenantAdmin.userName, SEEDED.tenantAdmin.password, SEEDED.tenantAdmin.tenantId);
  const headers = { Authorization: `Bearer ${token}`, 'Abp.TenantId': '1' };
  const warehouses = await request.get('/api/services/app/WarehouseInfo/GetWarehouseInfoList', { headers });
  const warehouseInfoId: number = (await warehouses.json()).result.items[0].id;
  // An unknown number signs in as 无主件: one sign-in by the admin today.
  const scan = await request.post('/api/services/app/Logistics/SignByScan', {
    headers, data: { shipment: `E2ESTAT${Date.now().toString(36).toUpperCase()}`, warehouseInfoId },
  });
  expect(scan.ok(), await scan.text()).toBe(true);

  await page.setViewportSize({ width: 1366, height: 900 });
  const called = page.waitForResponse((r) => r.url().includes('/StatisticalRecords/GetSignForLogisticsStatisticalList') && r.status() === 200);
  await login(page, { tenant: 'Default', userName: SEEDED.tenantAdmin.userName, password: SEEDED.tenantAdmin.password, from: '/backStatistical/signforLogisticsStatistical' });
  const response = await called;
  const url = new URL(response.url());
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
  expect(url.searchParams.get('startTime')! <= today && url.searchParams.get('endTime')! >= today).toBe(true);
  const rows = (await response.json()).result as { signForTime: string; signUserName: string; signForNums: number }[];
  expect(rows.some((r) => r.signForTime === today && r.signForNums >= 1)).toBe(true);

  await expect(page.getByTestId('statistic-chart').locator('svg.recharts-surface')).toBeVisible();
  await expect(page.getByRole('table', { name: '签收统计' }).getByRole('row').filter({ hasText: today }).first()).toBeVisible();
});
