// The floor as a picker's tool (issue 45), on a phone (390×844, touch): a server that does not answer
// costs seconds and the banner says so; no wedge scan is lost to focus; a weighing happens once per
// press; closing a batch asks first; the queue speaks Chinese; a picker lands on 作业首页.
import type { APIRequestContext, Browser, BrowserContext, Page, Route } from '@playwright/test';
import { test, expect, SEEDED } from './fixtures.ts';
import { login } from './login.ts';

const PHONE = { width: 390, height: 844 };
const admin = { tenant: 'Default', userName: SEEDED.tenantAdmin.userName, password: SEEDED.tenantAdmin.password };

async function phone(browser: Browser, baseURL: string | undefined, serviceWorkers: 'allow' | 'block' = 'block'): Promise<BrowserContext> {
  return browser.newContext({ baseURL, serviceWorkers, viewport: PHONE, hasTouch: true, isMobile: true, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
}

function apiOf(request: APIRequestContext, token: string) {
  const headers = { Authorization: `Bearer ${token}`, 'Abp.TenantId': '1' };
  return {
    headers,
    async get(path: string, params: Record<string, string | number> = {}) {
      const r = await request.get(`/api/services/app/${path}`, { headers, params });
      const body = await r.json();
      expect(r.ok(), `${path}: ${JSON.stringify(body.error)}`).toBe(true);
      return body.result;
    },
    async post(path: string, data: unknown = {}) {
      const r = await request.post(`/api/services/app/${path}`, { headers, data });
      const body = await r.json();
      expect(r.ok(), `${path}: ${JSON.stringify(body.error)}`).toBe(true);
      return body.result;
    },
    async inbound(shipment: string): Promise<number> {
      const result = await this.get('IntoLogistics/GetIntoLogisticsList', { shipment, maxResultCount: 10 });
      return (result.items as { shipment: string }[]).filter((i) => i.shipment === shipment).length;
    },
  };
}

async function chooseWarehouse(page: Page): Promise<void> {
  const warehouse = page.getByTestId('station-warehouse');
  await expect(warehouse).toBeEnabled();
  if (!(await warehouse.inputValue())) await warehouse.selectOption({ index: 1 });
  await expect(warehouse).not.toHaveValue('');
}

/** As a wedge scanner types: fast keys, then Enter, into whatever has focus. */
async function wedge(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

const unique = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 100)}`;

test('a server that does not answer: the scan is queued within seconds under its key, the banner says so, and it is signed in once', async ({ browser, baseURL, apiLogin }) => {
  test.setTimeout(90_000);
  const context = await phone(browser, baseURL);
  const page = await context.newPage();
  const api = apiOf(context.request, await apiLogin(admin.userName, admin.password, 1));
  try {
    await login(page, { ...admin, from: '/back/intoLogistics' });
    await expect(page.getByTestId('floor-frame')).toBeVisible();
    await chooseWarehouse(page);
    await expect(page.getByTestId('scan-input')).toBeFocused();

    // The network hangs: the request reaches the server (which signs the parcel in) but its answer
    // never comes back to the phone.
    const held: Route[] = [];
    await page.route('**/api/services/app/Logistics/SignByScan', async (route) => {
      held.push(route);
      await route.fetch().catch(() => null);
    });
    const shipment = unique('HG');
    await wedge(page, shipment);
    const started = Date.now();
    const verdict = page.getByRole('status').filter({ hasText: shipment });
    // The floor waits 3 s for an answer (the margin is for a busy test machine), not 30.
    await expect(verdict).toContainText('已排队', { timeout: 6_000 });
    expect(Date.now() - started).toBeLessThan(6_000);
    await expect(page.getByTestId('offline-banner')).toHaveAttribute('data-reach', 'silent');
    await expect(page.getByTestId('offline-banner')).toContainText('服务器无响应');

    // While the server is silent, the next scan queues at once.
    const second = unique('HG');
    await wedge(page, second);
    const again = Date.now();
    await expect(page.getByRole('status').filter({ hasText: second })).toContainText('已排队', { timeout: 2_000 });
    expect(Date.now() - again).toBeLessThan(2_000);

    // The network heals: both replay under their keys, the first answered from the stored response.
    await page.unroute('**/api/services/app/Logistics/SignByScan');
    await expect(page.getByTestId('outbox-badge')).toHaveCount(0, { timeout: 40_000 });
    await expect(page.getByTestId('offline-banner')).toHaveCount(0);
    expect(await api.inbound(shipment)).toBe(1);
    expect(await api.inbound(second)).toBe(1);
    expect(held.length).toBeGreaterThan(0);
  } finally {
    await context.close();
  }
});

/** A seller with points, the fee settings, and a mainland order whose goods have arrived (ready to pack). */
async function arrivedOrder(request: APIRequestContext, token: string, apiLogin: (u: string, p: string, t?: number | null) => Promise<string>, arrive = true) {
  const api = apiOf(request, token);
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 100)}`.toUpperCase();
  const userName = `e2eshift${suffix.toLowerCase()}`;
  const reg = await request.post('/api/services/app/Account/Register', {
    headers: { 'Abp.TenantId': '1' }, data: { userName, name: `卖家${suffix}`, password: 'secret123', emailAddress: `${userName}@example.com` },
  });
  expect(reg.ok(), await reg.text()).toBe(true);
  const seller = apiOf(request, await apiLogin(userName, 'secret123', 1));
  const userId: number = (await api.get('User/GetAll', { keyword: userName })).items.find((u: { userName: string }) => u.userName === userName).id;
  const store = await api.post('BackStoreAddress/EditStoreAddress', { userId, storeName: `E2E班次店${suffix}`, site: 'TW' });
  await api.post('User/SystemRechargeAmount', { userId, amount: 1000, remark: 'e2e' });
  const warehouseId: number = (await api.get('WarehouseInfo/GetWarehouseInfoList')).items[0].id;
  const beginTime = new Date(Date.now() - 3600_000).toISOString();
  const settings = [
    ['BaseCostSetting/Add', { warehouseInfoId: warehouseId, orderType: 2, beginTime, isEffective: true, baseCost: 3, baseSkuNums: 1, exceedSkuCost: 0.5, maxSkuCost: 2, sackPrice: 0.8 }],
    ['MainlandFreight/Add', {
      warehouseInfoId: warehouseId, site: 'TW', cargoCategory: 1, beginTime, isEffective: true,
      firstWeight: 0.5, firstWeightPrice: 12, continueWeight: 0.5, continueWeightCost: 5, bulkyParameter: 6000,
    }],
  ] as const;
  for (const [path, data] of settings) {
    const r = await request.post(`/api/services/app/${path}`, { headers: api.headers, data });
    expect([200, 409]).toContain(r.status());
  }
  const order = await seller.post('FrontOrder/CreateOrder', {
    orderNumber: `E2ES${suffix}`, storeId: store.id, warehouseInfoId: warehouseId, site: 'TW', orderType: 2, cargoCategory: 1, shippingMethods: 2,
    orderProductInfosList: [{ productName: '蓝牙耳机', productSku: 'BT-1', quantity: 1, shipment: `YT${suffix}Q1` }],
  });
  const tradeNo: string = order.tradeNo;
  if (arrive) await api.post(`BackOrder/arriveWarehouse?tradeNo=${tradeNo}`);
  return {
    tradeNo, shipment: `YT${suffix}Q1`,
    /** The seller's ledger rows of this order. */
    flows: async () => ((await seller.get('Recharge/GetAmountList', { number: tradeNo, maxResultCount: 100 })).items as { incurredAmount: number; reversesFlowId: number | null }[]),
  };
}

test('打包称重 on a phone: Enter twice weighs once, a re-weigh asks first, the fees are in view, and focus is back in the scan box', async ({ browser, baseURL, apiLogin }) => {
  test.setTimeout(90_000);
  const context = await phone(browser, baseURL);
  const page = await context.newPage();
  try {
    const order = await arrivedOrder(context.request, await apiLogin(admin.userName, admin.password, 1), apiLogin);
    await login(page, { ...admin, from: '/back/packStation' });
    const box = page.getByTestId('pack-scan-input');
    await expect(box).toBeFocused();
    await wedge(page, order.tradeNo);
    await expect(page.getByTestId('station-trade-no')).toHaveText(order.tradeNo);
    await page.getByTestId('pack-button').click();
    await expect(page.getByTestId('weigh-weight')).toBeFocused();
    await page.keyboard.type('1.26');
    // A picker's double press: two Enters before the first answer.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('weigh-verdict')).toHaveText('已扣费');
    await expect(page.getByTestId('weigh-result')).toBeInViewport({ ratio: 0.9 });
    if (process.env.HC_SHOTS) await page.screenshot({ path: `${process.env.HC_SHOTS}/floor-weighed.png` });
    await expect(box).toBeFocused();
    // A third Enter lands in the (empty) scan box: nothing is weighed.
    await page.keyboard.press('Enter');
    await page.waitForTimeout(1_000);
    const once = await order.flows();
    const total = Number(await page.getByTestId('weigh-total').textContent());
    expect(once.length).toBeGreaterThan(0);
    expect(once.every((f) => f.incurredAmount < 0 && f.reversesFlowId === null), `only charges, no reversal: ${JSON.stringify(once)}`).toBe(true);
    expect(once.reduce((sum, f) => sum + f.incurredAmount, 0)).toBeCloseTo(-total, 2);

    // Weighing a weighed order again asks first; 取消 leaves the ledger alone.
    await page.getByTestId('weigh-button').click();
    await expect(page.getByTestId('reweigh-confirm')).toContainText('重新称重');
    await page.getByRole('button', { name: '取消' }).click();
    await expect(page.getByTestId('reweigh-confirm')).toHaveCount(0);
    expect(await order.flows()).toHaveLength(once.length);
  } finally {
    await context.close();
  }
});

test('交接扫描 on a phone, offline: opens focused, reads a wedge wherever focus is, the banner survives a reload, closing asks with the count, and the queue is in Chinese', async ({ browser, baseURL, apiLogin }) => {
  test.setTimeout(120_000);
  const context = await phone(browser, baseURL, 'allow');
  const page = await context.newPage();
  try {
    const api = apiOf(context.request, await apiLogin(admin.userName, admin.password, 1));
    const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 100)}`.toUpperCase();
    const userName = `e2ehand${suffix.toLowerCase()}`;
    const reg = await context.request.post('/api/services/app/Account/Register', {
      headers: { 'Abp.TenantId': '1' }, data: { userName, name: `卖家${suffix}`, password: 'secret123', emailAddress: `${userName}@example.com` },
    });
    expect(reg.ok()).toBe(true);
    const userId: number = (await api.get('User/GetAll', { keyword: userName })).items.find((u: { userName: string }) => u.userName === userName).id;
    const store = await api.post('BackStoreAddress/EditStoreAddress', { userId, storeName: `E2E交接店${suffix}`, site: 'TW' });

    await login(page, { ...admin, from: '/backstock/backDeliveryreceiptScan' });
    const box = page.getByTestId('scan-input');
    await expect(box).toBeFocused();
    await expect(box).toHaveAttribute('placeholder', /扫描/);
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 45_000 }).toBe(true);
    await page.getByTestId('receipt-store').selectOption(String(store.id));
    await expect(box).toBeFocused();

    await context.setOffline(true);
    const [a, b, c] = [unique('TA'), unique('TB'), unique('TC')];
    await wedge(page, a);
    await expect(page.getByRole('status').filter({ hasText: a })).toContainText('已排队');
    // Focus on the page itself (a tap on nothing): the wedge's burst is still read.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await wedge(page, b);
    await expect(page.getByRole('status').filter({ hasText: b })).toContainText('已排队');
    await expect(box).toBeFocused();
    await expect(page.getByTestId('receipt-count')).toHaveText('2');

    // Reloaded offline: the banner is there, the box has focus.
    await page.reload();
    await expect(page.getByTestId('receipt-scan')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('offline-banner')).toHaveAttribute('data-reach', 'offline', { timeout: 10_000 });
    await expect(box).toBeFocused();

    // A scan while the close button has focus is read as a scan, and its Enter does not press the button.
    await page.getByTestId('receipt-close').focus();
    await wedge(page, c);
    await expect(page.getByRole('status').filter({ hasText: c })).toContainText('已排队');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(page.getByTestId('receipt-count')).toHaveText('3');

    // 关闭批次并出库 asks, naming the count; 取消 ships nothing.
    await page.getByTestId('receipt-close').click();
    const ask = page.getByRole('alertdialog');
    await expect(ask).toContainText('将出库 3 单');
    await ask.getByRole('button', { name: '取消' }).click();
    await expect(ask).toHaveCount(0);
    await expect(box).toBeFocused();
    await page.getByTestId('receipt-close').click();
    await ask.getByRole('button', { name: '确定' }).click();
    await expect(page.getByTestId('receipt-verdict')).toHaveAttribute('data-verdict', 'queued');

    // The queue: Chinese names and the numbers, nothing of the registry's words.
    await page.getByRole('button', { name: '离线队列' }).click();
    const drawer = page.getByRole('dialog', { name: '离线队列' });
    await expect(drawer.getByTestId('outbox-row-action')).toHaveText(['交接扫描', '交接扫描', '交接扫描', '关闭批次并出库']);
    await expect(drawer.getByTestId('outbox-row-number').first()).toContainText(a);
    await expect(drawer).not.toContainText(/closeBatch|DeliveryReceipt|\badd\b/);

    // Back online: the three scans are refused (no such orders) and each says what to do; the close
    // behind them is still sent, not held back by them.
    await context.setOffline(false);
    await expect(drawer.locator('[data-testid="outbox-row"][data-status="attention"]').filter({ hasText: a })).toBeVisible({ timeout: 40_000 });
    await expect(drawer.locator('[data-testid="outbox-row"][data-status="pending"]')).toHaveCount(0, { timeout: 40_000 });
    const refused = drawer.locator('[data-testid="outbox-row"][data-status="attention"]').filter({ hasText: a });
    await expect(refused.getByTestId('outbox-row-advice')).not.toBeEmpty();
    await refused.getByRole('button', { name: '丢弃' }).click();
    await expect(refused.getByRole('alertdialog')).toContainText('确定丢弃');
    await refused.getByRole('button', { name: '确定丢弃' }).click();
    await expect(drawer.locator('[data-testid="outbox-row"][data-status="attention"]').filter({ hasText: a })).toHaveCount(0);
    if (process.env.HC_SHOTS) await page.screenshot({ path: `${process.env.HC_SHOTS}/floor-queue.png` });
  } finally {
    await context.close();
  }
});

test('a picker (role Warehouse only) lands on 作业首页 after signing in, not on the dashboard', async ({ browser, baseURL, apiLogin }) => {
  const context = await phone(browser, baseURL);
  const page = await context.newPage();
  try {
    const api = apiOf(context.request, await apiLogin(admin.userName, admin.password, 1));
    const userName = `picker${Date.now().toString(36)}`;
    await api.post('User/Create', { userName, name: '仓库小李', password: 'picker123', roleNames: ['Warehouse'], userType: 0 });
    await login(page, { tenant: 'Default', userName, password: 'picker123' });
    await expect(page).toHaveURL(/\/floor$/);
    await expect(page.getByTestId('floor-frame')).toBeVisible();
    await expect(page.getByRole('heading', { name: '作业首页' })).toBeVisible();
  } finally {
    await context.close();
  }
});

/** Every element with its own text under `root`: its text colour against the background it sits on (WCAG contrast). */
async function contrasts(page: Page, selector: string): Promise<{ text: string; ratio: number; large: boolean }[]> {
  return page.evaluate((sel) => {
    const probe = document.createElement('canvas').getContext('2d')!;
    const rgba = (css: string): [number, number, number, number] => {
      probe.clearRect(0, 0, 1, 1);
      probe.fillStyle = '#000';
      probe.fillStyle = css;
      probe.fillRect(0, 0, 1, 1);
      const d = probe.getImageData(0, 0, 1, 1).data;
      return [d[0]!, d[1]!, d[2]!, d[3]! / 255];
    };
    const lum = ([r, g, b]: number[]) => {
      const l = [r!, g!, b!].map((v) => v / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
      return 0.2126 * l[0]! + 0.7152 * l[1]! + 0.0722 * l[2]!;
    };
    const background = (el: Element | null): number[] => {
      for (let e = el; e; e = e.parentElement) {
        const c = rgba(getComputedStyle(e).backgroundColor);
        if (c[3] > 0.5) return c;
      }
      return [255, 255, 255, 1];
    };
    const out: { text: string; ratio: number; large: boolean }[] = [];
    for (const root of document.querySelectorAll(sel)) {
      for (const el of [root, ...root.querySelectorAll('*')]) {
        const own = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent!.trim()).join('');
        if (!own || (el as HTMLElement).offsetParent === null) continue;
        const style = getComputedStyle(el);
        const [a, b] = [lum(rgba(style.color)), lum(background(el))].sort((x, y) => y - x);
        const px = parseFloat(style.fontSize);
        // WCAG's large text: 24 px, or 18.66 px bold.
        const large = px >= 24 || (px >= 18.66 && Number(style.fontWeight) >= 700);
        out.push({ text: own, ratio: Math.round(((a! + 0.05) / (b! + 0.05)) * 100) / 100, large });
      }
    }
    return out;
  }, selector);
}

test('readable in a bright warehouse: the green verdict, the badges and the secondary words are ≥ 4.5:1; on a 360×640 phone the seller code and 库位 are in the first screen', async ({ browser, baseURL, apiLogin }) => {
  test.setTimeout(90_000);
  const context = await phone(browser, baseURL);
  const page = await context.newPage();
  try {
    const order = await arrivedOrder(context.request, await apiLogin(admin.userName, admin.password, 1), apiLogin, false);
    await login(page, { ...admin, from: '/back/intoLogistics' });
    await chooseWarehouse(page);
    await wedge(page, order.shipment);
    const verdict = page.getByRole('status').filter({ hasText: order.shipment });
    await expect(verdict).toHaveAttribute('data-verdict', 'SIGNED');
    if (process.env.HC_SHOTS) await page.screenshot({ path: `${process.env.HC_SHOTS}/floor-signed.png` });
    // The verdict and every badge: 4.5:1 whatever their size.
    const strict = await contrasts(page, '[role="status"], [data-testid="floor-frame"] [class*="badge"]');
    expect(strict.length).toBeGreaterThan(3);
    expect(strict.filter((c) => c.ratio < 4.5), 'verdict or badge text under 4.5:1').toEqual([]);
    // The rest of the screen: AA (4.5:1, large text 3:1).
    const rest = await contrasts(page, '[data-testid="floor-frame"]');
    expect(rest.filter((c) => c.ratio < (c.large ? 3 : 4.5)), 'text under AA').toEqual([]);
    // A small phone, the page where the scan left it (not scrolled): seller code and slot without scrolling.
    await page.setViewportSize({ width: 360, height: 640 });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(verdict.getByTestId('verdict-user-code')).toBeInViewport({ ratio: 1 });
    await expect(verdict.getByTestId('verdict-shelf')).toBeInViewport({ ratio: 1 });
    if (process.env.HC_SHOTS) await page.screenshot({ path: `${process.env.HC_SHOTS}/floor-signed-360x640.png` });
  } finally {
    await context.close();
  }
});
