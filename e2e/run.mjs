// `npm run test:e2e [-- playwright args]`: rebuild dist/ if it is older than its sources (the e2e
// suite drives the built console), then `playwright test` with any extra arguments passed through.
import { spawn } from 'node:child_process';
import { ROOT, binPath, buildIfStale, exitCodeOf } from '../src/server/cli/stale.mjs';

if (!(await buildIfStale('e2e'))) process.exit(1);

const child = spawn(process.execPath, [binPath('@playwright/test', 'playwright'), 'test', ...process.argv.slice(2)], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
});

// A terminal's Ctrl-C already reaches Playwright (same process group), which then runs the global
// teardown; a second SIGINT would make it abandon the teardown, so SIGINT is not forwarded. A
// SIGTERM/SIGHUP aimed at us alone (a CI timeout, a parent runner) is.
process.on('SIGINT', () => {});
for (const signal of ['SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}
child.on('error', (err) => {
  process.stderr.write(`[e2e] could not run playwright: ${err.message}\n`);
  process.exit(1);
});
child.on('exit', (code, signal) => process.exit(exitCodeOf(code, signal)));
