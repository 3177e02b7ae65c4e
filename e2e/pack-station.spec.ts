// 打包称重 (/back/packStation): an order whose goods have all arrived is scanned, packed and weighed;
// the station shows the fees as 已扣费 with the seller's balance, and 下一单 starts over.
import { test, expect, SEEDED } from './fixtures.ts';
import { login } from './login.ts';

test('scan an arrived order, 打包完成, weigh it and see the fees charged', async ({ page, request, apiLogin }) => {
  const token = await apiLogin(SEEDED.tenantAdmin.userName, SEEDED.tenantAdmin.password, SEEDED.tenantAdmin.tenantId);
  const headers = { Authorization: `Bearer ${token}`, 'Abp.TenantId': '1' };
  const api = async (path: string, data?: unknown, method: 'GET' | 'POST' = 'POST') => {
    const res = method === 'GET'
      ? await request.get(`/api/services/app/${path}`, { headers, params: data as Record<string, string> })
      : await request.post(`/api/services/app/${path}`, { headers, data: data ?? {} });
    return { status: res.status(), body: await res.json() };
  };

  // A seller with a store and points.
  const suffix = Date.now().toString(36).toUpperCase();
  const userName = `e2epack${suffix.toLowerCase()}`;
  const reg = await request.post('/api/services/app/Account/Register', {
    headers: { 'Abp.TenantId': '1' }, data: { userName, name: `卖家${suffix}`, password: 'secret123', emailAddress: `${userName}@example.com` },
  });
  expect(reg.ok(), await reg.text()).toBe(true);
  const sellerToken = await apiLogin(userName, 'secret123', 1);
  const sellerHeaders = { Authorization: `Bearer ${sellerToken}`, 'Abp.TenantId': '1' };
  const users = await api('User/GetAll', { keyword: userName }, 'GET');
  const userId: number = users.body.result.items.find((u: { userName: string }) => u.userName === userName).id;
  const store = await api('BackStoreAddress/EditStoreAddress', { userId, storeName: `E2E打包店${suffix}`, site: 'TW' });
  expect(store.status).toBe(200);
  expect((await api('User/SystemRechargeAmount', { userId, amount: 1000, remark: 'e2e' })).status).toBe(200);
  const warehouseId: number = (await api('WarehouseInfo/GetWarehouseInfoList', {}, 'GET')).body.result.items[0].id;

  // The fee settings (another spec may have added them already: an overlap is refused with 409).
  const beginTime = new Date(Date.now() - 3600_000).toISOString();
  const base = await api('BaseCostSetting/Add', { warehouseInfoId: warehouseId, orderType: 2, beginTime, isEffective: true, baseCost: 3, baseSkuNums: 1, exceedSkuCost: 0.5, maxSkuCost: 2, sackPrice: 0.8 });
  expect([200, 409]).toContain(base.status);
  const freight = await api('MainlandFreight/Add', {
    warehouseInfoId: warehouseId, site: 'TW', cargoCategory: 1, beginTime, isEffective: true,
    firstWeight: 0.5, firstWeightPrice: 12, continueWeight: 0.5, continueWeightCost: 5, bulkyParameter: 6000,
  });
  expect([200, 409]).toContain(freight.status);

  // The seller's mainland order; its goods arrive.
  const created = await request.post('/api/services/app/FrontOrder/CreateOrder', {
    headers: sellerHeaders,
    data: {
      orderNumber: `E2EP${suffix}`, storeId: store.body.result.id, warehouseInfoId: warehouseId, site: 'TW', orderType: 2, cargoCategory: 1, shippingMethods: 2,
      orderProductInfosList: [{ productName: '蓝牙耳机', productSku: 'BT-1', quantity: 2, shipment: `YT${suffix}P1` }],
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const tradeNo: string = (await created.json()).result.tradeNo;
  const arrived = await request.post(`/api/services/app/BackOrder/arriveWarehouse?tradeNo=${tradeNo}`, { headers });
  expect(arrived.ok(), await arrived.text()).toBe(true);

  await login(page, { tenant: 'Default', userName: SEEDED.tenantAdmin.userName, password: SEEDED.tenantAdmin.password, from: '/back/packStation' });
  await expect(page).toHaveURL(/\/back\/packStation/);
  const box = page.getByTestId('pack-scan-input');
  await expect(box).toBeFocused();
  await page.keyboard.type(tradeNo, { delay: 5 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('station-trade-no')).toHaveText(tradeNo);
  await expect(page.getByTestId('station-lines')).toContainText('蓝牙耳机');
  await expect(page.getByTestId('station-balance')).toHaveText('1000.00');

  await page.getByTestId('pack-button').click();
  await expect(page.getByTestId('station-package-status')).toHaveText('已打包');
  await expect(page.getByTestId('weigh-weight')).toBeFocused();
  await page.keyboard.type('1.26');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('weigh-verdict')).toHaveText('已扣费');
  const total = Number(await page.getByTestId('weigh-total').textContent());
  expect(total).toBeGreaterThan(0);
  await expect(page.getByTestId('weigh-balance')).toHaveText((1000 - total).toFixed(2));

  await page.getByTestId('next-order').click();
  await expect(page.getByText('请扫描订单号')).toBeVisible();
  await expect(box).toBeFocused();
});
