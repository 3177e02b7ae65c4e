// Files every server reads (issue 46 §1): the store behind FileStorage is PostgreSQL's own with
// DATABASE_URL (file_blobs, file_chunks in 256 KB pieces) and the disk on the embedded database. The
// contract holds on either; two servers with their own DATA_DIRs on one PostgreSQL database serve
// each other's uploads byte for byte, and the sweep and the daily quota see every server's files. A
// site whose files were on disk keeps serving them, and every server does once they are copied in.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, createSecondServer, createTestApp, rowsOf, signIn, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { parcelScene, type ParcelScene } from '../factories/parcels.ts';
import { registerSeller } from '../factories/identity.ts';
import { authHeaders, multipart, png, uploadFile } from '../helpers/upload.ts';
import { storedBytes, storeOf } from '../helpers/files-app.ts';
import { removeUnreferencedFiles } from '#server/modules/files/attach.ts';
import { createBlob, insertChunk } from '#server/modules/files/blob-repository.ts';
import {
  CHUNK_BYTES, copyMissingFiles, createPostgresStorage, diskStorageOf, fileKey, fileStoreKind, type FileStorage,
} from '#server/modules/files/storage.ts';
import { sqlStateOf } from '#server/lib/errors.ts';

const DAY = 24 * 3600 * 1000;
const MB = 1024 * 1024;

/** A PNG of `size` bytes: a real PNG's head (the server types a file by its content), then noise. */
const bigPng = (size: number) => Buffer.concat([png(), randomBytes(size - png().length)]);

/** The bytes as an upload arrives: in pieces of an odd size. */
const trickle = (bytes: Buffer, piece = 70_001) => Readable.from((function* pieces() {
  for (let at = 0; at < bytes.length; at += piece) yield bytes.subarray(at, at + piece);
})());

const link = (app: TestApp['app'], action: string, guid: string, who: Caller) =>
  app.inject({ method: 'GET', url: `/api/File/${action}?guid=${guid}`, headers: authHeaders(who) });

async function listAll(store: FileStorage): Promise<{ key: string; size: number }[]> {
  const listed: { key: string; size: number }[] = [];
  for await (const f of store.list()) listed.push(f);
  return listed;
}

describe('the file store of this database', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => t?.close());

  /** Everything the store holds, finished or not: its rows, or the files (temp ones too) under DATA_DIR/files. */
  const everything = async (): Promise<unknown> => (t.kind === 'postgres'
    ? rowsOf(await t.database.root.execute(sql`select (select count(*)::int from file_blobs) as blobs, (select count(*)::int from file_chunks) as chunks`))
    : (await readdir(path.join(t.dataDir, 'files'), { recursive: true }).catch(() => [])).sort());

  it('is PostgreSQL\'s own with DATABASE_URL and the disk on the embedded database', () => {
    expect(fileStoreKind(t.config, t.database)).toBe(t.kind === 'postgres' ? 'postgres' : 'disk');
  });

  it('streams a file of several pieces in and out, lists it, replaces it and removes it', async () => {
    const store = storeOf(t);
    const key = fileKey(1, randomUUID());
    const bytes = randomBytes(2 * CHUNK_BYTES + 12_345);
    expect(await store.put(key, trickle(bytes))).toEqual({ size: bytes.length });
    expect((await storedBytes(store, key))!.equals(bytes)).toBe(true);
    if (t.kind === 'postgres') {
      const chunks = rowsOf<{ seq: number; n: number }>(await t.database.root.execute(sql`
        select c.seq, length(c.data)::int as n from file_chunks c join file_blobs b on b.id = c.blob_id where b.key = ${key} order by c.seq`));
      expect(chunks).toEqual([{ seq: 0, n: CHUNK_BYTES }, { seq: 1, n: CHUNK_BYTES }, { seq: 2, n: 12_345 }]);
    }
    expect(await listAll(store)).toContainEqual({ key, size: bytes.length });

    const smaller = randomBytes(10);
    expect(await store.put(key, smaller)).toEqual({ size: 10 });
    expect((await storedBytes(store, key))!.equals(smaller)).toBe(true);
    expect((await listAll(store)).filter((f) => f.key === key)).toEqual([{ key, size: 10 }]);
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    await store.delete(key); // already gone: not an error
    expect((await listAll(store)).map((f) => f.key)).not.toContain(key);
  });

  it('keeps nothing of a write whose body fails, and removes what a write that never finished left a day ago', async () => {
    const store = storeOf(t);
    const before = await everything();
    const failing = Readable.from((async function* body() {
      yield randomBytes(CHUNK_BYTES + 1);
      throw new Error('the client went away');
    })());
    await expect(store.put(fileKey(1, randomUUID()), failing)).rejects.toThrow('the client went away');
    expect(await everything()).toEqual(before);

    // A server stopped mid-upload two days ago, another one a minute ago.
    const abandon = async (at: Date) => {
      if (t.kind === 'postgres') {
        const id = randomUUID();
        await createBlob(t.database.root, id);
        await insertChunk(t.database.root, id, 0, randomBytes(100));
        await t.database.root.execute(sql`update file_blobs set creation_time = ${at.toISOString()} where id = ${id}`);
      } else {
        const dir = path.join(t.dataDir, 'files', '1');
        await mkdir(dir, { recursive: true });
        const temp = path.join(dir, `.${randomUUID()}.${randomUUID()}.tmp`);
        await writeFile(temp, randomBytes(100));
        await utimes(temp, at, at);
      }
    };
    await abandon(new Date(Date.now() - 2 * DAY));
    const recent = new Date(Date.now() - 60_000);
    await abandon(recent);
    expect(await store.removeAbandoned(new Date(Date.now() - DAY))).toBe(1);
    expect(await everything()).not.toEqual(before);
    expect(await store.removeAbandoned(new Date())).toBe(1);
    expect(await everything()).toEqual(before);
  });

  it('gives the application role no access to the bytes: requests reach them only through the store', async () => {
    for (const statement of [sql`select count(*) from file_blobs`, sql`select count(*) from file_chunks`, sql`delete from file_blobs`]) {
      const refused = await t.database.withTenant(1, (tx) => tx.execute(statement)).then(() => null, (err: unknown) => err);
      expect(sqlStateOf(refused)).toBe('42501'); // insufficient_privilege
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('two servers on one PostgreSQL database, each with its own DATA_DIR', () => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof createSecondServer>>;
  let bDataDir: string;
  let scene: ParcelScene;
  beforeAll(async () => {
    // Server A allows 1 MB a day per user, server B the default: A's refusal counts what B stored.
    a = await createTestApp({ UPLOAD_DAILY_MB: '1' });
    bDataDir = await mkdtemp(path.join(os.tmpdir(), 'hc-test-b-'));
    b = await createSecondServer(a, 5, bDataDir);
    scene = await parcelScene(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    if (bDataDir) await rm(bDataDir, { recursive: true, force: true });
  });

  it('serves byte for byte through either server what was stored through the other', async () => {
    const small = png();
    const fromA = await uploadFile(a.app, scene.seller, small);
    const viaB = await link(b.app, 'GetUserUploadImage', fromA, scene.seller);
    expect(viaB.statusCode).toBe(200);
    expect(viaB.headers['content-type']).toBe('image/png');
    expect(viaB.rawPayload.equals(small)).toBe(true);

    // A photo of 3 MB (twelve pieces) uploaded through B by staff, read through A.
    const large = bigPng(3 * MB);
    const fromB = await uploadFile(b.app, scene.picker, large);
    const viaA = await link(a.app, 'GetUserUploadImage', fromB, scene.picker);
    expect(viaA.statusCode).toBe(200);
    expect(viaA.rawPayload.equals(large)).toBe(true);

    // A parcel photo sent as base64 to B (stored inside the request's transaction), seen through A.
    const { id } = await scene.declaredParcel();
    const photo = await call(b.app, 'POST', svc('Logistics', 'UploadLogisticsImg'), scene.picker, { id, base64: small.toString('base64') });
    expect(photo.status).toBe(200);
    expect((await link(a.app, 'GetLogisticsImage', photo.body.result.imageGuid as string, scene.seller)).rawPayload.equals(small)).toBe(true);

    // Neither server put a byte in its DATA_DIR.
    for (const dir of [a.dataDir, bDataDir]) expect(await readdir(path.join(dir, 'files')).catch(() => 'none')).toBe('none');
  });

  it('counts a user\'s uploads through every server against the daily quota', async () => {
    const seller = await registerSeller(a.app, 1);
    await uploadFile(b.app, seller, bigPng(Math.round(0.6 * MB)));
    const { payload, contentType } = await multipart([{ fileName: 'more.png', bytes: bigPng(Math.round(0.6 * MB)) }]);
    const refused = await a.app.inject({ method: 'POST', url: '/api/File/UploadFile', headers: { ...authHeaders(seller), 'content-type': contentType }, payload });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('24 小时内上传的文件已达上限（1 MB）');
  });

  it('removes through one server the loose uploads made through the other, bytes included', async () => {
    const loose = await uploadFile(a.app, scene.seller, png());
    const attached = await uploadFile(a.app, scene.seller, png());
    const { id } = await scene.declaredParcel();
    expect((await call(a.app, 'POST', svc('UserExpressInfo', 'Edit'), scene.seller, { id, userUploadImageGuid: attached })).status).toBe(200);

    const storeOfB = storeOf({ config: { ...a.config, dataDir: bDataDir }, database: b.database });
    expect(await removeUnreferencedFiles(b.database, storeOfB, new Date(Date.now() + DAY + 60_000))).toBeGreaterThan(0);
    expect((await link(a.app, 'GetUserUploadImage', loose, scene.seller)).statusCode).toBe(404);
    expect(await storedBytes(storeOf(a), fileKey(1, loose))).toBeNull();
    expect((await link(b.app, 'GetUserUploadImage', attached, scene.seller)).statusCode).toBe(200);
    // Only the attached files' bytes are left (every upload of the tests above was loose).
    const keys = (await listAll(storeOfB)).map((f) => f.key);
    const guids = rowsOf<{ guid: string }>(await a.database.root.execute(sql`select guid::text from files`)).map((r) => fileKey(1, r.guid));
    expect(keys.sort()).toEqual(guids.sort());
    expect(keys).toContain(fileKey(1, attached));
  });
});

describe.skipIf(!process.env.DATABASE_URL)('a PostgreSQL site whose files were kept on disk', () => {
  it('still serves them, and through every server once they are copied into the database', async () => {
    const old = await createTestApp({ FILE_STORE: 'disk' });
    const otherDir = await mkdtemp(path.join(os.tmpdir(), 'hc-test-b-'));
    const servers: Awaited<ReturnType<typeof createSecondServer>>[] = [];
    try {
      const admin = await signIn(old.app, 'admin', '123qwe', 1);
      const bytes = png();
      const guid = await uploadFile(old.app, admin, bytes);
      expect(await readdir(path.join(old.dataDir, 'files', '1'))).toEqual([guid]);

      // After the upgrade (the database's store, the default): the same DATA_DIR reads it from disk,
      // a server with another DATA_DIR cannot yet.
      const same = await createSecondServer(old, 5, old.dataDir);
      const other = await createSecondServer(old, 5, otherDir);
      servers.push(same, other);
      expect((await link(same.app, 'GetUserUploadImage', guid, admin)).rawPayload.equals(bytes)).toBe(true);
      expect((await link(other.app, 'GetUserUploadImage', guid, admin)).statusCode).toBe(404);

      // What main.ts does at start: copied in once; a second run finds nothing left to copy.
      expect(await copyMissingFiles(diskStorageOf(old.dataDir), createPostgresStorage(old.database.root))).toBe(1);
      expect(await copyMissingFiles(diskStorageOf(old.dataDir), createPostgresStorage(old.database.root))).toBe(0);
      const served = await link(other.app, 'GetUserUploadImage', guid, admin);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(bytes)).toBe(true);
    } finally {
      for (const s of servers) await s.close();
      await old.close();
      await rm(otherDir, { recursive: true, force: true });
    }
  });
});
