// Shared Playwright fixtures: import { test, expect } from './fixtures.ts' in every spec.
import { test as base, expect } from '@playwright/test';

/** The accounts every fresh database is seeded with (src/server/seed.ts). */
export const SEEDED = {
  hostAdmin: { userName: 'admin', password: '123qwe', tenantId: null },
  tenantAdmin: { userName: 'admin', password: '123qwe', tenantId: 1 },
} as const;

export interface Fixtures {
  /**
   * Signs in through POST /api/TokenAuth/Authenticate and returns the access token.
   * tenantId null (or omitted) signs in to the host.
   */
  apiLogin: (userName: string, password: string, tenantId?: number | null) => Promise<string>;
  /**
   * Every test, automatically: what the browser refused under the server's Content-Security-Policy
   * (decision 0019), from the console of every page of the test. The test fails if anything was.
   */
  cspViolations: string[];
}

export const test = base.extend<Fixtures>({
  cspViolations: [async ({ context }, use) => {
    const seen: string[] = [];
    context.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) seen.push(message.text());
    });
    await use(seen);
    expect(seen, 'Content Security Policy violations in the console').toEqual([]);
  }, { auto: true }],
  apiLogin: async ({ request }, use) => {
    await use(async (userName, password, tenantId = null) => {
      const res = await request.post('/api/TokenAuth/Authenticate', {
        headers: tenantId === null ? {} : { 'Abp.TenantId': String(tenantId) },
        data: { userNameOrEmailAddress: userName, password },
      });
      const body = await res.json().catch(() => null);
      const token: unknown = body?.result?.accessToken;
      if (!res.ok() || typeof token !== 'string') {
        throw new Error(`apiLogin(${userName}, tenant ${tenantId ?? 'host'}) failed: HTTP ${res.status()} ${JSON.stringify(body?.error ?? body)}`);
      }
      return token;
    });
  },
});

export { expect };
