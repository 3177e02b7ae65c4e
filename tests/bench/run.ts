// Issue 2 benchmarks: `npm run bench`. Prints figures; never fails on a target — it exits non-zero
// only when something is actually broken (the server does not start, an API call fails, …).
//
//   1. server start on an existing PGlite data dir (first, seeding start reported separately)
//   2. idle RSS of the server on PGlite after a sign-in and one User/GetAll
//      (+ a standalone PGlite probe: initialMemory and shared_buffers against RSS)
//   3. throughput on PostgreSQL: sign-in and User/GetAll, keep-alive, fixed concurrency
//   4. (issue 4) `scan`: the scan station on a bulk-loaded PostgreSQL database — tests/bench/scan.ts
//      (its own knobs BENCH_SCAN_* are listed there), with (issue 11) each action's ratios to a bare UPDATE;
//      (issue 43, decision 0065) on the realistic shape, the table the goals are read from
//   4′. (issue 11 §5) `scan-pglite`: the scan on the embedded PGlite at one site's scale (100 k parcels, 5 clients)
//   `npm run bench -- --only=scan,scan-pglite` runs those two alone.
//   5. (issue 12) `signin`: failed sign-ins flooding the server, an ordinary call meanwhile —
//      tests/bench/sign-in-flood.ts (knob BENCH_SIGNIN_FLOOD)
//   6. (issue 6) `floor`: the floor app on the built console — tests/bench/floor.ts (initial JS of
//      the floor routes, Lighthouse mobile on /floor, wedge scan → verdict; knobs BENCH_FLOOR_*)
//   6′. (issue 13) `shelfup`: BackStock/ShelfUp at 20 clients on 100 k stock products beside a bare UPDATE —
//      tests/bench/shelf-up.ts (knobs BENCH_SHELF_*)
//   7. (issue 18) `statistics`: each StatisticalRecords action over a year of bulk-loaded audit rows and
//      flows on PostgreSQL — tests/bench/statistics.ts (knobs BENCH_STATS_*)
//   8. `bundle`: the sign-in page's initial JavaScript, and (issue 11 §6) Lighthouse 12 mobile on `/`,
//      cold, median of three — tests/bench/sign-in-page.ts (knob BENCH_SIGNIN_LIGHTHOUSE_RUNS)
//
// Everything runs against 127.0.0.1 only. The server is spawned as `npm start` runs it — the esbuild
// bundle, with node's arguments and environment from stale.mjs's serverCommand — directly (not through
// npm), so the child's pid is the server's and /proc/<pid>/status is its RSS.
//
// Knobs (environment):
//   BENCH_PG_URL        admin URL of the PostgreSQL server   (default postgres://postgres@127.0.0.1:5432/test)
//   BENCH_RESTARTS      starts on the existing data dir      (default 3)
//   BENCH_DURATION_S    measured seconds per load phase      (default 10)
//   BENCH_WARMUP_S      warm-up seconds per load phase       (default 2)
//   BENCH_CONCURRENCY   requests in flight                   (default 20)
//   BENCH_USERS         extra users created before the load  (default 200)
//   BENCH_LOG_LEVEL     server LOG_LEVEL during the load     (default warn)
//   BENCH_SKIP          comma list of sections to skip: start,memory,probe,pg,scan,scan-pglite,shelfup,signin,bundle,floor,statistics
//   BENCH_ONLY          comma list of the only sections to run (also `npm run bench -- --only=scan,scan-pglite`): the
//                       realistic scan bench the goals are read from (issue 43, decision 0065) is `scan` + `scan-pglite`
//   BENCH_PROFILE       directory for CPU profiles of the servers (also `npm run bench -- --profile`: ./bench-profiles)
//   BENCH_PGLITE_INITIAL_MEMORY  value for PGLITE_INITIAL_MEMORY when the server supports it (default 268435456)
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
// @ts-expect-error — a plain .mjs module shared with npm start
import { buildServerIfStale, serverCommand } from '../../src/server/cli/stale.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const HOST = '127.0.0.1';

const env = process.env;
const num = (v: string | undefined, d: number) => (v !== undefined && v !== '' && Number.isFinite(Number(v)) ? Number(v) : d);
const OPT = {
  pgUrl: env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/test',
  restarts: Math.max(1, num(env.BENCH_RESTARTS, 3)),
  durationS: Math.max(1, num(env.BENCH_DURATION_S, 10)),
  warmupS: Math.max(0, num(env.BENCH_WARMUP_S, 2)),
  concurrency: Math.max(1, num(env.BENCH_CONCURRENCY, 20)),
  users: Math.max(0, num(env.BENCH_USERS, 200)),
  logLevel: env.BENCH_LOG_LEVEL || 'warn',
  skip: new Set((env.BENCH_SKIP ?? '').split(',').map((s) => s.trim()).filter(Boolean)),
  only: new Set((process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length) ?? env.BENCH_ONLY ?? '').split(',').map((s) => s.trim()).filter(Boolean)),
  initialMemory: env.BENCH_PGLITE_INITIAL_MEMORY || String(256 * 1024 * 1024),
  /**
   * `npm run bench -- --profile` (or BENCH_PROFILE=<dir>): every server the bench starts runs under
   * V8's CPU profiler and writes a .cpuprofile when it stops (open it in Chrome DevTools' Performance
   * panel or speedscope) — where a server under load spends its time. V8 samples by wall time: a
   * thread descheduled inside a system call is sampled there, so `writev` (whose wake-up of a
   * PostgreSQL backend often hands it the core) shows far more than its CPU. For the CPU split, use
   * `perf record -e cpu-clock` (decision 0050).
   */
  profileDir: process.argv.includes('--profile') || env.BENCH_PROFILE ? path.resolve(env.BENCH_PROFILE || path.join(ROOT, 'bench-profiles')) : null,
};
const TARGET_START_S = 3;
const TARGET_RSS_MB = 250;
const ADMIN = { userNameOrEmailAddress: 'admin', password: '123qwe' };
const BENCH_PASSWORD = 'secret123';

// ───────────────────────────── cleanup of everything we start ─────────────────────────────

const children = new Set<ChildProcess>();
const tempDirs = new Set<string>();
const databases = new Set<string>();
let cleaning: Promise<void> | null = null;
let aborted = false;

function log(msg: string): void {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}\n`);
}

async function dropDatabase(name: string): Promise<void> {
  const c = new pg.Client({ connectionString: OPT.pgUrl });
  await c.connect();
  try {
    await c.query(`drop database if exists ${name} with (force)`);
  } finally {
    await c.end();
  }
}

function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const child of [...children]) await stopChild(child).catch(() => undefined);
    for (const name of [...databases]) {
      try { await dropDatabase(name); databases.delete(name); } catch (err) { log(`could not drop database ${name}: ${String(err)}`); }
    }
    for (const dir of [...tempDirs]) {
      await rm(dir, { recursive: true, force: true }).catch(() => undefined);
      tempDirs.delete(dir);
    }
  })();
  return cleaning;
}

// Last resort (process.exit from somewhere unexpected): kill what is left, remove temp dirs.
process.on('exit', () => {
  for (const child of children) { try { child.kill('SIGKILL'); } catch { /* gone */ } }
  for (const dir of tempDirs) { try { rmSync(dir, { recursive: true, force: true }); } catch { /* ignore */ } }
  if (databases.size) process.stderr.write(`[bench] left database(s) behind: ${[...databases].join(', ')}\n`);
});
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(sig, () => {
    if (aborted) return;
    aborted = true;
    log(`${sig}: stopping servers, removing temp data, dropping the bench database…`);
    void cleanup().finally(() => process.exit(130));
  });
}
for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
  process.on(event, (err: unknown) => {
    process.stderr.write(`bench crashed (${event}): ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
    void cleanup().finally(() => process.exit(1));
  });
}

// ───────────────────────────── small helpers ─────────────────────────────

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
/** Nearest-rank percentile of a sorted array. */
const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]! : NaN);
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '—');
const f2 = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '—');
const errText = (err: unknown) => (err instanceof Error ? err.message : String(err));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, HOST, () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

interface ProcMem { rssMB: number; hwmMB: number; anonMB: number; fileMB: number }
function procMem(pid: number): ProcMem {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k: string) => Number(new RegExp(`^${k}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMB: kb('VmRSS') / 1024, hwmMB: kb('VmHWM') / 1024, anonMB: kb('RssAnon') / 1024, fileMB: kb('RssFile') / 1024 };
}
/** CPU seconds (user + system) the process has used so far; NaN when it is gone. */
function procCpuS(pid: number): number {
  let stat: string;
  try { stat = readFileSync(`/proc/${pid}/stat`, 'utf8'); } catch { return NaN; }
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
}

/** CPU seconds of each pid still alive. */
function cpuOf(pids: number[]): Map<number, number> {
  const m = new Map<number, number>();
  for (const pid of pids) { const cpu = procCpuS(pid); if (Number.isFinite(cpu)) m.set(pid, cpu); }
  return m;
}

/** One scrypt (N=16384, r=8, p=1 — the server's parameters) in this process: how fast the machine is right now. */
async function scryptCalibrationMs(): Promise<number> {
  const { scrypt } = await import('node:crypto');
  const one = () => new Promise<void>((resolve, reject) => scrypt('calibration', 'saltsaltsaltsalt', 32, { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }, (err) => (err ? reject(err) : resolve())));
  await one();
  const times: number[] = [];
  for (let i = 0; i < 5; i++) { const t = performance.now(); await one(); times.push(performance.now() - t); }
  return median(times);
}

// ───────────────────────────── the server process ─────────────────────────────

interface Server {
  child: ChildProcess;
  pid: number;
  port: number;
  base: string;
  /** spawn → first successful /health, seconds. */
  readyS: number;
  /** The server's own "startMs" (database open + migrate + seed + buildApp), when logged at info. */
  startMs: number | null;
  output: () => string;
}

async function stopChild(child: ChildProcess, timeoutMs = 15_000): Promise<number> {
  const t0 = performance.now();
  if (child.exitCode !== null || child.signalCode !== null) { children.delete(child); return 0; }
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => { log(`pid ${child.pid} ignored SIGTERM for ${timeoutMs} ms: SIGKILL`); child.kill('SIGKILL'); }, timeoutMs);
  await exited;
  clearTimeout(timer);
  children.delete(child);
  return (performance.now() - t0) / 1000;
}

function healthOnce(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get({ host: HOST, port, path: '/health', agent: false, timeout: 1000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => { body += c; });
      res.on('end', () => {
        try { resolve(res.statusCode === 200 && (JSON.parse(body) as { status?: string }).status === 'ok'); } catch { resolve(false); }
      });
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
  });
}

async function startServer(extraEnv: Record<string, string | undefined>, opts: { timeoutS?: number; logLevel?: string } = {}): Promise<Server> {
  const port = await freePort();
  const serverEnv: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST, LOG_LEVEL: opts.logLevel ?? 'info' };
  delete serverEnv.DATABASE_URL; // only what the section asks for
  delete serverEnv.NODE_OPTIONS;
  for (const [k, v] of Object.entries(extraEnv)) {
    if (v === undefined) delete serverEnv[k];
    else serverEnv[k] = v;
  }
  let out = '';
  let startMs: number | null = null;
  const t0 = performance.now();
  const profile = OPT.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${OPT.profileDir}`] : [];
  // node's arguments and environment as `npm start` gives them (stale.mjs: source maps, glibc's mmap threshold).
  const command = serverCommand(serverEnv);
  const child = spawn(process.execPath, [...profile, ...command.args], { cwd: ROOT, env: command.env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  const collect = (chunk: Buffer) => {
    const s = chunk.toString('utf8');
    if (startMs === null) {
      const m = /"startMs":(\d+)/.exec(s);
      if (m) startMs = Number(m[1]);
    }
    out = (out + s).slice(-8000);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  let exitInfo: string | null = null;
  child.once('exit', (code, signal) => { exitInfo = `exited with ${signal ?? `code ${code}`}`; children.delete(child); });
  if (child.pid === undefined) throw new Error('could not spawn node');

  const deadline = t0 + (opts.timeoutS ?? 90) * 1000;
  for (;;) {
    if (exitInfo) throw new Error(`server ${exitInfo} before /health answered. Output:\n${out.trim().split('\n').slice(-15).join('\n')}`);
    if (await healthOnce(port)) break;
    if (performance.now() > deadline) {
      await stopChild(child);
      throw new Error(`server not healthy after ${opts.timeoutS ?? 90} s. Output:\n${out.trim().split('\n').slice(-15).join('\n')}`);
    }
    await sleep(20);
  }
  const readyS = (performance.now() - t0) / 1000;
  // The startMs line is written just before /health can answer; give the pipe a moment.
  for (let i = 0; i < 10 && startMs === null && opts.logLevel !== 'warn'; i++) await sleep(10);
  return { child, pid: child.pid, port, base: `http://${HOST}:${port}`, readyS, startMs, output: () => out };
}

// ───────────────────────────── HTTP client ─────────────────────────────

interface Reply { status: number; body: string }

function request(agent: http.Agent, port: number, method: string, urlPath: string, headers: Record<string, string>, body?: unknown): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const req = http.request(
      { host: HOST, port, method, path: urlPath, agent, timeout: 30_000,
        headers: { accept: 'application/json', 'Abp.TenantId': '1', ...headers, ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${urlPath}: no answer in 30 s`)));
    req.on('error', reject);
    req.end(payload);
  });
}

function envelope<T>(r: Reply, what: string): T {
  let parsed: { success?: boolean; result?: T; error?: { message?: string; details?: string | null } | null };
  try { parsed = JSON.parse(r.body) as typeof parsed; } catch { throw new Error(`${what}: HTTP ${r.status}, not JSON: ${r.body.slice(0, 200)}`); }
  if (r.status !== 200 || !parsed.success) throw new Error(`${what}: HTTP ${r.status} ${parsed.error?.message ?? ''} ${parsed.error?.details ?? ''}`.trim());
  return parsed.result as T;
}

async function signIn(agent: http.Agent, port: number, who = ADMIN): Promise<string> {
  const r = await request(agent, port, 'POST', '/api/TokenAuth/Authenticate', {}, who);
  return envelope<{ accessToken: string }>(r, `sign-in as ${who.userNameOrEmailAddress}`).accessToken;
}

const GET_ALL = '/api/services/app/User/GetAll?currentPage=1&pageSize=10';

// ───────────────────────────── load loop ─────────────────────────────

interface LoadResult {
  name: string;
  ok: number;
  errors: number;
  firstError: string | null;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  serverCpu: number; // cores used by the server during the measured window
  benchCpu: number; // cores used by this process
  dbCpu: number; // cores used by the PostgreSQL backends serving the bench database (NaN when unknown)
}

/**
 * `concurrency` workers loop over `send` for warm-up + duration. Only requests that start after the
 * warm-up and finish before the end are counted; requests/s = counted / duration.
 */
async function load(name: string, server: Server, send: (agent: http.Agent, i: number) => Promise<Reply>, dbPids?: () => Promise<number[]>): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: OPT.concurrency, maxFreeSockets: OPT.concurrency });
  const t0 = performance.now();
  const warmEnd = t0 + OPT.warmupS * 1000;
  const end = warmEnd + OPT.durationS * 1000;
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  let seq = 0;
  let cpuAtWarmEnd: { server: number; bench: NodeJS.CpuUsage } | null = null;
  let dbAtWarmEnd: Map<number, number> | null = null;
  const cpuTimer = setTimeout(() => {
    cpuAtWarmEnd = { server: procCpuS(server.pid), bench: process.cpuUsage() };
    if (dbPids) void dbPids().then((pids) => { dbAtWarmEnd = cpuOf(pids); }).catch(() => undefined);
  }, Math.max(0, warmEnd - performance.now()));
  const worker = async () => {
    while (performance.now() < end) {
      const started = performance.now();
      let good = false;
      let problem = '';
      try {
        const r = await send(agent, seq++);
        good = r.status === 200 && r.body.includes('"success":true');
        if (!good) problem = `HTTP ${r.status}: ${r.body.slice(0, 200)}`;
      } catch (err) {
        problem = errText(err);
      }
      const finished = performance.now();
      if (!good) { errors++; firstError ??= problem; } // failures anywhere (warm-up included) are reported
      else if (started >= warmEnd && finished <= end) latencies.push(finished - started);
    }
  };
  await Promise.all(Array.from({ length: OPT.concurrency }, worker));
  clearTimeout(cpuTimer);
  const measuredS = OPT.durationS;
  const cpu0 = cpuAtWarmEnd as { server: number; bench: NodeJS.CpuUsage } | null;
  const wall = (performance.now() - (cpu0 ? warmEnd : t0)) / 1000;
  const serverCpu = cpu0 ? (procCpuS(server.pid) - cpu0.server) / wall : NaN;
  const benchUsage = cpu0 ? process.cpuUsage(cpu0.bench) : null;
  const benchCpu = benchUsage ? (benchUsage.user + benchUsage.system) / 1e6 / wall : NaN;
  let dbCpu = NaN;
  const db0 = dbAtWarmEnd as Map<number, number> | null;
  if (db0 && db0.size) {
    let used = 0;
    for (const [pid, cpu] of cpuOf([...db0.keys()])) used += cpu - db0.get(pid)!; // backends gone by now are left out
    dbCpu = used / wall;
  }
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    name, ok: latencies.length, errors, firstError, rps: latencies.length / measuredS,
    p50: pct(latencies, 50), p95: pct(latencies, 95), p99: pct(latencies, 99), max: latencies.at(-1) ?? NaN, serverCpu, benchCpu, dbCpu,
  };
}

// ───────────────────────────── sections ─────────────────────────────

interface Row { metric: string; value: string; target: string; verdict: string }
const rows: Row[] = [];
const notes: string[] = [];
const failures: string[] = [];
const row = (metric: string, value: string, target = '', verdict = '') => rows.push({ metric, value, target, verdict });

function serverSupports(envName: string): boolean {
  const walk = (dir: string): boolean => readdirSync(dir, { withFileTypes: true }).some((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name !== 'migrations' && walk(p);
    return /\.(ts|mts|js|mjs)$/.test(e.name) && readFileSync(p, 'utf8').includes(envName);
  });
  try { return walk(path.join(ROOT, 'src/server')); } catch { return false; }
}

let pgliteDir: string | null = null;

/** 1. Server start on an existing PGlite data dir (and the first, seeding start). Leaves the last server running for 2. */
async function benchStart(keepLast: boolean): Promise<Server | null> {
  const dataDir = await tempDir('haicang-bench-pglite-');
  pgliteDir = dataDir;
  log(`start: first start (creates and seeds ${dataDir})…`);
  const first = await startServer({ DATA_DIR: dataDir });
  const firstMem = procMem(first.pid);
  const firstStop = await stopChild(first.child);
  row('start, first (initdb + migrate + seed), PGlite', `${f2(first.readyS)} s${first.startMs !== null ? ` (in-process ${f2(first.startMs / 1000)} s)` : ''}`, '—');
  notes.push(`first start: RSS at ready ${f1(firstMem.rssMB)} MB (peak ${f1(firstMem.hwmMB)} MB); SIGTERM → exit ${f2(firstStop)} s`);

  const times: number[] = [];
  const inProc: number[] = [];
  const stops: number[] = [];
  let last: Server | null = null;
  for (let i = 1; i <= OPT.restarts; i++) {
    log(`start: restart ${i}/${OPT.restarts} on the existing data dir…`);
    const s = await startServer({ DATA_DIR: dataDir });
    times.push(s.readyS);
    if (s.startMs !== null) inProc.push(s.startMs / 1000);
    if (keepLast && i === OPT.restarts) last = s;
    else stops.push(await stopChild(s.child));
  }
  const med = median(times);
  row('start, existing data dir, PGlite', `median ${f2(med)} s  [${times.map(f2).join(', ')}]`, `≤ ${TARGET_START_S} s`, med <= TARGET_START_S ? 'ok' : 'OVER');
  if (inProc.length) {
    notes.push(`restart breakdown: in-process (open PGlite + migrate + seed check + buildApp) median ${f2(median(inProc))} s; `
      + `the rest (node boot + module imports + listen + first poll) ≈ ${f2(med - median(inProc))} s`);
  }
  if (stops.length) notes.push(`graceful stop (SIGTERM → exit) on PGlite: median ${f2(median(stops))} s`);
  return last;
}

async function idleRss(server: Server, label: string): Promise<ProcMem & { atReadyMB: number }> {
  const atReadyMB = procMem(server.pid).rssMB;
  const agent = new http.Agent({ keepAlive: true });
  try {
    const token = await signIn(agent, server.port);
    envelope(await request(agent, server.port, 'GET', GET_ALL, { authorization: `Bearer ${token}` }), `${label}: User/GetAll`);
  } finally {
    agent.destroy();
  }
  await sleep(3000);
  return { ...procMem(server.pid), atReadyMB };
}

/** 2. Idle memory on PGlite. */
async function benchMemory(running: Server | null): Promise<void> {
  let server = running;
  if (!server) {
    if (!pgliteDir) {
      // Section 1 skipped: make and seed a data dir first.
      pgliteDir = await tempDir('haicang-bench-pglite-');
      const seedRun = await startServer({ DATA_DIR: pgliteDir });
      await stopChild(seedRun.child);
    }
    server = await startServer({ DATA_DIR: pgliteDir });
  }
  log('memory: sign-in + User/GetAll, then 3 s idle…');
  const m = await idleRss(server, 'memory');
  await stopChild(server.child);
  row('idle RSS, PGlite (after sign-in + GetAll + 3 s)', `${f1(m.rssMB)} MB  (anon ${f1(m.anonMB)}, file ${f1(m.fileMB)}; peak ${f1(m.hwmMB)}; at ready ${f1(m.atReadyMB)})`,
    `≤ ${TARGET_RSS_MB} MB`, m.rssMB <= TARGET_RSS_MB ? 'ok' : 'OVER');

  if (serverSupports('PGLITE_INITIAL_MEMORY')) {
    log(`memory: again with PGLITE_INITIAL_MEMORY=${OPT.initialMemory}…`);
    const s = await startServer({ DATA_DIR: pgliteDir!, PGLITE_INITIAL_MEMORY: OPT.initialMemory });
    const m2 = await idleRss(s, 'memory (PGLITE_INITIAL_MEMORY)');
    await stopChild(s.child);
    row(`idle RSS, PGlite, PGLITE_INITIAL_MEMORY=${OPT.initialMemory}`, `${f1(m2.rssMB)} MB  (peak ${f1(m2.hwmMB)})`, `≤ ${TARGET_RSS_MB} MB`, m2.rssMB <= TARGET_RSS_MB ? 'ok' : 'OVER');
  } else {
    notes.push('PGLITE_INITIAL_MEMORY: not read anywhere in src/server yet — the server run with it set was skipped');
  }
}

// A standalone PGlite (no server) on a copy-free, stopped data dir: RSS for a few options.
const PROBE = `
import { PGlite } from '@electric-sql/pglite';
import { readFileSync } from 'node:fs';
const kb = (k) => Number(new RegExp('^' + k + ':\\\\s+(\\\\d+)', 'm').exec(readFileSync('/proc/self/status', 'utf8'))[1]);
const [dataDir, initialMemory, sharedBuffers] = process.argv.slice(1);
const opts = { dataDir };
if (initialMemory !== '-') opts.initialMemory = Number(initialMemory);
if (sharedBuffers !== '-') opts.startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=' + sharedBuffers];
const before = kb('VmRSS');
const t0 = performance.now();
try {
  const db = await PGlite.create(opts);
  const openMs = performance.now() - t0;
  await db.query('select count(*) from pg_class');
  await db.query('select * from users limit 50');
  await new Promise((r) => setTimeout(r, 1500));
  const sb = (await db.query('show shared_buffers')).rows[0].shared_buffers;
  console.log(JSON.stringify({ ok: true, rssMB: kb('VmRSS') / 1024, hwmMB: kb('VmHWM') / 1024, nodeMB: before / 1024, openMs, sharedBuffers: sb }));
  await db.close();
} catch (err) {
  console.log(JSON.stringify({ ok: false, error: String(err && err.message || err).slice(0, 160) }));
}
`;

async function benchProbe(): Promise<void> {
  if (!pgliteDir) { notes.push('PGlite probe skipped: no data dir (start section skipped)'); return; }
  const dir = path.join(pgliteDir, 'pglite');
  const MB = 1024 * 1024;
  const variants: { label: string; initialMemory: string; sharedBuffers: string }[] = [
    { label: 'defaults', initialMemory: '-', sharedBuffers: '-' },
    { label: 'initialMemory 64 MB', initialMemory: String(64 * MB), sharedBuffers: '-' },
    { label: 'initialMemory 256 MB', initialMemory: String(256 * MB), sharedBuffers: '-' },
    { label: 'shared_buffers=32MB', initialMemory: '-', sharedBuffers: '32MB' },
    { label: 'shared_buffers=16MB', initialMemory: '-', sharedBuffers: '16MB' },
  ];
  for (const v of variants) {
    log(`probe: standalone PGlite, ${v.label}…`);
    const child = spawn(process.execPath, ['--input-type=module', '-e', PROBE, dir, v.initialMemory, v.sharedBuffers], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    let out = '';
    child.stdout!.on('data', (c: Buffer) => { out += c.toString('utf8'); });
    child.stderr!.on('data', (c: Buffer) => { out += c.toString('utf8'); });
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    await new Promise<void>((r) => child.once('exit', () => r()));
    clearTimeout(timer);
    children.delete(child);
    const line = out.trim().split('\n').reverse().find((l) => l.startsWith('{'));
    if (!line) {
      const why = out.split('\n').find((l) => /Error/.test(l)) ?? out.trim().split('\n').at(-1) ?? '';
      row(`  PGlite alone, ${v.label}`, `fails: ${why.trim().slice(0, 160)}`);
      continue;
    }
    const r = JSON.parse(line) as { ok: boolean; error?: string; rssMB?: number; hwmMB?: number; nodeMB?: number; openMs?: number; sharedBuffers?: string };
    if (!r.ok) row(`  PGlite alone, ${v.label}`, `fails: ${r.error}`);
    else row(`  PGlite alone, ${v.label}`, `${f1(r.rssMB!)} MB RSS (peak ${f1(r.hwmMB!)}; shared_buffers ${r.sharedBuffers}; open ${Math.round(r.openMs!)} ms)`);
  }
  notes.push('PGlite alone = a bare node process (~45 MB RSS) that opens the stopped bench data dir with PGlite.create and runs two queries; '
    + 'initialMemory below 128 MB is rejected by the wasm module (its declared minimum is 2048 pages); shared_buffers via startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=…"]');
}

/** 3. Throughput on PostgreSQL. */
async function benchPostgres(): Promise<void> {
  const name = `hc_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: OPT.pgUrl });
  try {
    await admin.connect();
  } catch (err) {
    throw new Error(`cannot reach PostgreSQL at ${OPT.pgUrl}: ${errText(err)}`);
  }
  try {
    await admin.query(`create database ${name}`);
    databases.add(name);
    const v = await admin.query<{ server_version: string }>('show server_version');
    notes.push(`PostgreSQL ${v.rows[0]?.server_version ?? '?'} at ${new URL(OPT.pgUrl).host}, database ${name} (dropped at the end)`);
  } finally {
    await admin.end();
  }
  const u = new URL(OPT.pgUrl);
  u.pathname = `/${name}`;
  const dataDir = await tempDir('haicang-bench-pg-');

  log(`pg: first start against ${name} (migrate + seed)…`);
  // The sign-in phases measure the sign-in itself, from one address: the per-address throttle (30 a
  // minute by default, decision 0017) is raised to its maximum here; the `signin` section measures the throttle.
  const server = await startServer({ DATABASE_URL: u.toString(), DATA_DIR: dataDir, SIGN_IN_ATTEMPTS_PER_MINUTE: '10000' }, { logLevel: OPT.logLevel });
  row('start, first (migrate + seed), PostgreSQL', `${f2(server.readyS)} s`, '—');
  const readyMem = procMem(server.pid);
  try {
    const setupAgent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    const token = await signIn(setupAgent, server.port);
    const auth = { authorization: `Bearer ${token}` };

    log(`pg: creating ${OPT.users} users through User/Create…`);
    const t0 = performance.now();
    let next = 0;
    const createErrors: string[] = [];
    const creator = async () => {
      for (let i = next++; i < OPT.users; i = next++) {
        const n = String(i + 1).padStart(3, '0');
        try {
          envelope(await request(setupAgent, server.port, 'POST', '/api/services/app/User/Create', auth, {
            userName: `bench${n}`, name: `压测用户 ${n}`, emailAddress: `bench${n}@bench.local`, password: BENCH_PASSWORD, isActive: true, userType: 0, roleNames: [],
          }), `User/Create bench${n}`);
        } catch (err) { createErrors.push(errText(err)); }
      }
    };
    await Promise.all(Array.from({ length: 4 }, creator));
    const createS = (performance.now() - t0) / 1000;
    if (OPT.users > 0 && createErrors.length === OPT.users) throw new Error(`every User/Create failed: ${createErrors[0]}`);
    if (createErrors.length) notes.push(`User/Create: ${createErrors.length} of ${OPT.users} failed, first: ${createErrors[0]}`);
    const list = envelope<{ totalCount: number }>(await request(setupAgent, server.port, 'GET', GET_ALL, auth), 'User/GetAll');
    setupAgent.destroy();
    row(`seed ${OPT.users} users via User/Create (4 in flight)`, `${f2(createS)} s (${f1((OPT.users - createErrors.length) / createS)} /s); tenant now has ${list.totalCount} users`);

    const watcher = new pg.Client({ connectionString: OPT.pgUrl });
    await watcher.connect();
    const dbPids = async () => (await watcher.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [name])).rows.map((r) => r.pid);
    const phases: LoadResult[] = [];
    try {
    log(`pg: sign-in (admin), ${OPT.concurrency} in flight, ${OPT.warmupS} s warm-up + ${OPT.durationS} s…`);
    phases.push(await load('sign-in, admin only', server, (agent) =>
      request(agent, server.port, 'POST', '/api/TokenAuth/Authenticate', {}, ADMIN), dbPids));
    const created = OPT.users - createErrors.length;
    if (created > 0) {
      log(`pg: sign-in (rotating over ${OPT.users} users)…`);
      phases.push(await load(`sign-in, ${OPT.users} users rotating`, server, (agent, i) =>
        request(agent, server.port, 'POST', '/api/TokenAuth/Authenticate', {}, { userNameOrEmailAddress: `bench${String((i % OPT.users) + 1).padStart(3, '0')}`, password: BENCH_PASSWORD }), dbPids));
    }
    log('pg: User/GetAll…');
    phases.push(await load('User/GetAll page 1×10', server, (agent) => request(agent, server.port, 'GET', GET_ALL, auth), dbPids));
    } finally {
      await watcher.end().catch(() => undefined);
    }

    for (const p of phases) {
      row(`throughput PostgreSQL: ${p.name}`,
        `${f1(p.rps).padStart(6)} req/s  p50 ${f1(p.p50)} ms  p95 ${f1(p.p95)} ms  p99 ${f1(p.p99)} ms  (n=${p.ok}, errors ${p.errors}; CPU cores: server ${f2(p.serverCpu)}, postgres ${f2(p.dbCpu)}, bench ${f2(p.benchCpu)})`);
      if (p.errors) notes.push(`${p.name}: ${p.errors} failed requests, first: ${p.firstError}`);
    }
    const mem = procMem(server.pid);
    notes.push(`server RSS on PostgreSQL: ${f1(readyMem.rssMB)} MB at ready, ${f1(mem.rssMB)} MB after the load (peak ${f1(mem.hwmMB)} MB)`);
    if (phases.some((p) => p.ok === 0)) throw new Error(`a load phase had no successful request: ${phases.find((p) => p.ok === 0)!.firstError}`);
  } finally {
    await stopChild(server.child);
  }
}

// ───────────────────────────── main ─────────────────────────────

const TARGET_SIGN_IN_JS_KB = 170;

/** 5. The sign-in route's initial JavaScript (gzipped), measured in Chromium on the built app. */
async function benchBundle(): Promise<void> {
  if (!existsSync('/usr/bin/chromium')) { notes.push('bundle: /usr/bin/chromium missing (apt-get install -y chromium)'); return; }
  log('bundle: vite build…');
  const build = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('vite build failed');
  const dataDir = await tempDir('haicang-bench-bundle-');
  const server = await startServer({ DATA_DIR: dataDir });
  try {
    const { measureInitialJs } = await import('./initial-js.ts');
    const signIn = await measureInitialJs(`http://${HOST}:${server.port}/`, { width: 360, height: 740 }, 'input[type=password]');
    const atLoad = signIn.files.filter((f) => !f.afterLoad);
    const { routeInitialJs } = await import('./module-graph.ts');
    const graph = routeInitialJs(path.join(ROOT, 'dist'), 'src/app/routes/index.tsx');
    row('sign-in route initial JS (gzip; entry + route chunk + static imports)', `${f1(graph.gzipKB)} KB in ${graph.files.length} files`, `≤ ${TARGET_SIGN_IN_JS_KB} KB`, graph.gzipKB > TARGET_SIGN_IN_JS_KB ? 'OVER' : 'ok');
    row('  seen in Chromium before the form was usable (+ lazy chunks)', `${f1(signIn.atLoadGzipKB)} KB in ${atLoad.length} files`, '—');
    row('  seen in Chromium until the network was idle', `${f1(signIn.totalGzipKB)} KB in ${signIn.files.length} files`, '—');
    notes.push(`sign-in scripts before the form showed: ${atLoad.slice(0, 8).map((f) => `${path.basename(f.url)} ${f1(f.gzipKB)} KB`).join(', ')}`);
    notes.push(`sign-in scripts fetched afterwards: ${signIn.files.filter((f) => f.afterLoad).slice(0, 8).map((f) => `${path.basename(f.url)} ${f1(f.gzipKB)} KB`).join(', ')}`);
    // (issue 11 §6) Lighthouse 12 mobile on / cold, median of three: tests/bench/sign-in-page.ts.
    const { benchSignInLighthouse } = await import('./sign-in-page.ts');
    await benchSignInLighthouse({ port: server.port, row, note: (text) => notes.push(text), log });
  } finally {
    await stopChild(server.child);
  }
}

const skipped = (name: string) => OPT.skip.has(name) || (OPT.only.size > 0 && !OPT.only.has(name));

async function section(name: string, fn: () => Promise<void>): Promise<void> {
  if (skipped(name)) { notes.push(`section "${name}" skipped (${OPT.skip.has(name) ? 'BENCH_SKIP' : 'not in --only / BENCH_ONLY'})`); return; }
  if (aborted) return;
  try {
    await fn();
  } catch (err) {
    failures.push(`${name}: ${errText(err)}`);
    log(`${name} FAILED: ${errText(err)}`);
  }
}

function printTable(totalS: number): void {
  const w1 = Math.max(...rows.map((r) => r.metric.length), 10);
  const w2 = Math.max(...rows.map((r) => r.value.length), 10);
  const lines = [
    '',
    `海仓 bench (issue 2) — node ${process.version}, ${os.cpus().length} CPUs, `
      + `concurrency ${OPT.concurrency}, ${OPT.warmupS} s warm-up + ${OPT.durationS} s per phase, server LOG_LEVEL ${OPT.logLevel} under load`,
    '',
    `${'metric'.padEnd(w1)}  ${'value'.padEnd(w2)}  target`,
    `${'-'.repeat(w1)}  ${'-'.repeat(w2)}  ------`,
    ...rows.map((r) => `${r.metric.padEnd(w1)}  ${r.value.padEnd(w2)}  ${r.target}${r.verdict ? `  ${r.verdict}` : ''}`),
    '',
    ...notes.map((n) => `note: ${n}`),
    ...failures.map((f) => `FAILED: ${f}`),
    `total ${f1(totalS)} s`,
    '',
  ];
  process.stdout.write(lines.join('\n'));
}

async function main(): Promise<void> {
  const t0 = performance.now();
  const runStartedAt = Date.now();
  if (!(await buildServerIfStale('bench'))) throw new Error('the server bundle did not build');
  const loadAtStart = os.loadavg()[0]!;
  const scryptMs = await scryptCalibrationMs();
  const state: { running: Server | null } = { running: null };
  await section('start', async () => { state.running = await benchStart(!skipped('memory')); });
  await section('memory', () => benchMemory(state.running));
  if (state.running) await stopChild(state.running.child);
  await section('probe', benchProbe);
  await section('pg', benchPostgres);
  await section('scan', async () => {
    const { benchScan } = await import('./scan.ts');
    await benchScan({
      pgUrl: OPT.pgUrl, logLevel: OPT.logLevel, databases, startServer, stopChild, tempDir, row,
      note: (text) => notes.push(text), log, isAborted: () => aborted,
    });
  });
  await section('scan-pglite', async () => {
    const { benchScanPglite } = await import('./scan.ts');
    await benchScanPglite({ logLevel: OPT.logLevel, startServer, stopChild, tempDir, row, note: (text) => notes.push(text), log, isAborted: () => aborted });
  });
  await section('shelfup', async () => {
    const { benchShelfUp } = await import('./shelf-up.ts');
    await benchShelfUp({ pgUrl: OPT.pgUrl, logLevel: OPT.logLevel, databases, startServer, stopChild, tempDir, row, note: (text) => notes.push(text), log, isAborted: () => aborted });
  });
  await section('statistics', async () => {
    const { benchStatistics } = await import('./statistics.ts');
    await benchStatistics({
      pgUrl: OPT.pgUrl, logLevel: OPT.logLevel, databases, startServer, stopChild, tempDir, row, note: (text) => notes.push(text), log,
    });
  });
  await section('signin', async () => {
    const { benchSignInFlood } = await import('./sign-in-flood.ts');
    await benchSignInFlood({ startServer, stopChild, tempDir, row, note: (text) => notes.push(text), log });
  });
  await section('bundle', benchBundle);
  // (issue 6) the floor app: its routes' initial JS, Lighthouse on /floor, wedge scan → verdict.
  await section('floor', async () => {
    if (skipped('bundle')) {
      log('floor: vite build…');
      const build = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], { cwd: ROOT, stdio: 'inherit' });
      if (build.status !== 0) throw new Error('vite build failed');
    }
    const { benchFloor } = await import('./floor.ts');
    await benchFloor({ root: ROOT, startServer, stopChild, tempDir, row, note: (text) => notes.push(text), log });
  });
  await cleanup();
  if (OPT.profileDir) {
    const written = existsSync(OPT.profileDir) ? readdirSync(OPT.profileDir).filter((f) => f.endsWith('.cpuprofile') && statSync(path.join(OPT.profileDir!, f)).mtimeMs >= runStartedAt) : [];
    notes.push(`CPU profiles of the servers started (one per server, written when it stopped): ${written.length ? written.map((f) => path.join(OPT.profileDir!, f)).join(', ') : 'none written'}; sampled by wall time, so a system call the server waited in (writev) shows more than its CPU (decision 0050)`);
  }
  notes.push(`machine: one scrypt (the server's N=16384, r=8, p=1) took ${f1(scryptMs)} ms in this process at start; 1-min load average ${loadAtStart.toFixed(2)} at start, `
    + `${os.loadavg()[0]!.toFixed(2)} at the end, on ${os.cpus().length} CPUs (a shared machine: every figure moves with the neighbours)`);
  printTable((performance.now() - t0) / 1000);
  process.exitCode = failures.length ? 1 : 0;
}

main().catch(async (err) => {
  process.stderr.write(`bench crashed: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
  await cleanup();
  process.exit(1);
});
