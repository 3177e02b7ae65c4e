// HEIC parcel photos (issue 6 §4): the phone uploads a HEIC it could not compress as is; File/UploadFile
// keeps accepting it (DOMAIN §9), but linking it as a parcel photo is refused with a sentence that
// tells the picker what to change — the server has no converter, and Chrome cannot show HEIC.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signIn, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { createUser } from '../factories/identity.ts';
import { png, uploadFile } from '../helpers/upload.ts';

const HEIC_MESSAGE = 'HEIC 图片无法处理，请在相机设置中改用 JPEG（兼容性最佳）后重拍';

function heic(): Buffer {
  const box = Buffer.alloc(24);
  box.writeUInt32BE(24, 0);
  box.write('ftypheic', 4, 'latin1');
  box.write('mif1heic', 16, 'latin1');
  return Buffer.concat([box, Buffer.alloc(200, 5)]);
}

describe('HEIC parcel photos', () => {
  let t: TestApp;
  let picker: Caller;
  let warehouseId: number;
  beforeAll(async () => {
    t = await createTestApp();
    const admin = await signIn(t.app, 'admin', '123qwe', 1);
    const p = await createUser(t.app, admin, { roleNames: ['Warehouse'] });
    picker = await signIn(t.app, p.userName, p.password, 1);
    warehouseId = (await call(t.app, 'GET', svc('WarehouseInfo', 'GetWarehouseInfoList'), admin)).body.result.items[0].id;
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
