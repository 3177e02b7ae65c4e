// The installable floor app, offline (issue 6), as a picker with a phone would use it: the manifest
// is installable; after one visit the service worker controls the page; the sign-in station opens
// with the network off; six numbers typed by a wedge scanner while offline stay queued across a
// reload, never reach the server while offline, and are signed in exactly once each within 45 s of
// the network returning — also when the server is killed in the middle of the replay.
//
// These tests run against a server of their own (started here on a throw-away data dir), so it can
// be killed and restarted on the same data; and in browser contexts that allow service workers
// (the shared config blocks them for every other spec).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { request as playwrightRequest, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { test, expect, SEEDED } from './fixtures.ts';
import { login } from './login.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const admin = { tenant: 'Default', userName: SEEDED.tenantAdmin.userName, password: SEEDED.tenantAdmin.password };
const PHONE = { width: 360, height: 780 };

/** The real server (as e2e/global-setup.ts starts it) on a fixed port and data dir, restartable. */
class OwnServer {
  private child: ChildProcess | null = null;
  readonly dataDir = mkdtempSync(path.join(tmpdir(), 'haicang-e2e-pwa-'));
  port = 0;
  get url() { return `http://127.0.0.1:${this.port}`; }

  async start(): Promise<void> {
    if (!this.port) this.port = await freePort();
    const require = createRequire(path.join(ROOT, 'package.json'));
    const tsx = pathToFileURL(path.join(path.dirname(require.resolve('tsx/package.json')), 'dist', 'loader.mjs')).href;
    const env: NodeJS.ProcessEnv = {
      ...process.env, PORT: String(this.port), HOST: '127.0.0.1', DATA_DIR: this.dataDir, LOG_LEVEL: 'warn', SIGN_IN_ATTEMPTS_PER_MINUTE: '10000',
    };
    delete env.DATABASE_URL;
    delete env.TOKEN_SECRET;
    delete env.HC_E2E_DATA_DIR; // the watchdog must not delete our data dir when we kill the server
    const child = spawn(process.execPath, [
      '--import', tsx,
      '--import', pathToFileURL(path.join(ROOT, 'e2e', 'server-watchdog.mjs')).href,
      path.join(ROOT, 'src', 'server', 'main.ts'),
    ], { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });
    const relay = (chunk: Buffer) => process.stderr.write(chunk.toString().replace(/^(?=.)/gm, '[pwa-server] '));
    child.stdout!.on('data', relay);
    child.stderr!.on('data', relay);
    this.child = child;
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the PWA test server exited during start (${child.exitCode ?? child.signalCode})`);
      try {
        const res = await fetch(`${this.url}/health`, { signal: AbortSignal.timeout(2_000) });
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error('the PWA test server did not start within 120 s');
      await new Promise((r) => setTimeout(r, 150));
    }
  }

  /** SIGKILL: no graceful shutdown, as when the machine loses power. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill('SIGKILL');
    await gone;
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      const gone = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await gone;
      clearTimeout(timer);
    }
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const server = new OwnServer();

test.beforeAll(async () => {
  test.setTimeout(150_000);
  await server.start();
});

test.afterAll(async () => {
  await server.stop();
});

async function phoneContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: server.url, serviceWorkers: 'allow', viewport: PHONE, hasTouch: true, locale: 'zh-CN', timezoneId: 'Asia/Shanghai',
  });
}

/** Signs in on the station, picks a warehouse, and waits until the worker controls the page and
 * the floor's reads are kept for offline use. */
async function firstOnlineVisit(page: Page, who: { tenant: string; userName: string; password: string } = admin): Promise<void> {
  await login(page, { ...who, from: '/back/intoLogistics' });
  await expect(page).toHaveURL(/\/back\/intoLogistics/);
  const warehouse = page.getByTestId('station-warehouse');
  await expect(warehouse).toBeEnabled();
  // A native select: its placeholder (选择仓库) is option 0 while nothing is chosen.
  if (!(await warehouse.inputValue())) await warehouse.selectOption({ index: 1 });
  await expect(warehouse).not.toHaveValue('');
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 45_000, message: 'the service worker controls the page' }).toBe(true);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('haicang.reads') ?? ''), { timeout: 10_000 }).toContain('WarehouseInfo');
}

/** The API as the test sees it (never through the browser, so unaffected by its being offline). */
async function apiAs() {
  const ctx = await playwrightRequest.newContext({ baseURL: server.url });
  const res = await ctx.post('/api/TokenAuth/Authenticate', { headers: { 'Abp.TenantId': '1' }, data: { userNameOrEmailAddress: admin.userName, password: admin.password } });
  const token = (await res.json()).result.accessToken as string;
  const headers = { Authorization: `Bearer ${token}`, 'Abp.TenantId': '1' };
  return {
    /** Inbound records (入库记录) for one tracking number. */
    async inbound(shipment: string): Promise<number> {
      const r = await ctx.get('/api/services/app/IntoLogistics/GetIntoLogisticsList', { headers, params: { shipment, maxResultCount: 10 } });
      expect(r.ok(), await r.text()).toBe(true);
      return ((await r.json()).result.items as { shipment: string }[]).filter((i) => i.shipment === shipment).length;
    },
    /** A picker of tenant Default (role Warehouse only). */
    async createPicker(prefix: string): Promise<{ tenant: string; userName: string; password: string }> {
      const userName = `${prefix}${Date.now().toString(36)}`;
      const r = await ctx.post('/api/services/app/User/Create', { headers, data: { userName, name: `拣货员${prefix}`, password: 'picker123', roleNames: ['Warehouse'], userType: 0 } });
      expect(r.ok(), await r.text()).toBe(true);
      return { tenant: 'Default', userName, password: 'picker123' };
    },
    dispose: () => ctx.dispose(),
  };
}

async function scanAsWedge(page: Page, shipment: string): Promise<void> {
  await expect(page.getByTestId('scan-input')).toBeFocused();
  await page.keyboard.type(shipment, { delay: 5 });
  await page.keyboard.press('Enter');
  const verdict = page.getByTestId('scan-verdict');
  await expect(verdict.getByTestId('verdict-shipment')).toHaveText(shipment);
  await expect(verdict).toHaveAttribute('data-verdict', 'queued');
}

const numbers = (prefix: string) => Array.from({ length: 6 }, (_, i) => `${prefix}${Date.now().toString(36).toUpperCase()}${i}`);

test('the manifest is installable: name, start URL, standalone, 192 and 512 icons', async ({ browser }) => {
  const context = await phoneContext(browser);
  const page = await context.newPage();
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await page.request.get(href!);
  expect(res.ok()).toBe(true);
  const manifest = await res.json() as { name: string; short_name: string; start_url: string; display: string; scope: string; theme_color: string; icons: { src: string; sizes: string; purpose?: string }[] };
  expect(manifest).toMatchObject({ name: '海仓', short_name: '海仓', start_url: '/floor', display: 'standalone', scope: '/' });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  for (const size of [192, 512]) {
    const icon = manifest.icons.find((i) => i.sizes === `${size}x${size}` && (i.purpose ?? 'any').includes('any'));
    expect(icon, `${size} icon`).toBeTruthy();
    const png = await (await page.request.get(icon!.src)).body();
    // A real PNG of the announced size (IHDR width and height).
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([size, size]);
  }
  expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
  // Chromium's own verdict, once the worker is in control.
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 45_000 }).toBe(true);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // Playwright's contexts are incognito windows, where Chromium never offers installing; that is
  // the only objection allowed.
  expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
  await context.close();
});

test('API reads are cached per user and the cache is gone after signing out', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await phoneContext(browser);
  const page = await context.newPage();
  try {
    await firstOnlineVisit(page);
    const apiCaches = () => page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('hc-api-')));
    // Once the worker controls the page, the start-up configuration and the shell's reads go
    // through it and sit in this user's cache.
    await page.reload();
    await expect(page.getByTestId('inbound-station')).toBeVisible();
    await expect.poll(async () => (await apiCaches()).length, { timeout: 15_000 }).toBe(1);
    const cached = await page.evaluate(async () => {
      const name = (await caches.keys()).find((k) => k.startsWith('hc-api-'))!;
      return (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
    });
    expect(cached).toContain('/AbpUserConfiguration/GetAll');
    expect(cached.every((p) => p.startsWith('/api/services/app/') || p === '/AbpUserConfiguration/GetAll'), cached.join(', ')).toBe(true);

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await expect(page.getByRole('heading', { name: '欢迎登录' })).toBeVisible();
    await expect.poll(apiCaches).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('haicang.reads'))).toBeNull();
  } finally {
    await context.close();
  }
});

test('offline: the station opens, six wedge scans stay queued across a reload, then are signed in exactly once', async ({ browser }) => {
  test.setTimeout(150_000);
  const context = await phoneContext(browser);
  const page = await context.newPage();
  const api = await apiAs();
  try {
    await firstOnlineVisit(page);

    await context.setOffline(true);
    // The station opens with the network off: the shell, the chunks and the floor's reads are local.
    await page.reload();
    await expect(page.getByTestId('inbound-station')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await expect(page.getByTestId('station-warehouse')).not.toHaveValue('');

    const six = numbers('PW');
    for (const n of six) await scanAsWedge(page, n);
    await expect(page.getByTestId('scan-verdict')).toContainText('已离线，已排队');
    await expect(page.getByTestId('scan-verdict')).toContainText('6 条待同步');
    await expect(page.getByTestId('count-signed')).toHaveText('0');

    // Across a reload, still offline: all six still wait, none reached the server.
    await page.reload();
    await expect(page.getByTestId('inbound-station')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('outbox-badge')).toHaveText('6 待同步 · 0 需处理');
    await expect(page.getByTestId('station-waiting')).toHaveText('6 条待同步');
    for (const n of six) expect(await api.inbound(n), `${n} reached the server while offline`).toBe(0);

    // The network returns: within 45 s every scan is signed in, once.
    const back = Date.now();
    await context.setOffline(false);
    await expect(page.getByTestId('synced-row')).toHaveCount(6, { timeout: 45_000 });
    const took = Date.now() - back;
    test.info().annotations.push({ type: 'replay', description: `all six signed in ${took} ms after the network returned` });
    expect(took).toBeLessThan(45_000);
    await expect(page.getByTestId('outbox-badge')).toHaveCount(0);
    // Each was signed by a first request (a second sign-in would have answered 已签收过).
    await expect(page.locator('[data-testid="synced-row"][data-verdict="UNCLAIMED"]')).toHaveCount(6);
    for (const n of six) expect(await api.inbound(n), `${n}: one inbound record`).toBe(1);
  } finally {
    await api.dispose();
    await context.close();
  }
});

test('the same when the server is killed in the middle of the replay (its answer lost after the work was done)', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await phoneContext(browser);
  const page = await context.newPage();
  try {
    await firstOnlineVisit(page);
    await context.setOffline(true);
    const six = numbers('PK');
    for (const n of six) await scanAsWedge(page, n);
    await expect(page.getByTestId('station-waiting')).toHaveText('6 条待同步');

    // The third replayed request reaches the server and is committed; then the server dies before
    // the answer gets back, and comes back up a moment later on the same data.
    const keys: string[] = [];
    let restarted: Promise<void> | null = null;
    await context.route('**/api/services/app/Logistics/SignByScan', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (keys.length === 3 && !restarted) {
        const res = await route.fetch();
        expect(res.status()).toBe(200);
        await server.kill();
        restarted = server.start();
        await route.abort('connectionreset');
        return;
      }
      await route.continue().catch(() => {});
    });

    const back = Date.now();
    await context.setOffline(false);
    await expect(page.getByTestId('synced-row')).toHaveCount(6, { timeout: 45_000 });
    const took = Date.now() - back;
    test.info().annotations.push({ type: 'replay', description: `all six signed in ${took} ms after the network returned (server killed and restarted)` });
    expect(took).toBeLessThan(45_000);
    expect(restarted, 'the server was killed during the replay').not.toBeNull();
    await restarted;
    // The lost answer was asked for again with the same key: the server replayed it, not redone it.
    expect(keys.filter((k) => k === keys[2]).length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys).size).toBe(6);
    await expect(page.locator('[data-testid="synced-row"][data-verdict="UNCLAIMED"]')).toHaveCount(6);
    const api = await apiAs();
    try {
      for (const n of six) expect(await api.inbound(n), `${n}: one inbound record`).toBe(1);
    } finally {
      await api.dispose();
    }
  } finally {
    await context.close();
  }
});

// Issue 45 §3 (decision 0068): the floor keeps its session on the device.
const PHONE_390 = { width: 390, height: 844 };

async function picker390(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: server.url, serviceWorkers: 'allow', viewport: PHONE_390, hasTouch: true, locale: 'zh-CN', timezoneId: 'Asia/Shanghai',
  });
}

test('a floor sign-in stays on the phone: the app closed and reopened offline opens the floor with its queue', async ({ browser }) => {
  test.setTimeout(150_000);
  const api = await apiAs();
  const context = await picker390(browser);
  let page = await context.newPage();
  try {
    const picker = await api.createPicker('dev');
    await firstOnlineVisit(page, picker);
    // 记住我 was ticked on the phone: a device token, kept in localStorage with its expiry (a week).
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('haicang.auth') ?? 'null') as { expiresAt: number } | null);
    expect(stored!.expiresAt - Date.now()).toBeGreaterThan(6 * 86_400_000);
    expect(await page.evaluate(() => sessionStorage.getItem('haicang.auth'))).toBeNull();

    await context.setOffline(true);
    const two = numbers('DV').slice(0, 2);
    for (const n of two) await scanAsWedge(page, n);

    // The app is closed and opened again, offline: a new tab (nothing of the last one's session
    // storage), the shell from the service worker.
    await page.close();
    page = await context.newPage();
    await page.goto('/floor');
    await expect(page.getByTestId('floor-home')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('floor-outbox')).toHaveText('2 待同步 · 0 需处理');
    if (process.env.HC_SHOTS) await page.screenshot({ path: `${process.env.HC_SHOTS}/device-session-offline-floor.png` });
    await page.reload();
    await expect(page.getByTestId('floor-home')).toBeVisible({ timeout: 20_000 });
    await page.getByTestId('floor-tile').filter({ hasText: '包裹签收' }).click();
    await expect(page.getByTestId('inbound-station')).toBeVisible();
    await expect(page.getByTestId('station-waiting')).toHaveText('2 条待同步');
    for (const n of two) expect(await api.inbound(n), `${n} reached the server while offline`).toBe(0);

    await context.setOffline(false);
    await expect.poll(async () => (await api.inbound(two[0]!)) + (await api.inbound(two[1]!)), { timeout: 45_000 }).toBe(2);
  } finally {
    await api.dispose();
    await context.close();
  }
});

test('a token that expires offline loses nothing: another picker\'s sign-in holds the rows, the picker who did the work sends them', async ({ browser }) => {
  test.setTimeout(180_000);
  const api = await apiAs();
  const context = await picker390(browser);
  const page = await context.newPage();
  try {
    const worker = await api.createPicker('pka');
    const other = await api.createPicker('pkb');
    await firstOnlineVisit(page, worker);
    await context.setOffline(true);
    const two = numbers('EX').slice(0, 2);
    for (const n of two) await scanAsWedge(page, n);

    // The token runs out while the phone is offline: reopened, the app asks for a sign-in and says
    // the work is kept.
    await page.evaluate(() => {
      const t = JSON.parse(localStorage.getItem('haicang.auth')!) as { expiresAt: number };
      t.expiresAt = Date.now() - 1_000;
      localStorage.setItem('haicang.auth', JSON.stringify(t));
    });
    await page.reload();
    await expect(page.getByRole('heading', { name: '欢迎登录' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('sign-in-queued')).toBeVisible();
    if (process.env.HC_SHOTS) await page.screenshot({ path: `${process.env.HC_SHOTS}/device-session-expired.png` });

    // Back online, another picker signs in on this phone: the rows are held, named, not sent as them.
    await context.setOffline(false);
    await login(page, { ...other, from: '/back/intoLogistics' });
    await expect(page.getByTestId('inbound-station')).toBeVisible();
    const held = page.getByTestId('outbox-held');
    await expect(held).toContainText(worker.userName);
    await expect(held).toContainText('2 条离线操作');
    if (process.env.HC_SHOTS) await page.screenshot({ path: `${process.env.HC_SHOTS}/device-session-held.png` });
    await page.waitForTimeout(3_000);
    for (const n of two) expect(await api.inbound(n), `${n} was sent as another picker`).toBe(0);

    // That picker signs out; the one who did the work signs in: the rows go, once each.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await expect(page.getByRole('heading', { name: '欢迎登录' })).toBeVisible();
    await login(page, { ...worker, from: '/back/intoLogistics' });
    await expect(page.getByTestId('inbound-station')).toBeVisible();
    await expect.poll(async () => (await api.inbound(two[0]!)) + (await api.inbound(two[1]!)), { timeout: 45_000 }).toBe(2);
    await expect(page.getByTestId('outbox-held')).toHaveCount(0);
  } finally {
    await api.dispose();
    await context.close();
  }
});
