// Issue 12 benchmark, section `signin` of `npm run bench`: a flood of failed sign-ins against the
// bundled server on PGlite, and how long an ordinary call made meanwhile takes (target < 1.5 s).
//   (a) 200 concurrent failed sign-ins from one address (the per-address limit answers most with 429)
//   (b) 200 concurrent failed sign-ins from 200 addresses (X-Forwarded-For from loopback, a trusted
//       proxy): only the bound on concurrent password hashes stands between them and the others
// Each phase starts a fresh server; the ordinary call is User/GetAll with a token taken before.
//
// Knobs (environment):
//   BENCH_SIGNIN_FLOOD   concurrent failed sign-ins per phase   (default 200)
import http from 'node:http';
import type { ScanDeps } from './scan.ts';

/** What run.ts lends a section: its server starter, the table's rows and notes. */
export type SignInDeps = Pick<ScanDeps, 'startServer' | 'stopChild' | 'tempDir' | 'row' | 'note' | 'log'>;

const FLOOD = Math.max(1, Math.round(Number(process.env.BENCH_SIGNIN_FLOOD) || 200));
const TARGET_MS = 1500;
const HOST = '127.0.0.1';

interface Reply { status: number; body: string; ms: number }

function post(port: number, path: string, headers: Record<string, string>, body?: unknown, method = 'POST'): Promise<Reply> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    // agent: false — every request its own connection, as a flood of clients would.
    const req = http.request({ host: HOST, port, method, path, agent: false, timeout: 60_000,
      headers: { 'Abp.TenantId': '1', ...headers, ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}) } },
    (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - t0 }));
    });
    req.on('timeout', () => req.destroy(new Error(`${path}: no answer in 60 s`)));
    req.on('error', reject);
    req.end(payload);
  });
}

async function phase(deps: SignInDeps, label: string, spread: boolean): Promise<void> {
  const server = await deps.startServer({ DATA_DIR: await deps.tempDir('haicang-bench-signin-') }, { logLevel: 'warn' });
  try {
    const signedIn = await post(server.port, '/api/TokenAuth/Authenticate', {}, { userNameOrEmailAddress: 'admin', password: '123qwe' });
    const token = (JSON.parse(signedIn.body) as { result: { accessToken: string } }).result.accessToken;
    const normalCall = () => post(server.port, '/api/services/app/User/GetAll?currentPage=1&pageSize=10', { authorization: `Bearer ${token}` }, undefined, 'GET');
    await normalCall(); // warm: the user is cached, the route compiled

    const t0 = performance.now();
    const flood = Promise.all(Array.from({ length: FLOOD }, (_, i) => post(server.port, '/api/TokenAuth/Authenticate',
      spread ? { 'x-forwarded-for': `203.0.${Math.floor(i / 250)}.${(i % 250) + 1}` } : {},
      { userNameOrEmailAddress: `nobody${i}`, password: 'wrong-password' })));
    // The ordinary calls start once the flood is in flight.
    await new Promise((r) => setTimeout(r, 50));
    const during: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await normalCall();
      if (r.status !== 200) throw new Error(`User/GetAll answered ${r.status} during the flood`);
      during.push(r.ms);
    }
    const replies = await flood;
    const floodS = (performance.now() - t0) / 1000;
    const count = (s: number) => replies.filter((r) => r.status === s).length;
    const worst = Math.max(...during);
    deps.row(`sign-in flood ${label}: User/GetAll meanwhile (worst of 3)`, `${worst.toFixed(0)} ms  [${during.map((d) => d.toFixed(0)).join(', ')}]`,
      `< ${TARGET_MS} ms`, worst < TARGET_MS ? 'ok' : 'OVER');
    deps.note(`sign-in flood ${label}: ${FLOOD} failed sign-ins → ${count(429)}× 429, ${count(401)}× 401, `
      + `${replies.length - count(429) - count(401)} other; all answered in ${floodS.toFixed(2)} s`);
  } finally {
    await deps.stopChild(server.child);
  }
}

export async function benchSignInFlood(deps: SignInDeps): Promise<void> {
  deps.log(`signin: ${FLOOD} concurrent failed sign-ins from one address…`);
  await phase(deps, 'one address', false);
  deps.log(`signin: ${FLOOD} concurrent failed sign-ins from ${FLOOD} addresses…`);
  await phase(deps, 'many addresses', true);
}
