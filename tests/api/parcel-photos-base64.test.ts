// Parcel photos sent inline as base64 (DOMAIN §4.3, spec 001 §7): Logistics/UploadLogisticsImg and
// BackOrder/UploadIntoPicBase64Img store the image like File/UploadFile (type by content, 10 MB) and
// link it to the parcel; a bad body is a 400 naming base64.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, createTestApp, rowsOf, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { parcelScene, type ParcelScene } from '../factories/parcels.ts';
import { heic, png } from '../helpers/upload.ts';
import { HEIC_PHOTO_MESSAGE } from '#server/modules/files/repository.ts';

describe('base64 parcel photos', () => {
  let scene: ParcelScene;
  let t: TestApp;
  let picker: Caller;
  let seller: ParcelScene['seller'];
  beforeAll(async () => {
    t = await createTestApp();
    ({ picker, seller } = scene = await parcelScene(t));
  });
  afterAll(async () => t?.close());

  const declaredParcel = () => scene.declaredParcel();
  const image = (guid: string, who: Caller) =>
    t.app.inject({ method: 'GET', url: `/api/File/GetLogisticsImage?guid=${guid}`, headers: { authorization: `Bearer ${who.token}`, 'abp.tenantid': '1' } });

  it('stores a base64 photo as the parcel photo (or the goods photo) and answers the seller\'s request', async () => {
    const { id } = await declaredParcel();
    await call(t.app, 'POST', `${svc('Logistics', 'IsNeedTakePicture')}?id=${id}&isNeed=true`, seller);
    const res = await call(t.app, 'POST', svc('Logistics', 'UploadLogisticsImg'), picker, { id, base64: png().toString('base64') });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ id, isNeedTakePicture: false, goodsImageGuid: null });
    const guid = res.body.result.imageGuid as string;
    expect(guid).toMatch(/^[0-9a-f-]{36}$/);
    // The same bytes come back, to the parcel's seller too.
    const img = await image(guid, seller);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(png())).toBe(true);

    const goods = await call(t.app, 'POST', svc('Logistics', 'UploadLogisticsImg'), picker, { id, base64: `data:image/png;base64,${png().toString('base64')}`, goods: true });
    expect(goods.body.result.imageGuid).toBe(guid);
    expect(goods.body.result.goodsImageGuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(goods.body.result.goodsImageGuid).not.toBe(guid);
    const trail = rowsOf<{ action: string }>(await t.database.root.execute(sql`select action from order_operates where entity = 'parcel' and entity_id = ${id} order by id`));
    expect(trail.map((r) => r.action)).toEqual(['photo', 'photo']);
  });

  it('takes the sign-in photo by tracking number or parcel id (BackOrder/UploadIntoPicBase64Img)', async () => {
    const { id, shipment } = await declaredParcel();
    const byNumber = await call(t.app, 'POST', svc('BackOrder', 'UploadIntoPicBase64Img'), picker, { shipment, base64: png().toString('base64') });
    expect(byNumber.status).toBe(200);
    expect(byNumber.body.result).toMatchObject({ id, shipment });
    expect((await image(byNumber.body.result.imageGuid, picker)).statusCode).toBe(200);
    const byId = await call(t.app, 'POST', svc('BackOrder', 'UploadIntoPicBase64Img'), picker, { id, base64: png().toString('base64') });
    expect(byId.body.result.imageGuid).not.toBe(byNumber.body.result.imageGuid);
    expect((await call(t.app, 'POST', svc('BackOrder', 'UploadIntoPicBase64Img'), picker, { shipment: 'NOSUCH00001', base64: png().toString('base64') })).status).toBe(404);
    expect((await call(t.app, 'POST', svc('Logistics', 'UploadLogisticsImg'), picker, { id: 99999999, base64: png().toString('base64') })).status).toBe(404);
    const neither = await call(t.app, 'POST', svc('BackOrder', 'UploadIntoPicBase64Img'), picker, { base64: png().toString('base64') });
    expect(neither.status).toBe(400);
    expect(neither.body.error!.validationErrors![0]!.members).toEqual(['shipment']);
  });

  it('answers 400 naming base64 for bad base64, a non-image, and an image over 10 MB; nothing is stored', async () => {
    const { id, shipment } = await declaredParcel();
    const files = async () => rowsOf<{ n: number }>(await t.database.root.execute(sql`select count(*)::int as n from files`))[0]!.n;
    const before = await files();
    const cases: [string, string][] = [
      ['not base64 at all!', '不是有效的 base64 图片数据。'],
      [Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n').toString('base64'), '只支持 JPG/PNG/WEBP/HEIC 图片（按文件内容判断）。'],
      [Buffer.from('just some text, not an image').toString('base64'), '只支持 JPG/PNG/WEBP/HEIC 图片（按文件内容判断）。'],
      [Buffer.concat([png(), Buffer.alloc(10 * 1024 * 1024)]).toString('base64'), '图片不能超过 10 MB。'],
      // A HEIC is an image, but no browser but Safari shows it: refused like linking an uploaded one.
      [heic().toString('base64'), HEIC_PHOTO_MESSAGE],
    ];
    for (const [base64, message] of cases) {
      const res = await call(t.app, 'POST', svc('Logistics', 'UploadLogisticsImg'), picker, { id, base64 });
      expect(res.status).toBe(400);
      expect(res.body.error!.validationErrors).toEqual([{ message, members: ['base64'] }]);
    }
    const empty = await call(t.app, 'POST', svc('BackOrder', 'UploadIntoPicBase64Img'), picker, { id, base64: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.error!.validationErrors![0]!.members).toEqual(['base64']);
    expect(await files()).toBe(before);
    const parcel = await call(t.app, 'GET', svc('Logistics', 'GetLogisticsList'), picker, { shipment });
    expect(parcel.body.result.items[0].imageGuid).toBeNull();
  });

  it('is for staff with the parcel permission only', async () => {
    const { id } = await declaredParcel();
    expect((await call(t.app, 'POST', svc('Logistics', 'UploadLogisticsImg'), seller, { id, base64: png().toString('base64') })).status).toBe(403);
    expect((await call(t.app, 'POST', svc('Logistics', 'UploadLogisticsImg'), {}, { id, base64: png().toString('base64') })).status).toBe(401);
  });
});
