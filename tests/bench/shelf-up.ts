// Issue 13 item 7, section `shelfup` of `npm run bench`: BackStock/ShelfUp at a fixed number of clients
// on a PostgreSQL database holding 100 k stock products (each with its first movement), beside the
// ceiling of the same machine: a bare single-row UPDATE of stock_products through node-postgres.
// run.ts owns the server process, the table and the cleanup; this file bulk-loads with SQL as the owner.
//
// Every ShelfUp puts 1 item of a random labelled record (of 20 k, each of a different product) onto its
// product's shelf: one request transaction locking the record, the shelf (share) and the product, one
// ListedHistory row, the record and product updated, one audit row — the floor's 上架 as it runs.
//
// Knobs (environment):
//   BENCH_SHELF_PRODUCTS    stock products               (default 100000)
//   BENCH_SHELF_RECORDS     labelled records to shelve    (default 20000)
//   BENCH_SHELF_CLIENTS     concurrent clients            (default 20)
//   BENCH_SHELF_DURATION_S  measured seconds per phase    (default 15)
//   BENCH_SHELF_WARMUP_S    warm-up seconds per phase     (default 3)
import pg from 'pg';
import { createBenchDatabase, envelope, LoadClient, request, type ScanDeps } from './scan.ts';

const env = process.env;
const num = (v: string | undefined, d: number) => (v !== undefined && v !== '' && Number.isFinite(Number(v)) ? Number(v) : d);
const SIZE = {
  products: Math.max(100, Math.round(num(env.BENCH_SHELF_PRODUCTS, 100_000))),
  records: Math.max(10, Math.round(num(env.BENCH_SHELF_RECORDS, 20_000))),
  clients: Math.max(1, Math.round(num(env.BENCH_SHELF_CLIENTS, 20))),
  durationS: Math.max(1, num(env.BENCH_SHELF_DURATION_S, 15)),
  warmupS: Math.max(0, num(env.BENCH_SHELF_WARMUP_S, 3)),
};
const TARGET_MS = 50;
const SELLERS = 300;
const SHELVES = 2000;
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '—');
const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]! : NaN);

interface Figures { n: number; errors: number; firstError: string | null; rps: number; p50: number; p95: number; p99: number }

/** `clients` loops calling `op` for warm-up + duration; only calls that start after the warm-up and end in time are timed. */
async function measure(op: () => Promise<void>): Promise<Figures> {
  const warmEnd = performance.now() + SIZE.warmupS * 1000;
  const end = warmEnd + SIZE.durationS * 1000;
  const lat: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  await Promise.all(Array.from({ length: SIZE.clients }, async () => {
    while (performance.now() < end) {
      const t = performance.now();
      try {
        await op();
      } catch (err) {
        errors++;
        firstError ??= err instanceof Error ? err.message : String(err);
        continue;
      }
      const done = performance.now();
      if (t >= warmEnd && done <= end) lat.push(done - t);
    }
  }));
  lat.sort((a, b) => a - b);
  return { n: lat.length, errors, firstError, rps: lat.length / SIZE.durationS, p50: pct(lat, 50), p95: pct(lat, 95), p99: pct(lat, 99) };
}

const fmt = (f: Figures) => `${f1(f.rps).padStart(6)} /s  p50 ${f1(f.p50)} ms  p95 ${f1(f.p95)} ms  p99 ${f1(f.p99)} ms  (n=${f.n}, errors ${f.errors})`;

/** Sellers with a store each, shelves, products spread over them with one type-1 movement each, and labelled records. */
async function bulkLoad(c: pg.Client, warehouseId: number, log: (m: string) => void): Promise<void> {
  const t = performance.now();
  await c.query(`insert into users (tenant_id, user_name, normalized_user_name, name, email_address, normalized_email_address, password_hash, user_type, user_code)
    select 1, 'bss' || g, upper('bss' || g), '压测囤货卖家 ' || g, 'bss' || g || '@bench.local', upper('bss' || g || '@bench.local'), 'x-not-a-hash', 1, 'BS' || lpad(g::text, 6, '0')
    from generate_series(1, ${SELLERS}) g`);
  await c.query(`insert into stores (tenant_id, user_id, store_name, site, contact_name)
    select 1, id, '囤货店 ' || user_code, 'TW', name from users where user_name like 'bss%'`);
  await c.query(`create temp table bench_stores as select row_number() over (order by s.id) - 1 as k, s.id as store_id, s.user_id, u.user_code
    from stores s join users u on u.id = s.user_id where u.user_name like 'bss%'`);
  await c.query(`insert into shelves (tenant_id, warehouse_info_id, shelf_position)
    select 1, $1::bigint, 'S-' || lpad(g::text, 4, '0') from generate_series(1, ${SHELVES}) g`, [warehouseId]);
  // Product g: 10 + g % 90 on shelf S-(g % SHELVES), i.e. totals that its one movement row explains.
  await c.query(`insert into stock_products (tenant_id, user_id, user_code, store_id, site, warehouse_info_id, product_sku, product_name, bar_code,
      total_storage, inventory, available, shelf_position)
    select 1, s.user_id, s.user_code, s.store_id, 'TW', $1::bigint, 'BSKU' || g, '压测商品 ' || g, 'BB' || lpad(g::text, 9, '0'),
      10 + g % 90, 10 + g % 90, 10 + g % 90, 'S-' || lpad((1 + g % ${SHELVES})::text, 4, '0')
    from generate_series(1, $2::int) g join bench_stores s on s.k = g % ${SELLERS}`, [warehouseId, SIZE.products]);
  await c.query(`insert into listed_histories (tenant_id, stock_product_id, owner_user_id, warehouse_info_id, type, quantity, inventory_after, shelf_position, trade_no)
    select 1, id, user_id, warehouse_info_id, 1, inventory, inventory, shelf_position, 'SRB' || lpad(id::text, 10, '0') from stock_products where product_sku like 'BSKU%'`);
  // The first SIZE.records products each have one labelled record with plenty left to shelve.
  await c.query(`insert into stock_records (tenant_id, trade_no, user_id, user_code, store_id, site, warehouse_info_id, product_sku, product_name,
      product_nums, package_nums, logistics_number, product_status, stock_product_id)
    select 1, 'SRB' || lpad(p.id::text, 11, '0'), p.user_id, p.user_code, p.store_id, 'TW', p.warehouse_info_id, p.product_sku, p.product_name,
      1000000, 1, 'YTB' || lpad(p.id::text, 12, '0'), 4, p.id
    from stock_products p where p.product_sku like 'BSKU%' order by p.id limit $1::int`, [SIZE.records]);
  await c.query('drop table bench_stores');
  await c.query('vacuum (analyze) stock_products, listed_histories, stock_records, shelves, stores, users');
  log(`shelfup: bulk load ${f1((performance.now() - t) / 1000)} s`);
}

export async function benchShelfUp(d: ScanDeps): Promise<void> {
  const { name, url } = await createBenchDatabase(d.pgUrl, d.databases, 'hc_shelf');
  d.note(`shelfup: ${SIZE.products} stock products of ${SELLERS} sellers on ${SHELVES} shelves, ${SIZE.records} labelled records; `
    + `${SIZE.clients} clients, ${SIZE.warmupS} s warm-up + ${SIZE.durationS} s per phase; database ${name} (dropped at the end)`);
  const server = await d.startServer({ DATABASE_URL: url, DATA_DIR: await d.tempDir('haicang-bench-shelf-') }, { logLevel: d.logLevel });
  const owner = new pg.Client({ connectionString: url });
  const pool = new pg.Pool({ connectionString: url, max: SIZE.clients });
  const agent = new LoadClient(SIZE.clients);
  try {
    await owner.connect();
    const warehouseId = Number((await owner.query<{ id: string }>('select id from warehouse_infos where tenant_id = 1 order by id limit 1')).rows[0]!.id);
    await bulkLoad(owner, warehouseId, d.log);
    const t1 = { 'Abp.TenantId': '1' };
    const token = envelope<{ accessToken: string }>(await request(agent, server.port, 'POST', '/api/TokenAuth/Authenticate', t1,
      { userNameOrEmailAddress: 'admin', password: '123qwe' }), 'sign-in').accessToken;
    const auth = { ...t1, authorization: `Bearer ${token}` };
    const work = (await owner.query<{ id: string; shelf: string; product: string }>(`select r.id, p.shelf_position as shelf, p.id as product
      from stock_records r join stock_products p on p.id = r.stock_product_id where r.trade_no like 'SRB%'`)).rows;
    const productIds = (await owner.query<{ id: string }>(`select id from stock_products order by random() limit 20000`)).rows.map((r) => Number(r.id));
    const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;
    if (d.isAborted()) return;

    d.log('shelfup: (a) ShelfUp…');
    const shelf = await measure(async () => {
      const w = pick(work);
      envelope(await request(agent, server.port, 'POST', '/api/services/app/BackStock/ShelfUp', auth, { id: Number(w.id), shelfPosition: w.shelf, quantity: 1 }), 'ShelfUp');
    });
    d.log('shelfup: (b) bare UPDATE through node-postgres…');
    const bare = await measure(async () => {
      await pool.query('UPDATE stock_products SET remark = remark WHERE id = $1', [pick(productIds)]);
    });
    // The movements still explain every figure after the load.
    const broken = (await owner.query<{ n: number }>(`select count(*)::int as n from stock_products p
      left join (select stock_product_id, sum(quantity) s from listed_histories group by 1) h on h.stock_product_id = p.id
      where p.inventory <> coalesce(h.s, 0) or p.available <> p.inventory - p.reserved`)).rows[0]!.n;

    d.row(`shelfup: (a) BackStock/ShelfUp, ${SIZE.clients} clients, ${SIZE.products / 1000} k products`, fmt(shelf), `≤ ${TARGET_MS} ms p95`, shelf.p95 <= TARGET_MS ? 'ok' : 'OVER');
    d.row(`shelfup: (b) bare UPDATE stock_products by id (pg pool ${SIZE.clients})`, fmt(bare), 'ceiling');
    d.row('shelfup: ShelfUp p95 / bare UPDATE p95', `${f1(shelf.p95 / bare.p95)}×`, '—');
    d.note(`shelfup: after the load, ${broken} product(s) whose figures differ from their movements (0 expected)`);
    for (const [label, f] of [['ShelfUp', shelf], ['bare UPDATE', bare]] as const) if (f.errors) d.note(`shelfup: ${label}: ${f.errors} failed, first: ${f.firstError}`);
    if (broken > 0) throw new Error(`${broken} stock product(s) no longer equal the sum of their movements`);
  } finally {
    await agent.destroy();
    await pool.end().catch(() => undefined);
    await owner.end().catch(() => undefined);
    await d.stopChild(server.child);
  }
}
