// File upload and the image/PDF links (issue 4 §2, DOMAIN §9, spec 001 §5 and §7).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { call, signIn, svc, type Caller, type Envelope } from '../helpers/test-app.ts';
import { createFilesTestApp, storedBytes, storedGuids, storeOf, type FilesTestApp } from '../helpers/files-app.ts';
import { authHeaders, multipart, png, type Part } from '../helpers/upload.ts';
import { createTenant, registerSeller } from '../factories/identity.ts';
import { buildOrder, createOrder, createStore } from '../factories/orders.ts';

const pdf = () => Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

/** An ISO-BMFF ftyp box with the given brands, then some payload. */
function ftyp(major: string, compatible: string[]): Buffer {
  const box = Buffer.alloc(16 + 4 * compatible.length);
  box.writeUInt32BE(box.length, 0);
  box.write('ftyp', 4, 'latin1');
  box.write(major, 8, 'latin1');
  compatible.forEach((b, i) => box.write(b, 16 + 4 * i, 'latin1'));
  return Buffer.concat([box, Buffer.from([0, 0, 0, 8, 0x6d, 0x65, 0x74, 0x61]), Buffer.alloc(100, 7)]);
}

const jpeg = () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0', 'latin1'), Buffer.alloc(200, 1), Buffer.from([0xff, 0xd9])]);
const webp = () => {
  const b = Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'), Buffer.alloc(40, 3)]);
  b.writeUInt32LE(b.length - 8, 4);
  return b;
};

// --- requests ----------------------------------------------------------------------------------

type Uploaded = { guid: string; fileName: string; contentType: string; size: number };

describe('files: upload and image/PDF links', () => {
  let t: FilesTestApp;
  let host: Caller;
  let staff: Caller;
  let seller: Awaited<ReturnType<typeof registerSeller>>;
  let other: Awaited<ReturnType<typeof registerSeller>>;
  let foreignAdmin: Caller;

  beforeAll(async () => {
    t = await createFilesTestApp();
    host = await signIn(t.app, 'admin', '123qwe', null);
    staff = await signIn(t.app, 'admin', '123qwe', 1);
    seller = await registerSeller(t.app, 1);
    other = await registerSeller(t.app, 1);
    const tenant2 = (await createTenant(t.app, host)).id;
    foreignAdmin = await signIn(t.app, 'admin', '123qwe', tenant2);
  }, 60_000);
  afterAll(async () => t?.close());

  async function upload(who: Caller, parts: Part[]): Promise<{ status: number; body: Envelope<Uploaded> }> {
    const { payload, contentType } = await multipart(parts);
    const res = await t.app.inject({ method: 'POST', url: '/api/File/UploadFile', headers: { ...authHeaders(who), 'content-type': contentType }, payload });
    return { status: res.statusCode, body: res.json() as Envelope<Uploaded> };
  }
  async function uploadOk(who: Caller, part: Part): Promise<Uploaded> {
    const res = await upload(who, [part]);
    expect(res.status, JSON.stringify(res.body.error)).toBe(200);
    return res.body.result;
  }
  const get = (url: string, headers: Record<string, string>): Promise<LightMyRequestResponse> => t.app.inject({ method: 'GET', url, headers });
  const image = (guid: string, who: Caller, action = 'GetLogisticsImage') => get(`/api/File/${action}?guid=${encodeURIComponent(guid)}`, authHeaders(who));
  const refusal = (res: { status: number; body: Envelope }) => ({ status: res.status, members: res.body.error?.validationErrors?.map((v) => v.members.join()), message: res.body.error?.validationErrors?.[0]?.message });
  const storedNames = () => storedGuids(t);

  it('stores a real PNG and serves exactly the same bytes back to its uploader', async () => {
    const bytes = png();
    const res = await upload(seller, [{ fileName: '商品照片.png', type: 'image/png', bytes }]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, error: null, __abp: true, result: { fileName: '商品照片.png', contentType: 'image/png', size: bytes.length } });
    const { guid } = res.body.result;
    expect(guid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(await storedBytes(storeOf(t), `1/${guid}`)).toEqual(bytes);

    const back = await image(guid, seller);
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-type']).toBe('image/png');
    expect(back.headers['cache-control']).toBe('private, max-age=86400');
    expect(back.headers['content-length']).toBe(String(bytes.length));
    expect(back.rawPayload.equals(bytes)).toBe(true);
    // The same image under the other two link names, and a revalidation answered 304.
    expect((await image(guid, seller, 'GetUserUploadImage')).rawPayload.equals(bytes)).toBe(true);
    expect((await image(guid, seller, 'getpackedimage')).statusCode).toBe(200);
    expect((await get(`/api/File/GetLogisticsImage?guid=${guid}`, { ...authHeaders(seller), 'if-none-match': back.headers.etag as string })).statusCode).toBe(304);
  });

  it('accepts a PDF (served inline as application/pdf), a HEIC, a JPEG and a WEBP, typed by content', async () => {
    const bytes = pdf();
    // Declared as octet-stream and named .bin: the content decides.
    const doc = await uploadOk(seller, { fileName: '发货单.bin', bytes });
    expect(doc).toMatchObject({ fileName: '发货单.bin', contentType: 'application/pdf', size: bytes.length });
    const res = await get(`/api/File/GetPdf?guid=${doc.guid}&id=0&orderNumber=x`, authHeaders(seller));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^inline; .*filename\*=UTF-8''%E5%8F%91%E8%B4%A7%E5%8D%95\.bin$/);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    // A PDF is not an image link, an image is not a PDF link.
    expect((await image(doc.guid, seller)).statusCode).toBe(404);

    const heic = await uploadOk(seller, { fileName: 'IMG_0001.HEIC', type: 'image/heic', bytes: ftyp('heic', ['mif1', 'heic']) });
    expect(heic.contentType).toBe('image/heic');
    expect((await get(`/api/File/GetPdf?guid=${heic.guid}`, authHeaders(seller))).statusCode).toBe(404);
    expect((await uploadOk(seller, { fileName: 'x.heif', bytes: ftyp('mif1', ['mif1', 'miaf']) })).contentType).toBe('image/heif');
    expect((await uploadOk(seller, { fileName: 'a.jpg', bytes: jpeg() })).contentType).toBe('image/jpeg');
    expect((await uploadOk(seller, { fileName: 'a.webp', bytes: webp() })).contentType).toBe('image/webp');
  });

  it('refuses what is not an accepted image or PDF, whatever its name or declared type', async () => {
    const before = await storedNames();
    const unsupported = { status: 400, members: ['file'], message: '只支持 JPG/PNG/WEBP/HEIC 图片或 PDF 文件。' };
    expect(refusal(await upload(seller, [{ fileName: 'photo.png', type: 'image/png', bytes: 'this is only text, not a picture' }]))).toEqual(unsupported);
    expect(refusal(await upload(seller, [{ fileName: 'a.heic', type: 'image/heic', bytes: ftyp('isom', ['isom', 'mp41']) }]))).toEqual(unsupported); // an MP4
    expect(refusal(await upload(seller, [{ fileName: 'a.heic', bytes: ftyp('mif1', ['mif1', 'avif']) }]))).toEqual(unsupported); // an AVIF
    expect(refusal(await upload(seller, [{ fileName: 'a.svg', type: 'image/svg+xml', bytes: '<svg xmlns="http://www.w3.org/2000/svg"/>' }]))).toEqual(unsupported);
    expect(refusal(await upload(seller, [{ fileName: 'empty.png', type: 'image/png', bytes: Buffer.alloc(0) }]))).toEqual({ status: 400, members: ['file'], message: '文件是空的。' });
    // Nothing was kept, not even a temp file.
    expect(await storedNames()).toEqual(before);
  });

  it('limits images to 10 MB and PDFs to 20 MB, by the detected type', async () => {
    const before = await storedNames();
    const header = png().subarray(0, 33);
    const tooBig = Buffer.concat([header, Buffer.alloc(10 * 1024 * 1024 + 1 - header.length)]);
    expect(refusal(await upload(seller, [{ fileName: 'big.png', type: 'image/png', bytes: tooBig }]))).toEqual({ status: 400, members: ['file'], message: '图片不能超过 10 MB。' });
    expect(await storedNames()).toEqual(before);
    // Exactly 10 MB is fine; a PDF may be larger.
    expect((await uploadOk(seller, { fileName: 'max.png', bytes: tooBig.subarray(0, 10 * 1024 * 1024) })).size).toBe(10 * 1024 * 1024);
    const bigPdf = Buffer.concat([pdf(), Buffer.alloc(12 * 1024 * 1024)]);
    expect((await uploadOk(seller, { fileName: 'big.pdf', bytes: bigPdf })).size).toBe(bigPdf.length);
    const hugePdf = Buffer.concat([pdf(), Buffer.alloc(20 * 1024 * 1024)]);
    expect(refusal(await upload(seller, [{ fileName: 'huge.pdf', bytes: hugePdf }]))).toEqual({ status: 400, members: ['file'], message: 'PDF 文件不能超过 20 MB。' });
  }, 60_000);

  it('answers 400 (member file) when there is no file, 401 to anonymous callers, 403 to the host', async () => {
    const missing = { status: 400, members: ['file'], message: '请选择要上传的文件（表单字段 file）。' };
    expect(refusal(await upload(seller, [{ name: 'note', bytes: 'hello' }]))).toEqual(missing);
    expect(refusal(await upload(seller, [{ name: 'image', fileName: 'a.png', bytes: png() }]))).toEqual(missing);
    expect(refusal(await call(t.app, 'POST', '/api/File/UploadFile', seller, { file: 'x' }))).toEqual(missing);

    const anonymous = await upload({ tenantId: 1 }, [{ fileName: 'a.png', bytes: png() }]);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.unAuthorizedRequest).toBe(true);
    expect((await upload(host, [{ fileName: 'a.png', bytes: png() }])).status).toBe(403);
  });

  it('lets staff of the tenant read any file, sellers only their own, and tells nobody else it exists', async () => {
    const bytes = png();
    const mine = await uploadOk(seller, { fileName: 'mine.png', bytes });
    expect((await image(mine.guid, staff)).rawPayload.equals(bytes)).toBe(true);
    expect((await image(mine.guid, other)).statusCode).toBe(404);
    expect((await image(mine.guid.toUpperCase(), other)).statusCode).toBe(404);

    // Another tenant: 404, and a token of one tenant with the other's Abp.TenantId: 401.
    const foreign = await image(mine.guid, foreignAdmin);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ success: false, error: { message: '没有找到对应的实体' }, __abp: true });
    expect((await image(mine.guid, { ...foreignAdmin, tenantId: 1 })).statusCode).toBe(401);
    expect((await image(mine.guid, host)).statusCode).toBe(404);

    // Guids too short to be links, not guids at all, or unknown.
    for (const guid of ['x', '', '1', 'not-a-guid', '00000000-0000-4000-8000-000000000000']) {
      expect((await image(guid, staff)).statusCode, guid).toBe(404);
    }
    expect((await get('/api/File/GetLogisticsImage', authHeaders(staff))).statusCode).toBe(404);

    // Anonymous: 401 in the envelope; a bad token too.
    const anonymous = await image(mine.guid, { tenantId: 1 });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ success: false, unAuthorizedRequest: true });
    expect((await image(mine.guid, { token: 'nonsense', tenantId: 1 })).statusCode).toBe(401);
  });

  it('lets a seller read files attached to their own parcels and orders', async () => {
    const photo = await uploadOk(staff, { fileName: 'parcel.png', bytes: png() });
    const label = await uploadOk(staff, { fileName: 'label.pdf', bytes: pdf() });
    expect((await image(photo.guid, seller)).statusCode).toBe(404);

    const w = await call(t.app, 'GET', svc('WarehouseInfo', 'GetWarehouseInfoList'), staff);
    const store = await createStore(t.app, staff, seller.userId);
    const input = buildOrder(store.id, w.body.result.items[0].id);
    const order = await createOrder(t.app, seller, input);
    const shipment = input.orderProductInfosList[0]!.shipment;
    // The photo and PDF services of later issues set these columns; here they are set directly.
    await t.database.root.execute(sql`update parcels set goods_image_guid = ${photo.guid.toUpperCase()} where shipment = ${shipment}`);
    await t.database.root.execute(sql`update orders set pdf_guid = ${label.guid} where id = ${order.id}`);

    expect((await image(photo.guid, seller)).statusCode).toBe(200);
    expect((await image(photo.guid, seller, 'GetPackedImage')).statusCode).toBe(200);
    expect((await get(`/api/File/GetPdf?guid=${label.guid}`, authHeaders(seller))).statusCode).toBe(200);
    // Still nobody else's.
    expect((await image(photo.guid, other)).statusCode).toBe(404);
    expect((await get(`/api/File/GetPdf?guid=${label.guid}`, authHeaders(other))).statusCode).toBe(404);
  });

  it('over real HTTP, answers a refused upload before its end and keeps the connection usable', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const post = async (bytes: Buffer, name: string) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)]), name);
      const res = await fetch(`${base}/api/File/UploadFile`, { method: 'POST', body: form, headers: authHeaders(seller) });
      return { status: res.status, body: (await res.json()) as Envelope<Uploaded> };
    };
    const big = Buffer.concat([png().subarray(0, 33), Buffer.alloc(15 * 1024 * 1024)]);
    expect(refusal(await post(big, 'big.png'))).toMatchObject({ status: 400, message: '图片不能超过 10 MB。' });
    expect(refusal(await post(Buffer.alloc(3 * 1024 * 1024, 65), 'text.png'))).toMatchObject({ status: 400, message: '只支持 JPG/PNG/WEBP/HEIC 图片或 PDF 文件。' });
    expect((await post(png(), 'after.png')).status).toBe(200);
  }, 30_000);

  it('accepts the enc_auth_token cookie with the Abp.TenantId cookie for links (not for uploads)', async () => {
    const bytes = png();
    const mine = await uploadOk(seller, { fileName: 'cookie.png', bytes });
    const auth = await call(t.app, 'POST', '/api/TokenAuth/Authenticate', { tenantId: 1 }, { userNameOrEmailAddress: seller.userName, password: 'secret123' });
    const enc = encodeURIComponent(auth.body.result.encryptedAccessToken as string);
    const res = await get(`/api/File/GetLogisticsImage?Guid=${mine.guid}`, { cookie: `enc_auth_token=${enc}; Abp.TenantId=1` });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect((await get(`/api/File/GetLogisticsImage?guid=${mine.guid}`, { cookie: `enc_auth_token=${enc}` })).statusCode).toBe(401); // tenant missing
    expect((await get(`/api/File/GetLogisticsImage?guid=${mine.guid}`, { cookie: 'enc_auth_token=garbage; Abp.TenantId=1' })).statusCode).toBe(401);

    const { payload, contentType } = await multipart([{ fileName: 'a.png', bytes }]);
    const up = await t.app.inject({ method: 'POST', url: '/api/File/UploadFile', headers: { cookie: `enc_auth_token=${enc}; Abp.TenantId=1`, 'content-type': contentType }, payload });
    expect(up.statusCode).toBe(401);
  });
});
