// HEIC parcel photos (issue 6 §4): the phone uploads a HEIC it could not compress as is; File/UploadFile
// keeps accepting it (DOMAIN §9), but linking it as a parcel photo is refused with a sentence that
// tells the picker what to change — the server has no converter, and Chrome cannot show HEIC.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { parcelScene } from '../factories/parcels.ts';
import { heic, png, uploadFile } from '../helpers/upload.ts';
import { HEIC_PHOTO_MESSAGE as HEIC_MESSAGE } from '#server/modules/files/repository.ts';

describe('HEIC parcel photos', () => {
  let t: TestApp;
  let picker: Caller;
  let warehouseId: number;
  beforeAll(async () => {
    t = await createTestApp();
    ({ picker, warehouseId } = await parcelScene(t));
  });
  afterAll(async () => t?.close());

  async function signedParcel(): Promise<{ id: number; shipment: string }> {
    const shipment = `HE${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const res = await call(t.app, 'POST', svc('Logistics', 'SignByScan'), picker, { shipment, warehouseInfoId: warehouseId });
    expect(res.status).toBe(200);
    return { id: res.body.result.parcel.id, shipment };
  }

  it('is uploaded, but refused as a photo on every linking action, naming the field; the parcel is unchanged', async () => {
    const { id, shipment } = await signedParcel();
    const guid = await uploadFile(t.app, picker, heic(), 'IMG_0001.HEIC');
    const byPhone = await call(t.app, 'POST', svc('Logistics', 'SetTakePictureByPhone'), picker, { shipment, goodsImageGuid: guid });
    expect(byPhone.status).toBe(400);
    expect(byPhone.body.error!.validationErrors).toEqual([{ message: HEIC_MESSAGE, members: ['goodsImageGuid'] }]);
    const byId = await call(t.app, 'POST', svc('Logistics', 'SetTakePicture'), picker, { id, imageGuid: guid });
    expect(byId.body.error!.validationErrors).toEqual([{ message: HEIC_MESSAGE, members: ['imageGuid'] }]);
    const abnormal = await call(t.app, 'POST', svc('BackOrder', 'SetTakePictureAbnormal'), picker, { id, imageGuid: guid, reason: '外箱破损' });
    expect(abnormal.status).toBe(400);
    expect(abnormal.body.error!.validationErrors![0]!.message).toBe(HEIC_MESSAGE);
    const after = await call(t.app, 'GET', svc('Logistics', 'GetLogisticsList'), picker, { shipment });
    expect(after.body.result.items[0]).toMatchObject({ imageGuid: null, goodsImageGuid: null, receiveStatus: 5 });
  });

  it('a JPEG/PNG next to it still goes through (nothing half-linked when one of two is HEIC)', async () => {
    const { shipment } = await signedParcel();
    const good = await uploadFile(t.app, picker, png());
    const bad = await uploadFile(t.app, picker, heic(), 'x.heic');
    const mixed = await call(t.app, 'POST', svc('Logistics', 'SetTakePictureByPhone'), picker, { shipment, imageGuid: good, goodsImageGuid: bad });
    expect(mixed.status).toBe(400);
    expect((await call(t.app, 'GET', svc('Logistics', 'GetLogisticsList'), picker, { shipment })).body.result.items[0].imageGuid).toBeNull();
    const ok = await call(t.app, 'POST', svc('Logistics', 'SetTakePictureByPhone'), picker, { shipment, imageGuid: good });
    expect(ok.body.result.imageGuid).toBe(good);
  });
});
