// Parcel photos (DOMAIN §4.3): upload first, then link; a photo answers the seller's request;
// an abnormal photo makes the parcel 异常 with its reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { parcelScene, type ParcelScene } from '../factories/parcels.ts';
import { png, uploadFile } from '../helpers/upload.ts';

describe('parcel photos', () => {
  let scene: ParcelScene;
  let t: TestApp;
  let picker: Caller;
  let seller: ParcelScene['seller'];
  let warehouseId: number;
  beforeAll(async () => {
    t = await createTestApp();
    ({ picker, seller, warehouseId } = scene = await parcelScene(t));
  });
  afterAll(async () => t?.close());

  const declaredParcel = () => scene.declaredParcel();

  it('links uploaded photos to a parcel and clears the seller\'s photo request; the seller can open them', async () => {
    const { id } = await declaredParcel();
    await call(t.app, 'POST', `${svc('Logistics', 'IsNeedTakePicture')}?id=${id}&isNeed=true`, seller);
    const outside = await uploadFile(t.app, picker, png());
    const goods = await uploadFile(t.app, picker, png());
    const res = await call(t.app, 'POST', svc('Logistics', 'SetTakePicture'), picker, { id, imageGuid: outside, goodsImageGuid: goods });
    expect(res.body.result).toMatchObject({ imageGuid: outside, goodsImageGuid: goods, isNeedTakePicture: false });
    const img = await t.app.inject({ method: 'GET', url: `/api/File/GetLogisticsImage?guid=${goods}`, headers: { authorization: `Bearer ${seller.token}`, 'abp.tenantid': '1' } });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
  });

  it('finds the parcel by tracking number on the phone flow', async () => {
    const { shipment } = await declaredParcel();
    const guid = await uploadFile(t.app, picker, png());
    const res = await call(t.app, 'POST', svc('Logistics', 'SetTakePictureByPhone'), picker, { shipment, imageGuid: guid });
    expect(res.body.result.imageGuid).toBe(guid);
    expect((await call(t.app, 'POST', svc('Logistics', 'SetTakePictureByPhone'), picker, { shipment: 'NOSUCH0001', imageGuid: guid })).status).toBe(404);
  });

  it('links photos through BackOrder/SetTakePicture too (spec 001), refusing sellers and a missing parcel', async () => {
    const { id } = await declaredParcel();
    await call(t.app, 'POST', `${svc('Logistics', 'IsNeedTakePicture')}?id=${id}&isNeed=true`, seller);
    const goods = await uploadFile(t.app, picker, png());
    const res = await call(t.app, 'POST', svc('BackOrder', 'SetTakePicture'), picker, { id, goodsImageGuid: goods });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ id, goodsImageGuid: goods, imageGuid: null, isNeedTakePicture: false });
    const back = await call(t.app, 'GET', svc('Logistics', 'GetLogisticsList'), picker, { shipment: res.body.result.shipment });
    expect(back.body.result.items[0]).toMatchObject({ goodsImageGuid: goods, isNeedTakePicture: false });
    expect((await call(t.app, 'POST', svc('BackOrder', 'SetTakePicture'), seller, { id, imageGuid: goods })).status).toBe(403);
    expect((await call(t.app, 'POST', svc('BackOrder', 'SetTakePicture'), picker, { id: 999999, imageGuid: goods })).status).toBe(404);
  });

  it('refuses a guid that is no uploaded image, and a call without any photo', async () => {
    const { id } = await declaredParcel();
    const bad = await call(t.app, 'POST', svc('Logistics', 'SetTakePicture'), picker, { id, imageGuid: '00000000-0000-4000-8000-000000000000' });
    expect(bad.status).toBe(400);
    expect(bad.body.error!.validationErrors![0]!.members).toEqual(['imageGuid']);
    const none = await call(t.app, 'POST', svc('Logistics', 'SetTakePicture'), picker, { id });
    expect(none.status).toBe(400);
  });

  it('records an abnormal parcel with photo and reason, only once it is signed in', async () => {
    const { id, shipment } = await declaredParcel();
    const guid = await uploadFile(t.app, picker, png());
    expect((await call(t.app, 'POST', svc('BackOrder', 'SetTakePictureAbnormal'), picker, { id, imageGuid: guid, reason: '外箱破损' })).status).toBe(409);
    await call(t.app, 'POST', svc('Logistics', 'SignByScan'), picker, { shipment, warehouseInfoId: warehouseId });
    const res = await call(t.app, 'POST', svc('BackOrder', 'SetTakePictureAbnormal'), picker, { id, imageGuid: guid, reason: '外箱破损' });
    expect(res.body.result).toMatchObject({ receiveStatus: 6, imageGuid: guid });
    const mine = await call(t.app, 'GET', svc('FrontOrder', 'GetAbnormalReceivingOrderList'), seller);
    expect(mine.body.result.items.map((p: { id: number }) => p.id)).toContain(id);
    // The seller's own list (我的快递) carries the reason beside the photo (issue 44 §6).
    const listed = await call(t.app, 'GET', `${svc('UserExpressInfo', 'GetUserExpressInfoList')}?shipment=${shipment}`, seller);
    expect(listed.body.result.items).toEqual([expect.objectContaining({ id, receiveStatus: 6, imageGuid: guid, abnormalReason: '外箱破损' })]);
    expect(mine.body.result.items.find((p: { id: number }) => p.id === id)).toMatchObject({ abnormalReason: '外箱破损' });
  });

  it('lets the seller ask for his abnormal parcel back; staff send it and it is 已退回 (issue 44 §6)', async () => {
    const { id, shipment } = await declaredParcel();
    await call(t.app, 'POST', svc('Logistics', 'SignByScan'), picker, { shipment, warehouseInfoId: warehouseId });
    const guid = await uploadFile(t.app, picker, png());
    expect((await call(t.app, 'POST', svc('BackOrder', 'SetTakePictureAbnormal'), picker, { id, imageGuid: guid, reason: '货物错发' })).status).toBe(200);
    const asked = await call(t.app, 'POST', svc('ExpressRejection', 'CreateReturnInfo'), seller, {
      shipment, recipientName: '张三', receiptPhone: '13800000000', receiptAddress: '深圳市宝安区',
    });
    expect(asked.status, JSON.stringify(asked.body.error)).toBe(200);
    expect(asked.body.result).toMatchObject({ shipment, handleType: 2, handleStatus: 0 });
    const sent = await call(t.app, 'POST', svc('BackExpressRejectionReturn', 'ConfirmReturn'), picker, {
      id: asked.body.result.id, returnNo: 'SF100200300', returnExpressCompany: '顺丰速运', expressCost: 12,
    });
    expect(sent.status, JSON.stringify(sent.body.error)).toBe(200);
    const listed = await call(t.app, 'GET', `${svc('UserExpressInfo', 'GetUserExpressInfoList')}?shipment=${shipment}`, seller);
    expect(listed.body.result.items[0]).toMatchObject({ id, receiveStatus: 4 });
  });

  it('lets the seller attach their own photo to a parcel still on its way', async () => {
    const { id } = await declaredParcel();
    const guid = await uploadFile(t.app, seller, png());
    const res = await call(t.app, 'POST', svc('UserExpressInfo', 'Edit'), seller, { id, userUploadImageGuid: guid });
    expect(res.body.result.userUploadImageGuid).toBe(guid);
  });
});
