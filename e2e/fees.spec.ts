// 费用设置: the warehouse adds the base cost on /warehouse/basecostsetting and is told why an
// overlapping second one is refused; with the TW general-cargo freight rule in place, a seller's
// 运费试算 answers 27 for 1.26 kg in a 30×20×20 cm box (chargeable 2 kg).
import { test, expect, SEEDED } from './fixtures.ts';
import { login, registerSeller } from './login.ts';

test('base cost with its overlap refusal, and the seller freight calculator', async ({ page, browser, request, apiLogin }) => {
  const token = await apiLogin(SEEDED.tenantAdmin.userName, SEEDED.tenantAdmin.password, SEEDED.tenantAdmin.tenantId);
  const headers = { Authorization: `Bearer ${token}`, 'Abp.TenantId': '1' };
  // A warehouse of this test's own, so no other spec's settings overlap with ours.
  const warehouseName = `E2E费用仓${Date.now().toString(36)}`;
  const created = await (await request.post('/api/services/app/WarehouseInfo/EditWarehouseInfo', { headers, data: { warehouseName, kind: 1 } })).json();
  const warehouseInfoId: number = created.result.id;
  const freight = await request.post('/api/services/app/MainlandFreight/Add', {
    headers,
    data: { warehouseInfoId, site: 'TW', cargoCategory: 1, beginTime: new Date(Date.now() - 3600_000).toISOString(), firstWeight: 0.5, firstWeightPrice: 12, continueWeight: 0.5, continueWeightCost: 5, bulkyParameter: 6000 },
  });
  expect(freight.ok()).toBe(true);

  const staffContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const staff = await staffContext.newPage();
  await login(staff, { tenant: 'Default', userName: SEEDED.tenantAdmin.userName, password: SEEDED.tenantAdmin.password, from: '/warehouse/basecostsetting' });
  await expect(staff).toHaveURL(/\/warehouse\/basecostsetting/);

  const addBaseCost = async () => {
    await staff.getByRole('button', { name: '新增设置' }).click();
    const dialog = staff.getByRole('dialog', { name: '新增基础费用设置' });
    await dialog.getByRole('combobox', { name: /^仓库/ }).click();
    await staff.getByRole('option', { name: warehouseName }).click();
    await dialog.getByRole('textbox', { name: /^基础费用（积分）/ }).fill('3');
    await dialog.getByRole('textbox', { name: /^超出每SKU费用（积分）/ }).fill('0.5');
    await dialog.getByRole('textbox', { name: /^SKU费用上限（积分）/ }).fill('2');
    await dialog.getByRole('textbox', { name: /^包材费（积分）/ }).fill('0.8');
    await dialog.getByRole('button', { name: '新增' }).click();
    return dialog;
  };

  const first = await addBaseCost();
  await expect(first).toBeHidden();
  const row = staff.getByRole('row').filter({ hasText: warehouseName });
  await expect(row).toContainText('3.00');
  await expect(row).toContainText('0.80');
  await expect(row).toContainText('生效中');

  const second = await addBaseCost();
  await expect(second.getByRole('alert')).toContainText(`${warehouseName}·跨境订单`);
  await expect(second.getByRole('alert')).toContainText('时间重叠');
  await second.getByRole('button', { name: '取消' }).click();
  await staffContext.close();

  // The seller's calculator.
  const seller = await registerSeller(page);
  await login(page, { tenant: 'Default', userName: seller.userName, password: seller.password, from: '/front/frontmainlandfreight' });
  await expect(page).toHaveURL(/\/front\/frontmainlandfreight/);
  const calculator = page.getByRole('region', { name: '运费试算' });
  await calculator.getByRole('combobox', { name: /^仓库/ }).click();
  await page.getByRole('option', { name: warehouseName }).click();
  await calculator.getByRole('textbox', { name: /^重量（kg）/ }).fill('1.26');
  await calculator.getByRole('textbox', { name: '长（cm）' }).fill('30');
  await calculator.getByRole('textbox', { name: '宽（cm）' }).fill('20');
  await calculator.getByRole('textbox', { name: '高（cm）' }).fill('20');
  await calculator.getByRole('button', { name: '计算' }).click();
  await expect(page.getByTestId('freight-total')).toHaveText('27.00 积分');
  await expect(page.getByLabel('运费明细')).toContainText('3 × 0.5 kg × 5.00 = 15.00 积分');
});
