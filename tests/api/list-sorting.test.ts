// Issue 44 §3: the paged lists take ABP's `sorting` ("creationTime desc"): a whitelisted field and a
// direction order the rows, the id breaking ties; anything else is refused naming `sorting`; without
// it the list keeps its own order. Runs on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, createTestApp, signIn, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { registerSeller } from '../factories/identity.ts';
import { buildOrder, createOrder, createStore, trackingNo } from '../factories/orders.ts';

type Seller = Awaited<ReturnType<typeof registerSeller>>;

describe('sorting of the paged lists (issue 44 §3)', () => {
  let t: TestApp;
  let admin: Caller;
  let seller: Seller;
  let warehouseId: number;
  const orderIds: number[] = [];
  const parcelIds: number[] = [];
  const stockIds: number[] = [];
  // Creation times that run against the ids: the newest row has the lowest id.
  const times = ['2026-05-03T00:00:00Z', '2026-05-02T00:00:00Z', '2026-05-01T00:00:00Z'];
  const root = (q: ReturnType<typeof sql>) => t.database.root.execute(q);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, 'admin', '123qwe', 1);
    seller = await registerSeller(t.app, 1);
    const storeId = (await createStore(t.app, admin, seller.userId)).id;
    warehouseId = (await call(t.app, 'GET', svc('WarehouseInfo', 'GetWarehouseInfoList'), admin)).body.result.items[0].id;
    for (let i = 0; i < 3; i++) {
      orderIds.push((await createOrder(t.app, seller, buildOrder(storeId, warehouseId, {}))).id);
      const scan = await call(t.app, 'POST', svc('Logistics', 'SignByScan'), admin, { shipment: trackingNo('ST'), warehouseInfoId: warehouseId });
      expect(scan.status, JSON.stringify(scan.body.error)).toBe(200);
      parcelIds.push(scan.body.result.parcel.id as number);
      const rec = await call(t.app, 'POST', svc('FrontStock', 'EditStock'), seller, {
        storeId, warehouseInfoId: warehouseId, productSku: `SORT-${Date.now().toString(36)}-${i}`, productName: '蓝牙耳机',
        productNums: 1, packageNums: 1, logisticsNumber: trackingNo('SS'),
      });
      expect(rec.status, JSON.stringify(rec.body.error)).toBe(200);
      stockIds.push(rec.body.result.id as number);
    }
    for (let i = 0; i < 3; i++) {
      await root(sql`update orders set creation_time = ${times[i]}::timestamptz where id = ${orderIds[i]}`);
      await root(sql`update parcels set creation_time = ${times[i]}::timestamptz where id = ${parcelIds[i]}`);
      await root(sql`update stock_records set creation_time = ${times[i]}::timestamptz where id = ${stockIds[i]}`);
    }
    // The first order urgent: the list's own order puts it first whatever its time.
    await root(sql`update orders set is_urgent = true where id = ${orderIds[2]}`);
  });
  afterAll(async () => t?.close());

  const lists = [
    { name: 'BackOrder/GetOrderList', who: () => admin, url: () => svc('BackOrder', 'GetOrderList'), filter: () => ({ userId: seller.userId }), ids: () => orderIds },
    { name: 'FrontOrder/GetOrderList', who: () => seller, url: () => svc('FrontOrder', 'GetOrderList'), filter: () => ({}), ids: () => orderIds },
    { name: 'Logistics/GetLogisticsList', who: () => admin, url: () => svc('Logistics', 'GetLogisticsList'), filter: () => ({ warehouseInfoId: warehouseId }), ids: () => parcelIds },
    { name: 'BackStock/GetStockList', who: () => admin, url: () => svc('BackStock', 'GetStockList'), filter: () => ({ userCode: seller.userCode }), ids: () => stockIds },
    { name: 'FrontStock/GetStockList', who: () => seller, url: () => svc('FrontStock', 'GetStockList'), filter: () => ({}), ids: () => stockIds },
  ];

  const idsOf = async (l: (typeof lists)[number], extra: Record<string, unknown>) => {
    const res = await call(t.app, 'GET', l.url(), l.who(), { ...l.filter(), pageSize: 50, ...extra });
    expect(res.status, JSON.stringify(res.body.error)).toBe(200);
    const mine = new Set(l.ids());
    return (res.body.result.items as { id: number }[]).map((r) => r.id).filter((id) => mine.has(id));
  };

  for (const l of lists) {
    it(`${l.name}: creationTime asc and desc order the rows by their creation time`, async () => {
      const [a, b, c] = l.ids();
      // times: a newest, c oldest (against the ids).
      expect(await idsOf(l, { sorting: 'creationTime asc' })).toEqual([c, b, a]);
      expect(await idsOf(l, { sorting: 'creationTime desc' })).toEqual([a, b, c]);
      // The direction in any case, asc when left out.
      expect(await idsOf(l, { sorting: 'creationTime DESC' })).toEqual([a, b, c]);
      expect(await idsOf(l, { sorting: 'creationTime' })).toEqual([c, b, a]);
      // Pages follow the sorting (the id breaks ties, no row twice).
      expect([...await idsOf(l, { sorting: 'creationTime asc', pageSize: 1, currentPage: 1 }), ...await idsOf(l, { sorting: 'creationTime asc', pageSize: 1, currentPage: 2 })])
        .toEqual([c, b]);
    });

    it(`${l.name}: a field not offered, or a direction that is not one, is a 400 naming sorting`, async () => {
      for (const sorting of ['password desc', 'creationTime sideways', 'creationTime desc; drop table orders', 'id desc']) {
        const res = await call(t.app, 'GET', l.url(), l.who(), { ...l.filter(), sorting });
        expect(res.status, sorting).toBe(400);
        expect((res.body.error?.validationErrors ?? []).some((e: { members: string[] }) => e.members.includes('sorting')), sorting).toBe(true);
      }
    });
  }

  it('without sorting each list keeps its own order (orders: urgent first, then newest id)', async () => {
    const [a, b, c] = orderIds;
    expect(await idsOf(lists[0]!, {})).toEqual([c, b, a]);
    expect(await idsOf(lists[1]!, { sorting: '' })).toEqual([c, b, a]);
    await root(sql`update orders set is_urgent = false where id = ${c}`);
    await root(sql`update orders set is_urgent = true where id = ${a}`);
    expect(await idsOf(lists[0]!, {})).toEqual([a, c, b]);
    const [p, q, r] = parcelIds;
    expect(await idsOf(lists[2]!, {})).toEqual([r, q, p]);
    const [x, y, z] = stockIds;
    expect(await idsOf(lists[3]!, {})).toEqual([z, y, x]);
  });

  it('orders sort by tradeNo and orderNumber too', async () => {
    const res = await call(t.app, 'GET', svc('BackOrder', 'GetOrderList'), admin, { userId: seller.userId, sorting: 'tradeNo desc' });
    const tradeNos = (res.body.result.items as { tradeNo: string }[]).map((o) => o.tradeNo);
    expect(tradeNos).toEqual([...tradeNos].sort().reverse());
  });
});
