// The harness itself: the built console is served by the real server, and the API is up.
import { test, expect, SEEDED } from './fixtures.ts';

test('the console loads at / with its title and a rendered root', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  const res = await page.goto('/');
  expect(res?.status()).toBe(200);
  expect(res?.headers()['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
  await expect(page).toHaveTitle(/海仓/);
  // React mounted something into #root (an empty root means the bundle failed to run).
  await expect(page.locator('#root > *').first()).toBeAttached();
  expect(errors, 'uncaught errors in the page').toEqual([]);
});

test('the OpenAPI document lists the application services', async ({ request }) => {
  const res = await request.get('/swagger/v1/swagger.json');
  expect(res.status()).toBe(200);
  const doc = await res.json();
  expect(Object.keys(doc.paths ?? {})).toContain('/api/services/app/User/GetAll');
});

test('Swagger UI renders the API under its own Content-Security-Policy', async ({ page }) => {
  const res = await page.goto('/swagger');
  expect(res?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect(page.locator('.swagger-ui .opblock-tag').first()).toBeVisible();
  // The operations of the first tag are listed: the bundle ran and read the OpenAPI document.
  await expect(page.locator('.swagger-ui .opblock').first()).toBeVisible();
});

test('apiLogin signs in the seeded tenant admin', async ({ apiLogin }) => {
  const token = await apiLogin(SEEDED.tenantAdmin.userName, SEEDED.tenantAdmin.password, SEEDED.tenantAdmin.tenantId);
  expect(token.split('.')).toHaveLength(3);
});
