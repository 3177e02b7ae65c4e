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
    const started = Date.now();
    await wedge(page, shipment);
    const verdict = page.getByRole('status').filter({ hasText: shipment });
    await expect(verdict).toContainText('已排队', { timeout: 4_500 });
    expect(Date.now() - started).toBeLessThan(4_500);
    await expect(page.getByTestId('offline-banner')).toHaveAttribute('data-reach', 'silent');
    await expect(page.getByTestId('offline-banner')).toContainText('服务器无响应');

    // While the server is silent, the next scan queues at once.
    const second = unique('HG');
    const again = Date.now();
    await wedge(page, second);
    await expect(page.getByRole('status').filter({ hasText: second })).toContainText('已排队', { timeout: 1_500 });
    expect(Date.now() - again).toBeLessThan(1_500);

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
