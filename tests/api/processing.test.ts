// Packing, weighing, fees, 补运费 and dispatch (issue #5 item 4; DOMAIN §3, §5, §9). Runs on PGlite
// and, with DATABASE_URL, on PostgreSQL (where the concurrent weighing really races).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signIn, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { createUser, registerSeller } from '../factories/identity.ts';
import { buildOrder, createFeeSettings, createOrder, createStore, trackingNo } from '../factories/orders.ts';

// A 1×1 PNG.
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

type Seller = Awaited<ReturnType<typeof registerSeller>>;

describe('processing: pack, weigh, charge, ship', () => {
  let t: TestApp;
  let admin: Caller;
  let picker: Caller;
  let pickerId: number;
  let warehouseId: number;

  const oneSku = (overrides: Record<string, unknown> = {}) => ({
    orderProductInfosList: [{ productName: '手机壳', productSku: 'CASE-1', quantity: 3, price: 9.9, shipment: trackingNo() }], ...overrides,
  });

  async function newSeller(balance: number) {
    const seller = await registerSeller(t.app, 1);
    const store = await createStore(t.app, admin, seller.userId);
    if (balance) {
      const res = await call(t.app, 'POST', '/api/services/app/User/SystemRechargeAmount', admin, { userId: seller.userId, amount: balance, remark: '测试充值' });
      expect(res.status, JSON.stringify(res.body.error)).toBe(200);
    }
    return { seller, storeId: store.id };
  }

  /** An order whose goods are all here (已到齐), ready to pack. */
  async function arrivedOrder(seller: Seller, storeId: number, overrides: Record<string, unknown> = {}) {
    const order = await createOrder(t.app, seller, buildOrder(storeId, warehouseId, overrides));
    const res = await call(t.app, 'POST', `${svc('BackOrder', 'arriveWarehouse')}?tradeNo=${order.tradeNo}`, picker);
    expect(res.status).toBe(200);
    return order;
  }

  async function packedOrder(seller: Seller, storeId: number, overrides: Record<string, unknown> = {}) {
    const order = await arrivedOrder(seller, storeId, overrides);
    const res = await call(t.app, 'POST', svc('BackOrder', 'WarehouseOrderPacked'), picker, { tradeNo: order.tradeNo });
    expect(res.status, JSON.stringify(res.body.error)).toBe(200);
    return order;
  }

  const weigh = (tradeNo: string, weight: number, dims: Record<string, number> = {}) =>
    call(t.app, 'POST', svc('BackOrder', 'GoodsWeigh'), picker, { tradeNo, weight, ...dims });
  const flowsOf = async (seller: Seller) => {
    const res = await call(t.app, 'GET', svc('Recharge', 'GetAmountList'), seller, { pageSize: 500 });
    expect(res.status).toBe(200);
    return res.body.result as { balance: number; items: { channel: number; incurredAmount: number; balance: number; tradeNo: string | null; reversesFlowId: number | null }[] };
  };
  const sumCents = (items: { incurredAmount: number }[]) => items.reduce((s, f) => s + Math.round(f.incurredAmount * 100), 0);
  const info = async (id: number) => (await call(t.app, 'GET', svc('BackOrder', 'GetOrderInfo'), picker, { id })).body.result;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, 'admin', '123qwe', 1);
    const p = await createUser(t.app, admin, { roleNames: ['Warehouse'] });
    picker = await signIn(t.app, p.userName, p.password, 1);
    pickerId = p.id;
    warehouseId = (await call(t.app, 'GET', svc('WarehouseInfo', 'GetWarehouseInfoList'), admin)).body.result.items[0].id;
    await createFeeSettings(t.app, admin, warehouseId);
  });
  afterAll(async () => t?.close());

  it('shows what to check before packing, packs 已到齐 → 已打包 with a photo, and refuses packing twice', async () => {
    const { seller, storeId } = await newSeller(50);
    const order = await arrivedOrder(seller, storeId);
    const check = await call(t.app, 'GET', svc('BackOrder', 'GetCheckGoodsInfoResult'), picker, { tradeNo: order.tradeNo });
    expect(check.status).toBe(200);
    expect(check.body.result.order).toMatchObject({ id: order.id, packageStatus: 2, shelfNumber: expect.stringMatching(/^H\d{4}$/) });
    expect(check.body.result.order.orderProductInfosList).toHaveLength(2);
    expect(check.body.result.parcels).toHaveLength(2);
    expect(check.body.result.seller).toMatchObject({ id: seller.userId, userCode: seller.userCode, balance: 50 });
    expect(check.body.result.processing).toMatchObject({ packedTime: null, weight: null, charged: false, owed: 0, fees: [] });

    // The scanned marketplace order number finds it too.
    const byOrderNumber = await call(t.app, 'GET', svc('BackOrder', 'GetCheckGoodsInfoResult'), picker, { tradeNo: check.body.result.order.orderNumber });
    expect(byOrderNumber.body.result.order.id).toBe(order.id);

    const photo = await call(t.app, 'POST', svc('BackOrder', 'UploadPackedBase64Img'), picker, { tradeNo: order.tradeNo, base64: `data:image/png;base64,${PNG_BASE64}` });
    expect(photo.status, JSON.stringify(photo.body.error)).toBe(200);
    expect(photo.body.result.link).toBe(`/api/File/GetPackedImage?guid=${photo.body.result.guid}`);
    const image = await t.app.inject({ method: 'GET', url: photo.body.result.link, headers: { authorization: `Bearer ${picker.token}`, 'abp.tenantid': '1' } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');

    const packed = await call(t.app, 'POST', svc('BackOrder', 'WarehouseOrderPacked'), picker, { tradeNo: order.tradeNo, packedUserId: pickerId });
    expect(packed.status, JSON.stringify(packed.body.error)).toBe(200);
    expect(packed.body.result.order.packageStatus).toBe(3);
    expect(packed.body.result.processing).toMatchObject({ packedUserId: pickerId, packedTime: expect.any(String), packedImageGuid: photo.body.result.guid });
    expect(packed.body.result.packedImageLink).toBe(photo.body.result.link);

    const again = await call(t.app, 'POST', svc('BackOrder', 'WarehouseOrderPacked'), picker, { tradeNo: order.tradeNo });
    expect(again.status).toBe(409);
    expect(again.body.error!.message).toContain('已到齐');

    // The seller can no longer cancel a packed order.
    const cancel = await call(t.app, 'POST', `${svc('FrontOrder', 'CancelOrder')}?id=${order.id}`, seller);
    expect(cancel.status).toBe(409);
    expect(cancel.body.error!.message).toContain('已打包');

    const trail = (await info(order.id)).audit.map((a: { action: string }) => a.action);
    expect(trail).toEqual(expect.arrayContaining(['packedPhoto', 'packed']));
    // The seller sees the packing photo of their own order, and its processing details.
    const own = await t.app.inject({ method: 'GET', url: photo.body.result.link, headers: { authorization: `Bearer ${seller.token}`, 'abp.tenantid': '1' } });
    expect(own.statusCode).toBe(200);
    const mine = await call(t.app, 'GET', svc('FrontOrder', 'GetOrderInfo'), seller, { id: order.id });
    expect(mine.body.result.processing).toMatchObject({ packedImageGuid: photo.body.result.guid, charged: false });
  });

  it('refuses packing goods that have not all arrived, an unknown photo, and a photo that is not an image', async () => {
    const { seller, storeId } = await newSeller(0);
    const order = await createOrder(t.app, seller, buildOrder(storeId, warehouseId));
    const early = await call(t.app, 'POST', svc('BackOrder', 'WarehouseOrderPacked'), picker, { tradeNo: order.tradeNo });
    expect(early.status).toBe(409);
    await call(t.app, 'POST', `${svc('BackOrder', 'arriveWarehouse')}?tradeNo=${order.tradeNo}`, picker);
    const ghost = await call(t.app, 'POST', svc('BackOrder', 'WarehouseOrderPacked'), picker, { tradeNo: order.tradeNo, imageGuid: '0b7c7a52-0000-4000-8000-000000000000' });
    expect(ghost.status).toBe(400);
    expect(ghost.body.error!.validationErrors![0]!.members).toEqual(['imageGuid']);
    const text = await call(t.app, 'POST', svc('BackOrder', 'UploadPackedBase64Img'), picker, { tradeNo: order.tradeNo, base64: Buffer.from('just some text, not an image at all').toString('base64') });
    expect(text.status).toBe(400);
    expect(text.body.error!.validationErrors![0]!.members).toEqual(['base64']);
    const missing = await call(t.app, 'GET', svc('BackOrder', 'GetCheckGoodsInfoResult'), picker, { tradeNo: 'ML26010199999' });
    expect(missing.status).toBe(404);
  });

  it('charges base cost, sack and freight at weighing; a re-weighing reverses and re-posts; flows always sum to the balance', async () => {
    const { seller, storeId } = await newSeller(100);
    const order = await packedOrder(seller, storeId); // two SKUs, mainland, TW, 普货

    const res = await weigh(order.tradeNo, 1.26);
    expect(res.status, JSON.stringify(res.body.error)).toBe(200);
    expect(res.body.result).toEqual({
      tradeNo: order.tradeNo, weight: 1.26, chargeableWeight: 1.26,
      fees: [{ channel: 3, amount: 3.5 }, { channel: 4, amount: 22 }, { channel: 5, amount: 0.8 }],
      total: 26.3, charged: true, owed: 0, balance: 73.7, orderStatus: 2, packageStatus: 4,
    });
    let flows = await flowsOf(seller);
    expect(flows.balance).toBe(73.7);
    expect(flows.items.filter((f) => f.tradeNo === order.tradeNo).map((f) => f.channel).sort()).toEqual([3, 4, 5]);

    const again = await weigh(order.tradeNo, 2.0);
    expect(again.body.result).toMatchObject({ weight: 2, total: 31.3, charged: true, balance: 68.7 });
    flows = await flowsOf(seller);
    expect(flows.balance).toBe(68.7);
    expect(sumCents(flows.items)).toBe(6870);
    const refunds = flows.items.filter((f) => f.channel === 10);
    expect(refunds.map((f) => f.incurredAmount).sort((a, b) => a - b)).toEqual([0.8, 3.5, 22]);
    expect(refunds.every((f) => f.reversesFlowId !== null)).toBe(true);

    const detail = await call(t.app, 'GET', svc('BackOrder', 'GetCheckGoodsInfoResult'), picker, { tradeNo: order.tradeNo });
    expect(detail.body.result.processing).toMatchObject({ weight: 2, weighVersion: 2, charged: true, owed: 0, total: 31.3 });
    expect(detail.body.result.seller.balance).toBe(68.7);
    const trail = (await info(order.id)).audit.map((a: { action: string }) => a.action);
    expect(trail).toEqual(expect.arrayContaining(['weigh', 'reweigh']));
  });

  it('prices by volume when the dimensions say so, and takes CommodityWeigh in the query string', async () => {
    const { seller, storeId } = await newSeller(200);
    const order = await packedOrder(seller, storeId, oneSku());
    // 40 × 30 × 20 cm / 6000 = 4 kg volumetric > 1 kg actual: 12 + 7 × 5 = 47 freight, + 3 + 0.8.
    const res = await weigh(order.tradeNo, 1, { long: 40, wide: 30, high: 20 });
    expect(res.body.result).toMatchObject({ weight: 1, chargeableWeight: 4, total: 50.8, charged: true, balance: 149.2 });
    const query = await call(t.app, 'POST', `${svc('BackOrder', 'CommodityWeigh')}?tradeNo=${order.tradeNo}&resultWeight=0.5`, picker);
    expect(query.status, JSON.stringify(query.body.error)).toBe(200);
    expect(query.body.result).toMatchObject({ weight: 0.5, chargeableWeight: 0.5, total: 15.8, balance: 184.2 });
    const bad = await weigh(order.tradeNo, 1.2345);
    expect(bad.status).toBe(400);
    expect(bad.body.error!.validationErrors![0]!.members).toEqual(['weight']);
  });

  it('a weighing the balance cannot cover goes to 待补运费 with nothing posted; 补运费 waits for a top-up, then settles it', async () => {
    const { seller, storeId } = await newSeller(100);
    const order = await packedOrder(seller, storeId, oneSku());
    const res = await weigh(order.tradeNo, 40);
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ total: 410.8, charged: false, owed: 410.8, balance: 100, orderStatus: 3, packageStatus: 4 });
    let flows = await flowsOf(seller);
    expect(flows.items.map((f) => f.channel)).toEqual([2]);
    expect(await info(order.id)).toMatchObject({ orderStatus: 3, packageStatus: 4 });

    const early = await call(t.app, 'POST', `${svc('FrontOrder', 'SupplyOrderFreight')}?id=${order.id}`, seller);
    expect(early.status).toBe(409);
    expect(early.body.error!.message).toContain('410.80');
    expect(early.body.error!.message).toContain('100.00');

    // Not for dispatch while owed.
    const ship = await call(t.app, 'GET', svc('BackOrder', 'OneClickDelivery'), picker, { ids: order.id });
    expect(ship.body.result).toMatchObject({ count: 0, skipped: [{ id: order.id, tradeNo: order.tradeNo }] });

    // Another seller cannot pay (or see) it.
    const other = await newSeller(1000);
    expect((await call(t.app, 'POST', `${svc('FrontOrder', 'SupplyOrderFreight')}?id=${order.id}`, other.seller)).status).toBe(404);

    await call(t.app, 'POST', '/api/services/app/User/SystemRechargeAmount', admin, { userId: seller.userId, amount: 400, remark: '补充值' });
    const paid = await call(t.app, 'POST', `${svc('FrontOrder', 'SupplyOrderFreight')}?id=${order.id}`, seller);
    expect(paid.status, JSON.stringify(paid.body.error)).toBe(200);
    expect(paid.body.result).toMatchObject({ total: 410.8, charged: true, owed: 0, balance: 89.2, orderStatus: 2 });
    flows = await flowsOf(seller);
    expect(flows.balance).toBe(89.2);
    expect(sumCents(flows.items)).toBe(8920);
    const mine = await call(t.app, 'GET', svc('FrontOrder', 'GetOrderInfo'), seller, { id: order.id });
    expect(mine.body.result.processing).toMatchObject({ weight: 40, charged: true, owed: 0, total: 410.8 });
    expect(mine.body.result.processing.fees).toEqual([{ channel: 3, amount: 3 }, { channel: 4, amount: 407 }, { channel: 5, amount: 0.8 }]);
    expect(await info(order.id)).toMatchObject({ orderStatus: 2, packageStatus: 4 });
    expect((await call(t.app, 'POST', `${svc('FrontOrder', 'SupplyOrderFreight')}?id=${order.id}`, seller)).status).toBe(409);
  });

  it('a re-weighing that can no longer be covered keeps the reversal and owes the new total', async () => {
    const { seller, storeId } = await newSeller(30);
    const order = await packedOrder(seller, storeId, oneSku());
    expect((await weigh(order.tradeNo, 0.5)).body.result).toMatchObject({ total: 15.8, charged: true, balance: 14.2 });
    const heavier = await weigh(order.tradeNo, 3);
    // 12 + 5 × 5 = 37 freight + 3.8 = 40.8 > 30 (the 15.8 given back + 14.2).
    expect(heavier.body.result).toMatchObject({ total: 40.8, charged: false, owed: 40.8, balance: 30, orderStatus: 3 });
    const flows = await flowsOf(seller);
    expect(flows.balance).toBe(30);
    expect(sumCents(flows.items)).toBe(3000);
    const check = await call(t.app, 'GET', svc('BackOrder', 'GetCheckGoodsInfoResult'), picker, { tradeNo: order.tradeNo });
    expect(check.body.result.processing).toMatchObject({ charged: false, owed: 40.8, total: 40.8, weighVersion: 2 });
  });

  it('refuses to weigh when a setting the charge needs is missing, saying which', async () => {
    const { seller } = await newSeller(100);
    const myStore = await createStore(t.app, admin, seller.userId, { site: 'MY' });
    const order = await packedOrder(seller, myStore.id, oneSku({ site: 'MY' }));
    const res = await weigh(order.tradeNo, 1);
    expect(res.status).toBe(409);
    expect(res.body.error!.message).toContain('MY');
    expect(res.body.error!.message).toContain('运费规则');
    // It names the screen as the menu does (费用设置 › 大陆运费).
    expect(res.body.error!.message).toContain('请先在「大陆运费」中添加');
    expect(await info(order.id)).toMatchObject({ packageStatus: 3 });
    expect((await flowsOf(seller)).items).toHaveLength(1);
  });

  it('one-click delivery ships weighed, paid orders of a warehouse and leaves 待补运费 ones', async () => {
    const { seller, storeId } = await newSeller(50);
    const paid = await packedOrder(seller, storeId, oneSku());
    const owing = await packedOrder(seller, storeId, oneSku());
    const notWeighed = await packedOrder(seller, storeId, oneSku());
    expect((await weigh(paid.tradeNo, 0.5)).body.result.charged).toBe(true);
    expect((await weigh(owing.tradeNo, 40)).body.result.charged).toBe(false);

    const res = await call(t.app, 'GET', svc('BackOrder', 'OneClickDelivery'), picker, { warehouseInfoId: warehouseId, site: 'TW' });
    expect(res.status, JSON.stringify(res.body.error)).toBe(200);
    expect(res.body.result.count).toBeGreaterThanOrEqual(1);
    expect(await info(paid.id)).toMatchObject({ orderStatus: 4, packageStatus: 5 });
    expect(await info(owing.id)).toMatchObject({ orderStatus: 3, packageStatus: 4 });
    expect(await info(notWeighed.id)).toMatchObject({ orderStatus: 2, packageStatus: 3 });
    const shipped = await call(t.app, 'GET', svc('BackOrder', 'GetCheckGoodsInfoResult'), picker, { tradeNo: paid.tradeNo });
    expect(shipped.body.result.processing.shippedTime).toEqual(expect.any(String));
    expect((await info(paid.id)).audit.map((a: { action: string }) => a.action)).toContain('ship');
    // A shipped order is not weighed again.
    expect((await weigh(paid.tradeNo, 1)).status).toBe(409);
    // Nothing selected at all is a 400.
    expect((await call(t.app, 'GET', svc('BackOrder', 'OneClickDelivery'), picker, {})).status).toBe(400);
  });

  it('twelve orders weighed at once against a balance that covers eight: exactly eight charged, never negative', async () => {
    const { seller, storeId } = await newSeller(126.4); // 8 × 15.8
    const orders = [];
    for (let i = 0; i < 12; i++) orders.push(await packedOrder(seller, storeId, oneSku()));
    const results = await Promise.all(orders.map((o) => weigh(o.tradeNo, 0.5)));
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect(results.filter((r) => r.body.result.charged)).toHaveLength(8);
    expect(results.filter((r) => !r.body.result.charged).every((r) => r.body.result.owed === 15.8 && r.body.result.orderStatus === 3)).toBe(true);
    const flows = await flowsOf(seller);
    expect(flows.balance).toBe(0);
    expect(sumCents(flows.items)).toBe(0);
    expect(flows.items.every((f) => f.balance >= 0)).toBe(true);
    expect(flows.items.filter((f) => f.channel === 4)).toHaveLength(8);
  });

  it('staff cancelling a weighed order gives its fees back; manual corrections cannot weigh or ship', async () => {
    const { seller, storeId } = await newSeller(50);
    const order = await packedOrder(seller, storeId, oneSku());
    expect((await weigh(order.tradeNo, 0.5)).body.result).toMatchObject({ charged: true, balance: 34.2 });
    const cancel = await call(t.app, 'POST', `${svc('BackOrder', 'CancelOrder')}?id=${order.id}`, picker);
    expect(cancel.status, JSON.stringify(cancel.body.error)).toBe(200);
    const flows = await flowsOf(seller);
    expect(flows.balance).toBe(50);
    expect(sumCents(flows.items)).toBe(5000);
    expect(flows.items.filter((f) => f.channel === 10)).toHaveLength(3);

    // 已打包 → 已称重 by hand would skip the fees; 待补运费 → 已发货 by hand would ship unpaid.
    const packed = await packedOrder(seller, storeId, oneSku());
    const manualWeigh = await call(t.app, 'POST', svc('BackOrder', 'ProcessOrderPackageStatus'), picker, { ids: [packed.id], packageStatus: 4, reason: '手工' });
    expect(manualWeigh.status).toBe(409);
    expect(manualWeigh.body.error!.message).toContain('称重');
    const owing = await packedOrder(seller, storeId, oneSku());
    expect((await weigh(owing.tradeNo, 40)).body.result.orderStatus).toBe(3);
    const manualShip = await call(t.app, 'POST', svc('BackOrder', 'ProcesOrderStatu'), picker, { ids: [owing.id], orderStatus: 4, reason: '手工' });
    expect(manualShip.status).toBe(409);
    expect(await info(owing.id)).toMatchObject({ orderStatus: 3 });
  });

  it('an urgent order pays the tenant\'s urgent fee as channel 11', async () => {
    const { seller, storeId } = await newSeller(50);
    const order = await packedOrder(seller, storeId, oneSku());
    expect((await call(t.app, 'POST', `${svc('FrontOrder', 'urgentOrder')}?id=${order.id}`, seller)).status).toBe(200);
    expect((await call(t.app, 'POST', svc('BaseCostSetting', 'EditUrgentFee'), admin, { urgentFee: 2 })).status).toBe(200);
    try {
      const res = await weigh(order.tradeNo, 0.5);
      expect(res.body.result).toMatchObject({
        fees: [{ channel: 3, amount: 3 }, { channel: 4, amount: 12 }, { channel: 5, amount: 0.8 }, { channel: 11, amount: 2 }], total: 17.8, balance: 32.2,
      });
    } finally {
      await call(t.app, 'POST', svc('BaseCostSetting', 'EditUrgentFee'), admin, { urgentFee: 0 });
    }
  });

  it('order statistics count the processing states', async () => {
    const { seller, storeId } = await newSeller(0);
    const order = await packedOrder(seller, storeId, oneSku());
    await weigh(order.tradeNo, 0.5);
    const stats = await call(t.app, 'GET', svc('FrontOrder', 'GetOrderStatistics'), seller);
    expect(stats.body.result.byOrderStatus['3']).toBe(1);
    expect(stats.body.result.byPackageStatus['4']).toBe(1);
  });
});
