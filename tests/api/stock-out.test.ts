// Stock out (issue 14): SKU mapping, delivery receipts (交接单) with their hand-over sheet, storage-fee
// settings and the daily storage fee, stock orders and combinations. Runs on PGlite and, with
// DATABASE_URL, on PostgreSQL (where the concurrent runs really race).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { call, createTestApp, signIn, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { createUser, registerSeller } from '../factories/identity.ts';
import { buildOrder, createFeeSettings, createOrder, createStore, trackingNo } from '../factories/orders.ts';

type Seller = Awaited<ReturnType<typeof registerSeller>>;

describe('stock out', () => {
  let t: TestApp;
  let admin: Caller;
  let picker: Caller;
  let warehouseId: number;

  async function newSeller(balance: number) {
    const seller = await registerSeller(t.app, 1);
    const store = await createStore(t.app, admin, seller.userId);
    if (balance) {
      const res = await call(t.app, 'POST', svc('User', 'SystemRechargeAmount'), admin, { userId: seller.userId, amount: balance, remark: '测试充值' });
      expect(res.status, JSON.stringify(res.body.error)).toBe(200);
    }
    return { seller, storeId: store.id };
  }

  /** A mainland order packed and, when weight is given, weighed. */
  async function packedOrder(seller: Seller, storeId: number, weight?: number) {
    const order = await createOrder(t.app, seller, buildOrder(storeId, warehouseId));
    expect((await call(t.app, 'POST', `${svc('BackOrder', 'arriveWarehouse')}?tradeNo=${order.tradeNo}`, picker)).status).toBe(200);
    const packed = await call(t.app, 'POST', svc('BackOrder', 'WarehouseOrderPacked'), picker, { tradeNo: order.tradeNo });
    expect(packed.status, JSON.stringify(packed.body.error)).toBe(200);
    if (weight !== undefined) {
      const weighed = await call(t.app, 'POST', svc('BackOrder', 'GoodsWeigh'), picker, { tradeNo: order.tradeNo, weight });
      expect(weighed.status, JSON.stringify(weighed.body.error)).toBe(200);
    }
    return order;
  }

  let shelfSeq = 0;
  /** `quantity` of a product declared, arrived, passed, labelled and shelved, all over HTTP; returns the stock product. */
  async function stockIn(seller: Seller, storeId: number, productSku: string, quantity: number) {
    const declared = await call(t.app, 'POST', svc('FrontStock', 'EditStock'), seller, {
      storeId, warehouseInfoId: warehouseId, productSku, productName: `商品 ${productSku}`, productNums: quantity, packageNums: 1, logisticsNumber: trackingNo('YT'),
    });
    expect(declared.status, JSON.stringify(declared.body.error)).toBe(200);
    const id = declared.body.result.id as number;
    for (const url of [`${svc('BackStock', 'EditStatus')}?id=${id}&isArrived=true`, `${svc('BackStock', 'IsCheckPass')}?id=${id}&ispass=true`, `${svc('BackStock', 'ProcessLabel')}?id=${id}`]) {
      const res = await call(t.app, 'POST', url, picker);
      expect(res.status, `${url} ${JSON.stringify(res.body.error)}`).toBe(200);
    }
    const shelfPosition = `Z-${String(++shelfSeq).padStart(2, '0')}-01`;
    expect((await call(t.app, 'POST', svc('Shelves', 'Add'), picker, { warehouseInfoId: warehouseId, shelfPosition })).status).toBe(200);
    const shelved = await call(t.app, 'POST', svc('BackStock', 'ShelfUp'), picker, { id, shelfPosition, quantity });
    expect(shelved.status, JSON.stringify(shelved.body.error)).toBe(200);
    return product(seller, productSku);
  }

  async function product(seller: Seller, productSku: string) {
    const list = await call(t.app, 'GET', svc('FrontStockProduct', 'GetStockProductList'), seller, { pageSize: 100 });
    expect(list.status).toBe(200);
    const found = (list.body.result.items as { id: number; productSku: string; inventory: number; reserved: number; available: number; barCode: string }[])
      .find((p) => p.productSku === productSku);
    expect(found, productSku).toBeTruthy();
    return found!;
  }

  const movements = async (stockProductId: number) =>
    (await call(t.app, 'GET', svc('ListedHistory', 'GetList'), picker, { stockProductId, pageSize: 100 })).body.result.items as { type: number; quantity: number; tradeNo: string | null }[];

  const order = (storeId: number, items: unknown[], overrides: Record<string, unknown> = {}) =>
    ({ storeId, orderNumber: `ST-REF-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`, site: 'TW', shippingMethods: 2, cargoCategory: 1, items, ...overrides });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, 'admin', '123qwe', 1);
    const p = await createUser(t.app, admin, { roleNames: ['Warehouse'] });
    picker = await signIn(t.app, p.userName, p.password, 1);
    warehouseId = (await call(t.app, 'GET', svc('WarehouseInfo', 'GetWarehouseInfoList'), admin)).body.result.items[0].id;
    await createFeeSettings(t.app, admin, warehouseId, [1, 2, 3]);
  });
  afterAll(async () => t?.close());

  describe('SKU mapping', () => {
    it('round-trips a mapping, refuses a duplicate thirdPartySku with 409 and keeps sellers apart', async () => {
      const { seller } = await newSeller(0);
      const { seller: other } = await newSeller(0);
      const added = await call(t.app, 'POST', svc('FrontSkuMapping', 'Add'), seller, { thirdPartySku: 'SHP-RED-L', productSku: 'RED-L' });
      expect(added.status, JSON.stringify(added.body.error)).toBe(200);
      expect(added.body.result).toMatchObject({ id: expect.any(Number), thirdPartySku: 'SHP-RED-L', productSku: 'RED-L' });

      const dup = await call(t.app, 'POST', svc('FrontSkuMapping', 'Add'), seller, { thirdPartySku: 'SHP-RED-L', productSku: 'RED-XL' });
      expect(dup.status).toBe(409);
      expect(dup.body.error!.message).toContain('SHP-RED-L');
      // Another seller may map the same marketplace SKU to their own product.
      expect((await call(t.app, 'POST', svc('FrontSkuMapping', 'Add'), other, { thirdPartySku: 'SHP-RED-L', productSku: 'MINE' })).status).toBe(200);

      const list = await call(t.app, 'GET', svc('FrontSkuMapping', 'GetList'), seller, { currentPage: 1, pageSize: 10 });
      expect(list.body.result.totalCount).toBe(1);
      expect(list.body.result.items[0]).toMatchObject({ thirdPartySku: 'SHP-RED-L', productSku: 'RED-L' });

      // Another seller's mapping is a 404; the owner deletes it and may map the SKU again.
      expect((await call(t.app, 'GET', svc('FrontSkuMapping', 'Delete'), other, { id: added.body.result.id })).status).toBe(404);
      expect((await call(t.app, 'GET', svc('FrontSkuMapping', 'Delete'), seller, { id: added.body.result.id })).status).toBe(200);
      expect((await call(t.app, 'GET', svc('FrontSkuMapping', 'GetList'), seller)).body.result.totalCount).toBe(0);
      expect((await call(t.app, 'POST', svc('FrontSkuMapping', 'Add'), seller, { thirdPartySku: 'SHP-RED-L', productSku: 'RED-XL' })).status).toBe(200);
      // Staff have no seller mappings to call.
      expect((await call(t.app, 'GET', svc('FrontSkuMapping', 'GetList'), picker)).status).toBe(403);
    });
  });

  describe('delivery receipts', () => {
    it('refuses an unweighed or owing order, takes a paid one into the open batch, closes it shipping the orders, and prints the sheet', async () => {
      const { seller, storeId } = await newSeller(200);
      const unweighed = await packedOrder(seller, storeId);
      const paid = await packedOrder(seller, storeId, 1.2);
      const paid2 = await packedOrder(seller, storeId, 0.4);

      const add = (tradeNo: string, logisticMethod = '7-11', store = storeId) =>
        call(t.app, 'POST', svc('DeliveryReceipt', 'Add'), picker, { storeId: store, logisticMethod, tradeNo });

      const refused = await add(unweighed.tradeNo);
      expect(refused.status).toBe(409);
      expect(refused.body.error!.message).toContain('尚未称重');

      const first = await add(paid.tradeNo);
      expect(first.status, JSON.stringify(first.body.error)).toBe(200);
      expect(first.body.result).toMatchObject({ id: expect.any(Number), storeId, logisticMethod: '7-11', tradeNo: paid.tradeNo, weight: 1.2 });
      const batchName = first.body.result.batchName as string;
      expect(batchName).toMatch(/^\d{6}-01$/);
      // The same scan again is the same item; the next order joins the same open batch.
      const again = await add(paid.tradeNo);
      expect(again.status).toBe(200);
      expect(again.body.result.id).toBe(first.body.result.id);
      expect((await add(paid2.tradeNo)).body.result.batchName).toBe(batchName);
      // An order already in a batch cannot go into another method's batch; another store's order is refused.
      expect((await add(paid.tradeNo, '全家')).status).toBe(409);
      const { storeId: otherStore } = await newSeller(0);
      const wrongStore = await add(paid.tradeNo, '7-11', otherStore);
      expect(wrongStore.status).toBe(409);
      expect(wrongStore.body.error!.message).toContain('不是');

      const batches = await call(t.app, 'GET', svc('DeliveryReceipt', 'GetBatchList'), picker, { storeId });
      expect(batches.body.result.items).toEqual([expect.objectContaining({ batchName, storeId, logisticMethod: '7-11', isClosed: false, count: 2 })]);
      const numbers = await call(t.app, 'GET', svc('DeliveryReceipt', 'GetBatchNumberList'), picker, { batchName, storeId });
      expect(numbers.body.result.items.map((i: { tradeNo: string }) => i.tradeNo)).toEqual([paid.tradeNo, paid2.tradeNo]);

      // The hand-over sheet: a real PDF naming each trade number.
      const sheet = await t.app.inject({
        method: 'GET', url: `/api/File/GetDeliveryReceip?storeId=${storeId}&batchName=${batchName}&logisticMethod=7-11`,
        headers: { authorization: `Bearer ${picker.token}`, 'abp.tenantid': '1' },
      });
      expect(sheet.statusCode, sheet.body.slice(0, 300)).toBe(200);
      expect(sheet.headers['content-type']).toBe('application/pdf');
      const pdf = sheet.rawPayload.toString('latin1');
      expect(pdf.startsWith('%PDF-')).toBe(true);
      expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
      for (const o of [paid, paid2]) expect(pdf).toContain(`<${Buffer.from(o.tradeNo, 'latin1').toString('hex')}>`);
      expect(pdf).toContain(`<${Buffer.from('1.200', 'latin1').toString('hex')}>`);

      const closed = await call(t.app, 'POST', svc('DeliveryReceipt', 'CloseBatch'), picker, { storeId, batchName });
      expect(closed.status, JSON.stringify(closed.body.error)).toBe(200);
      expect(closed.body.result).toMatchObject({ batchName, isClosed: true, count: 2 });
      for (const o of [paid, paid2]) {
        const info = await call(t.app, 'GET', svc('FrontOrder', 'GetOrderInfo'), seller, { id: o.id });
        expect(info.body.result).toMatchObject({ orderStatus: 4, packageStatus: 5 });
      }
      expect((await call(t.app, 'POST', svc('DeliveryReceipt', 'CloseBatch'), picker, { storeId, batchName })).status).toBe(409);
      // A shipped order is refused; the next scan opens a new batch.
      expect((await add(paid.tradeNo)).status).toBe(409);
      const next = await add((await packedOrder(seller, storeId, 0.5)).tradeNo);
      expect(next.body.result.batchName).not.toBe(batchName);
      const list = await call(t.app, 'GET', svc('DeliveryReceipt', 'GetList'), picker, { storeId });
      expect(list.body.result.totalCount).toBe(2);
    });

    it('refuses an order whose freight is owed', async () => {
      const { seller, storeId } = await newSeller(0);
      const owing = await packedOrder(seller, storeId, 1);
      const res = await call(t.app, 'POST', svc('DeliveryReceipt', 'Add'), picker, { storeId, logisticMethod: '7-11', tradeNo: owing.tradeNo });
      expect(res.status).toBe(409);
      expect(res.body.error!.message).toContain('待补运费');
      expect((await call(t.app, 'GET', svc('DeliveryReceipt', 'GetBatchList'), picker, { storeId })).body.result.items).toEqual([]);
    });
  });

  describe('storage-fee settings', () => {
    it('creates one setting per seller, edits it and deletes it', async () => {
      const { seller } = await newSeller(0);
      const created = await call(t.app, 'POST', svc('UserStorageConfig', 'Edit'), admin, { userId: seller.userId, freeDays: 30, deductIntegral: 0.05, deductionCycle: 1 });
      expect(created.status, JSON.stringify(created.body.error)).toBe(200);
      expect(created.body.result).toMatchObject({ userId: seller.userId, userCode: seller.userCode, freeDays: 30, deductIntegral: 0.05, deductionCycle: 1 });
      // Without an id, a second Edit for the seller replaces the terms rather than adding a row.
      const replaced = await call(t.app, 'POST', svc('UserStorageConfig', 'Edit'), admin, { userId: seller.userId, freeDays: 7, deductIntegral: 0.1, deductionCycle: 7 });
      expect(replaced.body.result).toMatchObject({ id: created.body.result.id, freeDays: 7, deductIntegral: 0.1, deductionCycle: 7 });
      const list = await call(t.app, 'GET', svc('UserStorageConfig', 'GetList'), admin, { userCode: seller.userCode });
      expect(list.body.result.totalCount).toBe(1);
      expect((await call(t.app, 'POST', svc('UserStorageConfig', 'Edit'), admin, { userId: 999_999, freeDays: 0, deductIntegral: 1, deductionCycle: 1 })).status).toBe(400);
      expect((await call(t.app, 'POST', svc('UserStorageConfig', 'Edit'), picker, { userId: seller.userId, freeDays: 0, deductIntegral: 1, deductionCycle: 1 })).status).toBe(403);
      expect((await call(t.app, 'POST', svc('UserStorageConfig', 'Delete'), admin, { id: created.body.result.id })).status).toBe(200);
      expect((await call(t.app, 'GET', svc('UserStorageConfig', 'GetList'), admin, { userCode: seller.userCode })).body.result.totalCount).toBe(0);
    });
  });

  describe('stock orders', () => {
    it('reserves at creation, refuses a short order naming the SKU, keeps sellers apart, picks, undoes the pick and charges the weighing', async () => {
      const { seller, storeId } = await newSeller(100);
      const a = await stockIn(seller, storeId, 'SKU-A', 10);
      expect(a).toMatchObject({ inventory: 10, reserved: 0, available: 10 });

      const created = await call(t.app, 'POST', svc('FrontStockOrder', 'CreateStockOrder'), seller, order(storeId, [{ stockProductId: a.id, quantity: 4 }]));
      expect(created.status, JSON.stringify(created.body.error)).toBe(200);
      const st = created.body.result;
      expect(st.tradeNo).toMatch(/^ST\d{11}$/);
      expect(st).toMatchObject({ id: expect.any(Number), orderType: 3, packageStatus: 2, orderStatus: expect.any(Number) });
      expect(st.items).toEqual([expect.objectContaining({ stockProductId: a.id, quantity: 4, barCode: a.barCode })]);
      expect(await product(seller, 'SKU-A')).toMatchObject({ inventory: 10, reserved: 4, available: 6 });

      const short = await call(t.app, 'POST', svc('FrontStockOrder', 'CreateStockOrder'), seller, order(storeId, [{ stockProductId: a.id, quantity: 7 }]));
      expect(short.status).toBe(409);
      expect(short.body.error!.message).toContain('SKU-A');
      expect(await product(seller, 'SKU-A')).toMatchObject({ reserved: 4, available: 6 });

      // Another seller: 404 on the order and on ordering A.
      const { seller: other, storeId: otherStore } = await newSeller(0);
      expect((await call(t.app, 'GET', svc('FrontStockOrder', 'GetStockOrderInfo'), other, { stockOrderId: st.id })).status).toBe(404);
      expect((await call(t.app, 'POST', `${svc('FrontStockOrder', 'CancleStockOrder')}?stockOrderId=${st.id}`, other)).status).toBe(404);
      expect((await call(t.app, 'POST', svc('FrontStockOrder', 'CreateStockOrder'), other, order(otherStore, [{ stockProductId: a.id, quantity: 1 }]))).status).toBe(404);

      // The picker's scans must match the order: an extra unit is refused and nothing moves.
      const wrong = await call(t.app, 'POST', svc('BackStockOrder', 'StockOrderBale'), picker, { tradeNo: st.tradeNo, items: [{ barCode: a.barCode, quantity: 5 }] });
      expect(wrong.status).toBe(409);
      expect(wrong.body.error!.message).toContain('多扫');
      const picked = await call(t.app, 'POST', svc('BackStockOrder', 'StockOrderBale'), picker, { tradeNo: st.tradeNo, items: [{ barCode: a.barCode, quantity: 4 }] });
      expect(picked.status, JSON.stringify(picked.body.error)).toBe(200);
      expect(picked.body.result.packageStatus).toBe(3);
      expect(await product(seller, 'SKU-A')).toMatchObject({ inventory: 6, reserved: 0, available: 6 });
      const out = (await movements(a.id)).filter((m) => m.type === 2);
      expect(out).toEqual([expect.objectContaining({ type: 2, quantity: -4, tradeNo: st.tradeNo })]);
      expect((await call(t.app, 'POST', svc('BackStockOrder', 'StockOrderBale'), picker, { tradeNo: st.tradeNo })).status).toBe(409);

      // CancleBale puts it back (and reserves it again); picking again takes it out again.
      const undone = await call(t.app, 'POST', svc('BackStockOrder', 'CancleBale'), picker, { tradeNo: st.tradeNo });
      expect(undone.status, JSON.stringify(undone.body.error)).toBe(200);
      expect(undone.body.result.packageStatus).toBe(2);
      expect(await product(seller, 'SKU-A')).toMatchObject({ inventory: 10, reserved: 4, available: 6 });
      expect((await movements(a.id)).reduce((s, m) => s + m.quantity, 0)).toBe(10);
      expect((await call(t.app, 'POST', svc('BackStockOrder', 'StockOrderBale'), picker, { tradeNo: st.tradeNo })).status).toBe(200);

      // Weighing at 1.2 kg with the orderType 3 base cost (3 + sack 0.8) and TW freight (12 + 2 × 5) charges the seller under the ST number.
      const weighed = await call(t.app, 'POST', svc('BackStockOrder', 'GoodsWeigh'), picker, { tradeNo: st.tradeNo, weight: 1.2 });
      expect(weighed.status, JSON.stringify(weighed.body.error)).toBe(200);
      expect(weighed.body.result).toMatchObject({ tradeNo: st.tradeNo, weight: 1.2, charged: true, total: 25.8, balance: 74.2, packageStatus: 4 });
      expect(weighed.body.result.fees).toEqual(expect.arrayContaining([{ channel: 3, amount: 3 }, { channel: 5, amount: 0.8 }, { channel: 4, amount: 22 }]));
      const flows = (await call(t.app, 'GET', svc('Recharge', 'GetAmountList'), seller, { pageSize: 50 })).body.result.items as { channel: number; tradeNo: string | null }[];
      expect(flows.filter((f) => f.tradeNo === st.tradeNo).map((f) => f.channel).sort()).toEqual([3, 4, 5]);
      expect((await call(t.app, 'POST', svc('BackStockOrder', 'CancleBale'), picker, { tradeNo: st.tradeNo })).status).toBe(409);

      const detail = await call(t.app, 'GET', svc('FrontStockOrder', 'GetStockOrderInfo'), seller, { stockOrderId: st.id });
      expect(detail.body.result).toMatchObject({ packageStatus: 4, processing: { charged: true, total: 25.8 } });
      expect(detail.body.result.audit.map((x: { action: string }) => x.action)).toEqual(expect.arrayContaining(['create', 'packed', 'cancelBale', 'weigh']));
      const found = await call(t.app, 'GET', svc('BackStockOrder', 'GetFindStockOrderList'), picker, { productSku: 'SKU-A' });
      expect(found.body.result.items.map((o: { id: number }) => o.id)).toContain(st.id);
    });

    it('国际运单: a weighed 第三方物流 stock order goes into a mainland bag and ships with it; other methods, receipts and other orders are refused', async () => {
      const { seller, storeId } = await newSeller(100);
      const a = await stockIn(seller, storeId, 'BAG-A', 6);
      const STOCK_BAG = (id: number, mainLandPackageId: number) => `${svc('BackStockOrder', 'EditInterNationalShipment')}?id=${id}&mainLandPackageId=${mainLandPackageId}`;
      const placed = async (overrides: Record<string, unknown> = {}) => {
        const res = await call(t.app, 'POST', svc('FrontStockOrder', 'CreateStockOrder'), seller, order(storeId, [{ stockProductId: a.id, quantity: 1 }], overrides));
        expect(res.status, JSON.stringify(res.body.error)).toBe(200);
        const st = res.body.result as { id: number; tradeNo: string };
        expect((await call(t.app, 'POST', svc('BackStockOrder', 'StockOrderBale'), picker, { tradeNo: st.tradeNo })).status).toBe(200);
        return st;
      };
      const weigh = async (tradeNo: string) => {
        const res = await call(t.app, 'POST', svc('BackStockOrder', 'GoodsWeigh'), picker, { tradeNo, weight: 0.3 });
        expect(res.body.result?.charged, JSON.stringify(res.body.error)).toBe(true);
      };
      const bagRes = await call(t.app, 'POST', svc('BackMainLandPackage', 'EditMainLandPackage'), admin, {
        warehouseInfoId: warehouseId, site: 'TW', cargoCategory: 1, mainLandInterNationalShipment: `INTL-${Date.now()}`,
      });
      expect(bagRes.status, JSON.stringify(bagRes.body.error)).toBe(200);
      const bag = bagRes.body.result as { id: number; packageName: string };

      // Packed but not weighed: refused with the reason.
      const st = await placed();
      const early = await call(t.app, 'POST', STOCK_BAG(st.id, bag.id), picker);
      expect(early.status).toBe(409);
      expect(early.body.error!.message).toContain('还未称重');
      await weigh(st.tradeNo);
      const bagged = await call(t.app, 'POST', STOCK_BAG(st.id, bag.id), picker);
      expect(bagged.status, JSON.stringify(bagged.body.error)).toBe(200);
      expect(bagged.body.result).toEqual({ orderId: st.id, tradeNo: st.tradeNo, mainLandPackageId: bag.id, packageName: bag.packageName, orderCount: 1 });
      // The same call again changes nothing; a bagged order is not also put on a hand-over sheet.
      expect((await call(t.app, 'POST', STOCK_BAG(st.id, bag.id), picker)).body.result.orderCount).toBe(1);
      const onSheet = await call(t.app, 'POST', svc('DeliveryReceipt', 'Add'), picker, { storeId, logisticMethod: '7-11', tradeNo: st.tradeNo });
      expect(onSheet.status).toBe(409);
      expect(onSheet.body.error!.message).toContain('大陆包');

      // A stock order collected by the seller (自提) does not travel in a bag.
      const pickup = await placed({ shippingMethods: 3 });
      await weigh(pickup.tradeNo);
      const pickupBag = await call(t.app, 'POST', STOCK_BAG(pickup.id, bag.id), picker);
      expect(pickupBag.status).toBe(409);
      expect(pickupBag.body.error!.message).toContain('第三方物流');
      // An order already on a delivery receipt leaves with that batch.
      const onReceipt = await placed();
      await weigh(onReceipt.tradeNo);
      expect((await call(t.app, 'POST', svc('DeliveryReceipt', 'Add'), picker, { storeId, logisticMethod: '7-11', tradeNo: onReceipt.tradeNo })).status).toBe(200);
      const receiptBag = await call(t.app, 'POST', STOCK_BAG(onReceipt.id, bag.id), picker);
      expect(receiptBag.status).toBe(409);
      expect(receiptBag.body.error!.message).toContain('交接批次');
      // This action is for stock orders only: a mainland order is 404 here; a malformed id is 400.
      const mainland = await packedOrder(seller, storeId);
      expect((await call(t.app, 'POST', STOCK_BAG(mainland.id, bag.id), picker)).status).toBe(404);
      expect((await call(t.app, 'POST', `${svc('BackStockOrder', 'EditInterNationalShipment')}?id=x&mainLandPackageId=${bag.id}`, picker)).status).toBe(400);
      // A seller cannot call it.
      expect((await call(t.app, 'POST', STOCK_BAG(st.id, bag.id), seller)).status).toBe(403);

      // Out (0) and back in; then closing the bag ships the stock order.
      const out = await call(t.app, 'POST', STOCK_BAG(st.id, 0), picker);
      expect(out.body.result).toMatchObject({ mainLandPackageId: null, orderCount: 0 });
      expect((await call(t.app, 'POST', STOCK_BAG(st.id, bag.id), picker)).status).toBe(200);
      const sent = await call(t.app, 'POST', svc('BackMainLandPackage', 'EditCompleteStatus'), admin, { id: bag.id });
      expect(sent.status, JSON.stringify(sent.body.error)).toBe(200);
      expect(sent.body.result).toMatchObject({ isSend: true, shippedCount: 1, orders: [expect.objectContaining({ tradeNo: st.tradeNo })] });
      const info = await call(t.app, 'GET', svc('FrontStockOrder', 'GetStockOrderInfo'), seller, { stockOrderId: st.id });
      expect(info.body.result).toMatchObject({ orderStatus: 4, packageStatus: 5 });
      expect(info.body.result.audit.map((x: { action: string }) => x.action)).toEqual(expect.arrayContaining(['bag', 'unbag']));
      expect(await product(seller, 'BAG-A')).toMatchObject({ inventory: 3, reserved: 0, available: 3 });
    });

    it('a combination (A×2 + B×1) ordered ×2 reserves A 4 and B 2; cancelling releases them', async () => {
      const { seller, storeId } = await newSeller(0);
      const a = await stockIn(seller, storeId, 'CMB-A', 10);
      const b = await stockIn(seller, storeId, 'CMB-B', 5);
      const combo = await call(t.app, 'POST', svc('FrontStockProduct', 'EditCombinationStock'), seller, {
        productSku: 'SET-AB', productName: '套装', items: [{ stockProductId: a.id, quantity: 2 }, { stockProductId: b.id, quantity: 1 }],
      });
      expect(combo.status, JSON.stringify(combo.body.error)).toBe(200);
      const combinationId = combo.body.result.id as number;
      const list = await call(t.app, 'GET', svc('FrontStockProduct', 'GetCombinationList'), seller);
      expect(list.body.result.items).toEqual([expect.objectContaining({ id: combinationId, productSku: 'SET-AB', available: 5 })]);

      const created = await call(t.app, 'POST', svc('FrontStockOrder', 'CreateStockOrder'), seller, order(storeId, [{ combinationId, quantity: 2 }]));
      expect(created.status, JSON.stringify(created.body.error)).toBe(200);
      expect(await product(seller, 'CMB-A')).toMatchObject({ reserved: 4, available: 6 });
      expect(await product(seller, 'CMB-B')).toMatchObject({ reserved: 2, available: 3 });

      const cancelled = await call(t.app, 'POST', `${svc('FrontStockOrder', 'CancleStockOrder')}?stockOrderId=${created.body.result.id}`, seller);
      expect(cancelled.status, JSON.stringify(cancelled.body.error)).toBe(200);
      expect(cancelled.body.result.orderStatus).toBe(6);
      expect(await product(seller, 'CMB-A')).toMatchObject({ inventory: 10, reserved: 0, available: 10 });
      expect(await product(seller, 'CMB-B')).toMatchObject({ inventory: 5, reserved: 0, available: 5 });

      // Another seller cannot order or edit it; a removed combination cannot be ordered.
      const { seller: other, storeId: otherStore } = await newSeller(0);
      expect((await call(t.app, 'POST', svc('FrontStockOrder', 'CreateStockOrder'), other, order(otherStore, [{ combinationId, quantity: 1 }]))).status).toBe(404);
      expect((await call(t.app, 'POST', svc('FrontStockProduct', 'CancleCombinationStock'), seller, { id: combinationId })).status).toBe(200);
      expect((await call(t.app, 'POST', svc('FrontStockOrder', 'CreateStockOrder'), seller, order(storeId, [{ combinationId, quantity: 1 }]))).status).toBe(404);
    });

    it('a picked, weighed and paid stock order goes through a delivery receipt and ships', async () => {
      const { seller, storeId } = await newSeller(100);
      const a = await stockIn(seller, storeId, 'DR-A', 3);
      const st = (await call(t.app, 'POST', svc('FrontStockOrder', 'CreateStockOrder'), seller, order(storeId, [{ stockProductId: a.id, quantity: 1 }]))).body.result;
      const add = () => call(t.app, 'POST', svc('DeliveryReceipt', 'Add'), picker, { storeId, logisticMethod: '7-11', tradeNo: st.tradeNo });
      expect((await add()).body.error!.message).toContain('尚未称重');
      expect((await call(t.app, 'POST', svc('BackStockOrder', 'StockOrderBale'), picker, { tradeNo: st.tradeNo })).status).toBe(200);
      expect((await call(t.app, 'POST', svc('BackStockOrder', 'GoodsWeigh'), picker, { tradeNo: st.tradeNo, weight: 0.3 })).status).toBe(200);
      const added = await add();
      expect(added.status, JSON.stringify(added.body.error)).toBe(200);
      const closed = await call(t.app, 'POST', svc('DeliveryReceipt', 'CloseBatch'), picker, { storeId, logisticMethod: '7-11' });
      expect(closed.status, JSON.stringify(closed.body.error)).toBe(200);
      const info = await call(t.app, 'GET', svc('FrontStockOrder', 'GetStockOrderInfo'), seller, { stockOrderId: st.id });
      expect(info.body.result).toMatchObject({ orderStatus: 4, packageStatus: 5 });
      expect(await product(seller, 'DR-A')).toMatchObject({ inventory: 2, reserved: 0, available: 2 });

      // The stock order export: a real workbook named 囤货订单信息.xlsx with the order's row.
      const res = await t.app.inject({
        method: 'GET', url: `/api/File/GetExpressExportMainlandStockOrderInfo?number=${st.tradeNo}`,
        headers: { authorization: `Bearer ${picker.token}`, 'abp.tenantid': '1' },
      });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('囤货订单信息.xlsx');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const rows = wb.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
      expect(rows).toHaveLength(2);
      expect(rows[1]).toContain(st.tradeNo);
      expect(rows[1]).toContain('DR-A');
    });
  });

  describe('storage fees', () => {
    it('two concurrent runs for one day post exactly one flow per product, a third posts nothing', async () => {
      const { seller, storeId } = await newSeller(50);
      const a = await stockIn(seller, storeId, 'FEE-A', 10);
      const b = await stockIn(seller, storeId, 'FEE-B', 3);
      const config = await call(t.app, 'POST', svc('UserStorageConfig', 'Edit'), admin, { userId: seller.userId, freeDays: 0, deductIntegral: 0.1, deductionCycle: 1 });
      expect(config.status).toBe(200);
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
      const run = () => call(t.app, 'POST', `${svc('StorageFee', 'RunDaily')}?day=${day}`, admin);
      const [first, second] = await Promise.all([run(), run()]);
      expect(first.status, JSON.stringify(first.body.error)).toBe(200);
      expect(second.status, JSON.stringify(second.body.error)).toBe(200);
      const storageFlows = async () => ((await call(t.app, 'GET', svc('Recharge', 'GetAmountList'), seller, { pageSize: 100 })).body.result.items as { channel: number; incurredAmount: number }[])
        .filter((f) => f.channel === 7);
      const flows = await storageFlows();
      expect(flows.map((f) => f.incurredAmount).sort((x, y) => x - y)).toEqual([-1, -0.3]);
      expect(first.body.result.posted + second.body.result.posted).toBeGreaterThanOrEqual(2);
      const third = await run();
      expect(third.body.result).toMatchObject({ day, posted: 0, amount: 0 });
      expect(await storageFlows()).toHaveLength(2);
      void a; void b;
      // A future day cannot be charged; a seller cannot run it.
      expect((await call(t.app, 'POST', `${svc('StorageFee', 'RunDaily')}?day=2999-01-01`, admin)).status).toBe(400);
      expect((await call(t.app, 'POST', `${svc('StorageFee', 'RunDaily')}?day=${day}`, seller)).status).toBe(403);
    });

    it('lists the scheduled job with its next run and runs it now, catching up only settled days', async () => {
      const list = await call(t.app, 'GET', svc('ScheduledJob', 'GetList'), admin);
      expect(list.status, JSON.stringify(list.body.error)).toBe(200);
      expect(list.body.result.items).toEqual([expect.objectContaining({ name: 'storageFee', title: '仓储费日结', nextRunTime: expect.any(String) })]);
      const ran = await call(t.app, 'POST', svc('ScheduledJob', 'RunNow'), admin, { name: 'storageFee' });
      expect(ran.status, JSON.stringify(ran.body.error)).toBe(200);
      expect(ran.body.result).toMatchObject({ name: 'storageFee', lastRunTime: expect.any(String), lastDay: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), lastError: null });
      expect(Date.parse(ran.body.result.nextRunTime)).toBeGreaterThan(Date.now());
      expect((await call(t.app, 'POST', svc('ScheduledJob', 'RunNow'), admin, { name: 'nope' })).status).toBe(404);
    });
  });
});
