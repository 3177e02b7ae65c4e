// The server as a process: exits 1 with a clear message on bad configuration; on SIGTERM finishes
// and exits 0; a restart on the same data dir keeps the data and does not seed twice.
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const dirs: string[] = [];
afterAll(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT, env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'info', ...env }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => { out += String(d); });
  child.stderr.on('data', (d) => { out += String(d); });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => out };
}

async function waitHealthy(port: number, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/health`);
      if (res.ok) return;
    } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy');
}

describe('server process', () => {
  it('exits with code 1 and names the variable when the configuration is nonsense', async () => {
    const s = startServer({ PORT: 'not-a-port' });
    expect(await s.exited).toBe(1);
    expect(s.output()).toContain('PORT');
  });

  it('starts on a fresh data dir, keeps a generated secret there, stops on SIGTERM with 0, restarts without seeding again', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hc-proc-'));
    dirs.push(dataDir);
    const port = 30000 + Math.floor(Math.random() * 20000);
    const first = startServer({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
    await waitHealthy(port);
    expect(existsSync(path.join(dataDir, 'secrets.json'))).toBe(true);
    const secret = readFileSync(path.join(dataDir, 'secrets.json'), 'utf8');
    const signIn = await fetch(`http://127.0.0.1:${port}/api/TokenAuth/Authenticate`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'Abp.TenantId': '1' }, body: JSON.stringify({ userNameOrEmailAddress: 'admin', password: '123qwe' }),
    });
    const token = ((await signIn.json()) as { result: { accessToken: string } }).result.accessToken;
    // A second process on the same embedded database would corrupt it: it is refused.
    const intruder = startServer({ DATA_DIR: dataDir, PORT: String(port + 1), HOST: '127.0.0.1' });
    expect(await intruder.exited).toBe(1);
    expect(intruder.output()).toContain('is in use by process');
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('seeded');

    const second = startServer({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
    await waitHealthy(port);
    expect(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')).toBe(secret);
    // The token from before the restart still works: same secret, same data.
    const users = await fetch(`http://127.0.0.1:${port}/api/services/app/User/GetAll`, { headers: { authorization: `Bearer ${token}`, 'Abp.TenantId': '1' } });
    expect(users.status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(second.output()).not.toContain('seeded');
  });
});

describe('how npm start runs the server (serverCommand, decision 0049)', () => {
  it('runs the bundle with source maps and glibc\'s mmap threshold fixed at 128 KB, unless the environment sets its own', async () => {
    // @ts-expect-error — a plain .mjs module shared with npm start
    const { serverCommand, SERVER_BUNDLE } = await import('../../src/server/cli/stale.mjs') as {
      serverCommand: (env: NodeJS.ProcessEnv) => { args: string[]; env: NodeJS.ProcessEnv }; SERVER_BUNDLE: string;
    };
    const plain = serverCommand({ PORT: '3001' });
    expect(plain.args).toEqual(['--enable-source-maps', SERVER_BUNDLE]);
    expect(plain.env).toEqual({ PORT: '3001', MALLOC_MMAP_THRESHOLD_: '131072' });
    expect(serverCommand({ MALLOC_MMAP_THRESHOLD_: '65536' }).env.MALLOC_MMAP_THRESHOLD_).toBe('65536');
  });
});
