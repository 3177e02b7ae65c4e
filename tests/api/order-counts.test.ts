// The order counts kept by triggers (decision 0041): GetOrderList filtered by status, package status
// and warehouse alone sums order_counts' pieces instead of counting orders. The sum must be the
// count, whatever changed the orders (actions, bulk SQL, deletes, a warehouse moved, concurrent scans,
// a TRUNCATE; a load with the triggers off once counted again) and while the pieces are being folded
// (by two folders at once, as two servers would); a scoped member and any other filter still count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { COUNT_CAP } from '#shared/contracts/common.ts';
import { PERMISSION_NAMES, isSellerPermission } from '#shared/permissions.ts';
import { foldOrderCounts } from '#server/modules/orders/repository.ts';
import { startOrderCountFolding } from '#server/modules/orders/counts.ts';
import { call, createTestApp, rowsOf, signIn, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { createTenant, createUser, registerSeller } from '../factories/identity.ts';
import { buildOrder, createOrder, createStore } from '../factories/orders.ts';

let t: TestApp;
let admin: Caller;
let seller: Awaited<ReturnType<typeof registerSeller>>;
let warehouseId: number;
let storeId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, 'admin', '123qwe', 1);
  seller = await registerSeller(t.app, 1);
  warehouseId = (await call(t.app, 'GET', svc('WarehouseInfo', 'GetWarehouseInfoList'), admin)).body.result.items[0].id as number;
  storeId = (await createStore(t.app, admin, seller.userId)).id;
});
afterAll(async () => t?.close());

type Filter = { orderStatus?: number; packageStatus?: number; warehouseInfoId?: number };

/** What GetOrderList answers as the count of a filter. */
async function listed(who: Caller, f: Filter, page: Record<string, unknown> = { maxResultCount: 1 }) {
  const res = await call(t.app, 'GET', svc('BackOrder', 'GetOrderList'), who, { ...f, ...page });
  expect(res.status, JSON.stringify(res.body.error)).toBe(200);
  return res.body.result as { totalCount: number; totalCountCapped: boolean; items: { id: number }[] };
}

/** Tenant 1's orders matching the filter, counted in the table. */
async function counted(f: Filter): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await t.database.root.execute(sql`select count(*)::int as n from orders where tenant_id = 1
    and (${f.orderStatus ?? null}::int is null or order_status = ${f.orderStatus ?? null}::int)
    and (${f.packageStatus ?? null}::int is null or package_status = ${f.packageStatus ?? null}::int)
    and (${f.warehouseInfoId ?? null}::bigint is null or warehouse_info_id = ${f.warehouseInfoId ?? null}::bigint)`));
  return row!.n;
}

const FILTERS = (): Filter[] => [
  {}, { orderStatus: 1 }, { orderStatus: 2 }, { orderStatus: 6 }, { packageStatus: 0 }, { packageStatus: 1 }, { packageStatus: 2 },
  { orderStatus: 2, packageStatus: 1 }, { orderStatus: 2, packageStatus: 2 }, { orderStatus: 1, warehouseInfoId: warehouseId },
];

/** Every filter's listed count equals its count in the table (capped as lists cap). */
async function expectCountsTrue(): Promise<void> {
  for (const f of FILTERS()) {
    const n = await counted(f);
    const got = await listed(admin, f);
    expect({ f, totalCount: got.totalCount, capped: got.totalCountCapped }).toEqual({ f, totalCount: Math.min(n, COUNT_CAP), capped: n > COUNT_CAP });
  }
}

/** The pieces of tenant 1's keys: how many rows each key has. */
async function pieces(): Promise<number[]> {
  return rowsOf<{ n: number }>(await t.database.root.execute(sql`select count(*)::int as n from order_counts where tenant_id = 1
    group by order_status, package_status, warehouse_info_id`)).map((r) => r.n);
}

const scan = (shipment: string) => call(t.app, 'POST', svc('Logistics', 'SignByScan'), admin, { shipment, warehouseInfoId: warehouseId });

describe('order counts kept by triggers', () => {
  it('count what actions, bulk SQL and deletes leave, before and after folding', async () => {
    const made = [];
    for (let i = 0; i < 4; i++) made.push(await createOrder(t.app, seller, buildOrder(storeId, warehouseId)));
    await expectCountsTrue();
    // One parcel of an order (部分到货, 处理中), both of another (已到齐), one order cancelled by staff.
    expect((await scan(made[0]!.orderProductInfosList[0]!.shipment)).status).toBe(200);
    for (const line of made[1]!.orderProductInfosList) expect((await scan(line.shipment)).status).toBe(200);
    expect((await call(t.app, 'POST', svc('BackOrder', 'CancelOrder'), admin, { id: made[2]!.id })).status).toBe(200);
    await expectCountsTrue();
    // Set-based SQL, as a migration or an import would: many rows in one statement each way.
    await t.database.root.execute(sql`
      insert into orders (tenant_id, trade_no, order_number, user_id, user_code, store_id, warehouse_info_id, site, order_type, cargo_category, shipping_methods, order_status, package_status)
      select 1, 'OC' || lpad(g::text, 8, '0'), 'OC' || g, ${seller.userId}, ${seller.userCode}, ${storeId}, ${warehouseId}, 'TW', 2, 1, 2, 1 + g % 3, g % 2
      from generate_series(1, 300) g`);
    await expectCountsTrue();
    await t.database.root.execute(sql`update orders set order_status = 6 where tenant_id = 1 and trade_no like 'OC%' and order_status = 3`);
    await t.database.root.execute(sql`update orders set is_urgent = true where tenant_id = 1 and trade_no like 'OC%'`);
    await t.database.root.execute(sql`delete from orders where tenant_id = 1 and trade_no like 'OC%' and package_status = 1 and order_status = 1`);
    await expectCountsTrue();
    expect(Math.max(...await pieces())).toBeGreaterThan(1);

    const folded = await foldOrderCounts(t.database.root);
    expect(folded).toBeGreaterThan(0);
    // One piece per key that still has orders, none for a key summing to nothing.
    expect(Math.max(...await pieces())).toBe(1);
    const [zero] = rowsOf<{ n: number }>(await t.database.root.execute(sql`select count(*)::int as n from order_counts where n = 0`));
    expect(zero!.n).toBe(0);
    await expectCountsTrue();
    expect(await foldOrderCounts(t.database.root)).toBe(0);
  });

  it('follow an order moved to another warehouse, and are counted again after a load with the triggers off', async () => {
    const w = await call(t.app, 'POST', svc('WarehouseInfo', 'EditWarehouseInfo'), admin, { warehouseName: `计数仓${Date.now()}`, kind: 1 });
    expect(w.status, JSON.stringify(w.body.error)).toBe(200);
    const other = w.body.result.id as number;
    const order = await createOrder(t.app, seller, buildOrder(storeId, warehouseId));
    await t.database.root.execute(sql`update orders set warehouse_info_id = ${other} where id = ${order.id}`);
    expect(await listed(admin, { orderStatus: 1, warehouseInfoId: other })).toMatchObject({ totalCount: 1, totalCountCapped: false });
    await expectCountsTrue();
    // A bulk load as the bench does it: session_replication_role = replica turns the triggers off.
    await t.database.root.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`
        insert into orders (tenant_id, trade_no, order_number, user_id, user_code, store_id, warehouse_info_id, site, order_type, cargo_category, shipping_methods, order_status, package_status)
        select 1, 'OR' || lpad(g::text, 8, '0'), 'OR' || g, ${seller.userId}, ${seller.userCode}, ${storeId}, ${warehouseId}, 'TW', 2, 1, 2, 2, 2
        from generate_series(1, 40) g`);
    });
    const short = await listed(admin, { orderStatus: 2, packageStatus: 2 });
    expect(short.totalCount).toBe(await counted({ orderStatus: 2, packageStatus: 2 }) - 40);
    await t.database.root.execute(sql`select haicang_recount_orders()`);
    expect(Math.max(...await pieces())).toBe(1);
    await expectCountsTrue();
  });

  it('are what the list reads: a piece written by hand shows in a status filter, not in a filter it cannot sum', async () => {
    // 待处理: a status with orders (an empty first page has nothing to read a count from: 0).
    const f = { orderStatus: 1 };
    const before = await listed(admin, f);
    expect(before.totalCount).toBeGreaterThan(0);
    await t.database.root.execute(sql`insert into order_counts (tenant_id, order_status, package_status, warehouse_info_id, n) values (1, 1, 0, ${warehouseId}, 5)`);
    try {
      expect((await listed(admin, f)).totalCount).toBe(before.totalCount + 5);
      // A seller filter is counted in the orders themselves.
      const [mine] = rowsOf<{ n: number }>(await t.database.root.execute(sql`select count(*)::int as n from orders where tenant_id = 1 and order_status = 1 and user_code = ${seller.userCode}`));
      expect((await listed(admin, { ...f, userCode: seller.userCode } as Filter)).totalCount).toBe(mine!.n);
    } finally {
      await t.database.root.execute(sql`delete from order_counts where tenant_id = 1 and order_status = 1 and package_status = 0 and n = 5`);
    }
    expect((await listed(admin, f)).totalCount).toBe(before.totalCount);
  });

  it('stay exact through concurrent scans of the same orders while the pieces are folded', async () => {
    const made = [];
    for (let i = 0; i < 8; i++) made.push(await createOrder(t.app, seller, buildOrder(storeId, warehouseId)));
    let folding = true;
    const folder = async () => {
      let n = 0;
      // A turn of the event loop between folds: PGlite answers without I/O, and a loop of
      // promises alone would never let the requests run.
      while (folding) {
        await foldOrderCounts(t.database.root);
        n++;
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      return n;
    };
    // Two folders at once, as two servers run them (on PostgreSQL they run side by side).
    const folders = [folder(), folder()];
    try {
      // Both parcels of every order at once, each scanned twice.
      const shipments = made.flatMap((o) => o.orderProductInfosList.map((l) => l.shipment));
      const answers = await Promise.all([...shipments, ...shipments].map((s) => scan(s)));
      expect(answers.every((a) => a.status === 200 || a.status === 409), JSON.stringify(answers.map((a) => a.status))).toBe(true);
      await expectCountsTrue();
    } finally {
      folding = false;
    }
    for (const n of await Promise.all(folders)) expect(n).toBeGreaterThan(0);
    await expectCountsTrue();
  });

  it('count a page past the end, and cap a sum over COUNT_CAP as the count would', async () => {
    const f = { orderStatus: 2 };
    const n = await counted(f);
    expect(n).toBeGreaterThan(0);
    expect(await listed(admin, f, { maxResultCount: 10, skipCount: n + 100 })).toEqual({ totalCount: n, totalCountCapped: false, items: [] });
    await t.database.root.execute(sql`
      insert into orders (tenant_id, trade_no, order_number, user_id, user_code, store_id, warehouse_info_id, site, order_type, cargo_category, shipping_methods, order_status, package_status)
      select 1, 'OV' || lpad(g::text, 8, '0'), 'OV' || g, ${seller.userId}, ${seller.userCode}, ${storeId}, ${warehouseId}, 'TW', 2, 1, 2, 5, 5
      from generate_series(1, ${COUNT_CAP + 1}) g`);
    expect(await listed(admin, { orderStatus: 5 })).toMatchObject({ totalCount: COUNT_CAP, totalCountCapped: true });
    // Exact again at once when it drops under the cap: a sum is never remembered.
    await t.database.root.execute(sql`delete from orders where tenant_id = 1 and trade_no like 'OV%' and trade_no > 'OV00000100'`);
    expect(await listed(admin, { orderStatus: 5 })).toMatchObject({ totalCount: await counted({ orderStatus: 5 }), totalCountCapped: false });
  });

  it('count only the tenant\'s orders, and a scoped member counts only the orders he sees', async () => {
    const host = await signIn(t.app, 'admin', '123qwe', null);
    const other = await createTenant(t.app, host);
    const [otherUser] = rowsOf<{ id: number }>(await t.database.root.execute(sql`select id from users where tenant_id = ${other.id} limit 1`));
    await t.database.root.execute(sql`
      insert into orders (tenant_id, trade_no, order_number, user_id, user_code, store_id, warehouse_info_id, site, order_type, cargo_category, shipping_methods, order_status, package_status)
      select ${other.id}, 'OT' || lpad(g::text, 8, '0'), 'OT' || g, ${otherUser!.id}, 'X', ${storeId}, ${warehouseId}, 'TW', 2, 1, 2, 1, 0
      from generate_series(1, 7) g`);
    await expectCountsTrue();

    // A member scoped to MY sees the MY orders only, and his count counts them.
    const grantedPermissions = [...PERMISSION_NAMES].filter((p) => !isSellerPermission(p) && p !== 'warehouse.Manages' && p !== 'Pages.Tenants');
    expect((await call(t.app, 'POST', svc('Role', 'Create'), admin, { name: 'CountSupervisor', displayName: '主管', grantedPermissions })).status).toBe(200);
    const m = await createUser(t.app, admin, { roleNames: ['CountSupervisor'] });
    const member = await signIn(t.app, m.userName, m.password, 1);
    const myStore = await createStore(t.app, admin, seller.userId, { site: 'MY', storeAddress: '吉隆坡' });
    await createOrder(t.app, seller, buildOrder(myStore.id, warehouseId, { site: 'MY' }));
    await createOrder(t.app, seller, buildOrder(myStore.id, warehouseId, { site: 'MY' }));
    const group = await call(t.app, 'POST', svc('BackGroup', 'AddGroup'), admin, { groupName: '计数组', crossBorderSites: ['MY'], groupPersonnels: [member.userId] });
    expect(group.status, JSON.stringify(group.body.error)).toBe(200);
    const [mine] = rowsOf<{ n: number }>(await t.database.root.execute(sql`select count(*)::int as n from orders where tenant_id = 1 and site = 'MY' and order_status = 1`));
    expect(mine!.n).toBe(2);
    expect(await listed(member, { orderStatus: 1 })).toMatchObject({ totalCount: 2, totalCountCapped: false });
    expect((await listed(admin, { orderStatus: 1 })).totalCount).toBe(await counted({ orderStatus: 1 }));
    expect(await counted({ orderStatus: 1 })).toBeGreaterThan(2);
  });

  it('are folded by the servers\' timer (main.ts starts it), and the timer stops', async () => {
    for (let i = 0; i < 2; i++) await createOrder(t.app, seller, buildOrder(storeId, warehouseId));
    expect(Math.max(...await pieces())).toBeGreaterThan(1);
    const warned: unknown[] = [];
    const folding = startOrderCountFolding(t.database.root, { warn: (o) => warned.push(o) }, 20);
    try {
      await expect.poll(async () => Math.max(...await pieces()), { timeout: 5000, interval: 50 }).toBe(1);
    } finally {
      folding.stop();
    }
    expect(warned).toEqual([]);
    await createOrder(t.app, seller, buildOrder(storeId, warehouseId));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(Math.max(...await pieces())).toBeGreaterThan(1);
    await expectCountsTrue();
  });

  // Last: it empties the orders.
  it('are emptied with a TRUNCATE of the orders', async () => {
    await t.database.root.execute(sql`truncate orders cascade`);
    const [left] = rowsOf<{ n: number }>(await t.database.root.execute(sql`select count(*)::int as n from order_counts`));
    expect(left!.n).toBe(0);
    await createOrder(t.app, seller, buildOrder(storeId, warehouseId));
    expect(await listed(admin, { orderStatus: 1 })).toMatchObject({ totalCount: 1, totalCountCapped: false });
  });
});
