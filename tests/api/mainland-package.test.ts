// Mainland packages (DOMAIN §3): bags of weighed mainland orders per warehouse, site and cargo
// category; bagging with BackOrder/EditInterNationalShipment; closing a bag ships every order in it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signIn, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { createUser, registerSeller } from '../factories/identity.ts';
import { buildOrder, createOrder, createStore } from '../factories/orders.ts';

const PKG = (action: string) => svc('BackMainLandPackage', action);
const bag = (id: number, mainLandPackageId: number) => `${svc('BackOrder', 'EditInterNationalShipment')}?id=${id}&mainLandPackageId=${mainLandPackageId}`;
let waybillSeq = 0;
const waybill = () => `YT${Date.now().toString().slice(-8)}${waybillSeq++}`;

describe('mainland packages', () => {
  let t: TestApp;
  let admin: Caller;
  let picker: Caller & { userId: number };
  let seller: Awaited<ReturnType<typeof registerSeller>>;
  let storeId: number;
  let broke: Awaited<ReturnType<typeof registerSeller>>;
  let brokeStoreId: number;
  let warehouseId: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, 'admin', '123qwe', 1);
    const p = await createUser(t.app, admin, { roleNames: ['Warehouse'] });
    picker = await signIn(t.app, p.userName, p.password, 1);
    seller = await registerSeller(t.app, 1);
    storeId = (await createStore(t.app, admin, seller.userId)).id;
    broke = await registerSeller(t.app, 1);
    brokeStoreId = (await createStore(t.app, admin, broke.userId)).id;
    warehouseId = (await call(t.app, 'GET', svc('WarehouseInfo', 'GetWarehouseInfoList'), admin)).body.result.items[0].id;
    // Fees for weighing: the seller can pay them, `broke` cannot (待补运费).
    const beginTime = new Date(Date.now() - 3600_000).toISOString();
    const base = await call(t.app, 'POST', svc('BaseCostSetting', 'Add'), admin, {
      warehouseInfoId: warehouseId, orderType: 2, beginTime, isEffective: true, baseCost: 3, baseSkuNums: 1, exceedSkuCost: 0.5, maxSkuCost: 2, sackPrice: 0.8,
    });
    expect(base.status, JSON.stringify(base.body.error)).toBe(200);
    for (const [site, cargoCategory] of [['TW', 1], ['TW', 2], ['MY', 1]] as const) {
      const freight = await call(t.app, 'POST', svc('MainlandFreight', 'Add'), admin, {
        warehouseInfoId: warehouseId, site, cargoCategory, beginTime, isEffective: true, firstWeight: 0.5, firstWeightPrice: 12, continueWeight: 0.5, continueWeightCost: 5, bulkyParameter: 6000,
      });
      expect(freight.status, JSON.stringify(freight.body.error)).toBe(200);
    }
    const recharge = await call(t.app, 'POST', svc('User', 'SystemRechargeAmount'), admin, { userId: seller.userId, amount: 5000, remark: '测试充值' });
    expect(recharge.status, JSON.stringify(recharge.body.error)).toBe(200);
  });
  afterAll(async () => t?.close());

  /** A mainland order the floor has packed and weighed (已称重): paid, or 待补运费 when its seller is `broke`. */
  async function weighedOrder(overrides: Record<string, unknown> = {}, who: 'paid' | 'unpaid' = 'paid') {
    const [owner, store] = who === 'paid' ? [seller, storeId] : [broke, brokeStoreId];
    const order = await createOrder(t.app, owner, buildOrder(store, warehouseId, overrides));
    expect((await call(t.app, 'POST', `${svc('BackOrder', 'arriveWarehouse')}?tradeNo=${order.tradeNo}`, admin)).status).toBe(200);
    const packed = await call(t.app, 'POST', svc('BackOrder', 'WarehouseOrderPacked'), picker, { tradeNo: order.tradeNo });
    expect(packed.status, JSON.stringify(packed.body.error)).toBe(200);
    const weighed = await call(t.app, 'POST', svc('BackOrder', 'GoodsWeigh'), picker, { tradeNo: order.tradeNo, weight: 1.2 });
    expect(weighed.status, JSON.stringify(weighed.body.error)).toBe(200);
    expect(weighed.body.result.charged).toBe(who === 'paid');
    return order;
  }

  async function newBag(overrides: Record<string, unknown> = {}) {
    const res = await call(t.app, 'POST', PKG('EditMainLandPackage'), picker, { warehouseInfoId: warehouseId, site: 'TW', cargoCategory: 1, ...overrides });
    expect(res.status, JSON.stringify(res.body.error)).toBe(200);
    return res.body.result as { id: number; packageName: string; isSend: boolean; orderCount: number; orders: { tradeNo: string }[] };
  }

  const orderInfo = async (id: number) => (await call(t.app, 'GET', svc('BackOrder', 'GetOrderInfo'), admin, { id })).body.result;

  it('creates a bag with a generated name, edits it, and names the field of a bad input', async () => {
    const created = await newBag({ long: 60, wide: 40, high: 30.5, weight: 12.345, appointUserId: picker.userId });
    expect(created).toMatchObject({ packageName: `台湾-普货-${created.id}`, isSend: false, orderCount: 0, orders: [], long: 60, high: 30.5, weight: 12.345, appointUserId: picker.userId, site: 'TW', cargoCategory: 1 });
    expect((created as unknown as { createUserName: string | null }).createUserName).toBeTruthy();

    const number = waybill();
    const edited = await call(t.app, 'POST', PKG('EditMainLandPackage'), admin, { id: created.id, packageName: '台湾普货第一袋', warehouseInfoId: warehouseId, site: 'TW', cargoCategory: 1, mainLandInterNationalShipment: number });
    expect(edited.body.result).toMatchObject({ id: created.id, packageName: '台湾普货第一袋', mainLandInterNationalShipment: number, appointUserId: null, long: null, updateUserName: expect.any(String) });

    const dup = await call(t.app, 'POST', PKG('EditMainLandPackage'), admin, { warehouseInfoId: warehouseId, site: 'TW', cargoCategory: 1, mainLandInterNationalShipment: number });
    expect(dup.status).toBe(409);
    expect(dup.body.error!.message).toContain(number);

    const bad = await call(t.app, 'POST', PKG('EditMainLandPackage'), admin, { warehouseInfoId: warehouseId, site: 'XX', cargoCategory: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.error!.validationErrors!.map((e) => e.members[0])).toContain('site');
    const sellerAsStaff = await call(t.app, 'POST', PKG('EditMainLandPackage'), admin, { warehouseInfoId: warehouseId, site: 'TW', cargoCategory: 1, appointUserId: seller.userId });
    expect(sellerAsStaff.status).toBe(400);
    expect(sellerAsStaff.body.error!.validationErrors![0]!.members).toEqual(['appointUserId']);
    expect((await call(t.app, 'POST', PKG('EditMainLandPackage'), admin, { id: 999_999, warehouseInfoId: warehouseId, site: 'TW', cargoCategory: 1 })).status).toBe(404);
    expect((await call(t.app, 'POST', PKG('EditMainLandPackage'), seller, { warehouseInfoId: warehouseId, site: 'TW', cargoCategory: 1 })).status).toBe(403);
  });

  it('offers the active staff, never sellers or deactivated users, to assign a bag to (GetAppointUserList)', async () => {
    const gone = await createUser(t.app, admin, { roleNames: ['Warehouse'] });
    await call(t.app, 'POST', svc('User', 'DeActivate'), admin, { id: gone.id });
    const res = await call(t.app, 'GET', PKG('GetAppointUserList'), picker);
    expect(res.status).toBe(200);
    const ids = res.body.result.map((u: { id: number }) => u.id);
    expect(ids).toContain(picker.userId);
    expect(ids).not.toContain(seller.userId);
    expect(ids).not.toContain(gone.id);
    const me = res.body.result.find((u: { id: number }) => u.id === picker.userId);
    expect(me).toMatchObject({ name: expect.any(String), userName: expect.any(String) });
    expect((await call(t.app, 'GET', PKG('GetAppointUserList'), seller)).status).toBe(403);
  });

  it('bags only weighed mainland orders of the same warehouse, site and cargo category', async () => {
    const tw = await newBag();
    const weighed = await weighedOrder();
    const put = await call(t.app, 'POST', bag(weighed.id, tw.id), picker);
    expect(put.status, JSON.stringify(put.body.error)).toBe(200);
    expect(put.body.result).toMatchObject({ tradeNo: weighed.tradeNo, mainLandPackageId: tw.id, orderCount: 1 });
    // twice is harmless
    expect((await call(t.app, 'POST', bag(weighed.id, tw.id), picker)).body.result.orderCount).toBe(1);

    const notWeighed = await createOrder(t.app, seller, buildOrder(storeId, warehouseId));
    const r1 = await call(t.app, 'POST', bag(notWeighed.id, tw.id), picker);
    expect(r1.status).toBe(409);
    expect(r1.body.error!.message).toContain('还未称重');

    const cross = await createOrder(t.app, seller, buildOrder(storeId, warehouseId, { orderType: 1, shippingMethods: 2 }));
    const r2 = await call(t.app, 'POST', bag(cross.id, tw.id), picker);
    expect(r2.status).toBe(409);
    expect(r2.body.error!.message).toContain('不是大陆订单');

    const myStore = (await createStore(t.app, admin, seller.userId, { site: 'MY' })).id;
    const malaysian = await weighedOrder({ storeId: myStore, site: 'MY' });
    const r3 = await call(t.app, 'POST', bag(malaysian.id, tw.id), picker);
    expect(r3.status).toBe(409);
    expect(r3.body.error!.message).toContain('马来西亚');

    const special = await weighedOrder({ cargoCategory: 2 });
    const r4 = await call(t.app, 'POST', bag(special.id, tw.id), picker);
    expect(r4.status).toBe(409);
    expect(r4.body.error!.message).toContain('特货');

    expect((await call(t.app, 'POST', bag(weighed.id, 999_999), picker)).status).toBe(404);
    expect((await call(t.app, 'POST', bag(999_999, tw.id), picker)).status).toBe(404);
    expect((await call(t.app, 'POST', bag(weighed.id, tw.id), seller)).status).toBe(403);

    // moving to another open bag of the same kind, and taking it out again
    const second = await newBag();
    expect((await call(t.app, 'POST', bag(weighed.id, second.id), picker)).body.result).toMatchObject({ mainLandPackageId: second.id, orderCount: 1 });
    const out = await call(t.app, 'POST', bag(weighed.id, 0), picker);
    expect(out.body.result).toMatchObject({ mainLandPackageId: null, orderCount: 0 });
    expect((await call(t.app, 'POST', bag(weighed.id, 0), picker)).status).toBe(409);
    const trail = (await orderInfo(weighed.id)).audit.map((a: { action: string }) => a.action);
    expect(trail.filter((a: string) => a === 'bag')).toHaveLength(2);
    expect(trail).toContain('unbag');
  });

  it('lists open bags to choose from, filtered by site, and every bag with filters', async () => {
    const my = await newBag({ site: 'MY' });
    const open = await call(t.app, 'GET', PKG('GetSelectShipmentList'), picker, { site: 'MY', warehouseInfoId: warehouseId });
    expect(open.body.result.map((b: { id: number }) => b.id)).toContain(my.id);
    expect(open.body.result.every((b: { site: string; isSend: boolean }) => b.site === 'MY' && !b.isSend)).toBe(true);

    const all = await call(t.app, 'GET', PKG('GeMainLandPackageList'), picker, { currentPage: 1, pageSize: 2 });
    expect(all.body.result.items).toHaveLength(2);
    expect(all.body.result.totalCount).toBeGreaterThanOrEqual(3);
    const byName = await call(t.app, 'GET', PKG('GeMainLandPackageList'), picker, { keyword: my.packageName });
    expect(byName.body.result.items.map((b: { id: number }) => b.id)).toEqual([my.id]);
  });

  it('closes a bag: refuses without a waybill, when empty, or while an order owes freight; then ships every order in it', async () => {
    const b = await newBag();
    const empty = await call(t.app, 'POST', PKG('EditCompleteStatus'), picker, { id: b.id });
    expect(empty.status).toBe(409);
    expect(empty.body.error!.message).toContain('国际运单号');
    const number = waybill();
    await call(t.app, 'POST', PKG('EditMainLandPackage'), picker, { id: b.id, warehouseInfoId: warehouseId, site: 'TW', cargoCategory: 1, mainLandInterNationalShipment: number, weight: 3.2 });
    const noOrders = await call(t.app, 'POST', PKG('EditCompleteStatus'), picker, { id: b.id });
    expect(noOrders.status).toBe(409);
    expect(noOrders.body.error!.message).toContain('没有订单');

    const paid = await weighedOrder();
    const paid2 = await weighedOrder();
    const unpaid = await weighedOrder({}, 'unpaid'); // weighed, but the balance could not cover the fees: 待补运费
    for (const o of [paid, paid2, unpaid]) expect((await call(t.app, 'POST', bag(o.id, b.id), picker)).status).toBe(200);

    // Once bagged, the bag's site cannot change under its orders.
    const move = await call(t.app, 'POST', PKG('EditMainLandPackage'), picker, { id: b.id, warehouseInfoId: warehouseId, site: 'MY', cargoCategory: 1, mainLandInterNationalShipment: number });
    expect(move.status).toBe(409);

    const refused = await call(t.app, 'POST', PKG('EditCompleteStatus'), picker, { id: b.id });
    expect(refused.status).toBe(409);
    expect(refused.body.error!.message).toContain('待补运费');
    expect(refused.body.error!.message).toContain(unpaid.tradeNo);
    // nothing moved: the refusal rolled the whole request back
    expect((await orderInfo(paid.id))).toMatchObject({ orderStatus: 2, packageStatus: 4 });

    expect((await call(t.app, 'POST', bag(unpaid.id, 0), picker)).status).toBe(200);
    const sent = await call(t.app, 'POST', PKG('EditCompleteStatus'), picker, { id: b.id });
    expect(sent.status, JSON.stringify(sent.body.error)).toBe(200);
    expect(sent.body.result).toMatchObject({ id: b.id, isSend: true, shippedCount: 2, orderCount: 2, sendTime: expect.any(String) });
    expect(sent.body.result.orders.map((o: { tradeNo: string }) => o.tradeNo)).toEqual([paid.tradeNo, paid2.tradeNo]);
    expect(sent.body.result.orders.every((o: { orderStatus: number; packageStatus: number }) => o.orderStatus === 4 && o.packageStatus === 5)).toBe(true);
    for (const o of [paid, paid2]) {
      const info = await orderInfo(o.id);
      expect(info).toMatchObject({ orderStatus: 4, packageStatus: 5 });
      expect(info.audit.map((a: { action: string }) => a.action)).toContain('ship');
    }
    expect(await orderInfo(unpaid.id)).toMatchObject({ orderStatus: 3, packageStatus: 4 });

    // A sent bag is closed for good.
    expect((await call(t.app, 'POST', PKG('EditCompleteStatus'), picker, { id: b.id })).status).toBe(409);
    const edit = await call(t.app, 'POST', PKG('EditMainLandPackage'), picker, { id: b.id, warehouseInfoId: warehouseId, site: 'TW', cargoCategory: 1 });
    expect(edit.status).toBe(409);
    expect(edit.body.error!.message).toContain('已发出');
    const late = await weighedOrder();
    const into = await call(t.app, 'POST', bag(late.id, b.id), picker);
    expect(into.status).toBe(409);
    expect(into.body.error!.message).toContain('已发出');
    expect((await call(t.app, 'POST', bag(paid.id, 0), picker)).status).toBe(409);
    const open = await call(t.app, 'GET', PKG('GetSelectShipmentList'), picker, {});
    expect(open.body.result.map((x: { id: number }) => x.id)).not.toContain(b.id);
    const sentList = await call(t.app, 'GET', PKG('GeMainLandPackageList'), picker, { isSend: true });
    expect(sentList.body.result.items.map((x: { id: number }) => x.id)).toContain(b.id);
  });

  it('closing a bag while its order is being moved out never deadlocks: one of them wins, the state stays whole', async () => {
    const a = await newBag({ mainLandInterNationalShipment: waybill() });
    const b = await newBag();
    const x = await weighedOrder();
    const y = await weighedOrder();
    for (const o of [x, y]) expect((await call(t.app, 'POST', bag(o.id, a.id), picker)).status).toBe(200);
    const [close, move] = await Promise.all([
      call(t.app, 'POST', PKG('EditCompleteStatus'), picker, { id: a.id }),
      call(t.app, 'POST', bag(x.id, b.id), admin),
    ]);
    expect([close.status, move.status].every((s) => s === 200 || s === 409)).toBe(true);
    const info = await orderInfo(x.id);
    if (close.status === 200 && move.status === 200) {
      // the move went first: x left with b's contents, the bag shipped only y
      expect(close.body.result.orders.map((o: { tradeNo: string }) => o.tradeNo)).toEqual([y.tradeNo]);
      expect(info).toMatchObject({ orderStatus: 2, packageStatus: 4 });
    } else if (close.status === 200) {
      expect(info).toMatchObject({ orderStatus: 4, packageStatus: 5 });
      expect(move.body.error!.message).toMatch(/发出/);
    }
    expect(await orderInfo(y.id)).toMatchObject(close.status === 200 ? { orderStatus: 4 } : { orderStatus: 2 });
  });
});
