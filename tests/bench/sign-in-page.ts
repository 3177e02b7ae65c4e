// Issue 11 §6 — a picker's phone opening the sign-in page `/` for the first time: Lighthouse 12
// mobile (its default emulation: Moto G Power, simulated slow 4G, 4× CPU slowdown), cold (a fresh
// browser profile each run: no service worker, no HTTP cache, no storage), against the built console
// served by the real server. Three runs (BENCH_SIGNIN_LIGHTHOUSE_RUNS), the median by score is kept.
//
// Called by `npm run bench` (section `bundle`, on its server). On its own, with a server of its own
// on a fresh PGlite dir (builds dist/ and the server bundle when stale):
//   npx tsx tests/bench/sign-in-page.ts
// or against a server already running (the built console on it): npx tsx tests/bench/sign-in-page.ts --port 3000
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export interface SignInPageDeps {
  port: number | string;
  row: (metric: string, value: string, target?: string, verdict?: string) => void;
  note: (text: string) => void;
  log: (msg: string) => void;
}

const TARGET_SCORE = 90;
/** The floor screens' budget (decision 0015), which the sign-in page must meet too. */
export const TARGET_SIGN_IN_JS_KB = 170;
const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const num = (v: string | undefined, d: number) => (v !== undefined && v !== '' && Number.isFinite(Number(v)) ? Number(v) : d);
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '—');

export interface LighthouseRun {
  score: number; fcpMs: number; lcpMs: number; tbtMs: number; siMs: number; scriptKB: number; scriptFiles: number;
  /** Lighthouse's measure of this machine's speed at the time (higher is faster); TBT scales with its slowness. */
  benchmarkIndex: number;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** One cold Lighthouse run: a new browser on a new profile, so nothing of an earlier run is left. */
export async function coldLighthouse(url: string): Promise<LighthouseRun> {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'haicang-lh-profile-'));
  const debugPort = await freePort();
  // A persistent context is the browser's default one, where Lighthouse opens its tab.
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROME, args: [...ARGS, `--remote-debugging-port=${debugPort}`] });
  try {
    const { default: lighthouse } = await import('lighthouse');
    // Lighthouse's own storage reset stays on: the origin is cleared before the run as well.
    const result = await lighthouse(url, { port: debugPort, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error('lighthouse gave no result');
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.message}`);
    const audit = (id: string) => Number(lhr.audits[id]?.numericValue ?? NaN);
    const requests = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
    const scripts = requests.filter((r) => r.resourceType === 'Script');
    return {
      score: Math.round((lhr.categories.performance?.score ?? NaN) * 100),
      fcpMs: audit('first-contentful-paint'), lcpMs: audit('largest-contentful-paint'), tbtMs: audit('total-blocking-time'), siMs: audit('speed-index'),
      scriptKB: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024, scriptFiles: scripts.length,
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    };
  } finally {
    await context.close().catch(() => {});
    await rm(profile, { recursive: true, force: true }).catch(() => {});
  }
}

export function medianRun(runs: LighthouseRun[]): LighthouseRun {
  const sorted = [...runs].sort((a, b) => a.score - b.score);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export const describeRun = (r: LighthouseRun) =>
  `${r.score} (FCP ${f1(r.fcpMs / 1000)} s, LCP ${f1(r.lcpMs / 1000)} s, TBT ${Math.round(r.tbtMs)} ms, SI ${f1(r.siMs / 1000)} s; `
  + `${f1(r.scriptKB)} KB of script in ${r.scriptFiles} files; benchmarkIndex ${r.benchmarkIndex})`;

export async function benchSignInLighthouse({ port, row, note, log }: SignInPageDeps): Promise<void> {
  const runs = Math.max(1, num(process.env.BENCH_SIGNIN_LIGHTHOUSE_RUNS, 3));
  const results: LighthouseRun[] = [];
  for (let i = 0; i < runs; i++) {
    log(`sign-in page: lighthouse (cold) run ${i + 1}/${runs}…`);
    const r = await coldLighthouse(`http://127.0.0.1:${port}/`);
    // A run that fetched almost no script found a cache, and measured something else.
    if (r.scriptKB < 50) throw new Error(`sign-in page: the cold Lighthouse run fetched only ${f1(r.scriptKB)} KB of script: a cache answered`);
    results.push(r);
    note(`sign-in page Lighthouse run ${i + 1}: ${describeRun(r)}`);
  }
  const mid = medianRun(results);
  row(`sign-in / : Lighthouse 12 mobile performance, cold (median of ${runs})`, describeRun(mid), `≥ ${TARGET_SCORE}`, mid.score < TARGET_SCORE ? 'UNDER' : 'ok');
  note('sign-in page: Lighthouse uses its default mobile emulation (Moto G Power, simulated slow 4G, 4× CPU slowdown), a fresh Chromium profile per run');
}

// ───────────── on its own: npx tsx tests/bench/sign-in-page.ts ─────────────

async function standalone(): Promise<void> {
  const portArg = process.argv.indexOf('--port');
  if (portArg > 0) return printed(process.argv[portArg + 1]!);
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  // @ts-expect-error — a plain .mjs module shared with npm start
  const { serverCommand, buildIfStale, buildServerIfStale } = await import('../../src/server/cli/stale.mjs') as {
    serverCommand: (env: NodeJS.ProcessEnv) => { args: string[]; env: NodeJS.ProcessEnv };
    buildIfStale: (l: string) => Promise<boolean>; buildServerIfStale: (l: string) => Promise<boolean>;
  };
  if (!(await buildIfStale('bench')) || !(await buildServerIfStale('bench'))) throw new Error('build failed');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'haicang-bench-signin-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const command = serverCommand(env);
  const child: ChildProcess = spawn(process.execPath, command.args, { cwd: root, env: command.env, stdio: ['ignore', 'inherit', 'inherit'] });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void stop().finally(() => process.exit(130)));
  try {
    for (let i = 0; ; i++) {
      const ok = await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.ok, () => false);
      if (ok) break;
      if (i > 900 || child.exitCode !== null) throw new Error('the server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    await printed(port);
  } finally {
    await stop();
  }
}

async function printed(port: number | string): Promise<void> {
  const rows: string[] = [];
  await benchSignInLighthouse({
    port,
    row: (metric, value, target, verdict) => rows.push(`${metric}: ${value}  target ${target ?? '—'}${verdict ? `  ${verdict}` : ''}`),
    note: (text) => rows.push(`note: ${text}`),
    log: (msg) => process.stderr.write(`[bench] ${msg}\n`),
  });
  process.stdout.write(`${rows.join('\n')}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  standalone().catch((err) => {
    process.stderr.write(`${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
    process.exit(1);
  });
}
