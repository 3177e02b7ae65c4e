// 积分: a new seller recharges 200 through the built-in test payment page (测试支付), comes back and
// sees the balance and the 在线充值 flow; the warehouse then deducts 50 with a remark on 积分流水.
import { test, expect, SEEDED } from './fixtures.ts';
import { login, registerSeller } from './login.ts';

test('a seller recharges through the test payment page; the staff deducts on 积分流水', async ({ page, browser, request, apiLogin }) => {
  const seller = await registerSeller(page);
  const token = await apiLogin(SEEDED.tenantAdmin.userName, SEEDED.tenantAdmin.password, SEEDED.tenantAdmin.tenantId);
  const users = await (await request.get('/api/services/app/User/GetAll', { headers: { Authorization: `Bearer ${token}`, 'Abp.TenantId': '1' }, params: { keyword: seller.userName } })).json();
  const userCode: string = users.result.items.find((u: { userName: string }) => u.userName === seller.userName).userCode;
  await login(page, { tenant: 'Default', userName: seller.userName, password: seller.password, from: '/amount/recharge' });
  await expect(page).toHaveURL(/\/amount\/recharge/);
  await expect(page.getByTestId('balance')).toHaveText('0.00');

  await page.getByText('200.00', { exact: true }).click();
  const [payment] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: '去支付' }).click()]);
  await payment.waitForLoadState();
  await expect(payment.getByText('测试支付', { exact: false }).first()).toBeVisible();
  await expect(payment.getByText('200.00 积分')).toBeVisible();
  await payment.getByRole('button', { name: '确认支付' }).click();
  await expect(payment.getByText('支付成功，积分已到账。')).toBeVisible();
  await payment.close();

  // Back on the console: the pending order is confirmed (on return, or by 我已完成支付).
  await page.bringToFront();
  await expect(page).toHaveURL(/rechargeId=\d+/);
  const paid = page.getByText('支付成功，200.00 积分已到账。');
  if (!(await paid.isVisible())) await page.getByRole('button', { name: '我已完成支付' }).click();
  await expect(paid).toBeVisible();
  await expect(page.getByTestId('balance')).toHaveText('200.00');

  await page.goto('/amount/amountList');
  const flow = page.getByRole('row').filter({ hasText: '在线充值' });
  await expect(flow).toContainText('+200.00');
  await expect(page.getByTestId('balance')).toHaveText('200.00');

  // The warehouse deducts 50 from this seller on 积分流水.
  const staffContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const staff = await staffContext.newPage();
  await login(staff, { tenant: 'Default', userName: SEEDED.tenantAdmin.userName, password: SEEDED.tenantAdmin.password, from: `/back/flow?userCode=${userCode}` });
  await expect(staff).toHaveURL(/\/back\/flow/);
  const row = staff.getByRole('row').filter({ hasText: '在线充值' }).filter({ hasText: userCode });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: '系统充值' }).click();
  const dialog = staff.getByRole('dialog', { name: '系统充值' });
  await expect(dialog.getByText('200.00')).toBeVisible();
  await dialog.getByRole('textbox', { name: '金额' }).fill('-50');
  await dialog.getByRole('textbox', { name: '备注' }).fill('E2E 运费补扣');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();
  await expect(staff.getByRole('row').filter({ hasText: 'E2E 运费补扣' }).first()).toContainText('-50.00');
  await staffContext.close();

  await page.reload();
  await expect(page.getByTestId('balance')).toHaveText('150.00');
});
