// English everywhere (issue 44 item 2): signed in as the tenant admin and as a seller, the user
// switches to English in the user menu and every route of the route tree is visited; no Chinese may
// show outside data cells. The routes come from src/app/route-tree.gen.ts (so a new route is walked
// automatically) and each route file's staticData.side says who can open it. A floor worker (role
// Warehouse only) on a phone walks the floor screens in the floor app's frame (the list of
// tests/helpers/first-load-js.ts), then scans an unknown number on each scan screen.
//
// Data (not checked): the text of table body cells that came from the database — but a badge or a
// button inside a cell is an enum label or an action and IS checked — and any element marked
// data-value (a value from the database shown outside a table: a warehouse name, a seller's name).
// ENGLISH_SHOTS=/some/dir saves a screenshot of every route.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, SEEDED } from './fixtures.ts';
import { login } from './login.ts';
import { floorRoutes } from '../tests/helpers/first-load-js.ts';

const SHOTS = process.env.ENGLISH_SHOTS;
const ROOT = path.resolve(import.meta.dirname, '..');
const admin = { tenant: 'Default', userName: SEEDED.tenantAdmin.userName, password: SEEDED.tenantAdmin.password };

type Side = 'staff' | 'seller' | 'any';
interface RouteInfo { path: string; side: Side }

/** Every full path of the generated route tree, with the side its route file declares. */
function routes(): RouteInfo[] {
  const tree = readFileSync(path.join(ROOT, 'src/app/route-tree.gen.ts'), 'utf8');
  const union = /fullPaths:\s*((?:\s*\|\s*'[^']*')+)/.exec(tree)?.[1] ?? '';
  const paths = [...union.matchAll(/'([^']*)'/g)].map((m) => m[1]!);
  expect(paths.length).toBeGreaterThan(60);
  const files = [...tree.matchAll(/import \{ Route as \w+ \} from '\.\/routes\/([^']+)'/g)].map((m) => m[1]!);
  const sideOf = new Map<string, Side>();
  for (const file of files) {
    const text = readFileSync(path.join(ROOT, 'src/app/routes', file.replace(/\.tsx?$/, '') + '.tsx'), 'utf8');
    const id = /createFileRoute\('([^']+)'\)/.exec(text)?.[1];
    const side = /\bside: '(staff|seller|any)'/.exec(text)?.[1] as Side | undefined;
    if (id) sideOf.set(id.replace(/^\/_app(?=\/|$)/, '') || '/', side ?? 'any');
  }
  return paths.map((p) => ({ path: p, side: sideOf.get(p) ?? 'any' }));
}

/** Routes that are no screen of their own to walk in English. */
const SKIP = new Set([
  '/', // the sign-in page: it redirects a signed-in user to the home page (walked as /main/home)
  '/locking', // the lock screen: walked through the user menu in another spec
  '/frontauthorization/cancel', '/frontauthorization/success', // Shopee's redirect targets, they navigate on
]);

/**
 * Routes whose screens are not translated yet (issue 44 item 2 is under way): the walk still visits
 * them and reports what it finds, but only fails on the others. The contract's routes are never here.
 */
const NOT_YET_ENGLISH = new Set<string>([]);
const CONTRACT = ['/main/home', '/back/backOrderList', '/warehouse/basecostsetting'];

/** The visible Chinese outside data cells: text nodes and placeholders. */
async function chineseOnScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const CJK = /[\u3400-\u9fff\uff01-\uff5e\u3000-\u303f]/;
    const HAN = /[\u3400-\u9fff]/;
    const isData = (el: Element) => {
      if (el.closest('[data-value]')) return true;
      const cell = el.closest('tbody td');
      if (!cell) return false;
      // An enum label (badge) or an action inside a cell is ours to translate.
      return !el.closest('.mantine-Badge-root, button, [role="button"], [data-i18n]');
    };
    const seen = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const el = node.parentElement;
      if (!text || !HAN.test(text) || !el || !CJK.test(text)) continue;
      if (el.closest('script, style, noscript') || !el.checkVisibility({ opacityProperty: false, visibilityProperty: true })) continue;
      if (isData(el)) continue;
      seen.add(text.slice(0, 80));
    }
    for (const input of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[placeholder], textarea[placeholder]')) {
      if (HAN.test(input.placeholder) && input.checkVisibility() && !isData(input)) seen.add(`placeholder: ${input.placeholder}`);
    }
    return [...seen];
  });
}

async function switchToEnglish(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByTestId('user-menu')).toHaveAccessibleName('User menu');
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => {});
  // Skeletons and loaders of lazily loaded screens.
  await expect(page.locator('.mantine-Skeleton-root[data-visible="true"], .mantine-Loader-root').first()).toBeHidden({ timeout: 3_000 }).catch(() => {});
}

async function walk(page: Page, list: RouteInfo[], search: (p: string) => string = () => ''): Promise<string[]> {
  const problems: string[] = [];
  for (const route of CONTRACT) expect(NOT_YET_ENGLISH.has(route)).toBe(false);
  for (const route of list) {
    const target = route.path === '/$' ? '/no/such/page' : route.path + search(route.path);
    await page.goto(target);
    await settle(page);
    const found = await chineseOnScreen(page);
    if (NOT_YET_ENGLISH.has(route.path)) {
      if (found.length) test.info().annotations.push({ type: 'not yet English', description: `${target}: ${found.join(' | ')}` });
    } else if (found.length) problems.push(`${target}: ${found.join(' | ')}`);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${route.path.replace(/[/$]/g, '_') || 'root'}.png`, fullPage: true });
  }
  return problems;
}

test('the tenant admin sees every staff route in English', async ({ page, request, apiLogin }) => {
  test.setTimeout(8 * 60_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  // An admin of its own: the language is the user's, kept by the server, and the other specs sign in
  // as the seeded admin in Chinese at the same time.
  const token = await apiLogin(admin.userName, admin.password, 1);
  const english = { userName: `enadmin${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`, password: 'admin123' };
  const made = await request.post('/api/services/app/User/Create', {
    headers: { Authorization: `Bearer ${token}`, 'Abp.TenantId': '1' },
    data: { userName: english.userName, name: 'English Admin', password: english.password, roleNames: ['Admin'], userType: 0 },
  });
  expect(made.ok(), await made.text()).toBe(true);
  await login(page, { tenant: 'Default', ...english, from: '/main/home' });
  await switchToEnglish(page);
  const list = routes().filter((r) => r.side !== 'seller' && !SKIP.has(r.path));
  const problems = await walk(page, list);
  expect(problems, 'Chinese outside data cells').toEqual([]);
});

test('a seller sees every seller route in English', async ({ page, request, apiLogin }) => {
  test.setTimeout(8 * 60_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  // A seller with a store and an order, so the detail routes open a real record.
  // Its name is ASCII: the seller's name is data, shown in the banner and the greeting.
  const seller = { userName: `en${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`, password: 'seller123' };
  const registered = await request.post('/api/services/app/Account/Register', { headers: { 'Abp.TenantId': '1' }, data: { ...seller, name: 'English Seller' } });
  expect(registered.ok(), await registered.text()).toBe(true);
  const token = await apiLogin(admin.userName, admin.password, 1);
  const headers = { Authorization: `Bearer ${token}`, 'Abp.TenantId': '1' };
  const users = await (await request.get('/api/services/app/User/GetAll', { headers, params: { keyword: seller.userName } })).json();
  const userId: number = users.result.items.find((u: { userName: string }) => u.userName === seller.userName).id;
  const store = await request.post('/api/services/app/BackStoreAddress/EditStoreAddress', { headers, data: { userId, storeName: `EN${Date.now().toString(36)}`, site: 'TW' } });
  expect(store.ok(), await store.text()).toBe(true);
  const warehouses = await (await request.get('/api/services/app/WarehouseInfo/GetWarehouseInfoList', { headers })).json();
  const warehouseInfoId: number = warehouses.result.items[0].id;

  const sellerToken = await apiLogin(seller.userName, seller.password, 1);
  const sellerHeaders = { Authorization: `Bearer ${sellerToken}`, 'Abp.TenantId': '1' };
  const stores = await (await request.get('/api/services/app/FrontOrder/GetStoreList', { headers: sellerHeaders })).json();
  const storeId: number = (stores.result.items ?? stores.result)[0].id;
  const suffix = Date.now().toString(36).toUpperCase();
  const created = await request.post('/api/services/app/FrontOrder/CreateOrder', {
    headers: sellerHeaders,
    data: {
      orderNumber: `EN${suffix}`, storeId, warehouseInfoId, site: 'TW', orderType: 1, cargoCategory: 1, shippingMethods: 2,
      orderProductInfosList: [{ productName: 'Earphones', quantity: 2, shipment: `EN${suffix}1` }],
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const orderId: number = (await created.json()).result.id;

  await login(page, { tenant: 'Default', userName: seller.userName, password: seller.password, from: '/main/home' });
  await switchToEnglish(page);
  const list = routes().filter((r) => r.side === 'seller' || (r.side === 'any' && !SKIP.has(r.path)));
  // Detail routes open the seeded order (the stock and overseas ones show their "not found" state).
  const problems = await walk(page, list, (p) => (/Detail$/i.test(p) ? `?id=${orderId}` : ''));
  expect(problems, 'Chinese outside data cells').toEqual([]);
});

test('a floor worker sees every floor screen on a phone in English', async ({ browser, baseURL, apiLogin }) => {
  test.setTimeout(4 * 60_000);
  // A phone, so the floor screens open in the floor app's frame (lib/floor-layout.ts), and a user of
  // the Warehouse role only, of its own (the language is the user's).
  const context = await browser.newContext({
    baseURL, serviceWorkers: 'block', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'zh-CN', timezoneId: 'Asia/Shanghai',
  });
  const page = await context.newPage();
  try {
    const token = await apiLogin(admin.userName, admin.password, 1);
    const worker = { userName: `enfloor${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`, password: 'picker123' };
    const made = await context.request.post('/api/services/app/User/Create', {
      headers: { Authorization: `Bearer ${token}`, 'Abp.TenantId': '1' },
      data: { ...worker, name: 'Floor Worker', roleNames: ['Warehouse'], userType: 0 },
    });
    expect(made.ok(), await made.text()).toBe(true);
    await login(page, { tenant: 'Default', ...worker });
    await expect(page.getByTestId('floor-home')).toBeVisible();
    await switchToEnglish(page);
    const list: RouteInfo[] = floorRoutes(ROOT).map((r) => ({ path: r.path, side: 'staff' }));
    expect(list.map((r) => r.path)).toContain('/floor');
    const problems = await walk(page, list);
    // Each scan screen after scanning a number it does not know: its verdict or refusal.
    for (const route of list) {
      await page.goto(route.path);
      await settle(page);
      const box = page.getByTestId('scan-input');
      if (!(await box.isVisible())) continue;
      await box.click();
      await page.keyboard.type('ENX404NOPE1', { delay: 5 });
      await page.keyboard.press('Enter');
      await settle(page);
      await page.waitForTimeout(500);
      const found = await chineseOnScreen(page);
      if (found.length) problems.push(`${route.path} after a scan: ${found.join(' | ')}`);
    }
    expect(problems, 'Chinese outside data cells').toEqual([]);
  } finally {
    await context.close();
  }
});
