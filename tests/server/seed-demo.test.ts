// npm run seed:demo fills a fresh tenant with data in every state, and a second run changes nothing.
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
  it('creates sellers, stores, orders and parcels in many states and a synced Shopee shop, once', async () => {
    const first = run();
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain('21 orders (3 synced from demo_seller1\'s Shopee shop 880001)');
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
      expect(count!.n).toBe(21);
      // The demo Shopee shop, authorised through the fake platform, with its three orders ready to ship.
      const shops = rowsOf<{ shop_name: string; shopee_status: number; n: number }>(await db.root.execute(sql`
        select s.shop_name, s.shopee_status, (select count(*)::int from shopee_orders o where o.shop_id = s.shop_id and o.order_id is not null) as n
        from shopee_shops s`));
      expect(shops).toEqual([{ shop_name: '小王数码 Shopee 台湾', shopee_status: 1, n: 3 }]);
    } finally {
      await db.close();
    }
  }, 240_000);
});
