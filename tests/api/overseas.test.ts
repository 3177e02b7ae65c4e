// Overseas warehouses (DOMAIN §8, issue 15): parcels at kind-2 warehouses, the per-store base cost,
// overseas orders from stock, and buyers' returns — all from outside over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signIn, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { createUser, registerSeller } from '../factories/identity.ts';
import { createStore, trackingNo } from '../factories/orders.ts';
import { stockFigures, stockUp } from '../factories/stock.ts';

describe('overseas warehouses', () => {
  let t: TestApp;
  let admin: Caller;
  let picker: Caller;
  let seller: Awaited<ReturnType<typeof registerSeller>>;
  let other: Awaited<ReturnType<typeof registerSeller>>;
  let mainlandId: number;
  let overseasId: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, 'admin', '123qwe', 1);
    const p = await createUser(t.app, admin, { roleNames: ['Warehouse'], name: '海外仓小李' });
    picker = await signIn(t.app, p.userName, p.password, 1);
    seller = await registerSeller(t.app, 1);
    other = await registerSeller(t.app, 1);
    mainlandId = (await call(t.app, 'GET', svc('WarehouseInfo', 'GetWarehouseInfoList'), admin)).body.result.items[0].id;
    const w = await call(t.app, 'POST', svc('WarehouseInfo', 'EditWarehouseInfo'), admin, { warehouseName: '台北海外仓', kind: 2, site: 'TW', address: '台北市' });
    expect(w.status, JSON.stringify(w.body.error)).toBe(200);
    overseasId = w.body.result.id;
  });
  afterAll(async () => t?.close());

  const listed = async (service: 'Logistics' | 'AbroadLogistics', action: string, shipment: string) => {
    const res = await call(t.app, 'GET', svc(service, action), picker, { shipment });
    expect(res.status, JSON.stringify(res.body.error)).toBe(200);
    return (res.body.result.items as { shipment: string }[]).map((p) => p.shipment);
  };

  describe('parcels', () => {
    it('lists a stock parcel signed at the overseas warehouse in AbroadLogistics only, a mainland one in Logistics only', async () => {
      const store = await createStore(t.app, admin, seller.userId, { whetherLocal: true });
      const [abroad, mainland] = [trackingNo('TW'), trackingNo()];
      const declared = await call(t.app, 'POST', svc('FrontStock', 'EditStock'), seller, {
        storeId: store.id, warehouseInfoId: overseasId, productSku: 'TW-CUP', productName: '保温杯', productNums: 4, packageNums: 1, logisticsNumber: abroad,
      });
      expect(declared.status, JSON.stringify(declared.body.error)).toBe(200);
      for (const [shipment, warehouseInfoId] of [[abroad, overseasId], [mainland, mainlandId]] as const) {
        const signed = await call(t.app, 'POST', svc('Logistics', 'SignByScan'), picker, { shipment, warehouseInfoId });
        expect(signed.status, JSON.stringify(signed.body.error)).toBe(200);
      }
      const [parcel] = (await call(t.app, 'GET', svc('AbroadLogistics', 'GetLogisticsList'), picker, { shipment: abroad })).body.result.items;
      expect(parcel).toMatchObject({ shipment: abroad, warehouseInfoId: overseasId, receiveStatus: 1, userCode: seller.userCode });
      for (const action of ['GetLogisticsList', 'GetSignForLogisticsList']) {
        expect(await listed('AbroadLogistics', action, abroad)).toEqual([abroad]);
        expect(await listed('Logistics', action, abroad)).toEqual([]);
        expect(await listed('Logistics', action, mainland)).toEqual([mainland]);
        expect(await listed('AbroadLogistics', action, mainland)).toEqual([]);
      }
      // The overseas desk has no sign call of its own: parcels are signed by the one scan.
      expect((await call(t.app, 'POST', svc('AbroadLogistics', 'SignByScan'), picker, { shipment: abroad, warehouseInfoId: overseasId })).status).toBe(404);
    });

    it('asks for and takes a photo of an overseas parcel through AbroadLogistics', async () => {
      const shipment = trackingNo('TW');
      await call(t.app, 'POST', svc('Logistics', 'SignByScan'), picker, { shipment, warehouseInfoId: overseasId });
      const [parcel] = (await call(t.app, 'GET', svc('AbroadLogistics', 'GetLogisticsList'), picker, { shipment })).body.result.items;
      const edited = await call(t.app, 'POST', svc('AbroadLogistics', 'Edit'), picker, { id: parcel.id, reMark: '外箱破损', userCode: seller.userCode });
      expect(edited.body.result).toMatchObject({ reMark: '外箱破损', userCode: seller.userCode, receiveStatus: 1 });
      const asked = await call(t.app, 'POST', `${svc('AbroadLogistics', 'IsNeedTakePicture')}?id=${parcel.id}&isNeed=true`, seller);
      expect(asked.body.result).toMatchObject({ isNeedTakePicture: true });
      expect(await listed('AbroadLogistics', 'GetNeedTakePictureList', shipment)).toEqual([shipment]);
      expect(await listed('Logistics', 'GetNeedTakePictureList', shipment)).toEqual([]);
    });
  });

  describe('OverseasBaseCostSetting', () => {
    const add = (storeId: number, over: Record<string, unknown> = {}) => call(t.app, 'POST', svc('OverseasBaseCostSetting', 'Add'), admin, {
      storeId, beginTime: new Date(Date.now() - 3600_000).toISOString(), endTime: null, whetherEffective: true,
      baseCost: 2, baseSkuNums: 1, exceedSkuCost: 0.5, maxSkuCost: 1, sackPrice: 0.3, ...over,
    });

    it('refuses an overlapping setting for one store with 409 and accepts another store\'s', async () => {
      const [a, b] = [await createStore(t.app, admin, seller.userId, { whetherLocal: true }), await createStore(t.app, admin, other.userId, { whetherLocal: true })];
      const first = await add(a.id);
      expect(first.status, JSON.stringify(first.body.error)).toBe(200);
      expect(first.body.result).toMatchObject({ id: expect.any(Number), storeId: a.id, whetherEffective: true, baseCost: 2, phase: 'current', userCode: seller.userCode });
      const overlap = await add(a.id, { beginTime: new Date(Date.now() + 86_400_000).toISOString() });
      expect(overlap.status).toBe(409);
      expect(overlap.body.error?.message).toMatch(/时间重叠/);
      expect((await add(b.id)).status).toBe(200);
      // Switched off, a setting takes part in no overlap; ending the first lets the next one begin.
      expect((await add(a.id, { whetherEffective: false })).status).toBe(200);
      const later = new Date(Date.now() + 86_400_000).toISOString();
      const ended = await call(t.app, 'POST', svc('OverseasBaseCostSetting', 'EditEndTime'), admin, { id: first.body.result.id, endTime: later });
      expect(ended.body.result).toMatchObject({ endTime: later });
      expect((await add(a.id, { beginTime: later })).status).toBe(200);
      const list = await call(t.app, 'GET', svc('OverseasBaseCostSetting', 'GetOverseasBaseCostSettingList'), admin, { storeId: a.id });
      expect(list.body.result.totalCount).toBe(3);
    });

    it('keeps a begun setting\'s amounts: EditList may switch it off but not change its price', async () => {
      const store = await createStore(t.app, admin, seller.userId);
      const created = (await add(store.id)).body.result;
      const body = { ...created, id: created.id, storeId: store.id };
      const priced = await call(t.app, 'POST', svc('OverseasBaseCostSetting', 'EditList'), admin, { ...body, baseCost: 9 });
      expect(priced.status).toBe(409);
      const off = await call(t.app, 'POST', svc('OverseasBaseCostSetting', 'EditList'), admin, { ...body, whetherEffective: false });
      expect(off.body.result).toMatchObject({ whetherEffective: false, phase: 'disabled', baseCost: 2 });
    });

    it('is staff only', async () => {
      const store = await createStore(t.app, admin, seller.userId);
      expect((await call(t.app, 'POST', svc('OverseasBaseCostSetting', 'Add'), seller, { storeId: store.id, beginTime: new Date().toISOString(), baseCost: 1, baseSkuNums: 1, exceedSkuCost: 0, maxSkuCost: 0, sackPrice: 0 })).status).toBe(403);
      expect((await call(t.app, 'GET', svc('AbroadLogistics', 'GetLogisticsList'), seller)).status).toBe(403);
    });
  });

  // ── orders and returns ─────────────────────────────────────────────────────
  let storeId: number;
  let otherStoreId: number;
  const baseCost = (id: number) => call(t.app, 'POST', svc('OverseasBaseCostSetting', 'Add'), admin, {
    storeId: id, beginTime: new Date(Date.now() - 3600_000).toISOString(), whetherEffective: true,
    baseCost: 2, baseSkuNums: 1, exceedSkuCost: 0.5, maxSkuCost: 1, sackPrice: 0.3,
  });
  const recharge = (userId: number, amount: number) => call(t.app, 'POST', svc('User', 'SystemRechargeAmount'), admin, { userId, amount, remark: '测试充值' });
  const stock = (quantity: number, who = seller, store = () => storeId) =>
    stockUp(t, { staff: picker, seller: who, storeId: store(), warehouseInfoId: overseasId, quantity, shelfPosition: 'TW-01-01' });
  const product = (id: number, who: Caller = seller) => stockFigures(t, who, id);
  /** The product's ListedHistory rows of one type, oldest first. */
  const movements = async (stockProductId: number, type: number) => {
    const res = await call(t.app, 'GET', svc('ListedHistory', 'GetList'), picker, { stockProductId, type, pageSize: 100 });
    return (res.body.result.items as { quantity: number; tradeNo: string | null; id: number }[])
      .sort((a, b) => a.id - b.id).map((r) => ({ quantity: r.quantity, trade_no: r.tradeNo }));
  };
  const order = (items: { stockProductId: number; quantity: number }[], who: Caller = seller, over: Record<string, unknown> = {}) =>
    call(t.app, 'POST', svc('FrontAbroadOrder', 'CreateOrder'), who, {
      storeId, warehouseInfoId: overseasId, orderNumber: `TW${trackingNo('').slice(-10)}`, site: 'TW', shippingMethods: 2, cargoCategory: 1, items, ...over,
    });
  const bale = (tradeNo: string, who: Caller = picker) => call(t.app, 'POST', svc('BackAbroadOrder', 'AbroadOrderBale'), who, { tradeNo });
  const flows = async (userId: number, channel: number) =>
    (await call(t.app, 'GET', svc('Flow', 'GetFlowList'), admin, { userId, channel, maxResultCount: 100 })).body.result.items as { incurredAmount: number; tradeNo: string | null }[];

  describe('orders from overseas stock', () => {
    beforeAll(async () => {
      storeId = (await createStore(t.app, admin, seller.userId, { storeName: '台湾本土店', whetherLocal: true })).id;
      otherStoreId = (await createStore(t.app, admin, other.userId, { storeName: '别家店', whetherLocal: true })).id;
      expect((await baseCost(storeId)).status).toBe(200);
      expect((await recharge(seller.userId, 100)).status).toBe(200);
      expect((await call(t.app, 'POST', svc('Shelves', 'Add'), picker, { warehouseInfoId: overseasId, shelfPosition: 'TW-01-01' })).status).toBe(200);
    });

    it('reserves at creation (AB + 11 digits, type 4), hides it from other sellers, refuses a short order and releases on cancel', async () => {
      const p = await stock(5);
      const created = await order([{ stockProductId: p.id, quantity: 2 }]);
      expect(created.status, JSON.stringify(created.body.error)).toBe(200);
      const o = created.body.result;
      expect(o.tradeNo).toMatch(/^AB\d{11}$/);
      expect(o).toMatchObject({ orderType: 4, orderStatus: 1, packageStatus: 2 });
      expect(o.orderProductInfosList).toMatchObject([{ stockProductId: p.id, productSku: p.productSku, quantity: 2 }]);
      expect(await product(p.id)).toEqual({ inventory: 5, reserved: 2, available: 3 });

      const info = await call(t.app, 'GET', svc('FrontAbroadOrder', 'GetOrderInfo'), seller, { id: o.id });
      expect(info.body.result).toMatchObject({ id: o.id, tradeNo: o.tradeNo, orderNumber: o.orderNumber, orderType: 4, orderStatus: 1, packageStatus: 2 });
      expect((await call(t.app, 'GET', svc('FrontAbroadOrder', 'GetOrderInfo'), other, { id: o.id })).status).toBe(404);
      expect((await call(t.app, 'POST', `${svc('FrontAbroadOrder', 'CancleOrder')}?orderId=${o.id}`, other)).status).toBe(404);
      expect((await order([{ stockProductId: p.id, quantity: 1 }], other, { storeId: otherStoreId })).status).toBe(404);
      const list = await call(t.app, 'GET', svc('FrontAbroadOrder', 'GetOrderList'), other);
      expect(list.body.result.items.map((x: { id: number }) => x.id)).not.toContain(o.id);

      const short = await order([{ stockProductId: p.id, quantity: 4 }]);
      expect(short.status).toBe(409);
      expect(short.body.error?.message).toContain(p.productSku);
      expect(await product(p.id)).toEqual({ inventory: 5, reserved: 2, available: 3 });

      const cancelled = await call(t.app, 'POST', `${svc('FrontAbroadOrder', 'CancleOrder')}?orderId=${o.id}`, seller);
      expect(cancelled.body.result).toMatchObject({ orderStatus: 6 });
      expect(await product(p.id)).toEqual({ inventory: 5, reserved: 0, available: 5 });
      expect((await call(t.app, 'POST', `${svc('FrontAbroadOrder', 'CancleOrder')}?orderId=${o.id}`, seller)).status).toBe(409);
    });

    it('packs an order out of stock (5 → 3), charging the store\'s overseas base cost; CancleBale puts it back and refunds', async () => {
      const p = await stock(5);
      const o = (await order([{ stockProductId: p.id, quantity: 2 }])).body.result;
      const listed = await call(t.app, 'GET', svc('BackAbroadOrder', 'GetOrderList'), picker, { number: o.tradeNo });
      expect(listed.body.result.items).toMatchObject([{ tradeNo: o.tradeNo, orderType: 4 }]);

      const packed = await bale(o.tradeNo);
      expect(packed.status, JSON.stringify(packed.body.error)).toBe(200);
      expect(packed.body.result).toMatchObject({ packageStatus: 3, orderStatus: 2 });
      expect(await product(p.id)).toEqual({ inventory: 3, reserved: 0, available: 3 });
      expect(await movements(p.id, 2)).toEqual([{ quantity: -2, trade_no: o.tradeNo }]);
      expect((await flows(seller.userId, 3)).filter((f) => f.tradeNo === o.tradeNo).map((f) => f.incurredAmount)).toEqual([-2]);
      expect((await flows(seller.userId, 5)).filter((f) => f.tradeNo === o.tradeNo).map((f) => f.incurredAmount)).toEqual([-0.3]);
      const detail = await call(t.app, 'GET', svc('BackAbroadOrder', 'GetOrderInfo'), picker, { id: o.id });
      expect(detail.body.result).toMatchObject({ feesTotal: 2.3, fees: [{ channel: 3, amount: 2 }, { channel: 5, amount: 0.3 }] });
      expect((await bale(o.tradeNo)).status).toBe(409);
      // Packed goods have left: the seller can no longer cancel; the parcel-driven actions refuse it too.
      expect((await call(t.app, 'POST', `${svc('FrontAbroadOrder', 'CancleOrder')}?orderId=${o.id}`, seller)).status).toBe(409);
      expect((await call(t.app, 'POST', `${svc('FrontOrder', 'CancelOrder')}?id=${o.id}`, seller)).status).toBe(409);
      expect((await call(t.app, 'POST', svc('BackAbroadOrder', 'ProcessOrderPackageStatus'), picker, { ids: [o.id], packageStatus: 4 })).status).toBe(409);

      const undone = await call(t.app, 'POST', svc('BackAbroadOrder', 'CancleBale'), picker, { tradeNo: o.tradeNo });
      expect(undone.body.result).toMatchObject({ packageStatus: 2 });
      expect(await product(p.id)).toEqual({ inventory: 5, reserved: 2, available: 3 });
      expect((await flows(seller.userId, 10)).filter((f) => f.tradeNo === o.tradeNo).map((f) => f.incurredAmount).sort()).toEqual([0.3, 2]);
      expect((await call(t.app, 'GET', svc('BackAbroadOrder', 'GetOrderInfo'), picker, { id: o.id })).body.result).toMatchObject({ feesTotal: 0, fees: [] });

      // Packed again and shipped by one-click delivery.
      expect((await bale(o.tradeNo)).status).toBe(200);
      const shipped = await call(t.app, 'GET', svc('BackAbroadOrder', 'OneClickDelivery'), picker, { ids: o.id });
      expect(shipped.body.result).toMatchObject({ count: 1, skipped: [] });
      expect((await call(t.app, 'GET', svc('FrontAbroadOrder', 'GetOrderInfo'), seller, { id: o.id })).body.result).toMatchObject({ orderStatus: 4, packageStatus: 5 });
      expect(await product(p.id)).toEqual({ inventory: 3, reserved: 0, available: 3 });
    });

    it('refuses to pack when the balance cannot cover the fees, moving nothing', async () => {
      const poor = await registerSeller(t.app, 1);
      const poorStore = (await createStore(t.app, admin, poor.userId, { whetherLocal: true })).id;
      expect((await baseCost(poorStore)).status).toBe(200);
      const p = await stock(3, poor, () => poorStore);
      const o = (await order([{ stockProductId: p.id, quantity: 1 }], poor, { storeId: poorStore })).body.result;
      const refused = await bale(o.tradeNo);
      expect(refused.status).toBe(409);
      expect(refused.body.error?.message).toMatch(/积分不足/);
      expect(await product(p.id, poor)).toEqual({ inventory: 3, reserved: 1, available: 2 });
      expect(await movements(p.id, 2)).toEqual([]);
    });

    it('marks urgent and back, and staff cancel a packed order putting its goods back', async () => {
      const p = await stock(4);
      const o = (await order([{ stockProductId: p.id, quantity: 3 }])).body.result;
      expect((await call(t.app, 'POST', `${svc('FrontAbroadOrder', 'UrgentOrder')}?id=${o.id}`, seller)).body.result).toMatchObject({ isUrgent: true });
      expect((await call(t.app, 'POST', `${svc('FrontAbroadOrder', 'NormalOrder')}?id=${o.id}`, seller)).body.result).toMatchObject({ isUrgent: false });
      expect((await call(t.app, 'POST', svc('BackOrder', 'WarehouseOrderPacked'), picker, { tradeNo: o.tradeNo })).status).toBe(409);
      expect((await bale(o.tradeNo)).status).toBe(200);
      expect(await product(p.id)).toEqual({ inventory: 1, reserved: 0, available: 1 });
      const cancelled = await call(t.app, 'POST', `${svc('BackAbroadOrder', 'CancleOrder')}?orderId=${o.id}`, picker);
      expect(cancelled.body.result).toMatchObject({ orderStatus: 6 });
      expect(await product(p.id)).toEqual({ inventory: 4, reserved: 0, available: 4 });
    });

    it('updates an open order by reserving its new lines instead of the old', async () => {
      const [a, b] = [await stock(5), await stock(5)];
      const o = (await order([{ stockProductId: a.id, quantity: 2 }])).body.result;
      const updated = await call(t.app, 'POST', svc('FrontAbroadOrder', 'UpdateOrder'), seller, {
        id: o.id, storeId, warehouseInfoId: overseasId, orderNumber: o.orderNumber, site: 'TW', shippingMethods: 2, cargoCategory: 1,
        items: [{ stockProductId: a.id, quantity: 5 }, { stockProductId: b.id, quantity: 1 }],
      });
      expect(updated.status, JSON.stringify(updated.body.error)).toBe(200);
      expect(await product(a.id)).toEqual({ inventory: 5, reserved: 5, available: 0 });
      expect(await product(b.id)).toEqual({ inventory: 5, reserved: 1, available: 4 });
      // A mainland warehouse is not an overseas one.
      expect((await order([{ stockProductId: b.id, quantity: 1 }], seller, { warehouseInfoId: mainlandId })).status).toBe(400);
    });
  });

  describe('returns', () => {
    let p: { id: number; productSku: string };
    let o: { id: number; tradeNo: string; orderNumber: string };
    beforeAll(async () => {
      p = await stock(5);
      o = (await order([{ stockProductId: p.id, quantity: 2 }])).body.result;
      expect((await bale(o.tradeNo)).status).toBe(200);
    });
    const register = (returnNumber: string, who: Caller = seller) =>
      call(t.app, 'GET', svc('FrontAbroadReturn', 'AddRerurnOrder'), who, { orderId: o.id, returnNumber, orderNumber: o.orderNumber });
    const check = (returnNumber: string) => call(t.app, 'GET', svc('AbroadStockReturn', 'CheckReturnWarehousing'), picker, { returnNumber });
    const confirm = (returnNumber: string, items?: { stockProductId: number; quantity: number }[]) =>
      call(t.app, 'POST', svc('AbroadStockReturn', 'ConfirmReturnWarehousing'), picker, { returnNumber, ...(items ? { items } : {}) });

    it('registers a return, finds it by its number, puts 1 back into stock once', async () => {
      const no = trackingNo('RT');
      const registered = await register(no);
      expect(registered.status, JSON.stringify(registered.body.error)).toBe(200);
      expect(registered.body.result).toMatchObject({ returnNumber: no, returnStatus: 0, orderId: o.id, tradeNo: o.tradeNo });
      expect((await register(no)).status).toBe(409);
      expect((await register(trackingNo('RT'), other)).status).toBe(404);
      const mine = await call(t.app, 'GET', svc('FrontAbroadReturn', 'GetReturnOrderList'), seller, { number: no });
      expect(mine.body.result.items).toMatchObject([{ id: registered.body.result.id, returnNumber: no, returnStatus: 0 }]);
      expect((await call(t.app, 'GET', svc('FrontAbroadReturn', 'GetReturnOrderList'), other, { number: no })).body.result.totalCount).toBe(0);

      const found = await check(no);
      expect(found.body.result).toMatchObject({ id: registered.body.result.id, returnNumber: no, returnStatus: 0, userCode: seller.userCode });
      // Each line says where its items go back: the product's shelf (issue 45 §12).
      expect(found.body.result.orderItems).toMatchObject([{ stockProductId: p.id, quantity: 2, returned: 0, shelfPosition: 'TW-01-01' }]);
      expect((await check(trackingNo('NONE'))).status).toBe(404);

      const done = await confirm(no, [{ stockProductId: p.id, quantity: 1 }]);
      expect(done.status, JSON.stringify(done.body.error)).toBe(200);
      expect(done.body.result).toMatchObject({ returnStatus: 1, items: [{ stockProductId: p.id, quantity: 1 }] });
      expect(await movements(p.id, 4)).toEqual([{ quantity: 1, trade_no: o.tradeNo }]);
      expect(await product(p.id)).toMatchObject({ inventory: 4 });
      expect((await confirm(no, [{ stockProductId: p.id, quantity: 1 }])).status).toBe(409);
      expect(await movements(p.id, 4)).toHaveLength(1);
      const staff = await call(t.app, 'GET', svc('AbroadReturn', 'GetReturnOrderList'), picker, { number: no });
      expect(staff.body.result.items).toMatchObject([{ returnNumber: no, returnStatus: 1, userCode: seller.userCode }]);
    });

    it('takes back at most what the order shipped; without items, everything not yet returned', async () => {
      const no = trackingNo('RT');
      expect((await register(no)).status).toBe(200);
      expect((await confirm(no, [{ stockProductId: p.id, quantity: 2 }])).status).toBe(409);
      const all = await confirm(no);
      expect(all.body.result).toMatchObject({ returnStatus: 1, items: [{ stockProductId: p.id, quantity: 1 }] });
      expect(await product(p.id)).toMatchObject({ inventory: 5 });
    });

    it('destroys only after the seller chose it, charging one channel-9 flow', async () => {
      const no = trackingNo('RT');
      const id = (await register(no)).body.result.id as number;
      const destroy = () => call(t.app, 'GET', svc('AbroadStockReturn', 'ComfirmDestroyOrder'), picker, { orderReturnId: id, integralNumber: 5 });
      expect((await destroy()).status).toBe(409);
      expect((await call(t.app, 'GET', svc('FrontAbroadStockReturn', 'ComfirmDestroyOrder'), other, { orderReturnId: id })).status).toBe(404);
      const chosen = await call(t.app, 'GET', svc('FrontAbroadStockReturn', 'ComfirmDestroyOrder'), seller, { orderReturnId: id });
      expect(chosen.body.result).toMatchObject({ returnStatus: 2 });
      expect((await confirm(no)).status).toBe(409);
      const before = (await flows(seller.userId, 9)).length;
      const destroyed = await destroy();
      expect(destroyed.status, JSON.stringify(destroyed.body.error)).toBe(200);
      expect(destroyed.body.result).toMatchObject({ returnStatus: 3, destroyAmount: 5 });
      const after = await flows(seller.userId, 9);
      expect(after).toHaveLength(before + 1);
      expect(after[0]).toMatchObject({ incurredAmount: -5, tradeNo: o.tradeNo });
      expect((await destroy()).status).toBe(409);
      expect(await flows(seller.userId, 9)).toHaveLength(before + 1);
    });

    it('refuses a return on a cancelled order', async () => {
      const q = await stock(1);
      const c = (await order([{ stockProductId: q.id, quantity: 1 }])).body.result;
      await call(t.app, 'POST', `${svc('FrontAbroadOrder', 'CancleOrder')}?orderId=${c.id}`, seller);
      const r = await call(t.app, 'GET', svc('FrontAbroadReturn', 'AddRerurnOrder'), seller, { orderId: c.id, returnNumber: trackingNo('RT'), orderNumber: c.orderNumber });
      expect(r.status).toBe(409);
    });
  });

  it('gives sellers 403 on the staff actions', async () => {
    const staffCalls: [string, string, string, Record<string, unknown>][] = [
      ['POST', 'BackAbroadOrder', 'AbroadOrderBale', { tradeNo: 'AB26010100001' }],
      ['POST', 'BackAbroadOrder', 'CancleBale', { tradeNo: 'AB26010100001' }],
      ['GET', 'BackAbroadOrder', 'GetOrderList', {}],
      ['GET', 'BackAbroadOrder', 'OneClickDelivery', { warehouseInfoId: overseasId }],
      ['GET', 'AbroadReturn', 'GetReturnOrderList', {}],
      ['GET', 'AbroadStockReturn', 'CheckReturnWarehousing', { returnNumber: 'RT0000001' }],
      ['POST', 'AbroadStockReturn', 'ConfirmReturnWarehousing', { returnNumber: 'RT0000001' }],
      ['GET', 'AbroadStockReturn', 'ComfirmDestroyOrder', { orderReturnId: 1, integralNumber: 5 }],
      ['GET', 'OverseasBaseCostSetting', 'GetOverseasBaseCostSettingList', {}],
    ];
    for (const [method, service, action, input] of staffCalls) {
      expect((await call(t.app, method as 'GET', svc(service, action), seller, input)).status, `${service}/${action}`).toBe(403);
    }
  });
});
