// Rejections (DOMAIN §6) and the scan's REJECT verdict (DOMAIN §4).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, createTestApp, rowsOf, signIn, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { createUser, registerSeller } from '../factories/identity.ts';
import { trackingNo } from '../factories/orders.ts';

describe('rejections and returns', () => {
  let t: TestApp;
  let admin: Caller;
  let picker: Caller;
  let seller: Awaited<ReturnType<typeof registerSeller>>;
  let other: Awaited<ReturnType<typeof registerSeller>>;
  let warehouseId: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, 'admin', '123qwe', 1);
    const p = await createUser(t.app, admin, { roleNames: ['Warehouse'], name: '拣货员小王' });
    picker = await signIn(t.app, p.userName, p.password, 1);
    seller = await registerSeller(t.app, 1);
    other = await registerSeller(t.app, 1);
    const w = await call(t.app, 'GET', svc('WarehouseInfo', 'GetWarehouseInfoList'), admin);
    warehouseId = w.body.result.items[0].id;
  });
  afterAll(async () => t?.close());

  const reject = (shipment: string, who: Caller = seller) =>
    call(t.app, 'POST', svc('ExpressRejection', 'CreateRejectionInfo'), who, { shipment, expressCompany: '中通快递', warehouseInfoId: warehouseId, reMark: '发错货' });
  const scan = (shipment: string) => call(t.app, 'POST', svc('Logistics', 'SignByScan'), picker, { shipment, warehouseInfoId: warehouseId });
  const check = (shipment: string) => call(t.app, 'GET', svc('Logistics', 'IntoLogisticsCheck'), picker, { shipment });
  const confirm = (id: number) => call(t.app, 'POST', svc('BackExpressRejectionReturn', 'ConfirmRejection'), picker, { id });
  const parcel = async (shipment: string) => rowsOf<{ receive_status: number; user_id: number | null; rejection_time: string | null; sign_for_time: string | null }>(
    await t.database.root.execute(sql`select receive_status, user_id, rejection_time, sign_for_time from parcels where shipment = ${shipment}`))[0];
  const inboundCount = async (shipment: string) => rowsOf<{ n: number }>(await t.database.root.execute(sql`select count(*)::int as n from into_logistics where shipment = ${shipment}`))[0]!.n;

  it('creates a refusal, refuses a duplicate, and the scan answers REJECT without signing', async () => {
    const no = trackingNo();
    const created = await reject(no);
    expect(created.status).toBe(200);
    expect(created.body.result).toMatchObject({ shipment: no, handleType: 1, handleStatus: 0, userCode: seller.userCode, expressCompany: '中通快递' });
    expect(await parcel(no)).toMatchObject({ receive_status: 0, user_id: seller.userId });

    const dup = await reject(no);
    expect(dup.status).toBe(409);
    expect(JSON.stringify(dup.body.error)).toMatch(/待处理/);

    const c = await check(no);
    expect(c.body.result).toMatchObject({ action: 'REJECT', rejection: { id: created.body.result.id, userCode: seller.userCode }, userCode: seller.userCode });

    const s = await scan(no);
    expect(s.status).toBe(200);
    expect(s.body.result).toMatchObject({ action: 'REJECT', rejection: { id: created.body.result.id }, shelfNumber: null });
    expect(await parcel(no)).toMatchObject({ receive_status: 0, sign_for_time: null });
    expect(await inboundCount(no)).toBe(0);

    // The picker confirms: the request is 已拒收, the parcel 拒收; a rescan answers ALREADY and signs nothing.
    const done = await confirm(created.body.result.id);
    expect(done.body.result).toMatchObject({ handleStatus: 1 });
    expect(done.body.result.rejectionTime).not.toBeNull();
    const p = await parcel(no);
    expect(p).toMatchObject({ receive_status: 3, sign_for_time: null });
    expect(p!.rejection_time).not.toBeNull();
    expect((await scan(no)).body.result).toMatchObject({ action: 'ALREADY', parcel: { receiveStatus: 3 } });
    expect((await check(no)).body.result.action).toBe('ALREADY');
    expect(await inboundCount(no)).toBe(0);
    expect((await confirm(created.body.result.id)).status).toBe(409);
  });

  it('refuses a rejection for a parcel already signed in and offers a return instead', async () => {
    const no = trackingNo();
    expect((await scan(no)).body.result.action).toBe('UNCLAIMED');
    const r = await reject(no);
    expect(r.status).toBe(409);
    expect(JSON.stringify(r.body.error)).toMatch(/已签收.*申请退回/);
  });

  it('lets a seller ask to return their own signed-in parcel, only once while pending', async () => {
    const no = trackingNo();
    expect((await scan(no)).body.result.action).toBe('UNCLAIMED');
    await call(t.app, 'POST', svc('Logistics', 'Edit'), admin, { id: (await check(no)).body.result.parcel.id, userCode: seller.userCode });
    const body = { shipment: no, recipientName: '张三', receiptPhone: '13800000000', receiptAddress: '深圳市宝安区' };
    expect((await call(t.app, 'POST', svc('ExpressRejection', 'CreateReturnInfo'), other, body)).status).toBe(404);
    const ok = await call(t.app, 'POST', svc('ExpressRejection', 'CreateReturnInfo'), seller, body);
    expect(ok.body.result).toMatchObject({ handleType: 2, handleStatus: 0, recipientName: '张三', warehouseInfoId: warehouseId });
    expect((await call(t.app, 'POST', svc('ExpressRejection', 'CreateReturnInfo'), seller, body)).status).toBe(409);
    // A return is not a refusal: staff cannot confirm it as one.
    expect((await confirm(ok.body.result.id)).status).toBe(409);
    const declared = trackingNo();
    await reject(declared);
    const notHere = await call(t.app, 'POST', svc('ExpressRejection', 'CreateReturnInfo'), seller, { ...body, shipment: declared });
    expect(notHere.status).toBe(409);
  });

  it('revokes own pending requests only; sellers see only their own; after revoking the parcel signs in normally', async () => {
    const no = trackingNo();
    const id = (await reject(no)).body.result.id as number;
    expect((await call(t.app, 'POST', svc('ExpressRejection', 'EditRevoked'), other, { id })).status).toBe(404);
    const list = await call(t.app, 'GET', svc('ExpressRejection', 'GetExpressRejectionList'), other, { shipment: no });
    expect(list.body.result.totalCount).toBe(0);
    const mine = await call(t.app, 'GET', svc('ExpressRejection', 'GetExpressRejectionList'), seller, { shipment: no });
    expect(mine.body.result.items.map((r: { id: number }) => r.id)).toEqual([id]);

    const revoked = await call(t.app, 'POST', svc('ExpressRejection', 'EditRevoked'), seller, { id });
    expect(revoked.body.result).toMatchObject({ handleStatus: 4 });
    expect(revoked.body.result.revokedTime).not.toBeNull();
    expect((await call(t.app, 'POST', svc('ExpressRejection', 'EditRevoked'), seller, { id })).status).toBe(409);
    expect((await scan(no)).body.result).toMatchObject({ action: 'SIGNED', userCode: seller.userCode });
  });

  it('marks a refusal failed with a reason and cancels the failure; staff list filters', async () => {
    const no = trackingNo();
    const id = (await reject(no)).body.result.id as number;
    const failed = await call(t.app, 'POST', svc('BackExpressRejectionReturn', 'ProcessFaile'), picker, { id, reason: '快递员已离开' });
    expect(failed.body.result).toMatchObject({ handleStatus: 2, reason: '快递员已离开' });
    expect((await check(no)).body.result.action).toBe('SIGN');
    const back = await call(t.app, 'POST', svc('BackExpressRejectionReturn', 'CancleFail'), picker, { id });
    expect(back.body.result).toMatchObject({ handleStatus: 0 });
    expect((await check(no)).body.result.action).toBe('REJECT');
    const list = await call(t.app, 'GET', svc('BackExpressRejectionReturn', 'GetBackRejectionReturnList'), picker, { shipment: no, handleStatus: 0 });
    expect(list.body.result.items).toHaveLength(1);
    expect(list.body.result.items[0]).toMatchObject({ id, userCode: seller.userCode });
    expect((await call(t.app, 'GET', svc('BackExpressRejectionReturn', 'GetBackRejectionReturnList'), seller)).status).toBe(403);
  });
});
