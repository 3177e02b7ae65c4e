// `npm test` (CI and the README use it): every suite, one summary.
//   1. vitest run, all projects, on PGlite (DATABASE_URL removed from the environment)
//   2. vitest run --project server against PostgreSQL — only when DATABASE_URL is set
//   3. the Playwright e2e suite (e2e/run.mjs) — skipped only when HC_SKIP_E2E=1
// Each phase streams its own output; counts come from each runner's JSON report. The last line is
// `N passed, M failed[, K skipped]` over all phases. Exits non-zero if any phase failed or if no
// test ran at all. Every phase runs even after an earlier one failed, so CI shows the full picture.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, binPath, exitCodeOf } from '../src/server/cli/stale.mjs';

const tmp = mkdtempSync(path.join(tmpdir(), 'haicang-test-'));
const vitest = binPath('vitest');
const baseEnv = { ...process.env };
const databaseUrl = baseEnv.DATABASE_URL;
const skipE2e = process.env.HC_SKIP_E2E === '1' || process.env.HC_SKIP_E2E === 'true';

function withoutDatabase(env) {
  const copy = { ...env };
  delete copy.DATABASE_URL;
  return copy;
}

const phases = [
  {
    name: 'unit + API tests (PGlite)',
    report: path.join(tmp, 'vitest-pglite.json'),
    kind: 'vitest',
    command: (report) => [vitest, 'run', '--passWithNoTests', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    env: withoutDatabase(baseEnv),
  },
  {
    name: 'API tests (PostgreSQL)',
    skip: !databaseUrl && 'not run (DATABASE_URL is not set)',
    report: path.join(tmp, 'vitest-postgres.json'),
    kind: 'vitest',
    command: (report) => [vitest, 'run', '--project', 'server', '--passWithNoTests', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    env: baseEnv,
  },
  {
    name: 'e2e (Playwright)',
    skip: skipE2e && 'skipped (HC_SKIP_E2E=1)',
    report: path.join(tmp, 'playwright.json'),
    kind: 'playwright',
    command: () => [path.join(ROOT, 'e2e', 'run.mjs')],
    env: (report) => ({ ...withoutDatabase(baseEnv), PLAYWRIGHT_JSON_OUTPUT_FILE: report }),
  },
];

let current = null;
let interrupted = false;
// Ctrl-C reaches the running phase directly (same process group); we only stop starting new ones.
process.on('SIGINT', () => { interrupted = true; });
for (const signal of ['SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    interrupted = true;
    if (current && current.exitCode === null && current.signalCode === null) current.kill(signal);
  });
}

function runPhase(phase) {
  const env = typeof phase.env === 'function' ? phase.env(phase.report) : phase.env;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, phase.command(phase.report), { cwd: ROOT, env, stdio: 'inherit' });
    current = child;
    child.on('error', (err) => {
      process.stderr.write(`[test] could not start ${phase.name}: ${err.message}\n`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(exitCodeOf(code, signal)));
  });
}

function readJson(file) {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Counts from a runner's JSON report; null when there is no readable report. */
function countsOf(phase) {
  const report = readJson(phase.report);
  if (!report) return null;
  if (phase.kind === 'vitest') {
    // A file that failed to load or threw outside a test has no failed assertion of its own.
    const brokenFiles = (report.testResults ?? []).filter((file) => file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')).length;
    return {
      passed: report.numPassedTests ?? 0,
      failed: (report.numFailedTests ?? 0) + brokenFiles,
      skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    };
  }
  const stats = report.stats ?? {};
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: stats.unexpected ?? 0,
    skipped: stats.skipped ?? 0,
    flaky: stats.flaky ?? 0,
  };
}

const line = (counts) => `${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`;

const total = { passed: 0, failed: 0, skipped: 0 };
const results = [];
const started = Date.now();
for (const phase of phases) {
  if (interrupted) break;
  if (phase.skip) {
    results.push({ phase });
    continue;
  }
  process.stdout.write(`\n=== ${phase.name} ===\n`);
  const phaseStarted = Date.now();
  const code = await runPhase(phase);
  current = null;
  const counts = countsOf(phase) ?? { passed: 0, failed: 0, skipped: 0 };
  const notes = [];
  if (code !== 0 && counts.failed === 0) {
    // A crash, an unhandled error, a failed build or global setup: a failure no report counted.
    counts.failed = 1;
    notes.push(`exited with code ${code} without a failing test in its report (counted as 1 failure)`);
  }
  if (counts.flaky) notes.push(`${counts.flaky} flaky (passed on retry)`);
  results.push({ phase, code, counts, notes, seconds: Math.round((Date.now() - phaseStarted) / 1000) });
  total.passed += counts.passed;
  total.failed += counts.failed;
  total.skipped += counts.skipped;
}

rmSync(tmp, { recursive: true, force: true });

process.stdout.write('\n=== summary ===\n');
for (const { phase, counts, notes, seconds } of results) {
  if (phase.skip) process.stdout.write(`  ${phase.name}: ${phase.skip}\n`);
  else process.stdout.write(`  ${phase.name}: ${line(counts)} (${seconds} s)${notes.length ? ` — ${notes.join('; ')}` : ''}\n`);
}
if (interrupted) process.stdout.write('  interrupted: the remaining phases did not run\n');
const ran = total.passed + total.failed;
if (ran === 0) process.stdout.write('  no test ran at all: that is a failure\n');
process.stdout.write(`  total time ${Math.round((Date.now() - started) / 1000)} s\n\n`);
process.stdout.write(`${line(total)}\n`);

const failed = interrupted || ran === 0 || results.some((r) => !r.phase.skip && (r.code !== 0 || r.counts.failed > 0));
process.exit(failed ? 1 : 0);
