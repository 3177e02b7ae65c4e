// Issue 18 item 4, section `statistics` of `npm run bench`: each StatisticalRecords action over a year
// of data on PostgreSQL. run.ts owns the server process, the table and the cleanup; this file bulk-loads
// a year of audit rows (sign-ins, packings, shelvings) and ledger flows with SQL as the owner, then calls
// each statistic one after another (a manager's screen is one caller) and prints its p50/p95. The very
// first call also rolls the year's closed days up (db/schema/statistics.ts); its time is shown apart.
//
// The issue's scale is 1 M parcels, 300 k orders and their flows; the default here is a tenth of it so
// the section fits a shared machine. BENCH_STATS_SCALE=1 loads the issue's scale.
//
// Knobs (environment):
//   BENCH_STATS_SCALE     fraction of the issue's scale (1 M sign-ins, 300 k packings, 600 k flows) (default 0.1)
//   BENCH_STATS_SELLERS   sellers the flows are spread over                                       (default 300)
//   BENCH_STATS_CALLS     calls per statistic (after 3 warm-up calls)                             (default 30)
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createBenchDatabase, envelope, LoadClient, request, type ScanDeps } from './scan.ts';

export type StatsDeps = Omit<ScanDeps, 'isAborted'>;

const env = process.env;
const num = (v: string | undefined, d: number) => (v !== undefined && v !== '' && Number.isFinite(Number(v)) ? Number(v) : d);
const SCALE = Math.max(0.001, num(env.BENCH_STATS_SCALE, 0.1));
const SIZE = {
  signIns: Math.round(1_000_000 * SCALE),
  packings: Math.round(300_000 * SCALE),
  // Two flows per order (a recharge share and the fee) is what a year of weighing leaves behind.
  flows: Math.round(600_000 * SCALE),
  shelvings: Math.round(100_000 * SCALE),
  sellers: Math.max(1, Math.round(num(env.BENCH_STATS_SELLERS, 300))),
  calls: Math.max(1, Math.round(num(env.BENCH_STATS_CALLS, 30))),
};
const TARGET_MS = 300;
const T1 = { 'Abp.TenantId': '1' };
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '—');
const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]! : NaN);

/** A year of rows ending now, spread evenly, by the owner (no RLS, set-based). */
async function load(c: pg.Client, sellerToken: { userId: number }, log: (m: string) => void): Promise<string> {
  const t0 = performance.now();
  const step = (rows: number) => `(interval '365 days' / greatest(${rows}, 1))`;
  const staff = await c.query<{ id: string }>(`
    insert into users (tenant_id, user_name, normalized_user_name, name, email_address, normalized_email_address, password_hash, user_type)
    select 1, 'bstaff' || g, upper('bstaff' || g), '压测员工 ' || g, 'bstaff' || g || '@bench.local', upper('bstaff' || g || '@bench.local'), 'x-not-a-hash', 0
    from generate_series(1, 20) g returning id`);
  const staffIds = staff.rows.map((r) => Number(r.id));
  await c.query(`
    insert into users (tenant_id, user_name, normalized_user_name, name, email_address, normalized_email_address, password_hash, user_type, user_code)
    select 1, 'bseller' || g, upper('bseller' || g), '压测卖家 ' || g, 'bseller' || g || '@bench.local', upper('bseller' || g || '@bench.local'), 'x-not-a-hash', 1,
           'BS' || lpad(g::text, 5, '0')
    from generate_series(1, $1::int) g`, [SIZE.sellers]);
  const sellers = (await c.query<{ id: string; user_code: string }>(`select id, user_code from users where user_name like 'bseller%' order by id`)).rows;
  const audit = (action: string, entity: string, rows: number, tradeNo: string) => c.query(`
    insert into order_operates (tenant_id, entity, entity_id, trade_no, action, user_id, user_name, creation_time)
    select 1, $1, g, ${tradeNo}, $2, ($3::bigint[])[1 + g % 20], '压测员工 ' || (1 + g % 20), now() - ${step(rows)} * g
    from generate_series(1, $4::int) g`, [entity, action, staffIds, rows]);
  await audit('signIn', 'parcel', SIZE.signIns, 'null');
  // One in ten packings is a stock order's (ST…): the stock statistic reads those, the other the rest.
  await audit('packed', 'order', SIZE.packings, `case when g % 10 = 0 then 'ST' else 'CB' end || lpad(g::text, 11, '0')`);
  await audit('shelve', 'stock', SIZE.shelvings, 'null');
  // Noise every statistic must skip: other actions on the same days.
  await audit('parcelArrived', 'order', SIZE.packings, 'null');
  const ids = sellers.map((s) => Number(s.id));
  const codes = sellers.map((s) => s.user_code);
  // The signed-in seller gets its share too (its own statistic reads only those).
  ids[0] = sellerToken.userId;
  await c.query(`
    insert into account_flows (tenant_id, user_id, user_code, channel, incurred_cents, balance_cents, ref, creation_time)
    select 1, ($1::bigint[])[1 + g % $2::int], ($3::text[])[1 + g % $2::int], case when g % 2 = 0 then 2 else 3 + g % 5 end,
           case when g % 2 = 0 then 10000 else -(100 + g % 900) end, 0, 'bench:' || g, now() - ${step(SIZE.flows)} * g
    from generate_series(1, $4::int) g`, [ids, ids.length, codes, SIZE.flows]);
  await c.query('vacuum (analyze) order_operates, account_flows');
  const s = (performance.now() - t0) / 1000;
  log(`statistics: loaded in ${f1(s)} s`);
  return `${f1(s)} s`;
}

export async function benchStatistics(d: StatsDeps): Promise<void> {
  const { name, url } = await createBenchDatabase(d.pgUrl, d.databases, 'hc_stats');
  d.log(`statistics: first start against ${name} (migrate + seed)…`);
  const server = await d.startServer({ DATABASE_URL: url, DATA_DIR: await d.tempDir('haicang-bench-stats-') }, { logLevel: d.logLevel });
  const owner = new pg.Client({ connectionString: url });
  const agent = new LoadClient(2);
  try {
    await owner.connect();
    const port = server.port;
    const ADMIN = { userNameOrEmailAddress: 'admin', password: '123qwe' };
    const adminToken = envelope<{ accessToken: string }>(await request(agent, port, 'POST', '/api/TokenAuth/Authenticate', T1, ADMIN), 'admin sign-in').accessToken;
    const seller = { userName: `bstatseller${randomBytes(3).toString('hex')}`, password: 'secret123' };
    envelope(await request(agent, port, 'POST', '/api/services/app/Account/Register', T1,
      { userName: seller.userName, name: '压测卖家', password: seller.password, emailAddress: `${seller.userName}@bench.local` }), 'Account/Register');
    const sellerSignIn = envelope<{ accessToken: string; userId: number }>(await request(agent, port, 'POST', '/api/TokenAuth/Authenticate', T1,
      { userNameOrEmailAddress: seller.userName, password: seller.password }), 'seller sign-in');

    d.log(`statistics: bulk load (scale ${SCALE})…`);
    const loadS = await load(owner, { userId: sellerSignIn.userId }, d.log);
    const counts = (await owner.query<{ t: string; n: string }>(`select 'audit rows' as t, count(*)::text as n from order_operates union all select 'flows', count(*)::text from account_flows`)).rows;
    d.row('statistics: bulk load (SQL) + VACUUM ANALYZE', `${loadS} (${counts.map((c) => `${c.t} ${c.n}`).join(', ')})`, '—');
    d.note(`statistics: scale ${SCALE} of the issue's (${SIZE.signIns} sign-ins, ${SIZE.packings} packings, ${SIZE.shelvings} shelvings, ${SIZE.flows} flows over ${SIZE.sellers} sellers, a year); `
      + `${SIZE.calls} calls per statistic, one at a time, over the whole year; database ${name} (dropped at the end)`);

    const fmt = (x: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(x);
    const now = new Date();
    const range = `startTime=${fmt(new Date(now.getTime() - 364 * 86_400_000))}&endTime=${fmt(now)}`;
    const cases = [
      { action: 'GetSignForLogisticsStatisticalList', token: adminToken },
      { action: 'GetPackedPackNumsList', token: adminToken },
      { action: 'GetStockPackedPackNumsList', token: adminToken },
      { action: 'GetProductStoreStatisticalList', token: adminToken },
      { action: 'GetStatisticalConsumptionFlowList', token: adminToken },
      { action: 'GetStatisticalConsumptionFlowListByUserId', token: sellerSignIn.accessToken },
    ];
    for (const c of cases) {
      const url = `/api/services/app/StatisticalRecords/${c.action}?${range}`;
      const headers = { ...T1, authorization: `Bearer ${c.token}` };
      const lat: number[] = [];
      let rows = 0;
      let firstMs = NaN;
      for (let i = 0; i < SIZE.calls + 3; i++) {
        const t = performance.now();
        const r = envelope<unknown[] | { items: unknown[] }>(await request(agent, port, 'GET', url, headers), c.action);
        if (i === 0) firstMs = performance.now() - t;
        if (i >= 3) lat.push(performance.now() - t);
        rows = Array.isArray(r) ? r.length : r.items.length;
      }
      lat.sort((a, b) => a - b);
      const p95 = pct(lat, 95);
      d.row(`statistics: ${c.action} (a year)`, `p50 ${f1(pct(lat, 50))} ms  p95 ${f1(p95)} ms  (${rows} rows, n=${lat.length}; first call ${f1(firstMs)} ms)`, `p95 ≤ ${TARGET_MS} ms`, p95 <= TARGET_MS ? 'ok' : 'OVER');
    }
  } finally {
    await agent.destroy();
    await owner.end().catch(() => undefined);
    await d.stopChild(server.child);
  }
}
