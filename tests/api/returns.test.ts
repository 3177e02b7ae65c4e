// Things that come back (issue 16, DOMAIN §6), over HTTP: refusals on both lines, advance orders and
// their import, marketplace returns with the seller's decisions and the destroy fee, the exports.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { call, createTestApp, signIn, svc, type Caller, type Envelope, type TestApp } from '../helpers/test-app.ts';
import { authHeaders, multipart } from '../helpers/upload.ts';
import { createUser, registerSeller } from '../factories/identity.ts';
import { buildOrder, createFeeSettings, createOrder, createStore, shippedOrder, trackingNo } from '../factories/orders.ts';

type Seller = Awaited<ReturnType<typeof registerSeller>>;

/** The rows of an xlsx answer's first sheet, as text. */
async function sheetRows(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
  return rows;
}

async function xlsx(header: string[], rows: (string | null)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('预报');
  sheet.addRow(header);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('things that come back', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let admin: Caller;
  let picker: Caller;
  let seller: Seller;
  let other: Seller;
  let storeId: number;
  let warehouseId: number;

  beforeAll(async () => {
    t = await createTestApp();
    app = t.app;
    admin = await signIn(app, 'admin', '123qwe', 1);
    const p = await createUser(app, admin, { roleNames: ['Warehouse'], name: '退件员小李' });
    picker = await signIn(app, p.userName, p.password, 1);
    seller = await registerSeller(app, 1);
    other = await registerSeller(app, 1);
    warehouseId = (await call(app, 'GET', svc('WarehouseInfo', 'GetWarehouseInfoList'), admin)).body.result.items[0].id;
    storeId = (await createStore(app, admin, seller.userId)).id;
    await createFeeSettings(app, admin, warehouseId);
    for (const s of [seller, other]) {
      const r = await call(app, 'POST', svc('User', 'SystemRechargeAmount'), admin, { userId: s.userId, amount: 500, remark: '测试充值' });
      expect(r.status, JSON.stringify(r.body.error)).toBe(200);
    }
  });
  afterAll(async () => t?.close());

  const shipped = (overrides: Record<string, unknown> = {}) => shippedOrder(app, picker, seller, buildOrder(storeId, warehouseId, overrides));
  const refusals = (service: 'BackRefusalOrder' | 'YNRefusalOrder') => ({
    create: (tradeNo: string, who: Caller = picker, reason?: string) => call(app, 'POST', svc(service, 'Create'), who, { tradeNo, ...(reason ? { reason } : {}) }),
    list: (filter: Record<string, unknown> = {}, who: Caller = picker) => call(app, 'GET', svc(service, 'GetRefusalOrderList'), who, filter),
    handle: (body: Record<string, unknown>, who: Caller = picker) => call(app, 'POST', svc(service, 'HandleStatus'), who, body),
    again: (body: Record<string, unknown>, who: Caller = picker) => call(app, 'POST', svc(service, 'AgainHandleStatus'), who, body),
  });
  const back = refusals('BackRefusalOrder');
  const yn = refusals('YNRefusalOrder');
  const download = async (url: string, who: Caller = picker) => {
    const res = await app.inject({ method: 'GET', url, headers: authHeaders(who) });
    return { status: res.statusCode, type: res.headers['content-type'], body: res.rawPayload };
  };
  const audit = async (number: string) =>
    (await call(app, 'GET', svc('OrderOperate', 'GetList'), admin, { number, maxResultCount: 50 })).body.result.items as { entity: string; action: string; statusBefore: string | null; statusAfter: string | null; note: string | null }[];

  describe('refusals (BackRefusalOrder)', () => {
    it('records a shipped order scanned back with its seller and order number at 0; a second scan adds nothing', async () => {
      const order = await shipped();
      const first = await back.create(order.tradeNo.toLowerCase(), picker, '买家拒收');
      expect(first.status, JSON.stringify(first.body.error)).toBe(200);
      expect(first.body.result).toMatchObject({
        tradeNo: order.tradeNo, orderNumber: expect.any(String), userCode: seller.userCode, handleStatus: 0, line: 1, reason: '买家拒收', repeated: false,
        scanUserName: '退件员小李', warehouseInfoId: warehouseId,
      });
      const again = await back.create(order.tradeNo);
      expect(again.body.result).toMatchObject({ id: first.body.result.id, repeated: true, handleStatus: 0 });

      const list = await back.list({ tradeNo: order.tradeNo });
      expect(list.body.result.totalCount).toBe(1);
      expect(list.body.result.items[0]).toMatchObject({ id: first.body.result.id, tradeNo: order.tradeNo, orderNumber: first.body.result.orderNumber, userCode: seller.userCode, handleStatus: 0, remark: null });
      expect((await audit(order.tradeNo)).filter((a) => a.entity === 'refusal')).toEqual([expect.objectContaining({ action: 'refusalScanned', statusAfter: '0', note: '买家拒收' })]);
    });

    it('refuses an order that has not been shipped, and a number that is no order, with a sentence', async () => {
      const open = await createOrder(app, seller, buildOrder(storeId, warehouseId));
      const res = await back.create(open.tradeNo);
      expect(res.status).toBe(409);
      expect(res.body.error!.message).toContain('尚未发货');
      const none = await back.create('ML000000NOPE');
      expect(none.status).toBe(409);
      expect(none.body.error!.message).toContain('没有交易号为 ML000000NOPE 的订单');
      expect((await back.list({ tradeNo: open.tradeNo })).body.result.totalCount).toBe(0);
    });

    it('HandleStatus decides once and keeps its remark; a second HandleStatus is 409; AgainHandleStatus needs a reason and keeps it', async () => {
      const order = await shipped();
      const id = (await back.create(order.tradeNo)).body.result.id as number;
      const handled = await back.handle({ id, handleStatus: 2, remark: '退回卖家仓库' });
      expect(handled.status).toBe(200);
      expect(handled.body.result).toMatchObject({ handleStatus: 2, remark: '退回卖家仓库', handleUserName: '退件员小李' });
      expect((await back.list({ tradeNo: order.tradeNo })).body.result.items[0]).toMatchObject({ handleStatus: 2, remark: '退回卖家仓库' });

      const twice = await back.handle({ id, handleStatus: 3, remark: '改为销毁' });
      expect(twice.status).toBe(409);
      expect(twice.body.error!.message).toContain('重新处理');

      const noReason = await back.again({ id, handleStatus: 3 });
      expect(noReason.status).toBe(400);
      expect(noReason.body.error!.validationErrors!.some((e) => e.members.includes('remark'))).toBe(true);
      const blank = await back.again({ id, handleStatus: 3, remark: '   ' });
      expect(blank.status).toBe(400);
      expect((await back.list({ tradeNo: order.tradeNo })).body.result.items[0].handleStatus).toBe(2);

      const corrected = await back.again({ id, handleStatus: 3, remark: '卖家来电改为销毁' });
      expect(corrected.status).toBe(200);
      expect(corrected.body.result).toMatchObject({ handleStatus: 3, remark: '卖家来电改为销毁', againRemark: '卖家来电改为销毁' });
      expect((await back.list({ tradeNo: order.tradeNo })).body.result.items[0]).toMatchObject({ handleStatus: 3, againRemark: '卖家来电改为销毁' });
      const trail = (await audit(order.tradeNo)).filter((a) => a.entity === 'refusal').reverse();
      expect(trail.map((a) => [a.action, a.statusBefore, a.statusAfter, a.note])).toEqual([
        ['refusalScanned', null, '0', null], ['handleStatus', '0', '2', '退回卖家仓库'], ['againHandleStatus', '2', '3', '卖家来电改为销毁'],
      ]);
    });

    it('corrects only a decision already taken', async () => {
      const order = await shipped();
      const id = (await back.create(order.tradeNo)).body.result.id as number;
      const early = await back.again({ id, handleStatus: 1, remark: '提前更正' });
      expect(early.status).toBe(409);
      expect(early.body.error!.message).toContain('还没有处理');
    });

    it('exports a real xlsx with the trade number', async () => {
      const order = await shipped();
      await back.create(order.tradeNo);
      const res = await download(`/api/File/GetExcelExporRefusalOrderInfo?tradeNo=${order.tradeNo}`);
      expect(res.status).toBe(200);
      expect(res.type).toContain('spreadsheetml');
      const rows = await sheetRows(res.body);
      expect(rows[0]).toEqual(expect.arrayContaining(['交易号', '订单号', '卖家编码', '处理状态']));
      expect(rows).toHaveLength(2);
      expect(rows[1]).toEqual(expect.arrayContaining([order.tradeNo, seller.userCode, '待处理']));
    });

    it('is staff only: a seller gets 403 on every action and export', async () => {
      const order = await shipped();
      const id = (await back.create(order.tradeNo)).body.result.id as number;
      expect((await back.create(order.tradeNo, seller)).status).toBe(403);
      expect((await back.list({}, seller)).status).toBe(403);
      expect((await back.handle({ id, handleStatus: 2 }, seller)).status).toBe(403);
      expect((await back.again({ id, handleStatus: 2, remark: '卖家' }, seller)).status).toBe(403);
      expect((await yn.list({}, seller)).status).toBe(403);
      expect((await download('/api/File/GetExcelExporRefusalOrderInfo', seller)).status).toBe(403);
      expect((await download('/api/File/GetExcelExportYNRefusalOrderInfo', seller)).status).toBe(403);
    });

    it('shows the seller what came back of their orders and what was decided, and nobody else\'s', async () => {
      const order = await shipped();
      const id = (await back.create(order.tradeNo)).body.result.id as number;
      await back.handle({ id, handleStatus: 3, remark: '破损销毁' });
      const mine = await call(app, 'GET', svc('FrontRefusalOrder', 'GetRefusalOrderList'), seller, { tradeNo: order.tradeNo });
      expect(mine.status).toBe(200);
      expect(mine.body.result.items).toEqual([expect.objectContaining({ id, tradeNo: order.tradeNo, handleStatus: 3, remark: '破损销毁', line: 1 })]);
      const theirs = await call(app, 'GET', svc('FrontRefusalOrder', 'GetRefusalOrderList'), other, { tradeNo: order.tradeNo });
      expect(theirs.body.result.totalCount).toBe(0);
      expect((await call(app, 'GET', svc('FrontRefusalOrder', 'GetRefusalOrderList'), picker, {})).status).toBe(403);
    });
  });

  describe('back to stock (ListedHistory type 4, through the inventory module)', () => {
    const movements = async (tradeNo: string) =>
      ((await call(app, 'GET', svc('ListedHistory', 'GetList'), admin, { tradeNo, maxResultCount: 50 })).body.result.items as { productSku: string; type: number; quantity: number; stockProductId: number }[])
        .map((m) => [m.productSku, m.type, m.quantity]).sort();
    const products = async (who: Seller) =>
      (await call(app, 'GET', svc('FrontStockProduct', 'GetStockProductList'), who, { maxResultCount: 100 })).body.result.items as { id: number; productSku: string; inventory: number; warehouseInfoId: number; storeId: number }[];
    const inventoryOf = async (sku: string) => (await products(seller)).filter((p) => p.productSku === sku && p.storeId === storeId).map((p) => p.inventory);

    it('重新入库 puts the order\'s lines into the seller\'s stock; correcting it takes them out again; named products go in instead', async () => {
      const sku = `RF-${Date.now()}`;
      const order = await shipped({ orderProductInfosList: [
        { productName: '退回的手机壳', productSku: sku, quantity: 2, price: 9.9, shipment: trackingNo() },
        { productName: '退回的手机壳', productSku: sku, quantity: 1, price: 9.9, shipment: trackingNo() },
        { productName: '退回的数据线', productSku: `${sku}-C`, quantity: 1, price: 5, shipment: trackingNo() },
      ] });
      const id = (await back.create(order.tradeNo)).body.result.id as number;
      const restocked = await back.handle({ id, handleStatus: 1, remark: '完好，重新入库' });
      expect(restocked.status, JSON.stringify(restocked.body.error)).toBe(200);
      expect(restocked.body.result.stockItems).toEqual(expect.arrayContaining([
        expect.objectContaining({ productSku: sku, quantity: 3 }), expect.objectContaining({ productSku: `${sku}-C`, quantity: 1 }),
      ]));
      expect(await inventoryOf(sku)).toEqual([3]);
      expect(await inventoryOf(`${sku}-C`)).toEqual([1]);
      expect(await movements(order.tradeNo)).toEqual([[sku, 4, 3], [`${sku}-C`, 4, 1]].sort());

      // Corrected to 销毁: what went in comes out (type 4, negative); the product's figures follow.
      const destroyed = await back.again({ id, handleStatus: 3, remark: '复检发现破损' });
      expect(destroyed.body.result).toMatchObject({ handleStatus: 3, stockItems: null });
      expect(await inventoryOf(sku)).toEqual([0]);
      expect(await movements(order.tradeNo)).toEqual([[sku, 4, -3], [sku, 4, 3], [`${sku}-C`, 4, -1], [`${sku}-C`, 4, 1]].sort());

      // Back to 重新入库 with the products named: only those quantities go in.
      const product = (await products(seller)).find((p) => p.productSku === sku && p.storeId === storeId)!;
      const named = await back.again({ id, handleStatus: 1, remark: '只有 2 件完好', items: [{ stockProductId: product.id, quantity: 2 }] });
      expect(named.status, JSON.stringify(named.body.error)).toBe(200);
      expect(named.body.result.stockItems).toEqual([{ stockProductId: product.id, productSku: sku, quantity: 2 }]);
      expect(await inventoryOf(sku)).toEqual([2]);
      expect(await inventoryOf(`${sku}-C`)).toEqual([0]);
    });

    it('refuses another seller\'s product, items on a decision that is not 重新入库, and taking out what has left stock', async () => {
      const sku = `RG-${Date.now()}`;
      const order = await shipped({ orderProductInfosList: [{ productName: '杯子', productSku: sku, quantity: 2, price: 3, shipment: trackingNo() }] });
      const id = (await back.create(order.tradeNo)).body.result.id as number;
      const otherStore = (await createStore(app, admin, other.userId)).id;
      const theirs = await shippedOrder(app, picker, other, buildOrder(otherStore, warehouseId, { orderProductInfosList: [{ productName: '别人的', productSku: `${sku}-O`, quantity: 1, price: 1, shipment: trackingNo() }] }));
      const theirId = (await back.create(theirs.tradeNo)).body.result.id as number;
      await back.handle({ id: theirId, handleStatus: 1 });
      const foreign = (await products(other)).find((p) => p.productSku === `${sku}-O`)!;

      const wrong = await back.handle({ id, handleStatus: 1, items: [{ stockProductId: foreign.id, quantity: 1 }] });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error!.validationErrors![0]!.members).toEqual(['items']);
      expect((await back.handle({ id, handleStatus: 2, items: [{ stockProductId: foreign.id, quantity: 1 }] })).status).toBe(400);
      expect((await back.list({ tradeNo: order.tradeNo })).body.result.items[0].handleStatus).toBe(0);

      expect((await back.handle({ id, handleStatus: 1 })).status).toBe(200);
      const product = (await products(seller)).find((p) => p.productSku === sku)!;
      // The stock is counted down to 0 meanwhile (as if shipped out): the correction cannot take 2 back out.
      expect((await call(app, 'GET', svc('BackStockProduct', 'CreateStockNum'), admin, { id: product.id, stocknum: 0, reason: '盘点' })).status).toBe(200);
      const refused = await back.again({ id, handleStatus: 2, remark: '改为退回' });
      expect(refused.status).toBe(409);
      expect(refused.body.error!.message).toContain('库存不足');
      expect((await back.list({ tradeNo: order.tradeNo })).body.result.items[0]).toMatchObject({ handleStatus: 1 });
    });

    it('a marketplace return the seller chose to put in stock goes in when staff mark it handled', async () => {
      const sku = `RT-${Date.now()}`;
      const order = await shipped({ orderProductInfosList: [{ productName: '退货耳机', productSku: sku, quantity: 1, price: 20, shipment: trackingNo() }] });
      const orderNumber = (await call(app, 'GET', svc('BackOrder', 'GetOrderInfo'), admin, { id: order.id })).body.result.orderNumber as string;
      const id = (await call(app, 'POST', `${svc('ShopeeOrderReturn', 'CheckUserCode')}?orderNumber=${orderNumber}&warehouseInfoId=${warehouseId}`, picker)).body.result.id as number;
      await call(app, 'POST', svc('FrontShopeeOrderReturn', 'Update'), seller, { id, handleType: 1 });
      const handled = await call(app, 'POST', svc('ShopeeOrderReturn', 'Update'), picker, { id, whetherHandle: 1 });
      expect(handled.status, JSON.stringify(handled.body.error)).toBe(200);
      expect(handled.body.result).toMatchObject({ whetherHandle: 1, stockItems: [expect.objectContaining({ productSku: sku, quantity: 1 })] });
      expect(await inventoryOf(sku)).toEqual([1]);
      expect(await movements(order.tradeNo)).toEqual([[sku, 4, 1]]);

      // A pre-declared return of an order we never had: staff must name the products.
      const orderNumber2 = `EXT${Date.now()}`;
      const id2 = (await call(app, 'POST', svc('FrontShopeeOrderReturn', 'CreateOrderReturn'), seller, { orderNumber: orderNumber2, warehouseInfoId: warehouseId })).body.result.id as number;
      await call(app, 'POST', `${svc('ShopeeOrderReturn', 'CheckUserCode')}?orderNumber=${orderNumber2}&warehouseInfoId=${warehouseId}`, picker);
      await call(app, 'POST', svc('FrontShopeeOrderReturn', 'Update'), seller, { id: id2, handleType: 1 });
      const unnamed = await call(app, 'POST', svc('ShopeeOrderReturn', 'Update'), picker, { id: id2, whetherHandle: 1 });
      expect(unnamed.status).toBe(400);
      expect(unnamed.body.error!.validationErrors![0]!.members).toEqual(['items']);
      const product = (await products(seller)).find((p) => p.productSku === sku)!;
      const named = await call(app, 'POST', svc('ShopeeOrderReturn', 'Update'), picker, { id: id2, whetherHandle: 1, items: [{ stockProductId: product.id, quantity: 2 }] });
      expect(named.body.result).toMatchObject({ whetherHandle: 1, stockItems: [{ stockProductId: product.id, productSku: sku, quantity: 2 }] });
      expect(await inventoryOf(sku)).toEqual([3]);
    });
  });

  describe('the Vietnam line (YNRefusalOrder)', () => {
    it('keeps its own list, decisions and export', async () => {
      const vn = await shipped();
      const general = await shipped();
      const created = await yn.create(vn.tradeNo);
      expect(created.body.result).toMatchObject({ line: 2, handleStatus: 0, userCode: seller.userCode });
      const id = created.body.result.id as number;
      const generalId = (await back.create(general.tradeNo)).body.result.id as number;

      expect((await yn.list({ tradeNo: vn.tradeNo })).body.result.totalCount).toBe(1);
      expect((await back.list({ tradeNo: vn.tradeNo })).body.result.totalCount).toBe(0);
      expect((await yn.list({ tradeNo: general.tradeNo })).body.result.totalCount).toBe(0);

      // Decisions stay on their own line: the other line's service does not know the id.
      expect((await back.handle({ id, handleStatus: 1 })).status).toBe(404);
      expect((await yn.handle({ id: generalId, handleStatus: 1 })).status).toBe(404);
      expect((await yn.handle({ id, handleStatus: 2, remark: '越南线退回' })).body.result).toMatchObject({ handleStatus: 2, remark: '越南线退回' });
      expect((await yn.handle({ id, handleStatus: 3 })).status).toBe(409);
      expect((await yn.again({ id, handleStatus: 3 })).status).toBe(400);
      expect((await yn.again({ id, handleStatus: 3, remark: '无法退回，销毁' })).body.result).toMatchObject({ handleStatus: 3, againRemark: '无法退回，销毁' });

      // One record per order: the other line refuses it with a sentence and adds nothing.
      const cross = await back.create(vn.tradeNo);
      expect(cross.status).toBe(409);
      expect(cross.body.error!.message).toContain('越南线拒收');

      const ynExport = await sheetRows((await download(`/api/File/GetExcelExportYNRefusalOrderInfo?tradeNo=${vn.tradeNo}`)).body);
      expect(ynExport.slice(1).map((r) => r[0])).toEqual([vn.tradeNo]);
      const generalExport = await sheetRows((await download('/api/File/GetExcelExporRefusalOrderInfo?pageSize=500')).body);
      const exported = generalExport.slice(1).map((r) => r[0]);
      expect(exported).toContain(general.tradeNo);
      expect(exported).not.toContain(vn.tradeNo);
    });
  });

  describe('advance orders', () => {
    const upload = async (bytes: Buffer, who: Caller = picker) => {
      const { payload, contentType } = await multipart([{ fileName: '预报.xlsx', bytes, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }]);
      const res = await app.inject({ method: 'POST', url: '/api/File/ImportAdvanceOrder', headers: { ...authHeaders(who), 'content-type': contentType }, payload });
      return { status: res.statusCode, body: res.json() as Envelope<{ imported: number; failed: { row: number; shipment: string; reason: string }[] }> };
    };
    const list = (filter: Record<string, unknown>) => call(app, 'GET', svc('AdvanceOrder', 'GetOrderList'), picker, filter);

    it('imports good rows and reports a row without 快递单号 by its sheet row, with a reason', async () => {
      const a = trackingNo('YT');
      const b = trackingNo('ZT');
      const res = await upload(await xlsx(['快递单号', '快递公司', '卖家编码', '备注'], [
        [a, '圆通速递', seller.userCode, '先到的货'],
        [null, '中通快递', seller.userCode, '漏了单号'],
        [b, '中通快递', null, null],
      ]));
      expect(res.status, JSON.stringify(res.body.error)).toBe(200);
      expect(res.body.result.imported).toBe(2);
      expect(res.body.result.failed).toEqual([{ row: 3, shipment: '', reason: expect.stringContaining('快递单号') }]);

      const first = (await list({ shipment: a })).body.result.items;
      expect(first).toEqual([expect.objectContaining({ shipment: a, expressCompany: '圆通速递', userCode: seller.userCode, handleStatus: 0, remark: '先到的货' })]);
      expect((await list({ shipment: b })).body.result.items[0]).toMatchObject({ shipment: b, userCode: null, handleStatus: 0 });

      // The same numbers again: each is reported, none doubled; an unknown seller fails its row.
      const again = await upload(await xlsx(['卖家编码', '快递单号'], [[seller.userCode, a], ['S99999', trackingNo('YD')]]));
      expect(again.body.result.imported).toBe(0);
      expect(again.body.result.failed.map((f) => [f.row, f.reason])).toEqual([[2, '该快递单号已预报过'], [3, '没有编码为 S99999 的卖家']]);
      expect((await list({ shipment: a })).body.result.totalCount).toBe(1);
    });

    it('refuses a sheet without the 快递单号 column, and sellers', async () => {
      const res = await upload(await xlsx(['快递公司', '备注'], [['圆通速递', 'x']]));
      expect(res.status).toBe(400);
      expect(res.body.error!.validationErrors![0]).toMatchObject({ members: ['file'], message: expect.stringContaining('快递单号') });
      expect((await upload(await xlsx(['快递单号'], [[trackingNo()]]), seller)).status).toBe(403);
    });

    it('decides, corrects with a reason, exports the shipment; the template has the import\'s header', async () => {
      const no = trackingNo('SF');
      await upload(await xlsx(['快递单号', '备注'], [[no, '导入备注']]));
      const id = (await list({ shipment: no })).body.result.items[0].id as number;
      const handled = await call(app, 'POST', svc('AdvanceOrder', 'HandleStatus'), picker, { id, handleStatus: 2, remark: '转为囤货' });
      expect(handled.body.result).toMatchObject({ handleStatus: 2, remark: '转为囤货', importRemark: '导入备注' });
      expect((await call(app, 'POST', svc('AdvanceOrder', 'HandleStatus'), picker, { id, handleStatus: 3 })).status).toBe(409);
      expect((await call(app, 'POST', svc('AdvanceOrder', 'AgainHandleStatus'), picker, { id, handleStatus: 3 })).status).toBe(400);
      const again = await call(app, 'POST', svc('AdvanceOrder', 'AgainHandleStatus'), picker, { id, handleStatus: 3, remark: '卖家要求退回' });
      expect(again.body.result).toMatchObject({ handleStatus: 3, againRemark: '卖家要求退回' });
      expect((await audit(no)).filter((a) => a.entity === 'advanceOrder').map((a) => a.action).sort()).toEqual(['againHandleStatus', 'handleStatus']);

      const exported = await download(`/api/File/GetExcelExportAdvanceOrderInfo?shipment=${no}`);
      expect(exported.status).toBe(200);
      const rows = await sheetRows(exported.body);
      expect(rows.slice(1).map((r) => r[0])).toEqual([no]);

      const template = await download('/api/File/GetAdvanceOrderImportTemplate');
      expect(template.status).toBe(200);
      expect((await sheetRows(template.body))[0]).toEqual(['快递单号', '快递公司', '卖家编码', '备注']);
    });

    it('the parcel scan tells the picker a pre-alerted number is one', async () => {
      const no = trackingNo('JD');
      await upload(await xlsx(['快递单号', '快递公司', '卖家编码', '备注'], [[no, '京东快递', seller.userCode, '预报']]));
      const check = await call(app, 'GET', svc('Logistics', 'IntoLogisticsCheck'), picker, { shipment: no });
      expect(check.body.result).toMatchObject({ action: 'UNKNOWN', advanceOrder: { userCode: seller.userCode, expressCompany: '京东快递', remark: '预报' } });
      const signed = await call(app, 'POST', svc('Logistics', 'SignByScan'), picker, { shipment: no, warehouseInfoId: warehouseId });
      expect(signed.body.result).toMatchObject({ action: 'UNCLAIMED', advanceOrder: { userCode: seller.userCode } });
      const plain = await call(app, 'POST', svc('Logistics', 'SignByScan'), picker, { shipment: trackingNo('JD'), warehouseInfoId: warehouseId });
      expect(plain.body.result).toMatchObject({ action: 'UNCLAIMED', advanceOrder: null });
    });
  });

  describe('marketplace returns', () => {
    const check = (orderNumber: string, who: Caller = picker) =>
      call(app, 'POST', `${svc('ShopeeOrderReturn', 'CheckUserCode')}?orderNumber=${encodeURIComponent(orderNumber)}&warehouseInfoId=${warehouseId}`, who);
    const staffList = (filter: Record<string, unknown>) => call(app, 'GET', svc('ShopeeOrderReturn', 'GetShopeeOrderReturnList'), picker, filter);
    const sellerList = (who: Seller, filter: Record<string, unknown> = {}) => call(app, 'GET', svc('FrontShopeeOrderReturn', 'GetUserShopeeOrderReturnList'), who, filter);
    const decide = (who: Caller, body: Record<string, unknown>) => call(app, 'POST', svc('FrontShopeeOrderReturn', 'Update'), who, body);
    const flows = async (who: Seller) =>
      (await call(app, 'GET', svc('Recharge', 'GetAmountList'), who, { pageSize: 500 })).body.result.items as { channel: number; incurredAmount: number; orderNumber: string | null }[];

    it('CheckUserCode finds the seller by their order and records the return once; an unknown number is 409, nothing recorded', async () => {
      const order = await shipped();
      const orderNumber = (await call(app, 'GET', svc('BackOrder', 'GetOrderInfo'), admin, { id: order.id })).body.result.orderNumber as string;
      const first = await check(orderNumber);
      expect(first.status, JSON.stringify(first.body.error)).toBe(200);
      expect(first.body.result).toMatchObject({ orderNumber, userId: seller.userId, userCode: seller.userCode, whetherHandle: 0, tradeNo: order.tradeNo, repeated: false });
      expect(first.body.result.returnTime).not.toBeNull();
      const again = await check(orderNumber);
      expect(again.body.result).toMatchObject({ id: first.body.result.id, repeated: true });
      expect((await staffList({ orderNumber })).body.result.totalCount).toBe(1);

      const unknown = await check('NO-SUCH-ORDER-1');
      expect(unknown.status).toBe(409);
      expect(unknown.body.error!.message).toMatch(/找不到订单号 NO-SUCH-ORDER-1 的卖家/);
      expect((await staffList({ orderNumber: 'NO-SUCH-ORDER-1' })).body.result.totalCount).toBe(0);
      expect((await check(orderNumber, seller)).status).toBe(403);
    });

    it('a pre-declared return is the same record when it is scanned in', async () => {
      const orderNumber = `SHP${Date.now()}`;
      const declared = await call(app, 'POST', svc('FrontShopeeOrderReturn', 'CreateOrderReturn'), other, { orderNumber, warehouseInfoId: warehouseId, reMark: '买家退货' });
      expect(declared.status, JSON.stringify(declared.body.error)).toBe(200);
      expect(declared.body.result).toMatchObject({ orderNumber, userCode: other.userCode, preDeclared: true, returnTime: null, whetherHandle: 0 });
      expect((await call(app, 'POST', svc('FrontShopeeOrderReturn', 'CreateOrderReturn'), other, { orderNumber, warehouseInfoId: warehouseId })).status).toBe(409);
      const scanned = await check(orderNumber);
      expect(scanned.body.result).toMatchObject({ id: declared.body.result.id, userCode: other.userCode, repeated: false, reMark: '买家退货' });
      expect(scanned.body.result.returnTime).not.toBeNull();
      expect((await check(orderNumber)).body.result).toMatchObject({ id: declared.body.result.id, repeated: true });
    });

    it('shows a return to its seller only; another seller\'s id is 404', async () => {
      const orderNumber = `OWN${Date.now()}`;
      const id = (await call(app, 'POST', svc('FrontShopeeOrderReturn', 'CreateOrderReturn'), seller, { orderNumber, warehouseInfoId: warehouseId })).body.result.id as number;
      expect((await sellerList(seller, { orderNumber })).body.result.items).toEqual([expect.objectContaining({ id, orderNumber, userCode: seller.userCode, whetherHandle: 0, handleType: null, reMark: null })]);
      expect((await sellerList(other, { orderNumber })).body.result.totalCount).toBe(0);
      expect((await decide(other, { id, handleType: 1 })).status).toBe(404);
    });

    it('with a destroy fee of 6.5 the decision 销毁 posts one channel-9 flow of −6.5 and a repeat posts nothing; staff mark it handled', async () => {
      const fee = await call(app, 'POST', svc('BaseCostSetting', 'EditDestroyFee'), admin, { destroyFee: 6.5 });
      expect(fee.body.result).toEqual({ destroyFee: 6.5 });
      expect((await call(app, 'GET', svc('BaseCostSetting', 'GetDestroyFee'), admin)).body.result).toEqual({ destroyFee: 6.5 });
      // The seller reads what 销毁 costs before choosing it; setting it is staff's (403).
      expect((await call(app, 'GET', svc('FrontShopeeOrderReturn', 'GetDestroyFee'), seller)).body.result).toEqual({ destroyFee: 6.5 });
      expect((await call(app, 'POST', svc('BaseCostSetting', 'EditDestroyFee'), seller, { destroyFee: 0 })).status).toBe(403);
      const order = await shipped();
      const orderNumber = (await call(app, 'GET', svc('BackOrder', 'GetOrderInfo'), admin, { id: order.id })).body.result.orderNumber as string;
      const id = (await check(orderNumber)).body.result.id as number;

      // Not handled before the seller has chosen.
      const early = await call(app, 'POST', svc('ShopeeOrderReturn', 'Update'), picker, { id, whetherHandle: 1 });
      expect(early.status).toBe(409);

      const before = (await flows(seller)).length;
      const destroyed = await decide(seller, { id, handleType: 3, reMark: '不要了' });
      expect(destroyed.status, JSON.stringify(destroyed.body.error)).toBe(200);
      expect(destroyed.body.result).toMatchObject({ handleType: 3, destroyFee: 6.5, reMark: '不要了' });
      const repeat = await decide(seller, { id, handleType: 3 });
      expect(repeat.status).toBe(200);
      const after = await flows(seller);
      expect(after.length - before).toBe(1);
      expect(after.filter((f) => f.channel === 9 && f.orderNumber === orderNumber)).toEqual([expect.objectContaining({ incurredAmount: -6.5 })]);
      // 销毁 is final for the seller: the fee is charged.
      expect((await decide(seller, { id, handleType: 1 })).status).toBe(409);

      const handled = await call(app, 'POST', svc('ShopeeOrderReturn', 'Update'), picker, { id, whetherHandle: 1, reMark: '已销毁' });
      expect(handled.status, JSON.stringify(handled.body.error)).toBe(200);
      expect(handled.body.result).toMatchObject({ whetherHandle: 1, warehouseRemark: '已销毁', handleUserName: '退件员小李' });
      expect((await sellerList(seller, { orderNumber })).body.result.items[0]).toMatchObject({ whetherHandle: 1, handleType: 3 });
      expect((await call(app, 'POST', svc('ShopeeOrderReturn', 'Update'), picker, { id, whetherHandle: 0 })).status).toBe(409);
      expect((await decide(seller, { id, handleType: 2, recipientName: '张三', receiptPhone: '138', receiptAddress: '深圳' })).status).toBe(409);
      expect((await audit(orderNumber)).filter((a) => a.entity === 'orderReturn').map((a) => a.action).reverse()).toEqual(['returnScanned', 'sellerDecision', 'handled']);
      await call(app, 'POST', svc('BaseCostSetting', 'EditDestroyFee'), admin, { destroyFee: 0 });
    });

    it('退回卖家 needs an address; a destroy the seller cannot pay for is refused and charges nothing', async () => {
      const poor = await registerSeller(app, 1);
      const orderNumber = `POOR${Date.now()}`;
      const id = (await call(app, 'POST', svc('FrontShopeeOrderReturn', 'CreateOrderReturn'), poor, { orderNumber, warehouseInfoId: warehouseId })).body.result.id as number;
      const noAddress = await decide(poor, { id, handleType: 2, recipientName: '李四' });
      expect(noAddress.status).toBe(400);
      expect(noAddress.body.error!.validationErrors!.map((e) => e.members[0]).sort()).toEqual(['receiptAddress', 'receiptPhone']);
      const back2 = await decide(poor, { id, handleType: 2, recipientName: '李四', receiptPhone: '13900000000', receiptAddress: '广州市天河区' });
      expect(back2.body.result).toMatchObject({ handleType: 2, recipientName: '李四', receiptAddress: '广州市天河区', destroyFee: null });

      await call(app, 'POST', svc('BaseCostSetting', 'EditDestroyFee'), admin, { destroyFee: 3 });
      const broke = await decide(poor, { id, handleType: 3 });
      expect(broke.status).toBe(409);
      expect(broke.body.error!.message).toContain('积分不足');
      expect((await flows(poor)).filter((f) => f.channel === 9)).toEqual([]);
      expect((await sellerList(poor, { orderNumber })).body.result.items[0].handleType).toBe(2);
      await call(app, 'POST', svc('BaseCostSetting', 'EditDestroyFee'), admin, { destroyFee: 0 });
    });
  });
});
