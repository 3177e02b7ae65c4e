// The harness itself: the built console is served by the real server, and the API is up.
import { test, expect, SEEDED } from './fixtures.ts';

test('the console loads at / with its title and a rendered root', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  const res = await page.goto('/');
  expect(res?.status()).toBe(200);
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

test('apiLogin signs in the seeded tenant admin', async ({ apiLogin }) => {
  const token = await apiLogin(SEEDED.tenantAdmin.userName, SEEDED.tenantAdmin.password, SEEDED.tenantAdmin.tenantId);
  expect(token.split('.')).toHaveLength(3);
});
