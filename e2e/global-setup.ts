// Starts the real server (node --import tsx src/server/main.ts) on a free port with a fresh,
// temporary DATA_DIR (embedded PGlite, never DATABASE_URL), waits for /health, and returns the
// teardown: SIGTERM, SIGKILL after 10 s, then the data dir is deleted. Set E2E_BASE_URL to run the
// suite against a server you started yourself instead.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 10_000;

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

function tsxLoaderUrl(): string {
  const require = createRequire(path.join(ROOT, 'package.json'));
  return pathToFileURL(path.join(path.dirname(require.resolve('tsx/package.json')), 'dist', 'loader.mjs')).href;
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

async function stop(child: ChildProcess): Promise<void> {
  if (exited(child)) return;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => {
    process.stderr.write('[e2e] server did not stop within 10 s; killing it\n');
    child.kill('SIGKILL');
  }, STOP_TIMEOUT_MS);
  await gone;
  clearTimeout(timer);
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const external = process.env.E2E_BASE_URL;
  if (external) {
    process.env.HC_E2E_BASE_URL = external.replace(/\/$/, '');
    return async () => {};
  }

  const dataDir = mkdtempSync(path.join(tmpdir(), 'haicang-e2e-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, HC_E2E_DATA_DIR: dataDir, LOG_LEVEL: process.env.HC_E2E_LOG_LEVEL ?? 'warn',
    // Every spec signs in from 127.0.0.1, many times a minute with parallel workers.
    SIGN_IN_ATTEMPTS_PER_MINUTE: '10000' };
  delete env.DATABASE_URL; // e2e always runs on a throw-away PGlite.
  delete env.TOKEN_SECRET;

  const child = spawn(process.execPath, [
    '--import', tsxLoaderUrl(),
    '--import', pathToFileURL(path.join(ROOT, 'e2e', 'server-watchdog.mjs')).href,
    path.join(ROOT, 'src', 'server', 'main.ts'),
  ], { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });

  // Server output (warnings and errors at the default level) goes to our stderr, labelled.
  let output = '';
  const relay = (chunk: Buffer) => {
    const text = chunk.toString();
    output = (output + text).slice(-2_000);
    process.stderr.write(text.replace(/^(?=.)/gm, '[server] '));
  };
  child.stdout!.on('data', relay);
  child.stderr!.on('data', relay);

  const teardown = async () => {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      if (exited(child)) throw new Error(`the e2e server exited during start (code ${child.exitCode ?? child.signalCode})`);
      try {
        const res = await fetch(`${baseURL}/health`, { signal: AbortSignal.timeout(2_000) });
        if (res.ok && (await res.json()).status === 'ok') break;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) throw new Error(`the e2e server did not answer ${baseURL}/health within ${START_TIMEOUT_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  } catch (err) {
    await teardown();
    // The server's own output has already been relayed above, labelled [server].
    throw new Error(`${(err as Error).message}${output.trim() ? '; see its [server] output above' : ''}`, { cause: err });
  }

  process.env.HC_E2E_BASE_URL = baseURL;
  return teardown;
}
