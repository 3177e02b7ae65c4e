// The date-range filter of the back-office lists (操作日志 here): a parcel signed in now shows up
// under 今天, the range lives in the URL, and 重置 clears it.
import { test, expect, SEEDED } from './fixtures.ts';
import { login } from './login.ts';

// Days are the tenant's (Asia/Shanghai): let the browser's "today" be that day too.
test.use({ timezoneId: 'Asia/Shanghai' });

test('filters the audit log to today and back', async ({ page, apiLogin }) => {
  const token = await apiLogin(SEEDED.tenantAdmin.userName, SEEDED.tenantAdmin.password, 1);
  const headers = { authorization: `Bearer ${token}`, 'Abp.TenantId': '1' };
  const warehouses = await (await page.request.get('/api/services/app/WarehouseInfo/GetWarehouseInfoList', { headers })).json();
  const shipment = `E2EDR${Date.now()}`;
  const signed = await page.request.post('/api/services/app/Logistics/SignByScan', { headers, data: { shipment, warehouseInfoId: warehouses.result.items[0].id } });
  expect((await signed.json()).result.action).toBe('UNCLAIMED');

  await login(page, { tenant: 'Default', userName: SEEDED.tenantAdmin.userName, password: SEEDED.tenantAdmin.password, from: '/back/orderOperateList' });
  await expect(page).toHaveURL(/\/back\/orderOperateList/);

  const listed = page.waitForRequest((r) => r.url().includes('/OrderOperate/GetList') && r.url().includes('timeFrom='));
  await page.getByRole('button', { name: '操作日期' }).click();
  await page.getByRole('button', { name: '今天' }).click();
  const request = new URL((await listed).url());
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
  expect(request.searchParams.get('timeFrom')).toBe(`${today}T00:00:00.000+08:00`);
  expect(request.searchParams.get('timeTo')).toBe(`${today}T23:59:59.999+08:00`);
  await expect(page).toHaveURL(new RegExp(`dateFrom=${today}.*dateTo=${today}`));
  await expect(page.getByRole('button', { name: '操作日期' })).toHaveText(`${today} 至 ${today}`);
  await expect(page.getByRole('row').filter({ hasText: shipment })).toBeVisible();

  // Reloading the link keeps the range.
  await page.reload();
  await expect(page.getByRole('button', { name: '操作日期' })).toHaveText(`${today} 至 ${today}`);
  await expect(page.getByRole('row').filter({ hasText: shipment })).toBeVisible();

  await page.getByRole('button', { name: '重置' }).click();
  await expect(page).not.toHaveURL(/dateFrom=/);
  await expect(page.getByRole('button', { name: '操作日期' })).toHaveText('选择日期范围');
});
