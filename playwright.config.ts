// e2e: the built console served by the real server (started by e2e/global-setup.ts on a free port
// with a fresh PGlite data dir), driven by Debian's Chromium. Run with `npm run test:e2e`, which
// builds dist/ first when it is stale; extra arguments go to `playwright test`.
import { defineConfig, devices } from '@playwright/test';

const CI = process.env.CI === 'true' || process.env.CI === '1';

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 2,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  // Several specs are whole flows (two users, sign-ins, dialogs): 15–18 s on a quiet machine, 30–35 s
  // on a shared 2-core CI machine while the PWA spec restarts its own server beside them.
  timeout: 60_000,
  // The whole e2e run: ~6–9 min on CI's 2 cores with 77 specs' tests; 10 min cut a slow machine's run
  // short (12 tests never ran). A stuck run still ends well inside CI's 90 minutes.
  globalTimeout: 20 * 60_000,
  expect: { timeout: 5_000 },
  reporter: [
    ['list'],
    // tests/run.mjs points PLAYWRIGHT_JSON_OUTPUT_FILE at a temp file to count the results.
    ['json', { outputFile: 'playwright-report/results.json' }],
  ],
  use: {
    ...devices['Desktop Chrome'],
    // Set by the global setup in this process before the workers start (they inherit it).
    baseURL: process.env.HC_E2E_BASE_URL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The console's service worker (sw/sw.ts) would answer GETs the specs route or fake; only the
    // PWA spec (e2e/pwa-offline.spec.ts) lets it run, in contexts of its own.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.HC_CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
});
