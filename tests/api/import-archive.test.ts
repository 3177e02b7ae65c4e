// File/ImportExpress checks the uploaded archive before anything unpacks it (issue 12 §2): declared
// sizes, entry count and compression ratio from the central directory, and sizes that lie are caught
// while inflating with the declared size as a cap. Time and memory figures: tests/bench/zip-import.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deflateRawSync } from 'node:zlib';
import { call, createTestApp, signIn, svc, type Caller, type Envelope, type TestApp } from '../helpers/test-app.ts';
import { authHeaders, deflatedZeros, multipart, zipArchive } from '../helpers/upload.ts';
import { IMPORT_UPLOAD_MESSAGES } from '#server/modules/express-import/upload.ts';

const MB = 1024 * 1024;

describe('ImportExpress: the archive is checked before it is unpacked', () => {
  let t: TestApp;
  let admin: Caller;
  let zeros200: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, 'admin', '123qwe', 1);
    zeros200 = await deflatedZeros(200 * MB);
  }, 60_000);
  afterAll(async () => t?.close());

  const post = async (bytes: Buffer) => {
    const { payload, contentType } = await multipart([{ fileName: 'bomb.xlsx', bytes }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/File/ImportExpress', headers: { ...authHeaders(admin), 'content-type': contentType }, payload });
    const body = res.json() as Envelope;
    return { status: res.statusCode, member: body.error?.validationErrors?.[0]?.members[0], message: body.error?.validationErrors?.[0]?.message };
  };
  const imports = async () => (await call(t.app, 'GET', svc('ExpressImport', 'GetExpressImportList'), admin)).body.result.totalCount as number;

  it('refuses 1.6 GB of declared content in a small file (8 entries of 200 MB) with 400, member file', async () => {
    const before = await imports();
    const bomb = zipArchive(Array.from({ length: 8 }, (_, i) => ({ name: `xl/worksheets/sheet${i + 1}.xml`, data: zeros200, size: 200 * MB })));
    expect(bomb.length).toBeLessThan(5 * MB);
    expect(await post(bomb)).toEqual({ status: 400, member: 'file', message: IMPORT_UPLOAD_MESSAGES.unpacksTooLarge });
    expect(await imports()).toBe(before);
  });

  it('catches an entry that declares 1 MB and inflates to 200 MB after at most 1 MB', async () => {
    const liar = zipArchive([{ name: 'xl/worksheets/sheet1.xml', data: zeros200, size: MB }]);
    expect(await post(liar)).toEqual({ status: 400, member: 'file', message: IMPORT_UPLOAD_MESSAGES.notXlsx });
  });

  it('refuses an entry squeezed far harder than a spreadsheet ever is, and an archive of too many entries', async () => {
    const squeezed = zipArchive([{ name: 'xl/worksheets/sheet1.xml', data: await deflatedZeros(20 * MB), size: 20 * MB }]);
    expect(await post(squeezed)).toEqual({ status: 400, member: 'file', message: IMPORT_UPLOAD_MESSAGES.ratio });

    const tiny = deflateRawSync(Buffer.from('<x/>'));
    const crowded = zipArchive(Array.from({ length: 501 }, (_, i) => ({ name: `part${i}.xml`, data: tiny, size: 4 })));
    expect(await post(crowded)).toEqual({ status: 400, member: 'file', message: IMPORT_UPLOAD_MESSAGES.tooManyEntries });
  });

  it('refuses an archive whose directory points outside the file', async () => {
    const good = zipArchive([{ name: 'a.xml', data: deflateRawSync(Buffer.from('<a/>')), size: 4 }]);
    const broken = Buffer.from(good);
    broken.writeUInt32LE(0x7fffffff, broken.length - 22 + 16); // central directory offset
    expect(await post(broken)).toEqual({ status: 400, member: 'file', message: IMPORT_UPLOAD_MESSAGES.notXlsx });
  });
});
