// The overseas xlsx exports (issue 15): the parcels at overseas warehouses, overseas orders (staff and
// the seller's own) and buyers' returns — real workbooks with the lists' filters and the caller's
// scope (a group member sees his group's overseas warehouses only); the mainland parcel exports no
// longer carry overseas parcels.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { call, createTestApp, signIn, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { createUser, registerSeller } from '../factories/identity.ts';
import { buildOrder, createOrder, createStore, trackingNo } from '../factories/orders.ts';
import { stockUp, type StockedProduct } from '../factories/stock.ts';

describe('overseas xlsx exports', () => {
  let t: TestApp;
  let admin: Caller;
  let picker: Caller;
  let seller: Awaited<ReturnType<typeof registerSeller>>;
  let other: Awaited<ReturnType<typeof registerSeller>>;
  let overseasId: number;
  let secondId: number;
  let product: StockedProduct;
  let otherProduct: StockedProduct;
  let mainlandShipment: string;
  let packed: { id: number; tradeNo: string; orderNumber: string };
  let open: { id: number; tradeNo: string };
  let otherOrder: { id: number; tradeNo: string };
  let mainlandTradeNo: string;
  let returned: string;
  let toDestroy: string;

  const ok = <T>(res: { status: number; body: { result: T; error: unknown } }): T => {
    expect(res.status, JSON.stringify(res.body.error)).toBe(200);
    return res.body.result;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, 'admin', '123qwe', 1);
    const p = await createUser(t.app, admin, { roleNames: ['Warehouse'], name: '海外仓小王' });
    picker = await signIn(t.app, p.userName, p.password, 1);
    seller = await registerSeller(t.app, 1);
    other = await registerSeller(t.app, 1);
    const mainlandId = (await call(t.app, 'GET', svc('WarehouseInfo', 'GetWarehouseInfoList'), admin)).body.result.items[0].id as number;
    const overseasWarehouse = async (warehouseName: string, address: string) =>
      ok(await call(t.app, 'POST', svc('WarehouseInfo', 'EditWarehouseInfo'), admin, { warehouseName, kind: 2, site: 'TW', address })).id as number;
    overseasId = await overseasWarehouse('台北海外仓', '台北市');
    secondId = await overseasWarehouse('高雄海外仓', '高雄市');
    for (const warehouseInfoId of [overseasId, secondId]) {
      ok(await call(t.app, 'POST', svc('Shelves', 'Add'), picker, { warehouseInfoId, shelfPosition: 'TW-02-01' }));
    }
    const storeId = (await createStore(t.app, admin, seller.userId, { storeName: '台湾本土店', whetherLocal: true })).id;
    const otherStoreId = (await createStore(t.app, admin, other.userId, { storeName: '别家店', whetherLocal: true })).id;
    for (const id of [storeId, otherStoreId]) {
      ok(await call(t.app, 'POST', svc('OverseasBaseCostSetting', 'Add'), admin, {
        storeId: id, beginTime: new Date(Date.now() - 3600_000).toISOString(), whetherEffective: true,
        baseCost: 2, baseSkuNums: 1, exceedSkuCost: 0.5, maxSkuCost: 1, sackPrice: 0.3,
      }));
    }
    ok(await call(t.app, 'POST', svc('User', 'SystemRechargeAmount'), admin, { userId: seller.userId, amount: 100, remark: '测试充值' }));
    // Stock at the overseas warehouse: each stockUp signs its parcel there.
    product = await stockUp(t, { staff: picker, seller, storeId, warehouseInfoId: overseasId, quantity: 5, shelfPosition: 'TW-02-01' });
    otherProduct = await stockUp(t, { staff: picker, seller: other, storeId: otherStoreId, warehouseInfoId: secondId, quantity: 2, shelfPosition: 'TW-02-01' });
    mainlandShipment = trackingNo();
    ok(await call(t.app, 'POST', svc('Logistics', 'SignByScan'), picker, { shipment: mainlandShipment, warehouseInfoId: mainlandId }));

    const order = (who: Caller, store: number, stockProductId: number, quantity: number, warehouseInfoId = overseasId) =>
      call(t.app, 'POST', svc('FrontAbroadOrder', 'CreateOrder'), who, {
        storeId: store, warehouseInfoId, orderNumber: `TW${trackingNo('').slice(-10)}`, site: 'TW', shippingMethods: 2, cargoCategory: 1,
        items: [{ stockProductId, quantity }],
      });
    packed = ok(await order(seller, storeId, product.id, 2));
    ok(await call(t.app, 'POST', svc('BackAbroadOrder', 'AbroadOrderBale'), picker, { tradeNo: packed.tradeNo }));
    open = ok(await order(seller, storeId, product.id, 1));
    otherOrder = ok(await order(other, otherStoreId, otherProduct.id, 1, secondId));
    const mainlandStore = (await createStore(t.app, admin, seller.userId)).id;
    mainlandTradeNo = (await createOrder(t.app, seller, buildOrder(mainlandStore, mainlandId))).tradeNo;

    returned = trackingNo('RT');
    toDestroy = trackingNo('RT');
    for (const returnNumber of [returned, toDestroy]) {
      ok(await call(t.app, 'GET', svc('FrontAbroadReturn', 'AddRerurnOrder'), seller, { orderId: packed.id, returnNumber, orderNumber: packed.orderNumber }));
    }
    ok(await call(t.app, 'POST', svc('AbroadStockReturn', 'ConfirmReturnWarehousing'), picker, {
      returnNumber: returned, items: [{ stockProductId: product.id, quantity: 1 }],
    }));
    const chosen = (await call(t.app, 'GET', svc('FrontAbroadReturn', 'GetReturnOrderList'), seller, { number: toDestroy })).body.result.items[0].id as number;
    ok(await call(t.app, 'GET', svc('FrontAbroadStockReturn', 'ComfirmDestroyOrder'), seller, { orderReturnId: chosen }));
  });
  afterAll(async () => t?.close());

  const download = (path: string, who: Caller, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/File/${path}${query}`, headers: { authorization: `Bearer ${who.token}`, 'abp.tenantid': '1' } });
  async function sheet(res: Awaited<ReturnType<typeof download>>, fileName: string) {
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain(fileName);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: string[][] = [];
    wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
    return rows;
  }
  const column = (rows: string[][], header: string) => {
    const at = rows[0]!.indexOf(header);
    expect(at, `column ${header}`).toBeGreaterThanOrEqual(0);
    return rows.slice(1).map((r) => r[at] ?? '');
  };

  it('exports the parcels at overseas warehouses as 海外仓包裹.xlsx; the mainland exports keep to mainland parcels', async () => {
    const abroad = await sheet(await download('GetAbroadExpressExportSearch', picker), '海外仓包裹.xlsx');
    expect(abroad[0]!.slice(0, 4)).toEqual(['快递单号', '卖家编码', '仓库', '状态']);
    expect(column(abroad, '快递单号').sort()).toEqual([product.logisticsNumber, otherProduct.logisticsNumber].sort());
    expect(column(abroad, '仓库').sort()).toEqual(['台北海外仓', '高雄海外仓']);
    const filtered = await sheet(await download('GetAbroadExpressExportSearch', picker, `?userCode=${other.userCode}`), '海外仓包裹.xlsx');
    expect(column(filtered, '快递单号')).toEqual([otherProduct.logisticsNumber]);

    for (const [action, fileName] of [['GetExpressExportSearch', '搜索导出数据.xlsx'], ['GetSignLogisticsExport', '已签收包裹.xlsx']] as const) {
      const shipments = column(await sheet(await download(action, picker), fileName), '快递单号');
      expect(shipments, action).toContain(mainlandShipment);
      expect(shipments, action).not.toContain(product.logisticsNumber);
    }
  });

  it('gives staff every seller\'s overseas orders (no mainland ones), filtered like BackAbroadOrder\'s list', async () => {
    const all = await sheet(await download('GetExpressExportAbroadOrderInfo', picker), '海外仓订单信息.xlsx');
    expect(all[0]!.slice(0, 3)).toEqual(['交易号', '订单号', '卖家编码']);
    expect(column(all, '交易号').sort()).toEqual([packed.tradeNo, open.tradeNo, otherOrder.tradeNo].sort());
    expect(column(all, '交易号')).not.toContain(mainlandTradeNo);
    expect(new Set(column(all, '订单类型'))).toEqual(new Set(['海外仓订单']));
    const byPackage = await sheet(await download('GetExpressExportAbroadOrderInfo', picker, '?packageStatus=3'), '海外仓订单信息.xlsx');
    expect(column(byPackage, '交易号')).toEqual([packed.tradeNo]);
    expect(column(byPackage, '包裹状态')).toEqual(['已打包']);
    expect(column(byPackage, '商品')[0]).toContain('×2');
    const theirs = await sheet(await download('GetExpressExportAbroadOrderInfo', picker, `?userCode=${other.userCode}`), '海外仓订单信息.xlsx');
    expect(column(theirs, '交易号')).toEqual([otherOrder.tradeNo]);
  });

  it('gives a seller their own overseas orders only', async () => {
    const mine = await sheet(await download('GetFrontExpressExportAbroadOrderInfo', seller), '海外仓订单信息.xlsx');
    expect(column(mine, '交易号').sort()).toEqual([packed.tradeNo, open.tradeNo].sort());
    expect(new Set(column(mine, '卖家编码'))).toEqual(new Set([seller.userCode]));
    const theirs = await sheet(await download('GetFrontExpressExportAbroadOrderInfo', other), '海外仓订单信息.xlsx');
    expect(column(theirs, '交易号')).toEqual([otherOrder.tradeNo]);
  });

  it('exports the returns with their status and what went back into stock; a seller gets their own', async () => {
    const all = await sheet(await download('GetExcelExportAbroadReturnInfo', picker), '海外仓退件.xlsx');
    expect(all[0]!.slice(0, 4)).toEqual(['退件单号', '交易号', '订单号', '卖家编码']);
    const byNumber = new Map(all.slice(1).map((r) => [r[0], r]));
    expect([...byNumber.keys()].sort()).toEqual([returned, toDestroy].sort());
    const at = (header: string) => all[0]!.indexOf(header);
    expect(byNumber.get(returned)![at('状态')]).toBe('已入库');
    expect(byNumber.get(returned)![at('入库商品')]).toContain(`${product.productSku}`);
    expect(byNumber.get(returned)![at('入库商品')]).toMatch(/×1$/);
    expect(byNumber.get(returned)![at('交易号')]).toBe(packed.tradeNo);
    expect(byNumber.get(toDestroy)![at('状态')]).toBe('待销毁');
    const pending = await sheet(await download('GetExcelExportAbroadReturnInfo', picker, '?returnStatus=2'), '海外仓退件.xlsx');
    expect(column(pending, '退件单号')).toEqual([toDestroy]);

    expect(column(await sheet(await download('GetFrontExcelExportAbroadReturnInfo', seller), '海外仓退件.xlsx'), '退件单号').sort()).toEqual([returned, toDestroy].sort());
    expect(await sheet(await download('GetFrontExcelExportAbroadReturnInfo', other), '海外仓退件.xlsx')).toHaveLength(1);
  });

  it('keeps a group member to his group\'s overseas warehouse', async () => {
    const m = await createUser(t.app, admin, { roleNames: ['Warehouse'], name: '台北组小陈' });
    const member = await signIn(t.app, m.userName, m.password, 1);
    ok(await call(t.app, 'POST', svc('BackGroup', 'AddGroup'), admin, {
      groupName: '台北仓组', crossBorderSites: [], nativeSites: [], abroadWarehouses: [overseasId], groupPersonnels: [member.userId], isOk: true,
    }));
    const parcels = await sheet(await download('GetAbroadExpressExportSearch', member), '海外仓包裹.xlsx');
    expect(column(parcels, '快递单号')).toEqual([product.logisticsNumber]);
    const orders = await sheet(await download('GetExpressExportAbroadOrderInfo', member), '海外仓订单信息.xlsx');
    expect(column(orders, '交易号').sort()).toEqual([packed.tradeNo, open.tradeNo].sort());
    const returns = await sheet(await download('GetExcelExportAbroadReturnInfo', member), '海外仓退件.xlsx');
    expect(column(returns, '退件单号').sort()).toEqual([returned, toDestroy].sort());
    // Outside the group, the same picker sees the other warehouse too.
    expect(column(await sheet(await download('GetExpressExportAbroadOrderInfo', picker), '海外仓订单信息.xlsx'), '交易号')).toContain(otherOrder.tradeNo);
  });

  it('refuses anonymous callers, the wrong side and bad filters before sending a byte', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/File/GetExpressExportAbroadOrderInfo', headers: { 'abp.tenantid': '1' } })).statusCode).toBe(401);
    for (const action of ['GetAbroadExpressExportSearch', 'GetExpressExportAbroadOrderInfo', 'GetExcelExportAbroadReturnInfo']) {
      expect((await download(action, seller)).statusCode, action).toBe(403);
    }
    for (const action of ['GetFrontExpressExportAbroadOrderInfo', 'GetFrontExcelExportAbroadReturnInfo']) {
      expect((await download(action, picker)).statusCode, action).toBe(403);
    }
    const bad = await download('GetExcelExportAbroadReturnInfo', picker, '?returnStatus=9');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.validationErrors[0].members).toEqual(['returnStatus']);
  });
});
