// StatisticalRecords (issue #18 items 1, 4; DOMAIN §8): each statistic over a range of days in
// Asia/Shanghai, computed from the audit rows and the ledger flows. Runs on PGlite and PostgreSQL.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signIn, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { createUser, registerSeller } from '../factories/identity.ts';
import { buildOrder, createOrder, createStore, trackingNo } from '../factories/orders.ts';

type Seller = Awaited<ReturnType<typeof registerSeller>>;
const stat = (action: string) => svc('StatisticalRecords', action);
const shanghaiDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);

describe('StatisticalRecords', () => {
  let t: TestApp;
  let admin: Caller;
  let picker: Caller;
  let pickerName: string;
  let warehouseId: number;
  const today = shanghaiDay(new Date());
  const todayRange = { startTime: today, endTime: today };
  const y2020 = { startTime: '2020-01-01', endTime: '2020-12-31' };

  async function newSeller() {
    const seller = await registerSeller(t.app, 1);
    const storeId = (await createStore(t.app, admin, seller.userId)).id;
    return { seller, storeId };
  }
  const recharge = async (seller: Seller, amount: number) => {
    const res = await call(t.app, 'POST', '/api/services/app/User/SystemRechargeAmount', admin, { userId: seller.userId, amount, remark: '测试' });
    expect(res.status, JSON.stringify(res.body.error)).toBe(200);
  };
  const scan = (shipment: string, who: Caller) => call(t.app, 'POST', svc('Logistics', 'SignByScan'), who, { shipment, warehouseInfoId: warehouseId });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, 'admin', '123qwe', 1);
    const p = await createUser(t.app, admin, { roleNames: ['Warehouse'] });
    pickerName = `用户${p.userName}`;
    picker = await signIn(t.app, p.userName, p.password, 1);
    warehouseId = (await call(t.app, 'GET', svc('WarehouseInfo', 'GetWarehouseInfoList'), admin)).body.result.items[0].id;
  });
  afterAll(async () => t?.close());

  it('counts sign-ins per day and signer; a rescan adds nothing; another year is empty', async () => {
    const { seller, storeId } = await newSeller();
    const shipments: string[] = [];
    for (let i = 0; i < 2; i++) {
      const order = buildOrder(storeId, warehouseId);
      await createOrder(t.app, seller, order);
      shipments.push(...order.orderProductInfosList.map((l) => l.shipment));
    }
    for (const s of shipments.slice(0, 3)) expect((await scan(s, admin)).body.result.action).toBe('SIGNED');
    expect((await scan(shipments[0]!, admin)).body.result.action).toBe('ALREADY');
    expect((await scan(shipments[3]!, picker)).body.result.action).toBe('SIGNED');

    const res = await call(t.app, 'GET', stat('GetSignForLogisticsStatisticalList'), admin, todayRange);
    expect(res.status, JSON.stringify(res.body.error)).toBe(200);
    expect(Array.isArray(res.body.result)).toBe(true);
    expect(res.body.result).toHaveLength(2);
    expect(res.body.result).toEqual(expect.arrayContaining([
      { signForTime: today, signUserName: 'admin', signForNums: 3 },
      { signForTime: today, signUserName: pickerName, signForNums: 1 },
    ]));
    expect((await call(t.app, 'GET', stat('GetSignForLogisticsStatisticalList'), admin, y2020)).body.result).toEqual([]);
  });

  it('counts packed orders per packer; stock orders only in the stock statistic', async () => {
    const { seller, storeId } = await newSeller();
    const order = await createOrder(t.app, seller, buildOrder(storeId, warehouseId));
    expect((await call(t.app, 'POST', `${svc('BackOrder', 'arriveWarehouse')}?tradeNo=${order.tradeNo}`, admin)).status).toBe(200);
    const packed = await call(t.app, 'POST', svc('BackOrder', 'WarehouseOrderPacked'), admin, { tradeNo: order.tradeNo });
    expect(packed.status, JSON.stringify(packed.body.error)).toBe(200);

    // Stock orders are not built yet (issue 13): a stock order's packing is an audit row on an ST trade number.
    await t.database.root.execute(sql`insert into order_operates (tenant_id, entity, entity_id, trade_no, action, user_id, user_name)
      values (1, 'order', 999999, 'ST26010100001', 'packed', ${admin.userId!}, 'admin')`);

    const res = await call(t.app, 'GET', stat('GetPackedPackNumsList'), admin, todayRange);
    expect(res.status, JSON.stringify(res.body.error)).toBe(200);
    expect(res.body.result).toEqual({ totalCount: 1, items: [{ packedTime: today, packedOrderNums: 1, packedUserName: 'admin' }] });
    const stock = await call(t.app, 'GET', stat('GetStockPackedPackNumsList'), admin, todayRange);
    expect(stock.body.result).toEqual({ totalCount: 1, items: [{ packedTime: today, packedOrderNums: 1, packedUserName: 'admin' }] });
    expect((await call(t.app, 'GET', stat('GetPackedPackNumsList'), admin, y2020)).body.result).toEqual({ totalCount: 0, items: [] });
    expect((await call(t.app, 'GET', stat('GetStockPackedPackNumsList'), admin, y2020)).body.result).toEqual({ totalCount: 0, items: [] });
  });

  it('credits the packer named in packedUserId, not the one who recorded it', async () => {
    const { seller, storeId } = await newSeller();
    const order = await createOrder(t.app, seller, buildOrder(storeId, warehouseId, {
      orderProductInfosList: [{ productName: '手机壳', productSku: 'CASE-1', quantity: 1, price: 1, shipment: trackingNo() }],
    }));
    await call(t.app, 'POST', `${svc('BackOrder', 'arriveWarehouse')}?tradeNo=${order.tradeNo}`, admin);
    const packed = await call(t.app, 'POST', svc('BackOrder', 'WarehouseOrderPacked'), admin, { tradeNo: order.tradeNo, packedUserId: picker.userId });
    expect(packed.status, JSON.stringify(packed.body.error)).toBe(200);
    const items = (await call(t.app, 'GET', stat('GetPackedPackNumsList'), admin, todayRange)).body.result.items;
    expect(items).toContainEqual({ packedTime: today, packedOrderNums: 1, packedUserName: pickerName });
  });

  it('shelving statistic has its shape and is empty until stock shelves goods', async () => {
    const res = await call(t.app, 'GET', stat('GetProductStoreStatisticalList'), admin, todayRange);
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual([]);
    await t.database.root.execute(sql`insert into order_operates (tenant_id, entity, entity_id, action, user_id, user_name)
      values (1, 'stock', 1, 'shelve', ${admin.userId!}, 'admin'), (1, 'stock', 2, 'shelve', ${admin.userId!}, 'admin')`);
    expect((await call(t.app, 'GET', stat('GetProductStoreStatisticalList'), admin, todayRange)).body.result)
      .toEqual([{ storeTime: today, storeCount: 2, userName: 'admin' }]);
  });

  it('sums consumption exactly per seller and channel, with no row for a seller without flows', async () => {
    const a = await newSeller();
    const b = await newSeller();
    const idle = await newSeller();
    await recharge(a.seller, 100.1);
    await recharge(a.seller, 0.2);
    await recharge(a.seller, -30.05);
    await recharge(b.seller, 50);

    const res = await call(t.app, 'GET', stat('GetStatisticalConsumptionFlowList'), admin, todayRange);
    expect(res.status, JSON.stringify(res.body.error)).toBe(200);
    const rows = res.body.result as { userCode: string; channel: number; incurredAmount: number }[];
    expect(rows.filter((r) => r.userCode === a.seller.userCode)).toEqual([{ userCode: a.seller.userCode, channel: 2, incurredAmount: 70.25 }]);
    expect(rows.filter((r) => r.userCode === b.seller.userCode)).toEqual([{ userCode: b.seller.userCode, channel: 2, incurredAmount: 50 }]);
    expect(rows.some((r) => r.userCode === idle.seller.userCode)).toBe(false);
    const one = await call(t.app, 'GET', stat('GetStatisticalConsumptionFlowList'), admin, { ...todayRange, userCode: b.seller.userCode });
    expect(one.body.result).toEqual([{ userCode: b.seller.userCode, channel: 2, incurredAmount: 50 }]);
    expect((await call(t.app, 'GET', stat('GetStatisticalConsumptionFlowList'), admin, y2020)).body.result).toEqual([]);

    // The seller's own statistic: their flows only, whatever userId is passed.
    const own = await call(t.app, 'GET', stat('GetStatisticalConsumptionFlowListByUserId'), a.seller, { ...todayRange, userId: b.seller.userId });
    expect(own.status, JSON.stringify(own.body.error)).toBe(200);
    expect(own.body.result).toEqual([{ incurredTime: today, channel: 2, incurredAmount: 70.25 }]);
    const idleOwn = await call(t.app, 'GET', stat('GetStatisticalConsumptionFlowListByUserId'), idle.seller, { ...todayRange, userId: a.seller.userId });
    expect(idleOwn.body.result).toEqual([]);
  });

  it('answers closed days from the day rollup with the same figures, computed once from the audit rows and flows', async () => {
    const { seller } = await newSeller();
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000);
    const day = shanghaiDay(threeDaysAgo);
    const at = threeDaysAgo.toISOString();
    await t.database.root.execute(sql`insert into order_operates (tenant_id, entity, entity_id, trade_no, action, user_id, user_name, creation_time) values
      (1, 'parcel', 900001, null, 'signIn', ${admin.userId!}, 'admin', ${at}), (1, 'parcel', 900002, null, 'signIn', ${admin.userId!}, 'admin', ${at}),
      (1, 'order', 900003, 'CB26010100001', 'packed', ${admin.userId!}, 'admin', ${at}),
      (1, 'order', 900003, 'CB26010100001', 'packed', ${admin.userId!}, 'admin', ${at}),
      (1, 'order', 900004, 'ST26010100002', 'packed', ${admin.userId!}, 'admin', ${at}),
      (1, 'parcel', 900005, null, 'edit', ${admin.userId!}, 'admin', ${at})`);
    await t.database.root.execute(sql`insert into account_flows (tenant_id, user_id, user_code, channel, incurred_cents, balance_cents, ref, creation_time) values
      (1, ${seller.userId}, ${seller.userCode}, 3, -1234, 0, 'bench:a', ${at}), (1, ${seller.userId}, ${seller.userCode}, 3, -1, 0, 'bench:b', ${at}),
      (1, ${seller.userId}, ${seller.userCode}, 2, 5000, 0, 'bench:c', ${at})`);
    const range = { startTime: shanghaiDay(new Date(Date.now() - 5 * 86_400_000)), endTime: today };
    const read = async () => ({
      signIns: (await call(t.app, 'GET', stat('GetSignForLogisticsStatisticalList'), admin, range)).body.result,
      packed: (await call(t.app, 'GET', stat('GetPackedPackNumsList'), admin, range)).body.result,
      stock: (await call(t.app, 'GET', stat('GetStockPackedPackNumsList'), admin, range)).body.result,
      flows: (await call(t.app, 'GET', stat('GetStatisticalConsumptionFlowList'), admin, { ...range, userCode: seller.userCode })).body.result,
      own: (await call(t.app, 'GET', stat('GetStatisticalConsumptionFlowListByUserId'), seller, range)).body.result,
    });
    const first = await read();
    expect(first.signIns).toContainEqual({ signForTime: day, signUserName: 'admin', signForNums: 2 });
    expect(first.signIns).toContainEqual({ signForTime: today, signUserName: 'admin', signForNums: 3 });
    expect(first.packed.items).toContainEqual({ packedTime: day, packedOrderNums: 1, packedUserName: 'admin' });
    expect(first.stock.items).toContainEqual({ packedTime: day, packedOrderNums: 1, packedUserName: 'admin' });
    expect(first.flows).toEqual([{ userCode: seller.userCode, channel: 2, incurredAmount: 50 }, { userCode: seller.userCode, channel: 3, incurredAmount: -12.35 }]);
    expect(first.own).toEqual([{ incurredTime: day, channel: 2, incurredAmount: 50 }, { incurredTime: day, channel: 3, incurredAmount: -12.35 }]);
    const rolled = await t.database.root.execute(sql`select count(*)::int as n from statistic_days where tenant_id = 1 and day = ${day}::date`);
    expect((rolled as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    expect(await read()).toEqual(first);
  });

  it('refuses sellers on staff statistics and bad ranges with 400 naming the field', async () => {
    const { seller } = await newSeller();
    for (const action of ['GetSignForLogisticsStatisticalList', 'GetPackedPackNumsList', 'GetStockPackedPackNumsList',
      'GetProductStoreStatisticalList', 'GetStatisticalConsumptionFlowList']) {
      expect((await call(t.app, 'GET', stat(action), seller, todayRange)).status, action).toBe(403);
    }
    const backwards = await call(t.app, 'GET', stat('GetPackedPackNumsList'), admin, { startTime: '2024-02-02', endTime: '2024-02-01' });
    expect(backwards.status).toBe(400);
    expect(JSON.stringify(backwards.body.error)).toContain('endTime');
    const notADay = await call(t.app, 'GET', stat('GetPackedPackNumsList'), admin, { startTime: '2024-02-30', endTime: '2024-03-01' });
    expect(notADay.status).toBe(400);
    expect(JSON.stringify(notADay.body.error)).toContain('startTime');
    const tooLong = await call(t.app, 'GET', stat('GetPackedPackNumsList'), admin, { startTime: '2020-01-01', endTime: '2024-01-01' });
    expect(tooLong.status).toBe(400);
  });
});

describe('statistics exports', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => t?.close());

  it('gives each statistic as an xlsx to its holders and refuses a seller the staff ones', async () => {
    const admin = await signIn(t.app, 'admin', '123qwe', 1);
    const seller = await registerSeller(t.app, 1);
    const today = shanghaiDay(new Date());
    const q = `startTime=${today}&endTime=${today}`;
    const get = (path: string, who: Caller) => t.app.inject({
      method: 'GET', url: `/api/File/${path}?${q}`, headers: { authorization: `Bearer ${who.token}`, 'abp.tenantid': '1' },
    });
    for (const path of ['GetSignForStatisticalExport', 'GetPackedStatisticalExport', 'GetStockPackedStatisticalExport',
      'GetProductStoreStatisticalExport', 'GetConsumptionFlowStatisticalExport']) {
      const res = await get(path, admin);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
      expect((await get(path, seller)).statusCode, path).toBe(403);
    }
    const own = await get('GetOwnConsumptionFlowStatisticalExport', seller);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
