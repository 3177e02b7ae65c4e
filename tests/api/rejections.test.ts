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

  it('sends a return back, undoes it, charges the seller (refused while short of points), refunds and charges again', async () => {
    const no = trackingNo();
    expect((await scan(no)).body.result.action).toBe('UNCLAIMED');
    await call(t.app, 'POST', svc('Logistics', 'Edit'), admin, { id: (await check(no)).body.result.parcel.id, userCode: seller.userCode });
    const id = (await call(t.app, 'POST', svc('ExpressRejection', 'CreateReturnInfo'), seller, { shipment: no, recipientName: '张三', receiptPhone: '13800000000', receiptAddress: '深圳市宝安区' })).body.result.id as number;
    const back = (action: string, body: Record<string, unknown>) => call(t.app, 'POST', svc('BackExpressRejectionReturn', action), picker, { id, ...body });
    const balance = async () => (await call(t.app, 'GET', svc('Recharge', 'GetBalance'), seller)).body.result.balance as number;
    const flows = async () => rowsOf<{ channel: number; incurred_cents: string; reverses_flow_id: string | null }>(
      await t.database.root.execute(sql`select channel, incurred_cents, reverses_flow_id from account_flows where user_id = ${seller.userId} and channel in (8, 10) order by id`));

    // Deductions need a returned parcel; a return needs the courier's number.
    expect((await back('ConfirmDeduction', { deductionType: 1, amount: 5 })).status).toBe(409);
    expect((await back('ConfirmReturn', { returnNo: '', returnExpressCompany: '顺丰', expressCost: 12.5 })).status).toBe(400);
    const sent = await back('ConfirmReturn', { returnNo: 'SF9000000001', returnExpressCompany: '顺丰速运', expressCost: 12.5 });
    expect(sent.body.result).toMatchObject({ handleStatus: 3, returnNo: 'SF9000000001', returnExpressCompany: '顺丰速运', expressCost: 12.5, deductionAmount: null });
    expect(sent.body.result.returnTime).not.toBeNull();
    expect(await parcel(no)).toMatchObject({ receive_status: 4 });
    expect((await back('ConfirmReturn', { returnNo: 'SF9000000001', returnExpressCompany: '顺丰速运', expressCost: 12.5 })).status).toBe(409);

    // 撤销退回: the parcel is in the warehouse again and the request pending.
    const undone = await back('CancleReturn', {});
    expect(undone.body.result).toMatchObject({ handleStatus: 0, returnNo: null, expressCost: null });
    expect(await parcel(no)).toMatchObject({ receive_status: 1 });
    expect((await back('ConfirmReturn', { returnNo: 'SF9000000002', returnExpressCompany: '顺丰速运', expressCost: 12.5 })).body.result.handleStatus).toBe(3);

    // The seller has no points: the charge is refused with the shortfall, and nothing moves.
    const start = await balance();
    const short = await back('ConfirmDeduction', { deductionType: 1, amount: start + 12.5 });
    expect(short.status).toBe(409);
    expect(JSON.stringify(short.body.error)).toMatch(/积分不足/);
    expect((await call(t.app, 'GET', svc('BackExpressRejectionReturn', 'GetBackRejectionReturnList'), picker, { shipment: no })).body.result.items[0].handleStatus).toBe(3);
    expect(await flows()).toEqual([]);

    await call(t.app, 'POST', svc('User', 'SystemRechargeAmount'), admin, { userId: seller.userId, amount: 100 });
    const charged = await back('ConfirmDeduction', { deductionType: 1, amount: 12.5 });
    expect(charged.body.result).toMatchObject({ handleStatus: 5, deductionType: 1, deductionAmount: 12.5 });
    expect(await balance()).toBe(start + 100 - 12.5);
    expect((await back('CancleReturn', {})).status).toBe(409);

    const refunded = await back('DeductionReturn', {});
    expect(refunded.body.result).toMatchObject({ handleStatus: 3, deductionAmount: null });
    expect(await balance()).toBe(start + 100);
    expect((await back('DeductionReturn', {})).status).toBe(409);

    // Charged again after the refund: a second channel-8 flow of its own.
    expect((await back('ConfirmDeduction', { deductionType: 2, amount: 10 })).body.result).toMatchObject({ handleStatus: 5, deductionType: 2, deductionAmount: 10 });
    expect(await balance()).toBe(start + 90);
    const moved = await flows();
    expect(moved.map((f) => [f.channel, Number(f.incurred_cents)])).toEqual([[8, -1250], [10, 1250], [8, -1000]]);
    expect(moved[1]!.reverses_flow_id).not.toBeNull();

    const noted = await back('AddWarehouseRemark', { remark: '外箱破损，已加固' });
    expect(noted.body.result).toMatchObject({ handleStatus: 5, warehouseRemark: '外箱破损，已加固' });
    expect((await call(t.app, 'POST', svc('BackExpressRejectionReturn', 'AddWarehouseRemark'), seller, { id, remark: 'x' })).status).toBe(403);
  });

  it('lists requests at overseas warehouses apart from the mainland queue', async () => {
    const overseas = await call(t.app, 'POST', svc('WarehouseInfo', 'EditWarehouseInfo'), admin, { warehouseName: `台北仓${trackingNo().slice(-4)}`, kind: 2, site: 'TW', address: '台北市' });
    const no = trackingNo();
    const created = await call(t.app, 'POST', svc('ExpressRejection', 'CreateRejectionInfo'), seller, { shipment: no, expressCompany: '黑猫宅急便', warehouseInfoId: overseas.body.result.id });
    expect(created.status).toBe(200);
    const list = (action: string) => call(t.app, 'GET', svc('BackExpressRejectionReturn', action), picker, { shipment: no });
    expect((await list('GetBackOverseasReturnList')).body.result.items.map((r: { id: number }) => r.id)).toEqual([created.body.result.id]);
    expect((await list('GetBackRejectionReturnList')).body.result.totalCount).toBe(0);
    const mainland = trackingNo();
    await reject(mainland);
    expect((await call(t.app, 'GET', svc('BackExpressRejectionReturn', 'GetBackOverseasReturnList'), picker, { shipment: mainland })).body.result.totalCount).toBe(0);
  });
});
