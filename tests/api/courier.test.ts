// Couriers (spec 001 §7 CourierCompany, CourierExpressDelivery): the courier companies, the record
// of what couriers handed over at the door, voiding a wrong entry, and its xlsx export.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { call, createTestApp, signIn, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { createUser, registerSeller } from '../factories/identity.ts';
import { buildOrder, createOrder, createStore, trackingNo } from '../factories/orders.ts';

const CED = (action: string) => svc('CourierExpressDelivery', action);

describe('couriers', () => {
  let t: TestApp;
  let admin: Caller;
  let picker: Caller;
  let seller: Awaited<ReturnType<typeof registerSeller>>;
  let warehouseId: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, 'admin', '123qwe', 1);
    const p = await createUser(t.app, admin, { roleNames: ['Warehouse'] });
    picker = await signIn(t.app, p.userName, p.password, 1);
    seller = await registerSeller(t.app, 1);
    warehouseId = (await call(t.app, 'GET', svc('WarehouseInfo', 'GetWarehouseInfoList'), admin)).body.result.items[0].id;
  });
  afterAll(async () => t?.close());

  it('lists the courier companies; the courier group needs the OrderManage permission', async () => {
    const res = await call(t.app, 'GET', svc('CourierCompany', 'GetCourierCompanyList'), admin);
    expect(res.body.result).toEqual(expect.arrayContaining([{ code: 'SF', name: '顺丰速运' }, { code: 'ZTO', name: '中通快递' }]));
    // The Warehouse role has no OrderManage; sellers never have it.
    expect((await call(t.app, 'GET', svc('CourierCompany', 'GetCourierCompanyList'), picker)).status).toBe(403);
    expect((await call(t.app, 'GET', CED('GetList'), seller)).status).toBe(403);
    expect((await call(t.app, 'GET', CED('GetList'), {})).status).toBe(401);
  });

  it('records a hand-over, one row per number, joined with the declared parcel; refuses a number twice', async () => {
    const store = (await createStore(t.app, admin, seller.userId)).id;
    const order = buildOrder(store, warehouseId);
    await createOrder(t.app, seller, order);
    const declared = order.orderProductInfosList[0]!.shipment;
    const stranger = trackingNo('ZT');
    const res = await call(t.app, 'POST', CED('Add'), admin, {
      warehouseInfoId: warehouseId, courierCompanyCode: 'ZTO', shipments: [declared, stranger, stranger], courierName: '王师傅', courierPhone: '139 0000 0000', reMark: '下午一车',
    });
    expect(res.status, JSON.stringify(res.body.error)).toBe(200);
    expect(res.body.result.count).toBe(2);
    const byNumber = Object.fromEntries(res.body.result.items.map((i: { shipment: string }) => [i.shipment, i]));
    expect(byNumber[declared]).toMatchObject({ courierCompanyCode: 'ZTO', courierCompanyName: '中通快递', courierName: '王师傅', isEnable: true, receiveStatus: 0, userCode: seller.userCode, warehouseName: expect.any(String), creatorUserName: expect.any(String) });
    expect(byNumber[stranger]).toMatchObject({ receiveStatus: null, userCode: null });

    const again = await call(t.app, 'POST', CED('Add'), admin, { warehouseInfoId: warehouseId, courierCompanyCode: 'SF', shipments: [stranger, trackingNo('SF')] });
    expect(again.status).toBe(409);
    expect(again.body.error!.message).toContain(stranger);
    // nothing of the refused hand-over was kept
    expect((await call(t.app, 'GET', CED('GetList'), admin, { courierCompanyCode: 'SF' })).body.result.totalCount).toBe(0);

    const bad = await call(t.app, 'POST', CED('Add'), admin, { warehouseInfoId: warehouseId, courierCompanyCode: 'XX', shipments: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.error!.validationErrors!.map((e) => e.members[0])).toEqual(expect.arrayContaining(['courierCompanyCode', 'shipments']));

    const list = await call(t.app, 'GET', CED('GetList'), admin, { courierCompanyCode: 'ZTO', shipment: stranger });
    expect(list.body.result.items.map((i: { shipment: string }) => i.shipment)).toEqual([stranger]);
    expect((await call(t.app, 'GET', CED('GetList'), admin, { courierName: '王' })).body.result.totalCount).toBe(2);
  });

  it('voids a wrong entry once; the number may then be recorded again', async () => {
    const number = trackingNo('YD');
    const added = await call(t.app, 'POST', CED('Add'), admin, { warehouseInfoId: warehouseId, courierCompanyCode: 'YD', shipments: [number] });
    const id = added.body.result.items[0].id as number;
    const voided = await call(t.app, 'POST', `${CED('MarkNotEnable')}?id=${id}`, admin);
    expect(voided.body.result).toMatchObject({ id, isEnable: false, notEnableUserName: expect.any(String), notEnableTime: expect.any(String) });
    const twice = await call(t.app, 'POST', `${CED('MarkNotEnable')}?id=${id}`, admin);
    expect(twice.status).toBe(409);
    expect(twice.body.error!.message).toContain('已作废');
    expect((await call(t.app, 'POST', `${CED('MarkNotEnable')}?id=999999`, admin)).status).toBe(404);
    const readd = await call(t.app, 'POST', CED('Add'), admin, { warehouseInfoId: warehouseId, courierCompanyCode: 'YTO', shipments: [number] });
    expect(readd.status).toBe(200);
    const rows = await call(t.app, 'GET', CED('GetList'), admin, { shipment: number });
    expect(rows.body.result.items.map((i: { isEnable: boolean; courierCompanyCode: string }) => [i.courierCompanyCode, i.isEnable])).toEqual([['YTO', true], ['YD', false]]);
    expect((await call(t.app, 'GET', CED('GetList'), admin, { shipment: number, isEnable: false })).body.result.totalCount).toBe(1);
  });

  it('exports the records as 快递员入库记录.xlsx with the list filters', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/File/GetCourierExpressDeliveryExport?courierCompanyCode=ZTO', headers: { authorization: `Bearer ${admin.token}`, 'abp.tenantid': '1' } });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('快递员入库记录.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: string[][] = [];
    wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
    expect(rows[0]!.slice(0, 3)).toEqual(['快递单号', '快递公司', '快递员']);
    expect(rows).toHaveLength(3);
    expect(rows.slice(1).every((r) => r[1] === '中通快递' && r[2] === '王师傅')).toBe(true);
    expect(rows.slice(1).map((r) => r[5])).toEqual(expect.arrayContaining(['待签收', '未申报']));
    const refused = await t.app.inject({ method: 'GET', url: '/api/File/GetCourierExpressDeliveryExport', headers: { authorization: `Bearer ${picker.token}`, 'abp.tenantid': '1' } });
    expect(refused.statusCode).toBe(403);
  });
});
