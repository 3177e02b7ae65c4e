// xlsx exports (issue 4 §6): real workbooks with the fixed Chinese names, the list's filters, the
// caller's scope; refused like the service they belong to.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { call, createTestApp, signIn, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { registerSeller } from '../factories/identity.ts';
import { buildOrder, createOrder, createStore, trackingNo } from '../factories/orders.ts';

describe('xlsx exports', () => {
  let t: TestApp;
  let admin: Caller;
  let seller: Awaited<ReturnType<typeof registerSeller>>;
  let other: Awaited<ReturnType<typeof registerSeller>>;
  let orderTradeNos: string[];
  let signedShipment: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, 'admin', '123qwe', 1);
    seller = await registerSeller(t.app, 1);
    other = await registerSeller(t.app, 1);
    const storeId = (await createStore(t.app, admin, seller.userId)).id;
    const otherStore = (await createStore(t.app, admin, other.userId)).id;
    const warehouseId = (await call(t.app, 'GET', svc('WarehouseInfo', 'GetWarehouseInfoList'), admin)).body.result.items[0].id;
    orderTradeNos = [];
    for (let i = 0; i < 3; i++) orderTradeNos.push((await createOrder(t.app, seller, buildOrder(storeId, warehouseId))).tradeNo);
    await createOrder(t.app, other, buildOrder(otherStore, warehouseId));
    const first = buildOrder(storeId, warehouseId);
    await createOrder(t.app, seller, first);
    signedShipment = first.orderProductInfosList[0]!.shipment;
    await call(t.app, 'POST', svc('Logistics', 'SignByScan'), admin, { shipment: signedShipment, warehouseInfoId: warehouseId });
    await call(t.app, 'POST', svc('Logistics', 'SignByScan'), admin, { shipment: trackingNo('NOBODY'), warehouseInfoId: warehouseId });
  });
  afterAll(async () => t?.close());

  async function download(path: string, who: Caller, query = '') {
    const res = await t.app.inject({ method: 'GET', url: `/api/File/${path}${query}`, headers: { authorization: `Bearer ${who.token}`, 'abp.tenantid': '1' } });
    return res;
  }
  async function sheet(res: Awaited<ReturnType<typeof download>>) {
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const rows: string[][] = [];
    ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
    return rows;
  }

  it('gives a seller their own mainland orders, named 大陆订单信息.xlsx', async () => {
    const res = await download('GetFrontExpressExportMainlandOrderInfo', seller);
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('大陆订单信息.xlsx');
    const rows = await sheet(res);
    expect(rows[0]!.slice(0, 3)).toEqual(['交易号', '订单号', '卖家编码']);
    expect(rows.slice(1).map((r) => r[2])).toEqual(Array(4).fill(seller.userCode));
    expect(rows.slice(1).map((r) => r[0])).toEqual(expect.arrayContaining(orderTradeNos));
    expect(rows[1]![9]).toMatch(/待处理|处理中/);
  });

  it('gives staff every seller\'s mainland orders, filtered like the list', async () => {
    const all = await sheet(await download('GetExpressExportMainlandOrderInfo', admin));
    expect(all.length - 1).toBe(5);
    const one = await sheet(await download('GetExpressExportMainlandOrderInfo', admin, `?userCode=${other.userCode}`));
    expect(one.slice(1).map((r) => r[2])).toEqual([other.userCode]);
    const cross = await sheet(await download('GetExpressExportCrossOrderInfo', admin));
    expect(cross).toHaveLength(1); // header only: no cross-border orders
  });

  it('exports signed-for, pending, selected and searched parcels', async () => {
    const signed = await sheet(await download('GetSignLogisticsExport', admin));
    expect(signed.slice(1).map((r) => r[0])).toContain(signedShipment);
    expect(signed.slice(1).every((r) => r[4] !== '')).toBe(true);
    const pending = await sheet(await download('GetExpressExport', admin));
    expect(pending.slice(1).map((r) => r[3])).toEqual(['无主件']);
    const list = await call(t.app, 'GET', svc('Logistics', 'GetLogisticsList'), admin, { pageSize: 2 });
    const ids = list.body.result.items.map((p: { id: number }) => p.id);
    const selected = await sheet(await download('GetExpressExportSelected', admin, `?ids=${ids.join(',')}`));
    expect(selected).toHaveLength(3);
    const search = await sheet(await download('GetExpressExportSearch', admin, `?shipment=${signedShipment}`));
    expect(search.slice(1).map((r) => r[0])).toEqual([signedShipment]);
  });

  it('refuses anonymous callers, the wrong side, and bad filters before sending a byte', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/File/GetSignLogisticsExport', headers: { 'abp.tenantid': '1' } })).statusCode).toBe(401);
    expect((await download('GetSignLogisticsExport', seller)).statusCode).toBe(403);
    expect((await download('GetFrontExpressExportMainlandOrderInfo', admin)).statusCode).toBe(403);
    const bad = await download('GetExpressExportSelected', admin, '?ids=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.validationErrors[0].members).toEqual(['ids[0]']);
  });
});
