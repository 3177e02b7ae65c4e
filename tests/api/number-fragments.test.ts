// Number searches by fragment (issue 44 §3, decision 0070): the tail of a tracking, trade, order or
// stock number finds it in the paged lists and in the header's Search/Find ("9990001111" finds
// "YT9990001111"), exact matches first; a batch (交接批次) by its name. Runs on PGlite and, with
// DATABASE_URL, on PostgreSQL; the indexes it runs on are migration 0042's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, createTestApp, signIn, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { registerSeller } from '../factories/identity.ts';
import { buildOrder, createOrder, createStore } from '../factories/orders.ts';

interface Hit { kind: string; id: number; label: string; route: string }

describe('number fragments', () => {
  let t: TestApp;
  let admin: Caller;
  let warehouseId: number;
  const stamp = Date.now().toString().slice(-7);

  const ok = async (service: string, action: string, who: Caller, query: Record<string, unknown>) => {
    const res = await call(t.app, 'GET', svc(service, action), who, query);
    expect(res.status, JSON.stringify(res.body.error)).toBe(200);
    return res.body.result;
  };
  const ids = async (service: string, action: string, who: Caller, query: Record<string, unknown>): Promise<number[]> =>
    ((await ok(service, action, who, query)).items as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);
  const find = async (who: Caller, number: string): Promise<Hit[]> => ok('Search', 'Find', who, { number });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, 'admin', '123qwe', 1);
    warehouseId = (await call(t.app, 'GET', svc('WarehouseInfo', 'GetWarehouseInfoList'), admin)).body.result.items[0].id;
  });
  afterAll(async () => t?.close());

  it('the order lists find an order by the tail of its tracking, trade or order number', async () => {
    const seller = await registerSeller(t.app, 1);
    const store = await createStore(t.app, admin, seller.userId);
    const shipment = `YT${stamp}0001111`;
    const orderNumber = `ab${stamp}77`;
    const order = await createOrder(t.app, seller, buildOrder(store.id, warehouseId, {
      orderNumber,
      orderProductInfosList: [{ productName: '手机壳', productSku: 'CASE-1', quantity: 1, price: 9.9, shipment }],
    }));
    const other = await createOrder(t.app, seller, buildOrder(store.id, warehouseId));

    // The tail of the tracking number, typed with a space and in lower case.
    expect(await ids('BackOrder', 'GetOrderList', admin, { number: `${stamp} 0001111` })).toEqual([order.id]);
    expect(await ids('FrontOrder', 'GetOrderList', seller, { number: `${stamp}0001111` })).toEqual([order.id]);
    // The tail of the trade number, of the order number (whatever its case), and the whole numbers still.
    expect(await ids('BackOrder', 'GetOrderList', admin, { number: order.tradeNo.slice(-6) })).toEqual([order.id]);
    expect(await ids('BackOrder', 'GetOrderList', admin, { number: `${stamp}77`.toUpperCase() })).toEqual([order.id]);
    expect(await ids('BackOrder', 'GetOrderList', admin, { number: orderNumber })).toEqual([order.id]);
    expect(await ids('BackOrder', 'GetOrderList', admin, { number: other.tradeNo })).toEqual([other.id]);
    // A middle piece is no tail; a wildcard typed is a character like any other.
    expect(await ids('BackOrder', 'GetOrderList', admin, { number: `YT${stamp}` })).toEqual([]);
    expect(await ids('BackOrder', 'GetOrderList', admin, { number: '%1111' })).toEqual([]);
    // The seller's list keeps to his own orders.
    const stranger = await registerSeller(t.app, 1);
    expect(await ids('FrontOrder', 'GetOrderList', stranger, { number: `${stamp}0001111` })).toEqual([]);

    // 物流: the parcel by the tail of its tracking number (both kept and plain statements).
    const parcels = await ok('Logistics', 'GetLogisticsList', admin, { shipment: `${stamp}0001111` });
    expect(parcels.items.map((p: { shipment: string }) => p.shipment)).toEqual([shipment]);
    const again = await ok('Logistics', 'GetLogisticsList', admin, { shipment: `${stamp}0001111`.toLowerCase() });
    expect(again.totalCount).toBe(1);
  });

  it('the stock list finds a record by the tail of its trade or logistics number', async () => {
    const seller = await registerSeller(t.app, 1);
    const store = await createStore(t.app, admin, seller.userId);
    const logisticsNumber = `SR${stamp}5552222`;
    const saved = await call(t.app, 'POST', svc('FrontStock', 'EditStock'), seller, {
      storeId: store.id, warehouseInfoId: warehouseId, productSku: 'TAIL-1', productName: '商品', productNums: 3, packageNums: 1, logisticsNumber,
    });
    expect(saved.status, JSON.stringify(saved.body.error)).toBe(200);
    const id = saved.body.result.id as number;
    const tradeNo = saved.body.result.tradeNo as string;
    expect(await ids('BackStock', 'GetStockList', admin, { number: `${stamp}5552222` })).toEqual([id]);
    expect(await ids('BackStock', 'GetStockList', admin, { number: tradeNo.slice(-5).toLowerCase() })).toContain(id);
    expect(await ids('FrontStock', 'GetStockList', seller, { number: `${stamp}5552222` })).toEqual([id]);
    expect(await ids('BackStock', 'GetStockList', admin, { number: `SR${stamp}` })).toEqual([]);
  });

  it('Search/Find: exact matches first; with none, the numbers ending with what was typed', async () => {
    const seller = await registerSeller(t.app, 1);
    const store = await createStore(t.app, admin, seller.userId);
    const shipment = `YT${stamp}9990001111`;
    const order = await createOrder(t.app, seller, buildOrder(store.id, warehouseId, {
      orderProductInfosList: [{ productName: '手机壳', productSku: 'CASE-1', quantity: 1, price: 9.9, shipment }],
    }));

    // The tail of the tracking number: the parcel (and the order declaring it), for staff and for its seller.
    const staff = await find(admin, `${stamp}9990001111`);
    expect(staff.find((h) => h.kind === 'parcel')).toMatchObject({ label: shipment, route: `/back/logisticsList?shipment=${shipment}` });
    expect(staff.find((h) => h.kind === 'order')).toMatchObject({ id: order.id, label: order.tradeNo, route: `/back/backOrderList?number=${order.tradeNo}` });
    expect((await find(seller, `${stamp}9990001111`)).map((h) => h.route)).toContain(`/frontDisplay/orderDetail?id=${order.id}`);
    const stranger = await registerSeller(t.app, 1);
    expect(await find(stranger, `${stamp}9990001111`)).toEqual([]);
    // The tail of the trade number.
    expect((await find(admin, order.tradeNo.slice(-6))).map((h) => [h.kind, h.id])).toContainEqual(['order', order.id]);
    // A whole number answers what it names, without the fragments it also ends.
    expect((await find(admin, shipment)).map((h) => h.kind)).toEqual(['parcel']);
    // Fewer than 4 characters: exact only.
    expect(await find(admin, '111')).toEqual([]);
  });

  it('Search/Find: a delivery-receipt batch by its name, whole or its tail, for staff only', async () => {
    const seller = await registerSeller(t.app, 1);
    const store = await createStore(t.app, admin, seller.userId);
    const batchName = `99${stamp.slice(-4)}-07`;
    await t.database.root.execute(sql`insert into delivery_receipt_batches (tenant_id, store_id, logistic_method, batch_name)
      values (1, ${store.id}, '7-11', ${batchName})`);
    const whole = await find(admin, batchName);
    expect(whole).toHaveLength(1);
    expect(whole[0]).toMatchObject({
      kind: 'receiptBatch', route: `/backstock/pagebackDeliveryreceiptbatch?storeId=${store.id}&batchName=${encodeURIComponent(batchName)}`,
    });
    expect(whole[0]!.label).toContain(batchName);
    expect((await find(admin, batchName.slice(-5))).map((h) => h.kind)).toContain('receiptBatch');
    expect(await find(seller, batchName)).toEqual([]);
  });
});
