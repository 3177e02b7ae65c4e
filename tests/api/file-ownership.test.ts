// Uploaded files belong to who uploaded them (issue 12 §6): only they (or staff of the tenant) may
// attach one to a parcel or an order, a seller never reads another seller's upload, one user's
// uploads in 24 hours are capped, and uploads nothing points at are removed after a day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, createTestApp, rowsOf, signIn, svc, type Caller, type Envelope, type TestApp } from '../helpers/test-app.ts';
import { authHeaders, multipart, png, uploadFile } from '../helpers/upload.ts';
import { storedGuids, storeOf } from '../helpers/files-app.ts';
import { registerSeller } from '../factories/identity.ts';
import { buildOrder, createOrder, createStore } from '../factories/orders.ts';
import { removeUnreferencedFiles } from '#server/modules/files/attach.ts';

const pdf = () => Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
const DAY = 24 * 3600 * 1000;

describe('file ownership, quota and cleanup', () => {
  let t: TestApp;
  let staff: Caller;
  let a: Awaited<ReturnType<typeof registerSeller>>;
  let b: Awaited<ReturnType<typeof registerSeller>>;
  let warehouseId: number;

  beforeAll(async () => {
    // 1 MB a day per user, so the quota is reached with small files.
    t = await createTestApp({ UPLOAD_DAILY_MB: '1' });
    staff = await signIn(t.app, 'admin', '123qwe', 1);
    a = await registerSeller(t.app, 1);
    b = await registerSeller(t.app, 1);
    warehouseId = (await call(t.app, 'GET', svc('WarehouseInfo', 'GetWarehouseInfoList'), staff)).body.result.items[0].id;
  }, 60_000);
  afterAll(async () => t?.close());

  const orderOf = async (seller: typeof a, overrides: Record<string, unknown> = {}) => {
    const store = await createStore(t.app, staff, seller.userId);
    return { store, input: buildOrder(store.id, warehouseId, overrides) };
  };
  const getPdf = (guid: string, who: Caller) => t.app.inject({ method: 'GET', url: `/api/File/GetPdf?guid=${guid}`, headers: authHeaders(who) });
  const refusedMember = (res: { status: number; body: Envelope }) => ({ status: res.status, member: res.body.error?.validationErrors?.[0]?.members[0] });

  it('seller A cannot put seller B\'s PDF on an order, and cannot read it even when its guid is on their order', async () => {
    const theirs = await uploadFile(t.app, b, pdf(), 'b-label.pdf');
    const mine = await uploadFile(t.app, a, pdf(), 'a-label.pdf');
    expect((await getPdf(theirs, a)).statusCode).toBe(404);

    const { input } = await orderOf(a);
    const stolen = await call(t.app, 'POST', svc('FrontOrder', 'CreateOrder'), a, { ...input, shippingMethods: 1, pdfGuid: theirs });
    expect(refusedMember(stolen)).toEqual({ status: 400, member: 'pdfGuid' });

    // Their own PDF attaches; changing it to B's is refused too; keeping it as it is passes.
    const order = await createOrder(t.app, a, { ...input, shippingMethods: 1, pdfGuid: mine });
    const update = { ...input, id: order.id, shippingMethods: 1 };
    expect(refusedMember(await call(t.app, 'POST', svc('FrontOrder', 'UpdateOrder'), a, { ...update, pdfGuid: theirs }))).toEqual({ status: 400, member: 'pdfGuid' });
    expect((await call(t.app, 'POST', svc('FrontOrder', 'UpdateOrder'), a, { ...update, pdfGuid: mine })).status).toBe(200);

    // A guid put there by other means (data from before this rule) still does not open B's file to A.
    await t.database.root.execute(sql`update orders set pdf_guid = ${theirs} where id = ${order.id}`);
    expect((await getPdf(theirs, a)).statusCode).toBe(404);
    expect((await getPdf(theirs, b)).statusCode).toBe(200);
    expect((await getPdf(theirs, staff)).statusCode).toBe(200);
  });

  it('a seller attaches only their own photo to their parcel; an image is no PDF and a PDF no photo', async () => {
    const { input } = await orderOf(a);
    await createOrder(t.app, a, input);
    const shipment = input.orderProductInfosList[0]!.shipment;
    const parcel = (await call(t.app, 'GET', svc('UserExpressInfo', 'GetUserExpressInfoList'), a, { shipment })).body.result.items[0] as { id: number };

    const theirs = await uploadFile(t.app, b, png());
    const edit = (guid: string) => call(t.app, 'POST', svc('UserExpressInfo', 'Edit'), a, { id: parcel.id, userUploadImageGuid: guid });
    expect(refusedMember(await edit(theirs))).toEqual({ status: 400, member: 'userUploadImageGuid' });
    expect(refusedMember(await edit(await uploadFile(t.app, a, pdf(), 'x.pdf')))).toEqual({ status: 400, member: 'userUploadImageGuid' });
    const mine = await uploadFile(t.app, a, png());
    expect((await edit(mine)).body.result.userUploadImageGuid).toBe(mine);
  });

  it('caps what one user uploads in 24 hours (409 with a sentence); others are not affected', async () => {
    const seller = await registerSeller(t.app, 1);
    const half = Buffer.concat([png().subarray(0, 33), Buffer.alloc(400 * 1024)]);
    await uploadFile(t.app, seller, half, 'one.png');
    await uploadFile(t.app, seller, half, 'two.png');
    const { payload, contentType } = await multipart([{ fileName: 'three.png', bytes: half }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/File/UploadFile', headers: { ...authHeaders(seller), 'content-type': contentType }, payload });
    expect(res.statusCode).toBe(409);
    expect((res.json() as Envelope).error?.message).toContain('24 小时内上传的文件已达上限（1 MB）');
    const stored = rowsOf<{ n: number }>(await t.database.root.execute(sql`select count(*)::int as n from files where owner_user_id = ${seller.userId}`));
    expect(stored[0]!.n).toBe(2);
    expect((await uploadFile(t.app, b, png())).length).toBe(36);
  });

  it('removes uploads nothing points at once they are a day old, bytes included; twice changes nothing', async () => {
    const storage = storeOf(t);
    const loose = await uploadFile(t.app, a, png());
    const attached = await uploadFile(t.app, a, png());
    const { input } = await orderOf(a);
    await createOrder(t.app, a, input);
    const shipment = input.orderProductInfosList[0]!.shipment;
    const parcel = (await call(t.app, 'GET', svc('UserExpressInfo', 'GetUserExpressInfoList'), a, { shipment })).body.result.items[0] as { id: number };
    expect((await call(t.app, 'POST', svc('UserExpressInfo', 'Edit'), a, { id: parcel.id, userUploadImageGuid: attached.toUpperCase() })).status).toBe(200);
    const stored = () => storedGuids(t);

    // Not a day old yet: nothing goes.
    const before = (await stored()).length;
    await removeUnreferencedFiles(t.database, storage, new Date());
    expect((await stored()).length).toBe(before);

    // A day later: every loose upload of the earlier tests goes too; two runs at once share the work.
    const later = new Date(Date.now() + DAY + 60_000);
    const [x, y] = await Promise.all([removeUnreferencedFiles(t.database, storage, later), removeUnreferencedFiles(t.database, storage, later)]);
    expect(x + y).toBeGreaterThan(0);
    const left = await stored();
    expect(left).not.toContain(loose);
    expect(left).toContain(attached);
    const guids = rowsOf<{ guid: string }>(await t.database.root.execute(sql`select guid::text from files`)).map((r) => r.guid);
    expect(guids).toContain(attached);
    expect(guids).not.toContain(loose);
    expect(left.sort()).toEqual(guids.sort());
    expect((await t.app.inject({ method: 'GET', url: `/api/File/GetUserUploadImage?guid=${attached}`, headers: authHeaders(a) })).statusCode).toBe(200);
    expect(await removeUnreferencedFiles(t.database, storage, later)).toBe(0);
  });
});
