// The inbound half (issue 4): stores, seller orders, and parcel sign-in by scan.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, createTestApp, rowsOf, signIn, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { createUser, registerSeller } from '../factories/identity.ts';
import { buildOrder, createOrder, createStore, trackingNo } from '../factories/orders.ts';

describe('seller orders and parcel sign-in', () => {
  let t: TestApp;
  let admin: Caller;
  let picker: Caller;
  let seller: Awaited<ReturnType<typeof registerSeller>>;
  let other: Awaited<ReturnType<typeof registerSeller>>;
  let storeId: number;
  let warehouseId: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, 'admin', '123qwe', 1);
    const p = await createUser(t.app, admin, { roleNames: ['Warehouse'], name: '拣货员小李' });
    picker = await signIn(t.app, p.userName, p.password, 1);
    seller = await registerSeller(t.app, 1);
    other = await registerSeller(t.app, 1);
    storeId = (await createStore(t.app, admin, seller.userId)).id;
    const w = await call(t.app, 'GET', svc('WarehouseInfo', 'GetWarehouseInfoList'), admin);
    warehouseId = w.body.result.items[0].id;
  });
  afterAll(async () => t?.close());

  const scan = (shipment: string, who: Caller = picker) => call(t.app, 'POST', svc('Logistics', 'SignByScan'), who, { shipment, warehouseInfoId: warehouseId });
  const check = (shipment: string) => call(t.app, 'GET', svc('Logistics', 'IntoLogisticsCheck'), picker, { shipment });
  const inboundCount = async (shipment: string) => rowsOf<{ n: number }>(await t.database.root.execute(sql`select count(*)::int as n from into_logistics where shipment = ${shipment}`))[0]!.n;

  it('lists a seller\'s own stores for the order form; sellers are refused the back-office store screen', async () => {
    const mine = await call(t.app, 'GET', svc('FrontOrder', 'GetStoreList'), seller);
    expect(mine.body.result.map((s: { id: number }) => s.id)).toEqual([storeId]);
    expect((await call(t.app, 'GET', svc('FrontOrder', 'GetStoreList'), other)).body.result).toEqual([]);
    expect((await call(t.app, 'GET', svc('BackStoreAddress', 'GetStoreAddressList'), seller)).status).toBe(403);
  });

  it('lets staff edit a store, switch it off and on, and delete it (BackStoreAddress)', async () => {
    const store = await createStore(t.app, admin, other.userId, { storeName: '旧店名' });
    const list = (keyword: string) => call(t.app, 'GET', svc('BackStoreAddress', 'GetStoreAddressList'), admin, { keyword });
    const edit = (input: Record<string, unknown>) => call(t.app, 'POST', svc('BackStoreAddress', 'EditStoreAddress'), admin, input);
    const edited = await edit({ id: store.id, userId: other.userId, storeName: '新店名', site: 'MY' });
    expect(edited.body.result).toMatchObject({ id: store.id, storeName: '新店名', site: 'MY', userCode: other.userCode });
    expect(edited.body.result.whetherEffective).toBe(true);
    expect((await edit({ userId: 999_999, storeName: 'x', site: 'TW' })).status).toBe(400);

    const toggle = (id: number) => call(t.app, 'GET', svc('BackStoreAddress', 'EditStatus'), admin, { id });
    const off = await toggle(store.id);
    expect(off.body.result).toMatchObject({ id: store.id, whetherEffective: false });
    expect((await list('新店名')).body.result.items[0].whetherEffective).toBe(false);
    expect((await toggle(store.id)).body.result.whetherEffective).toBe(true);

    expect((await call(t.app, 'GET', svc('BackStoreAddress', 'Delete'), seller, { id: store.id })).status).toBe(403);
    expect((await call(t.app, 'GET', svc('BackStoreAddress', 'Delete'), admin, { id: store.id })).status).toBe(200);
    expect((await list('新店名')).body.result.items).toEqual([]);
    expect((await call(t.app, 'GET', svc('FrontOrder', 'GetStoreList'), other)).body.result).toEqual([]);
    expect((await toggle(999_999)).status).toBe(404);
  });

  it('signs a declared parcel by id from its order\'s warehouse (StockLogisticsSign), once', async () => {
    const input = buildOrder(storeId, warehouseId);
    const order = await createOrder(t.app, seller, input);
    const shipment = input.orderProductInfosList[0]!.shipment;
    const parcel = (await call(t.app, 'GET', svc('Logistics', 'GetLogisticsList'), picker, { shipment })).body.result.items[0];
    const sign = (id: number, who: Caller = picker) => call(t.app, 'POST', `${svc('Logistics', 'StockLogisticsSign')}?id=${id}`, who);
    const first = await sign(parcel.id);
    expect(first.body.result).toMatchObject({ action: 'SIGNED', userCode: seller.userCode });
    expect(first.body.result.order).toMatchObject({ tradeNo: order.tradeNo, orderStatus: 2 });
    expect(first.body.result.parcel).toMatchObject({ id: parcel.id, receiveStatus: 1, warehouseInfoId: warehouseId });
    expect((await sign(parcel.id)).body.result.action).toBe('ALREADY');
    expect(await inboundCount(shipment)).toBe(1);
    expect((await sign(999_999)).status).toBe(404);
    expect((await sign(parcel.id, seller)).status).toBe(403);
  });

  it('walks an order from creation through both parcels arriving', async () => {
    const input = buildOrder(storeId, warehouseId);
    const [a, b] = input.orderProductInfosList.map((l) => l.shipment) as [string, string];
    const order = await createOrder(t.app, seller, input);
    expect(order.tradeNo).toMatch(/^ML\d{11}$/);
    expect(order).toMatchObject({ orderStatus: 1, packageStatus: 0 });

    // Another seller: 404, never listed.
    expect((await call(t.app, 'GET', svc('FrontOrder', 'GetOrderInfo'), other, { id: order.id })).status).toBe(404);
    expect((await call(t.app, 'GET', svc('FrontOrder', 'GetOrderList'), other)).body.result.totalCount).toBe(0);

    // The check names the owner and changes nothing.
    const c = await check(a);
    expect(c.body.result).toMatchObject({ action: 'SIGN', userCode: seller.userCode, order: { tradeNo: order.tradeNo } });
    expect((await check(a)).body.result.parcel.receiveStatus).toBe(0);
    expect(await inboundCount(a)).toBe(0);

    const first = await scan(a);
    expect(first.body.result).toMatchObject({ action: 'SIGNED', userCode: seller.userCode, order: { orderStatus: 2, packageStatus: 1 } });
    expect(first.body.result.shelfNumber).toMatch(/^H\d{4}$/);
    expect(first.body.result.parcel).toMatchObject({ receiveStatus: 1, signUserName: '拣货员小李' });

    const again = await scan(a);
    expect(again.body.result.action).toBe('ALREADY');
    expect(await inboundCount(a)).toBe(1);

    const second = await scan(b);
    expect(second.body.result).toMatchObject({ action: 'SIGNED', order: { orderStatus: 2, packageStatus: 2 } });
    expect(second.body.result.shelfNumber).toBe(first.body.result.shelfNumber);

    const info = await call(t.app, 'GET', svc('FrontOrder', 'GetOrderInfo'), seller, { id: order.id });
    expect(info.body.result.parcels.map((p: { receiveStatus: number }) => p.receiveStatus)).toEqual([1, 1]);
    expect(info.body.result.audit.map((x: { action: string }) => x.action)).toEqual(['create', 'parcelArrived', 'parcelArrived']);
    const trail = rowsOf<{ action: string }>(await t.database.root.execute(sql`select action from order_operates where entity = 'parcel' and order_number = ${a}`));
    expect(trail.map((r) => r.action)).toEqual(['signIn']);
  });

  it('signs one number scanned 20 times at once exactly once', async () => {
    const input = buildOrder(storeId, warehouseId);
    await createOrder(t.app, seller, input);
    const shipment = input.orderProductInfosList[0]!.shipment;
    const results = await Promise.all(Array.from({ length: 20 }, () => scan(shipment)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const actions = results.map((r) => r.body.result.action);
    expect(actions.filter((x) => x === 'SIGNED')).toHaveLength(1);
    expect(actions.filter((x) => x === 'ALREADY')).toHaveLength(19);
    expect(await inboundCount(shipment)).toBe(1);
  });

  it('turns an undeclared number into 无主件, and a later declaration claims it', async () => {
    const shipment = trackingNo('YT');
    expect((await check(shipment)).body.result.action).toBe('UNKNOWN');
    const res = await scan(shipment);
    expect(res.body.result).toMatchObject({ action: 'UNCLAIMED', userCode: null, parcel: { receiveStatus: 5 } });
    expect((await scan(shipment)).body.result.action).toBe('ALREADY');
    const concurrent = trackingNo('ZT');
    const many = await Promise.all(Array.from({ length: 5 }, () => scan(concurrent)));
    expect(many.map((r) => r.body.result.action).sort()).toEqual(['ALREADY', 'ALREADY', 'ALREADY', 'ALREADY', 'UNCLAIMED']);
    expect(await inboundCount(concurrent)).toBe(1);

    const input = buildOrder(storeId, warehouseId);
    input.orderProductInfosList[0]!.shipment = shipment;
    const order = await createOrder(t.app, seller, input);
    expect(order).toMatchObject({ orderStatus: 2, packageStatus: 1 });
    const parcel = (await check(shipment)).body.result;
    expect(parcel).toMatchObject({ action: 'ALREADY', userCode: seller.userCode, parcel: { receiveStatus: 1 } });
  });

  it('refuses a scan at a warehouse that is unknown or switched off, signing nothing, for a declared or a new number', async () => {
    const input = buildOrder(storeId, warehouseId);
    await createOrder(t.app, seller, input);
    const declared = input.orderProductInfosList[0]!.shipment;
    const fresh = trackingNo('YT');
    const off = (await call(t.app, 'POST', svc('WarehouseInfo', 'EditWarehouseInfo'), admin, { warehouseName: `停用仓${Date.now()}`, kind: 1, isEnabled: false })).body.result.id;
    for (const at of [999_999, off]) {
      for (const shipment of [declared, fresh]) {
        const res = await call(t.app, 'POST', svc('Logistics', 'SignByScan'), picker, { shipment, warehouseInfoId: at });
        expect(res.status).toBe(400);
        expect(res.body.error!.validationErrors![0]!.members).toEqual(['warehouseInfoId']);
      }
    }
    expect((await check(declared)).body.result).toMatchObject({ action: 'SIGN', parcel: { receiveStatus: 0 } });
    expect((await check(fresh)).body.result.action).toBe('UNKNOWN');
    expect(await inboundCount(declared)).toBe(0);
  });

  it('refuses a tracking number another order already declared', async () => {
    const input = buildOrder(storeId, warehouseId);
    await createOrder(t.app, seller, input);
    const theirs = buildOrder(storeId, warehouseId, { orderProductInfosList: [{ productName: 'x', quantity: 1, shipment: input.orderProductInfosList[0]!.shipment }] });
    const res = await call(t.app, 'POST', svc('FrontOrder', 'CreateOrder'), seller, theirs);
    expect(res.status).toBe(409);
    expect(res.body.error!.message).toContain('已被其他订单申报');
  });

  it('answers a bad order body with 400 naming the fields', async () => {
    const res = await call(t.app, 'POST', svc('FrontOrder', 'CreateOrder'), seller, { storeId, site: 'XX', orderType: 9, orderProductInfosList: [{ quantity: 0, shipment: '!' }] });
    expect(res.status).toBe(400);
    const members = res.body.error!.validationErrors!.flatMap((e) => e.members);
    expect(members).toEqual(expect.arrayContaining(['orderNumber', 'warehouseInfoId', 'site', 'orderType', 'orderProductInfosList[0].productName', 'orderProductInfosList[0].quantity', 'orderProductInfosList[0].shipment']));
    const sls = await call(t.app, 'POST', svc('FrontOrder', 'CreateOrder'), seller, buildOrder(storeId, warehouseId, { orderType: 1, shippingMethods: 1 }));
    expect(sls.status).toBe(400);
    expect(sls.body.error!.validationErrors![0]!.members).toEqual(['pdfGuid']);
    const foreignStore = await call(t.app, 'POST', svc('FrontOrder', 'CreateOrder'), other, buildOrder(storeId, warehouseId));
    expect(foreignStore.status).toBe(400);
    expect(foreignStore.body.error!.validationErrors![0]!.members).toEqual(['storeId']);
  });

  it('lets the seller cancel before packing (not another seller); arrived goods become 异常', async () => {
    const input = buildOrder(storeId, warehouseId);
    const order = await createOrder(t.app, seller, input);
    await scan(input.orderProductInfosList[0]!.shipment);
    expect((await call(t.app, 'POST', `${svc('FrontOrder', 'CancelOrder')}?id=${order.id}`, other)).status).toBe(404);
    const res = await call(t.app, 'POST', `${svc('FrontOrder', 'CancelOrder')}?id=${order.id}`, seller);
    expect(res.status).toBe(200);
    expect(res.body.result.orderStatus).toBe(6);
    const arrived = (await check(input.orderProductInfosList[0]!.shipment)).body.result;
    expect(arrived.parcel.receiveStatus).toBe(6);
    expect((await check(input.orderProductInfosList[1]!.shipment)).body.result.action).toBe('UNKNOWN');
    expect((await call(t.app, 'POST', `${svc('FrontOrder', 'CancelOrder')}?id=${order.id}`, seller)).status).toBe(409);
  });

  it('marks urgent and back, finds orders by any number, counts by status', async () => {
    const input = buildOrder(storeId, warehouseId);
    const order = await createOrder(t.app, seller, input);
    expect((await call(t.app, 'POST', `${svc('FrontOrder', 'UrgentOrder')}?id=${order.id}`, seller)).body.result.isUrgent).toBe(true);
    expect((await call(t.app, 'POST', `${svc('FrontOrder', 'UrgentOrder')}?id=${order.id}`, seller)).status).toBe(409);
    expect((await call(t.app, 'POST', `${svc('FrontOrder', 'NormalOrder')}?id=${order.id}`, seller)).body.result.isUrgent).toBe(false);
    for (const n of [order.tradeNo, input.orderNumber, input.orderProductInfosList[1]!.shipment]) {
      const found = await call(t.app, 'POST', `${svc('FrontOrder', 'GetSearchResult')}?number=${n}`, seller);
      expect(found.body.result.map((o: { id: number }) => o.id), n).toEqual([order.id]);
    }
    expect((await call(t.app, 'POST', `${svc('FrontOrder', 'GetSearchResult')}?number=${order.tradeNo}`, other)).body.result).toEqual([]);
    const stats = await call(t.app, 'GET', svc('FrontOrder', 'GetOrderStatistics'), seller);
    expect(stats.body.result.total).toBeGreaterThan(3);
    expect(stats.body.result.byOrderStatus['6']).toBeGreaterThanOrEqual(1);
    const list = await call(t.app, 'GET', svc('FrontOrder', 'GetOrderList'), seller, { orderStatus: 6 });
    expect(list.body.result.items.every((o: { orderStatus: number }) => o.orderStatus === 6)).toBe(true);
  });

  it('lets the seller edit lines before packing but not drop a number already signed in', async () => {
    const input = buildOrder(storeId, warehouseId);
    const order = await createOrder(t.app, seller, input);
    await scan(input.orderProductInfosList[0]!.shipment);
    const dropSigned = await call(t.app, 'POST', svc('FrontOrder', 'UpdateOrder'), seller, { ...input, id: order.id, orderProductInfosList: [input.orderProductInfosList[1]] });
    expect(dropSigned.status).toBe(409);
    const newNo = trackingNo('JD');
    const ok = await call(t.app, 'POST', svc('FrontOrder', 'UpdateOrder'), seller, { ...input, id: order.id, orderProductInfosList: [input.orderProductInfosList[0], { productName: '新商品', quantity: 3, shipment: newNo }] });
    expect(ok.status).toBe(200);
    expect(ok.body.result.orderProductInfosList.map((l: { shipment: string }) => l.shipment)).toEqual([input.orderProductInfosList[0]!.shipment, newNo]);
    expect((await check(input.orderProductInfosList[1]!.shipment)).body.result.action).toBe('UNKNOWN');
    expect((await check(newNo)).body.result).toMatchObject({ action: 'SIGN', userCode: seller.userCode });
  });

  /** A new warehouse, and the first sign-in of a new order's parcel there (its slot). */
  const slotWarehouse = async (name: string) => {
    const w = await call(t.app, 'POST', svc('WarehouseInfo', 'EditWarehouseInfo'), admin, { warehouseName: `${name}${Date.now()}`, kind: 1 });
    const wid = w.body.result.id as number;
    const firstSign = async () => {
      const input = buildOrder(storeId, wid);
      const order = await createOrder(t.app, seller, input);
      const res = await call(t.app, 'POST', svc('Logistics', 'SignByScan'), picker, { shipment: input.orderProductInfosList[0]!.shipment, warehouseInfoId: wid });
      return { order, slot: res.body.result.shelfNumber as string };
    };
    return { wid, firstSign };
  };

  it('gives each order the lowest free holding slot of its warehouse and reuses a slot once its goods left', async () => {
    const { firstSign } = await slotWarehouse('槽位测试仓');
    const a = await firstSign();
    const b = await firstSign();
    expect([a.slot, b.slot]).toEqual(['H0001', 'H0002']);
    // Cancelled with its parcel here (now 异常): the goods still sit in H0001, so the slot stays theirs.
    await call(t.app, 'POST', `${svc('FrontOrder', 'CancelOrder')}?id=${a.order.id}`, seller);
    const c = await firstSign();
    expect(c.slot).toBe('H0003');
    // Shipped: b's slot is free once it leaves, and the next first sign-in takes it.
    await t.database.root.execute(sql`update orders set package_status = 5, order_status = 4 where id = ${b.order.id}`);
    const d = await firstSign();
    expect(d.slot).toBe('H0002');
  });

  it('gives concurrent first sign-ins of different orders of one warehouse distinct slots, lowest first', async () => {
    const w = await call(t.app, 'POST', svc('WarehouseInfo', 'EditWarehouseInfo'), admin, { warehouseName: `并发槽位仓${Date.now()}`, kind: 1 });
    const wid = w.body.result.id as number;
    const inputs = Array.from({ length: 12 }, () => buildOrder(storeId, wid));
    const created = [];
    for (const input of inputs) created.push(await createOrder(t.app, seller, input));
    // One order already holds H0002: the free numbers are H0001 and H0003… .
    const holder = await createOrder(t.app, seller, buildOrder(storeId, wid));
    await t.database.root.execute(sql`update orders set holding_slot = 2, shelf_number = 'H0002' where id = ${holder.id}`);
    await t.database.root.execute(sql`insert into holding_slots (tenant_id, warehouse_info_id, number, order_id) values (1, ${wid}, 1, null), (1, ${wid}, 2, ${holder.id})`);
    const results = await Promise.all(inputs.map((input) =>
      call(t.app, 'POST', svc('Logistics', 'SignByScan'), picker, { shipment: input.orderProductInfosList[0]!.shipment, warehouseInfoId: wid })));
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    expect(results.map((r) => r.body.result.action)).toEqual(results.map(() => 'SIGNED'));
    const slots = results.map((r) => r.body.result.shelfNumber as string);
    expect(new Set(slots).size).toBe(12);
    expect(slots).not.toContain('H0002');
    // Nothing rolled back, so the 12 slots are exactly the 12 lowest free numbers.
    expect([...slots].sort()).toEqual(['H0001', ...Array.from({ length: 11 }, (_, i) => `H${String(i + 3).padStart(4, '0')}`)]);
    const stored = rowsOf<{ id: number; holding_slot: number; shelf_number: string }>(await t.database.root.execute(
      sql`select id, holding_slot, shelf_number from orders where warehouse_info_id = ${wid} and holding_slot is not null`));
    expect(new Set(stored.map((r) => r.holding_slot)).size).toBe(13);
    for (const r of stored) expect(r.shelf_number).toBe(`H${String(r.holding_slot).padStart(4, '0')}`);
    // Each order's parcel carries its order's slot.
    for (const [i, input] of inputs.entries()) {
      const info = await call(t.app, 'GET', svc('FrontOrder', 'GetOrderInfo'), seller, { id: created[i]!.id });
      expect(info.body.result.shelfNumber).toBe(slots[i]);
      expect(info.body.result.parcels.find((p: { shipment: string }) => p.shipment === input.orderProductInfosList[0]!.shipment).shelfNumber).toBe(slots[i]);
    }
  });

  it('refuses at the database a slot with two occupants, and an order or parcel in two slots (decision 0062)', async () => {
    const w = await call(t.app, 'POST', svc('WarehouseInfo', 'EditWarehouseInfo'), admin, { warehouseName: `唯一槽位仓${Date.now()}`, kind: 1 });
    const wid = w.body.result.id as number;
    const a = await createOrder(t.app, seller, buildOrder(storeId, wid));
    const b = await createOrder(t.app, seller, buildOrder(storeId, wid));
    await t.database.root.execute(sql`insert into holding_slots (tenant_id, warehouse_info_id, number, order_id) values (1, ${wid}, 7, ${a.id})`);
    await expect(t.database.root.execute(sql`insert into holding_slots (tenant_id, warehouse_info_id, number, order_id) values (1, ${wid}, 7, ${b.id})`)).rejects.toThrow();
    await expect(t.database.root.execute(sql`insert into holding_slots (tenant_id, warehouse_info_id, number, order_id) values (1, ${wid}, 8, ${a.id})`)).rejects.toThrow();
    await expect(t.database.root.execute(sql`update holding_slots set parcel_id = 1 where order_id = ${a.id}`)).rejects.toThrow();
  });
});
