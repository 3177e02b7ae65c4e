// Backups and the move to PostgreSQL (issue 46 §2–3, decision 0060), through the commands themselves
// (child processes, as an operator runs them): a site with a seller, a balance, an order, a parcel and
// its photo is backed up while its server runs and while it is stopped, restored into a new DATA_DIR
// (or an empty PostgreSQL database), and moved from the embedded database to PostgreSQL; each time the
// copy holds the same rows (every table's rows compared as text), balances and file bytes.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase, type Database } from '#server/db/client.ts';
import { tableCounts, unbalancedAccounts } from '#server/db/site-copy.ts';
import { defaultFileStorage } from '#server/modules/files/storage.ts';
import { seedDatabase } from '#server/seed.ts';
import { call, createTestApp, rowsOf, svc, TEST_ENV, TEST_TOKEN_SECRET, type TestApp } from '../helpers/test-app.ts';
import { parcelScene } from '../factories/parcels.ts';
import { png, uploadFile } from '../helpers/upload.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PG = process.env.DATABASE_URL;
const temps: string[] = [];
const tempDir = async () => { const d = await mkdtemp(path.join(os.tmpdir(), 'hc-backup-')); temps.push(d); return d; };
afterAll(async () => { for (const d of temps) await rm(d, { recursive: true, force: true }); });

/** Runs `npm run backup|restore|db:move`'s script as a child process. */
function cli(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/backup.ts', ...args], {
      cwd: ROOT, env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', ...env }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => { out += String(d); });
    child.stderr.on('data', (d) => { out += String(d); });
    child.on('exit', (code) => resolve({ code, out }));
  });
}

/** A server's app on a database and DATA_DIR, as main.ts builds it (listening on loopback when asked). */
async function serve(database: Database, dataDir: string, listen = false): Promise<FastifyInstance> {
  const config = { ...loadConfig({ ...TEST_ENV }), dataDir, logLevel: 'silent' as const, databaseUrl: undefined };
  const app = await buildApp({ config, database, tokenSecret: TEST_TOKEN_SECRET, logger: false });
  if (listen) await app.listen({ host: '127.0.0.1', port: 0 });
  else await app.ready();
  return app;
}

/** Every table's rows as sorted to_jsonb text, hashed: two databases with the same rows answer the same. */
async function fingerprint(database: Database): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  await database.root.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local timezone = 'UTC'`));
    for (const name of Object.keys(await tableCounts(tx))) {
      const [row] = rowsOf<{ n: string | number; h: string | null }>(await tx.execute(sql.raw(
        `select count(*) as n, md5(string_agg(to_jsonb(t)::text, E'\\n' order by to_jsonb(t)::text)) as h from public."${name}" t`)));
      out[name] = `${Number(row!.n)}:${row!.h ?? ''}`;
    }
  });
  return out;
}

/** A fingerprint without the database's file store (file_blobs, file_chunks), whose rows follow where files go. */
function withoutFileStore({ file_blobs: _blobs, file_chunks: _chunks, ...rows }: Record<string, string>): Record<string, string> {
  return rows;
}

async function balances(database: Database): Promise<Record<number, number>> {
  const rows = rowsOf<{ user_id: number | string; balance_cents: number | string }>(await database.root.execute(sql.raw('select user_id, balance_cents from accounts')));
  return Object.fromEntries(rows.map((r) => [Number(r.user_id), Number(r.balance_cents)]));
}

interface Site { sellerId: number; balanceCents: number; photoGuid: string; bigFile: Buffer; bigKey: string }

/** A seller with a balance, an order with its parcel, the parcel's photo; and a 3 MB file in the disk store. */
async function buildSite(app: FastifyInstance, dataDir: string): Promise<Site> {
  const scene = await parcelScene({ app } as TestApp);
  expect((await call(app, 'POST', svc('User', 'SystemRechargeAmount'), scene.admin, { userId: scene.seller.userId, amount: 123.45 })).status).toBe(200);
  const { id } = await scene.declaredParcel();
  const photoGuid = await uploadFile(app, scene.picker, png());
  expect((await call(app, 'POST', svc('Logistics', 'SetTakePicture'), scene.picker, { id, goodsImageGuid: photoGuid })).status).toBe(200);
  // Larger than one frame of the archive (1 MB).
  const bigFile = randomBytes(3 * 1024 * 1024 + 17);
  const bigKey = `1/${'b'.repeat(8)}-0000-4000-8000-000000000000`;
  await mkdir(path.join(dataDir, 'files', '1'), { recursive: true });
  await writeFile(path.join(dataDir, 'files', ...bigKey.split('/')), bigFile);
  return { sellerId: scene.seller.userId, balanceCents: 12_345, photoGuid, bigFile, bigKey };
}

/** The restored site serves the photo, byte for byte, and holds the other file. */
async function expectFiles(database: Database, dataDir: string, site: Site): Promise<void> {
  const app = await serve(database, dataDir);
  try {
    const { body } = await call(app, 'POST', '/api/TokenAuth/Authenticate', { tenantId: 1 }, { userNameOrEmailAddress: 'admin', password: '123qwe' });
    const img = await app.inject({ method: 'GET', url: `/api/File/GetLogisticsImage?guid=${site.photoGuid}`, headers: { authorization: `Bearer ${body.result.accessToken}`, 'abp.tenantid': '1' } });
    expect(img.statusCode).toBe(200);
    expect(img.rawPayload.equals(png())).toBe(true);
  } finally {
    await app.close();
  }
  // Read through the store the site's servers use: DATA_DIR/files on the embedded database, the database's own with PostgreSQL.
  const stored = await defaultFileStorage({ config: { dataDir, fileStore: undefined }, database }).get(site.bigKey);
  expect(stored).not.toBeNull();
  expect(Buffer.concat(await stored!.toArray()).equals(site.bigFile)).toBe(true);
}

describe.skipIf(!!PG)('backup and restore of an embedded site', () => {
  let dataDir: string;
  let site: Site;
  let live: { app: FastifyInstance; database: Database } | undefined;
  let expected: Record<string, string>;
  let backupFile: string;
  beforeAll(async () => {
    dataDir = await tempDir();
    const database = await openDatabase({ dataDir });
    await database.migrate();
    await seedDatabase(database);
    // The token secret a first start generates (main.ts) travels with the site.
    await writeFile(path.join(dataDir, 'secrets.json'), JSON.stringify({ tokenSecret: TEST_TOKEN_SECRET }), { mode: 0o600 });
    live = { database, app: await serve(database, dataDir, true) };
    site = await buildSite(live.app, dataDir);
    expected = await fingerprint(database);
  }, 120_000);
  afterAll(async () => { await live?.app.close(); await live?.database.close(); });

  it('backs up through the running server, restores into a new DATA_DIR: the same rows, balances and file bytes', async () => {
    expect(existsSync(path.join(dataDir, 'backup-endpoint.json'))).toBe(true);
    const file = backupFile = path.join(await tempDir(), 'site.hcb');
    const backup = await cli(['backup', '--out', file], { DATA_DIR: dataDir });
    expect(backup.out).toMatch(/Backup written by the running server .* 3 files/);
    expect(backup.code).toBe(0);
    // The server kept serving: the backup did not take its database away.
    expect((await live!.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);

    const target = path.join(await tempDir(), 'restored');
    const restored = await cli(['restore', file], { DATA_DIR: target });
    expect(restored.out).toContain(`Restored ${file} into ${target}`);
    expect(restored.code).toBe(0);
    const database = await openDatabase({ dataDir: target });
    try {
      expect(await fingerprint(database)).toEqual(expected);
      expect((await balances(database))[site.sellerId]).toBe(site.balanceCents);
      expect(await unbalancedAccounts(database.root)).toEqual([]);
      await expectFiles(database, target, site);
    } finally {
      await database.close();
    }
    expect(JSON.parse(await readFile(path.join(target, 'secrets.json'), 'utf8'))).toEqual({ tokenSecret: TEST_TOKEN_SECRET });
  }, 180_000);

  it('refuses a non-empty target, a missing file and something that is not a backup, with a sentence and exit 1', async () => {
    const file = path.join(await tempDir(), 'not-a-backup.hcb');
    await writeFile(file, 'hello');
    const notEmpty = await cli(['restore', file], { DATA_DIR: dataDir });
    expect(notEmpty).toMatchObject({ code: 1, out: `${dataDir} is not empty: restore fills an empty (or new) DATA_DIR only.\n` });
    const target = path.join(await tempDir(), 'fresh');
    const garbage = await cli(['restore', file], { DATA_DIR: target });
    expect(garbage.code).toBe(1);
    expect(garbage.out).toContain('not a Haicang backup');
    // Nothing is left behind in the target.
    expect(existsSync(target)).toBe(false);
    expect(await cli(['restore', path.join(target, 'none.hcb')], { DATA_DIR: target })).toMatchObject({ code: 1, out: expect.stringContaining('There is no file') });
    expect(await cli(['backup'], { DATA_DIR: dataDir })).toMatchObject({ code: 1, out: expect.stringContaining('--out FILE') });
    // The server holds the directory: a move now would lose what it writes after the copy.
    expect(await cli(['move', '--to', 'postgres://nobody@127.0.0.1:1/none'], { DATA_DIR: dataDir })).toMatchObject({ code: 1, out: expect.stringContaining('Stop the server first') });
    // A backup cut short (a full disk, a copy interrupted) is refused, and the new DATA_DIR removed.
    const whole = await readFile(backupFile);
    const cut = path.join(await tempDir(), 'cut.hcb');
    await writeFile(cut, whole.subarray(0, Math.floor(whole.length * 0.6)));
    const damaged = await cli(['restore', cut], { DATA_DIR: target });
    expect(damaged.code).toBe(1);
    expect(damaged.out).toMatch(/damaged|cut short/);
    expect(existsSync(target)).toBe(false);
  }, 120_000);

  it('backs up a stopped site directly, and the server is refused the backup key it does not hold', async () => {
    const res = await fetch(JSON.parse(await readFile(path.join(dataDir, 'backup-endpoint.json'), 'utf8')).url as string, { headers: { authorization: 'Bearer nope' } });
    expect(res.status).toBe(403);
    await live!.app.close();
    await live!.database.close();
    live = undefined;
    expect(existsSync(path.join(dataDir, 'backup-endpoint.json'))).toBe(false);
    const file = path.join(await tempDir(), 'stopped.hcb');
    const backup = await cli(['backup', '--out', file], { DATA_DIR: dataDir });
    expect(backup.out).toMatch(/^Backup written to .* 3 files/);
    expect(backup.code).toBe(0);
    const target = path.join(await tempDir(), 'restored-stopped');
    expect((await cli(['restore', file], { DATA_DIR: target })).code).toBe(0);
    const database = await openDatabase({ dataDir: target });
    try {
      expect(await fingerprint(database)).toEqual(expected);
    } finally {
      await database.close();
    }
  }, 180_000);
});

/** An empty database on the PostgreSQL server of DATABASE_URL, dropped at the end. */
async function emptyPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const { default: pg } = await import('pg');
  const name = `hc_backup_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: PG });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

describe.skipIf(!PG)('backup and restore on PostgreSQL, and the move from the embedded database', () => {
  const drops: (() => Promise<void>)[] = [];
  afterAll(async () => { for (const drop of drops) await drop(); });

  it('backs up a PostgreSQL site and restores it into an empty PostgreSQL database: the same rows, balances and files', async () => {
    const t = await createTestApp();
    drops.push(() => t.close());
    const site = await buildSite(t.app, t.dataDir);
    const expected = await fingerprint(t.database);
    const file = path.join(await tempDir(), 'pg.hcb');
    const backup = await cli(['backup', '--out', file], { DATABASE_URL: t.databaseUrl!, DATA_DIR: t.dataDir });
    expect(backup.out).toMatch(/Backup written to .* 1 files/); // the photo is in the database's file store, the big file on disk
    expect(backup.code).toBe(0);

    const target = await emptyPostgres();
    drops.push(target.drop);
    const dataDir = await tempDir();
    const restored = await cli(['restore', file], { DATABASE_URL: target.url, DATA_DIR: dataDir });
    expect(restored.code).toBe(0);
    const again = await cli(['restore', file], { DATABASE_URL: target.url, DATA_DIR: await tempDir() });
    expect(again).toMatchObject({ code: 1, out: expect.stringContaining('The database of DATABASE_URL is not empty') });

    const database = await openDatabase({ databaseUrl: target.url, poolSize: 2 });
    try {
      // The same rows; the big file that sat in DATA_DIR went into the database's file store beside the photo.
      const { file_blobs: blobs, ...rest } = await fingerprint(database);
      expect(withoutFileStore(rest)).toEqual(withoutFileStore(expected));
      expect(blobs).toMatch(/^2:/);
      expect((await balances(database))[site.sellerId]).toBe(site.balanceCents);
      await expectFiles(database, dataDir, site);
    } finally {
      await database.close();
    }
  }, 180_000);

  it('moves an embedded site into an empty PostgreSQL database, checks counts and balances, prints what to set', async () => {
    const dataDir = await tempDir();
    const source = await openDatabase({ dataDir });
    await source.migrate();
    await seedDatabase(source);
    const app = await serve(source, dataDir);
    const site = await buildSite(app, dataDir);
    await app.close();
    const expected = await fingerprint(source);
    await source.close();

    const target = await emptyPostgres();
    drops.push(target.drop);
    const moved = await cli(['move', '--to', target.url], { DATA_DIR: dataDir });
    expect(moved.out).toContain('Row counts match in every table; all 1 seller balance(s) equal the sum of their flows.');
    expect(moved.out).toContain(`DATABASE_URL=${target.url}`);
    expect(moved.out).toContain(`TOKEN_SECRET=<"tokenSecret" in ${path.join(dataDir, 'secrets.json')}>`);
    expect(moved.out).toContain('the uploads, 2 file(s), are now in the database');
    expect(moved.code).toBe(0);
    expect(await cli(['move', '--to', target.url], { DATA_DIR: dataDir })).toMatchObject({ code: 1, out: expect.stringContaining('The target database is not empty') });

    const database = await openDatabase({ databaseUrl: target.url, poolSize: 2 });
    try {
      // The same rows, and besides them the uploads, now in the database's file store (decision 0058).
      const { file_blobs: blobs, ...rest } = await fingerprint(database);
      expect(withoutFileStore(rest)).toEqual(withoutFileStore(expected));
      expect(blobs).toMatch(/^2:/);
      // A server on the moved database with an empty DATA_DIR of its own serves them.
      await expectFiles(database, await tempDir(), site);
    } finally {
      await database.close();
    }
  }, 180_000);
});
