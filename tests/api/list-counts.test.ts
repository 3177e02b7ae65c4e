// Counting large lists (issue 4): a broad filter counts at most COUNT_CAP rows and says so
// (totalCountCapped), a narrow one (a date range, a number) gets its exact count; the back-office
// lists filter by a date range.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { COUNT_CAP } from '#shared/contracts/common.ts';
import { OVER_CAP_TTL_MS } from '#server/db/capped-count.ts';
import { call, createSecondServer, createTestApp, rowsOf, signIn, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { registerSeller } from '../factories/identity.ts';
import { buildOrder, createOrder, createStore } from '../factories/orders.ts';

describe('capped counts and date ranges on the parcel lists', () => {
  let t: TestApp;
  let admin: Caller;
  let warehouseId: number;
  const base = new Date('2026-03-01T00:00:00+08:00');

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, 'admin', '123qwe', 1);
    const w = await call(t.app, 'POST', svc('WarehouseInfo', 'EditWarehouseInfo'), admin, { warehouseName: `计数仓${Date.now()}`, kind: 1 });
    warehouseId = w.body.result.id;
    // COUNT_CAP + 50 unclaimed parcels, one a minute from 2026-03-01 00:00 (Shanghai).
    await t.database.root.execute(sql`
      insert into parcels (tenant_id, shipment, warehouse_info_id, receive_status, sign_for_time, creation_time)
      select 1, 'CNT' || lpad(g::text, 8, '0'), ${warehouseId}, 5, ${base.toISOString()}::timestamptz + g * interval '1 minute', ${base.toISOString()}::timestamptz + g * interval '1 minute'
      from generate_series(0, ${COUNT_CAP + 49}) g`);
  });
  afterAll(async () => t?.close());

  const list = (input: Record<string, unknown>) => call(t.app, 'GET', svc('Logistics', 'GetLogisticsList'), admin, { warehouseInfoId: warehouseId, ...input });

  it('caps the count of a broad filter and flags it, still paging the newest first', async () => {
    const res = await list({ pageSize: 20 });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ totalCount: COUNT_CAP, totalCountCapped: true });
    expect(res.body.result.items).toHaveLength(20);
    expect(res.body.result.items[0].shipment).toBe(`CNT${String(COUNT_CAP + 49).padStart(8, '0')}`);
    const abnormal = await call(t.app, 'GET', svc('BackOrder', 'GetAbnormalReceivingOrderList'), admin, { warehouseInfoId: warehouseId });
    expect(abnormal.body.result).toMatchObject({ totalCount: COUNT_CAP, totalCountCapped: true });
  });

  it('counts exactly at or under the cap', async () => {
    const one = await list({ shipment: 'CNT00000007' });
    expect(one.body.result).toMatchObject({ totalCount: 1, totalCountCapped: false });
    // The first COUNT_CAP minutes: exactly at the cap is not "more than".
    const atCap = await list({ timeTo: new Date(base.getTime() + (COUNT_CAP - 1) * 60_000).toISOString() });
    expect(atCap.body.result).toMatchObject({ totalCount: COUNT_CAP, totalCountCapped: false });
  });

  it('answers the count with the page, and still counts a page past the end, which has no rows to carry it', async () => {
    const narrow = { timeTo: new Date(base.getTime() + 29 * 60_000).toISOString() };
    const last = await list({ ...narrow, pageSize: 20, currentPage: 2 });
    expect(last.body.result).toMatchObject({ totalCount: 30, totalCountCapped: false });
    expect(last.body.result.items).toHaveLength(10);
    const past = await list({ ...narrow, pageSize: 20, currentPage: 5 });
    expect(past.body.result).toMatchObject({ totalCount: 30, totalCountCapped: false, items: [] });
    const none = await list({ shipment: 'NO-SUCH-NUMBER' });
    expect(none.body.result).toMatchObject({ totalCount: 0, totalCountCapped: false, items: [] });
  });

  it('filters by a date range on creation (signing time on the signed-for list), both ends included', async () => {
    const from = new Date(base.getTime() + 60 * 60_000).toISOString(); // 01:00
    const to = new Date(base.getTime() + 90 * 60_000).toISOString(); // 01:30
    const res = await list({ timeFrom: from, timeTo: to, pageSize: 100 });
    expect(res.body.result).toMatchObject({ totalCount: 31, totalCountCapped: false });
    expect(res.body.result.items.at(-1).shipment).toBe('CNT00000060');
    const signed = await call(t.app, 'GET', svc('Logistics', 'GetSignForLogisticsList'), admin, { warehouseInfoId: warehouseId, timeFrom: from, timeTo: to });
    expect(signed.body.result.totalCount).toBe(31);
    const bad = await list({ timeFrom: 'yesterday' });
    expect(bad.status).toBe(400);
    expect(bad.body.error!.validationErrors![0]!.members).toEqual(['timeFrom']);
  });

  // Decision 0046: on PostgreSQL a parcel list's page is a statement kept per filter shape, as an order
  // list's is (built each time on PGlite). Every value and page of a shape gets its own rows and count.
  it('answers each page and value of one filter shape by itself, one kept statement per shape', async () => {
    // One connection: every statement the lists prepare is in the session read afterwards.
    const second = t.databaseUrl ? await createSecondServer(t, 1) : null;
    const app = second?.app ?? t.app;
    const at = (g: number) => new Date(base.getTime() + g * 60_000).toISOString();
    const number = (g: number) => `CNT${String(g).padStart(8, '0')}`;
    try {
      for (const [action, a, b] of [['GetLogisticsList', 100, 130], ['GetLogisticsList', 200, 260], ['GetSignForLogisticsList', 300, 340]] as const) {
        for (const [pageSize, currentPage] of [[20, 1], [20, 2], [7, 3], [20, 9]] as const) {
          const res = await call(app, 'GET', svc('Logistics', action), admin, { warehouseInfoId: warehouseId, timeFrom: at(a), timeTo: at(b), pageSize, currentPage });
          // Newest first: the page starts (currentPage − 1) pages below the window's last minute.
          const top = b - (currentPage - 1) * pageSize;
          const want = Array.from({ length: Math.max(0, Math.min(pageSize, top - a + 1)) }, (_, i) => number(top - i));
          expect(res.body.result).toMatchObject({ totalCount: b - a + 1, totalCountCapped: false });
          expect(res.body.result.items.map((p: { shipment: string }) => p.shipment)).toEqual(want);
        }
      }
      if (second) {
        const kept = await second.database.read(1, async (db) =>
          rowsOf<{ name: string }>(await db.execute(sql`select name from pg_prepared_statements where name like 'hc_parcel_page_%'`)).map((r) => r.name));
        // Per list: a first page of a usual size (its size in the text), and any other page (limit and offset bound).
        expect(kept).toHaveLength(4);
      }
    } finally {
      await second?.close();
    }
  });

  // Last: it removes rows the tests above count.
  it('does not count a filter known to be over the cap again for a while, then counts it exactly once it is not', async () => {
    expect((await list({ pageSize: 5 })).body.result).toMatchObject({ totalCount: COUNT_CAP, totalCountCapped: true });
    await t.database.root.execute(sql`delete from parcels where tenant_id = 1 and shipment like 'CNT%' and shipment >= ${`CNT${String(COUNT_CAP - 100).padStart(8, '0')}`}`);
    // Still "10000+" from memory (decision 0034): the rows went away within OVER_CAP_TTL_MS.
    expect((await list({ pageSize: 5 })).body.result).toMatchObject({ totalCount: COUNT_CAP, totalCountCapped: true });
    // Another filter, or another tenant's view, is counted for itself.
    expect((await list({ pageSize: 5, receiveStatus: 5 })).body.result).toMatchObject({ totalCount: COUNT_CAP - 100, totalCountCapped: false });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + OVER_CAP_TTL_MS + 1 });
    try {
      expect((await list({ pageSize: 5 })).body.result).toMatchObject({ totalCount: COUNT_CAP - 100, totalCountCapped: false });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('date ranges on the order, inbound-record and audit lists', () => {
  let t: TestApp;
  let admin: Caller;
  beforeAll(async () => { t = await createTestApp(); admin = await signIn(t.app, 'admin', '123qwe', 1); });
  afterAll(async () => t?.close());

  it('keeps only the rows of the chosen days (Asia/Shanghai), both ends included', async () => {
    const seller = await registerSeller(t.app, 1);
    const storeId = (await createStore(t.app, admin, seller.userId)).id;
    const warehouseId = (await call(t.app, 'GET', svc('WarehouseInfo', 'GetWarehouseInfoList'), admin)).body.result.items[0].id;
    const inputs = [buildOrder(storeId, warehouseId), buildOrder(storeId, warehouseId)];
    const [early, late] = [await createOrder(t.app, seller, inputs[0]!), await createOrder(t.app, seller, inputs[1]!)];
    for (const input of inputs) await call(t.app, 'POST', svc('Logistics', 'SignByScan'), admin, { shipment: input.orderProductInfosList[0]!.shipment, warehouseInfoId: warehouseId });
    // 2026-03-01 23:30 and 2026-03-02 00:30 in Shanghai: either side of midnight.
    const times = [['2026-03-01T15:30:00Z', early!.id, inputs[0]!], ['2026-03-01T16:30:00Z', late!.id, inputs[1]!]] as const;
    for (const [at, id, input] of times) {
      await t.database.root.execute(sql`update orders set creation_time = ${at}::timestamptz where id = ${id}`);
      await t.database.root.execute(sql`update into_logistics set creation_time = ${at}::timestamptz where shipment = ${input.orderProductInfosList[0]!.shipment}`);
      await t.database.root.execute(sql`update order_operates set creation_time = ${at}::timestamptz where entity = 'order' and entity_id = ${id}`);
    }
    const march1 = { timeFrom: '2026-03-01T00:00:00.000+08:00', timeTo: '2026-03-01T23:59:59.999+08:00' };
    const orders = await call(t.app, 'GET', svc('BackOrder', 'GetOrderList'), admin, { ...march1, userCode: seller.userCode });
    expect(orders.body.result.items.map((o: { id: number }) => o.id)).toEqual([early!.id]);
    expect(orders.body.result).toMatchObject({ totalCount: 1, totalCountCapped: false });
    const mine = await call(t.app, 'GET', svc('FrontOrder', 'GetOrderList'), seller, { timeFrom: '2026-03-02T00:00:00.000+08:00', timeTo: '2026-03-02T23:59:59.999+08:00' });
    expect(mine.body.result.items.map((o: { id: number }) => o.id)).toEqual([late!.id]);
    const inbound = await call(t.app, 'GET', svc('IntoLogistics', 'GetIntoLogisticsList'), admin, march1);
    expect(inbound.body.result.items.map((r: { shipment: string }) => r.shipment)).toEqual([inputs[0]!.orderProductInfosList[0]!.shipment]);
    const audit = await call(t.app, 'GET', svc('OrderOperate', 'GetList'), admin, { ...march1, entity: 'order' });
    expect(new Set(audit.body.result.items.map((a: { tradeNo: string }) => a.tradeNo))).toEqual(new Set([early!.tradeNo]));
    expect(audit.body.result.totalCountCapped).toBe(false);
  });
});

// Decision 0035: GetOrderList is a prepared query per filter shape on PostgreSQL (built each time on
// PGlite). One shape serves every value of its filters, each with its own count and memory.
describe('capped counts on the order lists', () => {
  let t: TestApp;
  let admin: Caller;
  let seller: Awaited<ReturnType<typeof registerSeller>>;
  let small: Awaited<ReturnType<typeof registerSeller>>;
  let ids: number[];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, 'admin', '123qwe', 1);
    seller = await registerSeller(t.app, 1);
    small = await registerSeller(t.app, 1);
    const storeId = (await createStore(t.app, admin, seller.userId)).id;
    const warehouseId = (await call(t.app, 'GET', svc('WarehouseInfo', 'GetWarehouseInfoList'), admin)).body.result.items[0].id;
    // COUNT_CAP + 50 orders of one seller without lines: 待处理 (1) but the last 30, 处理中 (2).
    await t.database.root.execute(sql`
      insert into orders (tenant_id, trade_no, order_number, user_id, user_code, store_id, warehouse_info_id, site, order_type, cargo_category, shipping_methods, order_status)
      select 1, 'LC' || lpad(g::text, 8, '0'), 'LC' || g, ${seller.userId}, ${seller.userCode}, ${storeId}, ${warehouseId}, 'TW', 2, 1, 2, case when g >= ${COUNT_CAP + 20} then 2 else 1 end
      from generate_series(0, ${COUNT_CAP + 49}) g`);
    ids = [];
    const smallStore = (await createStore(t.app, admin, small.userId)).id;
    for (let i = 0; i < 3; i++) ids.push((await createOrder(t.app, small, buildOrder(smallStore, warehouseId))).id);
  });
  afterAll(async () => t?.close());

  const orders = (input: Record<string, unknown>) => call(t.app, 'GET', svc('BackOrder', 'GetOrderList'), admin, input);

  it('answers each value of one filter shape with its own rows, lines and count', async () => {
    for (let round = 0; round < 4; round++) {
      // Alternating values of the same shape, past the point where the statement is prepared.
      const big = await orders({ userCode: seller.userCode, maxResultCount: 3 });
      expect(big.body.result).toMatchObject({ totalCount: COUNT_CAP, totalCountCapped: true });
      expect(big.body.result.items.map((o: { tradeNo: string }) => o.tradeNo)).toEqual([COUNT_CAP + 49, COUNT_CAP + 48, COUNT_CAP + 47].map((g) => `LC${String(g).padStart(8, '0')}`));
      expect(big.body.result.items.every((o: { orderProductInfosList: unknown[] }) => o.orderProductInfosList.length === 0)).toBe(true);
      const few = await orders({ userCode: small.userCode, maxResultCount: 2 });
      expect(few.body.result).toMatchObject({ totalCount: 3, totalCountCapped: false });
      expect(few.body.result.items.map((o: { id: number }) => o.id)).toEqual([ids[2], ids[1]]);
      expect(few.body.result.items.map((o: { orderProductInfosList: unknown[] }) => o.orderProductInfosList.length)).toEqual([2, 2]);
      const processing = await orders({ userCode: seller.userCode, orderStatus: 2, maxResultCount: 50 });
      expect(processing.body.result).toMatchObject({ totalCount: 30, totalCountCapped: false });
      expect(processing.body.result.items).toHaveLength(30);
    }
  });

  it('counts a page past the end, and remembers a filter over the cap for a while', async () => {
    const past = await orders({ userCode: small.userCode, maxResultCount: 10, skipCount: 20 });
    expect(past.body.result).toMatchObject({ totalCount: 3, totalCountCapped: false, items: [] });
    expect((await orders({ userCode: seller.userCode, orderStatus: 1, maxResultCount: 1 })).body.result).toMatchObject({ totalCount: COUNT_CAP, totalCountCapped: true });
    await t.database.root.execute(sql`delete from orders where tenant_id = 1 and trade_no like 'LC%' and order_status = 1 and trade_no >= ${`LC${String(COUNT_CAP - 100).padStart(8, '0')}`}`);
    expect((await orders({ userCode: seller.userCode, orderStatus: 1, maxResultCount: 1 })).body.result).toMatchObject({ totalCount: COUNT_CAP, totalCountCapped: true });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + OVER_CAP_TTL_MS + 1 });
    try {
      expect((await orders({ userCode: seller.userCode, orderStatus: 1, maxResultCount: 1 })).body.result).toMatchObject({ totalCount: COUNT_CAP - 100, totalCountCapped: false });
    } finally {
      vi.useRealTimers();
    }
  });
});
