// Issue 43: the CPU one SignByScan costs the server process and PostgreSQL, in a steady state, on a
// database the `scan` section kept (BENCH_SCAN_KEEP=1). Not a section of `npm run bench`: a tool for
// comparing two builds or two schemas of the scan, A B A B, on a machine others share, where the
// section's p95 moves with the neighbours and its quick mode counts the connections' first plans
// (each kept statement is planned six times per connection before PostgreSQL keeps one plan).
//
//   npx tsx tests/bench/scan-cpu.ts <database> [scans=600] [clients=8] [bundle=dist-server/main.js] [warm-up scans=200] [any|free|tied]
//
// It starts the bundle on the database, signs `warm-up` declared parcels (not counted), then `scans`
// more with `clients` at once, and reads the CPU the server process and the database's backends spent
// meanwhile (/proc, Linux). The parcels are taken in a fixed pseudo-random order, so most scans of an
// order are its first (they take a slot): not the realistic mix, the same mix for A and B.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';

const [db, scansArg = '600', clientsArg = '8', bundle = 'dist-server/main.js', warmArg = '200', kind = 'any'] = process.argv.slice(2);
if (!db) throw new Error('usage: scan-cpu.ts <database> [scans] [clients] [bundle] [warm-up scans] [any|free|tied]');
const scans = Number(scansArg), clients = Number(clientsArg), warm = Number(warmArg);
const root = new URL('../../', import.meta.url).pathname;
const url = `postgres://postgres@127.0.0.1:5432/${db}`;
const port = 39000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** CPU (user + system) a process has spent, in ms. */
const cpuOf = (pid: number): number => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / 100) * 1000;
  } catch {
    return 0; // gone meanwhile
  }
};

const server = spawn(process.execPath, ['--enable-source-maps', `${root}${bundle}`], {
  cwd: root, stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, MALLOC_MMAP_THRESHOLD_: '131072', PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: url, DATA_DIR: `/tmp/haicang-scan-cpu-${port}`, LOG_LEVEL: 'warn' },
});
const owner = new pg.Client({ connectionString: url });
try {
  for (let i = 0; i < 300; i++) {
    try { await fetch(`${base}/health`); break; } catch { await sleep(200); }
  }
  const tenant = { 'Abp.TenantId': '1', 'content-type': 'application/json' };
  const signIn = await (await fetch(`${base}/api/TokenAuth/Authenticate`, { method: 'POST', headers: tenant, body: JSON.stringify({ userNameOrEmailAddress: 'admin', password: '123qwe' }) })).json() as { result: { accessToken: string } };
  const headers = { ...tenant, authorization: `Bearer ${signIn.result.accessToken}` };
  await owner.connect();
  const warehouse = Number((await owner.query<{ id: string }>('select id from warehouse_infos where tenant_id = 1 and is_enabled order by id limit 1')).rows[0]!.id);
  const which = kind === 'free' ? 'order_id is null' : kind === 'tied' ? 'order_id is not null' : 'true';
  const numbers = (await owner.query<{ shipment: string }>(`select shipment from parcels where tenant_id = 1 and receive_status = 0 and ${which}
    order by md5(shipment) limit $1`, [scans + warm])).rows.map((r) => r.shipment);
  if (numbers.length < scans + warm) throw new Error(`only ${numbers.length} declared parcels left`);
  const sign = async (shipment: string) => {
    const res = await fetch(`${base}/api/services/app/Logistics/SignByScan`, {
      method: 'POST', headers: { ...headers, 'Idempotency-Key': randomUUID() }, body: JSON.stringify({ shipment, warehouseInfoId: warehouse }),
    });
    const answer = await res.json() as { result?: { action?: string } };
    if (answer.result?.action !== 'SIGNED') throw new Error(`${shipment}: ${JSON.stringify(answer).slice(0, 300)}`);
  };
  const signAll = async (list: string[]) => {
    let next = 0;
    await Promise.all(Array.from({ length: clients }, async () => { while (next < list.length) await sign(list[next++]!); }));
  };
  await signAll(numbers.slice(0, warm));
  const backends = (await owner.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [db])).rows.map((r) => r.pid);
  const spent = () => ({ server: cpuOf(server.pid!), postgres: backends.reduce((sum, pid) => sum + cpuOf(pid), 0) });
  const before = spent();
  const t0 = performance.now();
  await signAll(numbers.slice(warm));
  const seconds = (performance.now() - t0) / 1000;
  const after = spent();
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  console.log(`${bundle} ${kind} ×${scans}, ${clients} clients: ${(scans / seconds).toFixed(0)}/s; CPU per scan: server ${((after.server - before.server) / scans).toFixed(2)} ms, `
    + `PostgreSQL ${((after.postgres - before.postgres) / scans).toFixed(2)} ms (${backends.length} backends; 1-min load ${load})`);
} finally {
  await owner.end().catch(() => {});
  server.kill('SIGTERM');
}
