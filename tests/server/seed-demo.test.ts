// npm run seed:demo fills a fresh tenant with data in every state (an overseas scene too), and a second run
// changes nothing.
import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '#server/db/client.ts';
import { rowsOf } from '../helpers/test-app.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'hc-demo-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const run = () => spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/seed-demo.ts'], {
  cwd: ROOT, env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir }, encoding: 'utf8', timeout: 120_000,
});

describe('seed:demo', () => {
  it('creates sellers, stores, orders and parcels in many states, a synced Shopee shop and an overseas scene, once', async () => {
    const first = run();
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain('21 orders (3 synced from demo_seller1\'s Shopee shop 880001)');
    expect(first.stdout).toMatch(/overseas warehouse 台北海外仓 with demo_seller1's stock, 2 overseas orders and return TWRT\d+ waiting/);
    const second = run();
    expect(second.status).toBe(0);
    expect(second.stdout).toContain('nothing to do');
    const db = await openDatabase({ dataDir });
    try {
      const states = rowsOf<{ s: string }>(await db.root.execute(sql`select distinct order_status || '/' || package_status as s from orders`)).map((r) => r.s);
      expect(states).toEqual(expect.arrayContaining(['1/0', '2/1', '2/2', '7/0']));
      expect(states.some((s) => s.startsWith('6/'))).toBe(true);
      const parcels = rowsOf<{ r: number }>(await db.root.execute(sql`select distinct receive_status as r from parcels`)).map((r) => r.r);
      expect(parcels).toEqual(expect.arrayContaining([0, 1, 5, 6]));
      const [count] = rowsOf<{ n: number }>(await db.root.execute(sql`select count(*)::int as n from orders`));
      expect(count!.n).toBe(23);
      // The demo Shopee shop, authorised through the fake platform, with its three orders ready to ship.
      const shops = rowsOf<{ shop_name: string; shopee_status: number; n: number }>(await db.root.execute(sql`
        select s.shop_name, s.shopee_status, (select count(*)::int from shopee_orders o where o.shop_id = s.shop_id and o.order_id is not null) as n
        from shopee_shops s`));
      expect(shops).toEqual([{ shop_name: '小王数码 Shopee 台湾', shopee_status: 1, n: 3 }]);
      // The overseas scene: a kind-2 TW warehouse holding demo_seller1's stock, one order packed and
      // shipped out of it (10 → 8 cups, every quantity a ListedHistory row), one waiting with its lines
      // reserved, a return of the shipped one waiting to be scanned in.
      const [warehouse] = rowsOf<{ id: number; kind: number; site: string }>(await db.root.execute(sql`
        select id, kind, site from warehouse_infos where warehouse_name = '台北海外仓'`));
      expect(warehouse).toMatchObject({ kind: 2, site: 'TW' });
      const stock = rowsOf<{ product_sku: string; user_name: string; inventory: number; reserved: number; moved: number }>(await db.root.execute(sql`
        select p.product_sku, u.user_name, p.inventory, p.reserved,
          (select coalesce(sum(h.quantity), 0)::int from listed_histories h where h.stock_product_id = p.id) as moved
        from stock_products p join users u on u.id = p.user_id where p.warehouse_info_id = ${warehouse!.id} order by p.product_sku`));
      expect(stock).toEqual([
        { product_sku: 'TW-BAG-CV', user_name: 'demo_seller1', inventory: 6, reserved: 2, moved: 6 },
        { product_sku: 'TW-CUP-500', user_name: 'demo_seller1', inventory: 8, reserved: 1, moved: 8 },
      ]);
      const abroad = rowsOf<{ trade_no: string; s: string }>(await db.root.execute(sql`
        select trade_no, order_status || '/' || package_status as s from orders where order_type = 4 order by id`));
      expect(abroad.map((o) => o.s)).toEqual(['4/5', '1/2']);
      expect(abroad.every((o) => /^AB\d{11}$/.test(o.trade_no))).toBe(true);
      const returns = rowsOf<{ return_status: number; order_id: number }>(await db.root.execute(sql`select return_status, order_id from abroad_returns`));
      expect(returns).toHaveLength(1);
      expect(returns[0]!.return_status).toBe(0);
      // The mainland warehouse's fees, so its orders can be weighed on the demo data (issue 44: a
      // manager's day): a base cost per order type, freight per seller site and cargo category.
      expect(first.stdout).toContain('fee settings of the mainland warehouse');
      const fees = rowsOf<{ base: string; freight: string }>(await db.root.execute(sql`
        select (select string_agg(distinct order_type::text, ',' order by order_type::text) from base_cost_settings) as base,
               (select string_agg(distinct site || cargo_category, ',' order by site || cargo_category) from mainland_freights) as freight`));
      expect(fees).toEqual([{ base: '1,2,3', freight: 'MY1,MY2,PH1,PH2,TW1,TW2' }]);
    } finally {
      await db.close();
    }
  }, 240_000);
});
