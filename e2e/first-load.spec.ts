// The first visit on a phone (issue 11 §6, decision 0030): the sign-in page opened cold loads at most
// 170 KB of gzipped JavaScript before its form shows (the floor screens' budget, decision 0015), none
// of the console's code (the service registry with zod, the console shell) until someone signs in, and
// only part of Mantine's stylesheet — so every Mantine class it shows must have its rules there, and
// every screen after it must have the whole stylesheet.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from '@playwright/test';
import { test, expect, SEEDED } from './fixtures.ts';
import { FLOOR_READY, floorRouteJs, floorRoutes } from '../tests/helpers/first-load-js.ts';

const BUDGET_KB = 170;
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'dist');

interface Chunk { file: string; name?: string }

/**
 * The console's code, from the build manifest: the service registry (the `contracts` and `zod`
 * chunks, vite.config.ts) and the console shell's own chunk.
 */
function consoleCode(): Set<string> {
  const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;
  const registry = Object.values(manifest).filter((c) => c.name === 'contracts' || c.name === 'zod');
  expect(registry, 'the registry chunks in the build manifest').toHaveLength(2);
  const shell = manifest['src/app/features/shell/app-shell.tsx'];
  expect(shell, 'the console shell in the build manifest').toBeTruthy();
  return new Set([...registry, shell!].map((c) => `/${c.file}`));
}

interface Script { path: string; gzipKB: number }

/**
 * Every script the page fetches, gzipped as the server would send it (it sends brotli; the budget is
 * gzip). A body that cannot be read (its tab closed first) counts as over any budget, never as nothing.
 */
function recordScripts(page: Page): Promise<Script>[] {
  const scripts: Promise<Script>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const at = new URL(response.url()).pathname;
    scripts.push(response.body().then((body) => ({ path: at, gzipKB: gzipSync(body, { level: 9 }).length / 1024 }), () => ({ path: at, gzipKB: Infinity })));
  });
  return scripts;
}

/** When the sign-in form entered the page, timed in the page, and when each script was asked for. */
const STAMP_FORM = `new MutationObserver(function () {
  if (window.__formAt === undefined && document.querySelector('input[type=password]')) window.__formAt = performance.now();
}).observe(document, { subtree: true, childList: true });`;

async function requestedBeforeForm(page: Page): Promise<Set<string>> {
  const { formAt, started } = await page.evaluate(() => ({
    formAt: (window as unknown as { __formAt?: number }).__formAt ?? Infinity,
    started: performance.getEntriesByType('resource').map((e) => ({ path: new URL(e.name).pathname, at: e.startTime })),
  }));
  return new Set(started.filter((e) => e.at < formAt).map((e) => e.path));
}

/** Mantine classes (m_…) on the page that no loaded stylesheet has a rule for. */
function unstyledMantineClasses(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const defined = new Set<string>();
    const walk = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        const selector = (rule as CSSStyleRule).selectorText;
        if (selector) for (const m of selector.matchAll(/\.(m_[0-9a-z]+)/g)) defined.add(m[1]!);
        const nested = (rule as CSSGroupingRule).cssRules;
        if (nested) walk(nested);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) walk(sheet.cssRules);
    const used = new Set<string>();
    for (const el of Array.from(document.querySelectorAll('[class*="m_"]'))) {
      el.classList.forEach((c) => { if (/^m_[0-9a-z]+$/.test(c)) used.add(c); });
    }
    return [...used].filter((c) => !defined.has(c)).sort();
  });
}

/** The tenant's admin signs in on the phone, remembered, and lands on the console's home: that tab. */
async function signInRemembered(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('button', { name: '切换' }).click();
  const dialog = page.getByRole('dialog', { name: '切换租户' });
  await dialog.getByLabel('租户名称').fill('Default');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();
  await page.getByLabel('用户名').fill(SEEDED.tenantAdmin.userName);
  await page.getByLabel('密码').fill(SEEDED.tenantAdmin.password);
  await page.getByLabel('记住我').check();
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/main\/home$/);
  return page;
}

test('the sign-in page on a phone, cold: ≤ 170 KB of JavaScript before the form, the console only after 登录', async ({ browser }) => {
  const context = await browser.newContext(PHONE);
  await context.addInitScript({ content: STAMP_FORM });
  const page = await context.newPage();
  const consoleFiles = consoleCode();
  const scripts = recordScripts(page);

  await page.goto('/');
  await expect(page.getByLabel('密码')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const beforeForm = await requestedBeforeForm(page);
  const first = (await Promise.all(scripts)).filter((s) => beforeForm.has(s.path));
  const firstKB = first.reduce((sum, s) => sum + s.gzipKB, 0);
  expect(firstKB, `JavaScript before the form showed: ${first.map((s) => `${path.basename(s.path)} ${s.gzipKB.toFixed(1)} KB`).join(', ')}`)
    .toBeLessThanOrEqual(BUDGET_KB);
  const early = (await Promise.all(scripts)).filter((s) => consoleFiles.has(s.path)).map((s) => s.path);
  expect(early, 'console code fetched by the sign-in page').toEqual([]);
  expect(await unstyledMantineClasses(page), 'Mantine classes without styles on the sign-in page').toEqual([]);

  // The tenant switch opens over the page (with Mantine's whole stylesheet) and still needs no console code.
  await page.getByRole('button', { name: '切换' }).click();
  const dialog = page.getByRole('dialog', { name: '切换租户' });
  await expect(dialog.getByLabel('租户名称')).toBeVisible();
  expect(await unstyledMantineClasses(page), 'Mantine classes without styles in the tenant switch').toEqual([]);
  await dialog.getByLabel('租户名称').fill('Default');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();
  await page.getByLabel('用户名').fill(SEEDED.tenantAdmin.userName);
  await page.getByLabel('密码').fill(SEEDED.tenantAdmin.password);
  const switched = (await Promise.all(scripts)).filter((s) => consoleFiles.has(s.path)).map((s) => s.path);
  expect(switched, 'console code fetched by the tenant switch').toEqual([]);

  // Signing in fetches the console: the registry and, for /main/home, the shell and Mantine's whole stylesheet.
  const before = scripts.length;
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/main\/home$/);
  await page.waitForLoadState('networkidle');
  const later = (await Promise.all(scripts.slice(before))).filter((s) => consoleFiles.has(s.path)).map((s) => s.path);
  expect(later.length, 'console code fetched after signing in').toBeGreaterThan(0);
  expect(await unstyledMantineClasses(page), 'Mantine classes without styles in the console').toEqual([]);
  await context.close();
});

test('every Mantine class the first screens show has its styles: the wide sign-in page, a floor screen on a phone', async ({ browser }) => {
  const wide = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const desk = await wide.newPage();
  await desk.goto('/');
  await expect(desk.getByRole('heading', { name: '欢迎登录' })).toBeVisible();
  await expect(desk.getByRole('heading', { name: /跨境仓储与履约/ })).toBeVisible();
  expect(await unstyledMantineClasses(desk), 'on the wide sign-in page').toEqual([]);
  await wide.close();

  // Signed in, a phone opening a floor screen cold: the floor frame, no console shell.
  const phone = await browser.newContext(PHONE);
  await signInRemembered(phone);
  const floor = await phone.newPage();
  await floor.goto('/floor');
  await expect(floor.getByTestId('floor-home')).toBeVisible();
  expect(await unstyledMantineClasses(floor), 'on the floor home').toEqual([]);
  await floor.goto('/back/intoLogistics');
  await expect(floor.getByTestId('scan-input')).toBeVisible();
  expect(await unstyledMantineClasses(floor), 'on a scan station').toEqual([]);
  await phone.close();
});

test('every floor screen loads at most 170 KB of JavaScript before it shows (entry, layouts and screen, from the build manifest)', () => {
  const routes = floorRoutes(ROOT).map((r) => r.file);
  expect(routes.length, 'floor routes found').toBeGreaterThanOrEqual(13);
  const sizes = routes.map((route) => ({ route, kb: Math.round(floorRouteJs(DIST, route).gzipKB * 10) / 10 }));
  expect(sizes.filter((s) => s.kb > BUDGET_KB), `first-load JavaScript, KB gzipped: ${sizes.map((s) => `${path.basename(s.route, '.tsx')} ${s.kb}`).join(', ')}`)
    .toEqual([]);
});

test('every floor screen opened cold on a phone asks for at most 170 KB of JavaScript before it shows, and none of the console\'s code', async ({ browser }) => {
  // Thirteen screens opened cold, one after the other.
  test.slow();
  const routes = floorRoutes(ROOT).map((r) => r.path);
  expect(routes.length, 'floor routes found').toBeGreaterThanOrEqual(13);
  expect(routes, 'the overseas sign-in station, a floor screen of another group').toContain('/backabroad/intoabroadLogistics');
  const consoleFiles = consoleCode();
  // Signed in once (remembered); each screen then opens in a tab of its own with no HTTP cache, as a
  // first visit would, with no service worker (the e2e contexts block them).
  const context = await browser.newContext(PHONE);
  await (await signInRemembered(context)).close();
  await context.addInitScript({
    content: `new MutationObserver(function () {
      if (window.__readyAt === undefined && document.querySelector(${JSON.stringify(FLOOR_READY)})) window.__readyAt = performance.now();
    }).observe(document, { subtree: true, childList: true });`,
  });

  const over: string[] = [];
  const early: string[] = [];
  for (const route of routes) {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const scripts = recordScripts(page);
    await page.goto(route);
    await expect(page.locator(FLOOR_READY).first(), `${route} shows`).toBeVisible();
    await page.waitForLoadState('networkidle');
    const { readyAt, started } = await page.evaluate(() => ({
      readyAt: (window as unknown as { __readyAt?: number }).__readyAt ?? Infinity,
      started: performance.getEntriesByType('resource').map((e) => ({ path: new URL(e.name).pathname, at: e.startTime })),
    }));
    const before = new Set(started.filter((e) => e.at < readyAt).map((e) => e.path));
    const first = (await Promise.all(scripts)).filter((s) => before.has(s.path));
    const kb = first.reduce((sum, s) => sum + s.gzipKB, 0);
    if (kb > BUDGET_KB) over.push(`${route} ${kb.toFixed(1)} KB: ${first.sort((a, b) => b.gzipKB - a.gzipKB).slice(0, 6).map((s) => `${path.basename(s.path)} ${s.gzipKB.toFixed(1)}`).join(', ')}`);
    const consoleBefore = first.filter((s) => consoleFiles.has(s.path)).map((s) => path.basename(s.path));
    if (consoleBefore.length) early.push(`${route}: ${consoleBefore.join(', ')}`);
    await page.close();
  }
  await context.close();
  expect(over, 'floor screens over the budget before they showed').toEqual([]);
  expect(early, 'console code (the service registry, the shell) asked for before a floor screen showed').toEqual([]);
});
