// 扫描或输入单号 (issue #44 item 4): the console header's search box, typed like a wedge scanner
// types (keys, then Enter), opens the parcel's list filtered by its number; an unknown number says
// 未找到 and stays where it is.
import { test, expect, SEEDED } from './fixtures.ts';
import { login } from './login.ts';

const admin = { tenant: 'Default', userName: SEEDED.tenantAdmin.userName, password: SEEDED.tenantAdmin.password };

test('a scanned tracking number opens its parcel; an unknown one says 未找到', async ({ page, apiLogin }) => {
  const token = await apiLogin(admin.userName, admin.password, 1);
  const headers = { 'Abp.TenantId': '1', Authorization: `Bearer ${token}` };
  const warehouses = await page.request.get('/api/services/app/WarehouseInfo/GetWarehouseInfoList', { headers });
  const warehouseInfoId = (await warehouses.json()).result.items[0].id as number;
  const shipment = `HS${Date.now()}${Math.floor(Math.random() * 10)}`;
  const res = await page.request.post('/api/services/app/Logistics/SignByScan', { headers, data: { shipment, warehouseInfoId } });
  expect(res.ok(), await res.text()).toBe(true);

  await login(page, { ...admin, from: '/main/home' });
  const box = page.getByPlaceholder('扫描或输入单号');
  await box.pressSequentially(shipment.toLowerCase(), { delay: 5 });
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/back/logisticsList\\?shipment=${shipment}$`));
  await expect(page.getByRole('cell', { name: shipment })).toBeVisible();

  await box.fill('NO-SUCH-NUMBER-9');
  await box.press('Enter');
  await expect(page.getByText('未找到：NO-SUCH-NUMBER-9')).toBeVisible();
  await expect(page).toHaveURL(/\/back\/logisticsList/);
});
