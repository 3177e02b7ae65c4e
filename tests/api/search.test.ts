// Search/Find, the console header's 扫描或输入单号 (issue #44 item 4): one number answered with what
// it is and the screen that opens it — exact matches through the tenant's indexes; a seller finds
// only their own rows; another tenant finds nothing. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signIn, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { createTenant, registerSeller } from '../factories/identity.ts';
import { buildOrder, createFeeSettings, createOrder, createStore, shippedOrder, trackingNo } from '../factories/orders.ts';

interface Hit { kind: string; id: number; label: string; route: string }

describe('Search/Find', () => {
  let t: TestApp;
  let admin: Caller;
  let warehouseId: number;

  const find = async (who: Caller, number: string): Promise<Hit[]> => {
    const res = await call(t.app, 'GET', svc('Search', 'Find'), who, { number });
    expect(res.status, JSON.stringify(res.body.error)).toBe(200);
    return res.body.result;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, 'admin', '123qwe', 1);
    warehouseId = (await call(t.app, 'GET', svc('WarehouseInfo', 'GetWarehouseInfoList'), admin)).body.result.items[0].id;
  });
  afterAll(async () => t?.close());

  it('finds an order by trade no. and by order number, a parcel by its tracking number in any case, a seller by code', async () => {
    const seller = await registerSeller(t.app, 1);
    const store = await createStore(t.app, admin, seller.userId);
    const input = buildOrder(store.id, warehouseId);
    const order = await createOrder(t.app, seller, input);

    const byTradeNo = await find(admin, order.tradeNo);
    expect(byTradeNo).toEqual([{ kind: 'order', id: order.id, label: order.tradeNo, route: `/back/backOrderList?number=${order.tradeNo}` }]);
    // Typed in lower case, a trade number still finds its order (they are stored upper case).
    expect((await find(admin, order.tradeNo.toLowerCase())).map((h) => [h.kind, h.id, h.label])).toEqual([['order', order.id, order.tradeNo]]);
    const byNumber = await find(admin, `  ${input.orderNumber} `);
    expect(byNumber.map((h) => [h.kind, h.id])).toEqual([['order', order.id]]);

    const shipment = order.orderProductInfosList[0]!.shipment;
    const parcel = await find(admin, ` ${shipment.toLowerCase()} `);
    expect(parcel).toHaveLength(1);
    expect(parcel[0]).toMatchObject({ kind: 'parcel', label: shipment, route: `/back/logisticsList?shipment=${shipment}` });

    const code = await find(admin, seller.userCode.toLowerCase());
    expect(code).toEqual([{ kind: 'seller', id: seller.userId, label: `${seller.userCode} ${seller.userName}`, route: `/setting/user?keyword=${seller.userCode}` }]);

    // The seller opens their own order on its detail page; a seller code is no hit for a seller.
    expect(await find(seller, order.tradeNo)).toEqual([{ kind: 'order', id: order.id, label: order.tradeNo, route: `/frontDisplay/orderDetail?id=${order.id}` }]);
    expect((await find(seller, shipment))[0]).toMatchObject({ kind: 'parcel', route: `/frontDisplay/orderDetail?id=${order.id}` });
    expect(await find(seller, seller.userCode)).toEqual([]);
    expect(await find(admin, 'NO-SUCH-NUMBER-1')).toEqual([]);
  });

  it('finds a stock record by its trade no. and by its tracking number', async () => {
    const seller = await registerSeller(t.app, 1);
    const store = await createStore(t.app, admin, seller.userId);
    const logisticsNumber = trackingNo('SR');
    const saved = await call(t.app, 'POST', svc('FrontStock', 'EditStock'), seller, {
      storeId: store.id, warehouseInfoId: warehouseId, productSku: 'FIND-1', productName: '商品', productNums: 3, packageNums: 1, logisticsNumber,
    });
    expect(saved.status, JSON.stringify(saved.body.error)).toBe(200);
    const id = saved.body.result.id as number;

    const byTracking = await find(admin, logisticsNumber.toLowerCase());
    const record = byTracking.find((h) => h.kind === 'stockRecord');
    expect(record).toMatchObject({ id, label: logisticsNumber, route: `/backstock/backstockList?number=${logisticsNumber}` });
    const list = await call(t.app, 'GET', svc('BackStock', 'GetStockList'), admin, { keyword: logisticsNumber });
    const tradeNo = list.body.result.items[0].tradeNo as string;
    expect(await find(admin, tradeNo)).toEqual([{ kind: 'stockRecord', id, label: tradeNo, route: `/backstock/backstockList?number=${tradeNo}` }]);
    expect((await find(seller, tradeNo))[0]).toMatchObject({ kind: 'stockRecord', route: `/frontstock/stocklist?number=${tradeNo}` });
  });

  it('a refused shipped order: its trade no. names the order and the refusal, each on its own screen', async () => {
    const seller = await registerSeller(t.app, 1);
    const store = await createStore(t.app, admin, seller.userId);
    await createFeeSettings(t.app, admin, warehouseId);
    const recharge = await call(t.app, 'POST', svc('User', 'SystemRechargeAmount'), admin, { userId: seller.userId, amount: 500, remark: '测试充值' });
    expect(recharge.status).toBe(200);
    const order = await shippedOrder(t.app, admin, seller, buildOrder(store.id, warehouseId));
    const refusal = await call(t.app, 'POST', svc('BackRefusalOrder', 'Create'), admin, { tradeNo: order.tradeNo });
    expect(refusal.status, JSON.stringify(refusal.body.error)).toBe(200);

    expect(await find(admin, order.tradeNo)).toEqual([
      { kind: 'order', id: order.id, label: order.tradeNo, route: `/back/backOrderList?number=${order.tradeNo}` },
      { kind: 'refusal', id: refusal.body.result.id, label: order.tradeNo, route: `/back/refusalorder?tradeNo=${order.tradeNo}` },
    ]);
    expect((await find(seller, order.tradeNo)).map((h) => h.route)).toEqual([
      `/frontDisplay/orderDetail?id=${order.id}`, `/front/refusalorder?tradeNo=${order.tradeNo}`,
    ]);
  });

  it('a seller never finds another seller\'s order or parcel', async () => {
    const owner = await registerSeller(t.app, 1);
    const other = await registerSeller(t.app, 1);
    const store = await createStore(t.app, admin, owner.userId);
    const order = await createOrder(t.app, owner, buildOrder(store.id, warehouseId));
    expect(await find(other, order.tradeNo)).toEqual([]);
    expect(await find(other, order.orderProductInfosList[0]!.shipment)).toEqual([]);
    expect(await find(owner, order.tradeNo)).toHaveLength(1);
  });

  it('another tenant finds nothing of this one, and the host finds nothing at all', async () => {
    const seller = await registerSeller(t.app, 1);
    const store = await createStore(t.app, admin, seller.userId);
    const order = await createOrder(t.app, seller, buildOrder(store.id, warehouseId));
    const host = await signIn(t.app, 'admin', '123qwe', null);
    const tenant2 = (await createTenant(t.app, host)).id;
    const admin2 = await signIn(t.app, 'admin', '123qwe', tenant2);
    expect(await find(admin2, order.tradeNo)).toEqual([]);
    expect(await find(admin2, order.orderProductInfosList[0]!.shipment)).toEqual([]);
    expect(await find(admin2, seller.userCode)).toEqual([]);
    expect(await find(host, order.tradeNo)).toEqual([]);
  });

  it('refuses an empty or over-long number with 400, and anonymous callers', async () => {
    expect((await call(t.app, 'GET', svc('Search', 'Find'), admin, { number: '   ' })).status).toBe(400);
    expect((await call(t.app, 'GET', svc('Search', 'Find'), admin, { number: 'X'.repeat(65) })).status).toBe(400);
    expect((await call(t.app, 'GET', svc('Search', 'Find'), {}, { number: 'X1' })).status).toBe(401);
  });
});
