// A site's copy (issue 46 §2–3, decision 0060): every table of the public schema read in one
// REPEATABLE READ transaction (one moment), as PostgreSQL's own to_jsonb text, then the files of
// DATA_DIR; and the way back: an empty database migrated to the copy's migrations, the rows put in
// set-based (jsonb_populate_recordset) on the owner connection in one transaction, the sequences set,
// the counts checked, the later migrations applied, the files written. Tables are found in the
// catalogue, not named here, so a table added by a later migration is copied without a change.
import { createReadStream } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Database, Db } from './client.ts';
import { MIGRATIONS_DIR } from '../lib/paths.ts';
import { ArchiveError, type ArchiveHeader, type Frame, type SequenceValue } from './site-archive.ts';

const rows = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const table = (name: string) => `public.${ident(name)}`;
/** Rows per fetch from a table's cursor, and so per insert statement on the way back. */
const BATCH_ROWS = 1000;
const FILE_CHUNK = 1 << 20;
/** What of DATA_DIR a copy carries: the uploaded files (disk store) and the generated token secret. */
const SECRETS_FILE = 'secrets.json';
const FILES_DIR = 'files';
const DATA_PATH = /^(secrets\.json|files(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)+)$/;

/** The tables of the public schema, each after the tables its foreign keys point at. */
async function tablesInOrder(db: Db): Promise<string[]> {
  const names = rows<{ name: string }>(await db.execute(sql.raw(`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`))).map((r) => r.name);
  const edges = rows<{ child: string; parent: string }>(await db.execute(sql.raw(`select c.relname as child, p.relname as parent from pg_constraint k
    join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid join pg_namespace n on n.oid = c.relnamespace
    where k.contype = 'f' and n.nspname = 'public' and c.oid <> p.oid`)));
  const parents = new Map(names.map((n) => [n, new Set<string>()]));
  for (const e of edges) parents.get(e.child)?.add(e.parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < names.length) {
    const ready = names.filter((n) => !placed.has(n) && [...parents.get(n)!].every((p) => placed.has(p) || !parents.has(p)));
    if (ready.length === 0) throw new Error(`foreign keys go round in a circle among ${names.filter((n) => !placed.has(n)).join(', ')}`);
    for (const n of ready) { placed.add(n); ordered.push(n); }
  }
  return ordered;
}

/** The columns a row is written with: all but generated ones. */
async function columnsOf(db: Db, name: string): Promise<string[]> {
  return rows<{ name: string }>(await db.execute(sql`select attname as name from pg_attribute
    where attrelid = to_regclass(${table(name)}) and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`)).map((r) => r.name);
}

async function migrationsApplied(db: Db): Promise<ArchiveHeader['migrations']> {
  const [row] = rows<{ count: number | string; last: number | string | null }>(await db.execute(sql.raw(
    'select count(*) as count, max(created_at) as last from drizzle.__drizzle_migrations')));
  return { count: Number(row?.count ?? 0), last: Number(row?.last ?? 0) };
}

/** The files under DATA_DIR a copy carries (paths relative to it, `/`-separated), in a stable order. */
async function dataFiles(dataDir: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (rel: string) => {
    let entries;
    try { entries = await readdir(path.join(dataDir, rel), { withFileTypes: true }); } catch { return; }
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      // A dot file is a storage temp file (an upload still being written).
      if (e.name.startsWith('.')) continue;
      const child = `${rel}/${e.name}`;
      if (e.isDirectory()) await walk(child);
      else if (e.isFile()) found.push(child);
    }
  };
  await walk(FILES_DIR);
  try { if ((await stat(path.join(dataDir, SECRETS_FILE))).isFile()) found.unshift(SECRETS_FILE); } catch { /* none */ }
  return found;
}

export interface ExportOptions {
  /** The DATA_DIR whose files the copy carries; undefined: none. */
  dataDir?: string | undefined;
}

/**
 * Writes a site's copy as frames: the database as of one moment (a REPEATABLE READ, READ ONLY
 * transaction on the owner connection), then DATA_DIR's files. On PGlite the transaction holds the
 * one connection, so requests wait while the tables are read (the files are read after it).
 */
export async function exportSite(database: Database, write: (frame: Frame) => Promise<void>, options: ExportOptions = {}): Promise<void> {
  await database.root.transaction(async (tx) => {
    await write({ kind: 'header', header: {
      format: 'haicang-backup', version: 1, createdAt: new Date().toISOString(), database: database.kind, migrations: await migrationsApplied(tx),
    } });
    const counts: Record<string, number> = {};
    for (const name of await tablesInOrder(tx)) {
      await write({ kind: 'table', name, columns: await columnsOf(tx, name) });
      await tx.execute(sql.raw(`declare haicang_copy no scroll cursor for select to_jsonb(t)::text as j from ${table(name)} t`));
      let count = 0;
      for (;;) {
        const batch = rows<{ j: string }>(await tx.execute(sql.raw(`fetch ${BATCH_ROWS} from haicang_copy`))).map((r) => r.j);
        if (batch.length === 0) break;
        count += batch.length;
        await write({ kind: 'rows', rows: batch });
      }
      await tx.execute(sql.raw('close haicang_copy'));
      counts[name] = count;
    }
    const sequences: SequenceValue[] = [];
    const names = rows<{ name: string }>(await tx.execute(sql.raw(`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'S' order by c.relname`))).map((r) => r.name);
    for (const name of names) {
      const [s] = rows<{ last_value: string; is_called: boolean }>(await tx.execute(sql.raw(`select last_value::text, is_called from ${table(name)}`)));
      sequences.push({ name, lastValue: s!.last_value, isCalled: s!.is_called });
    }
    await write({ kind: 'tablesEnd', counts, sequences });
  }, { isolationLevel: 'repeatable read', accessMode: 'read only' });

  let files = 0;
  let bytes = 0;
  if (options.dataDir) {
    for (const rel of await dataFiles(options.dataDir)) {
      const file = path.join(options.dataDir, ...rel.split('/'));
      let size: number;
      try { size = (await stat(file)).size; } catch { continue; /* removed since it was listed (an unreferenced upload swept) */ }
      await write({ kind: 'file', path: rel, size });
      let sent = 0;
      // Uploads are never rewritten in place (a new one is renamed in), so `size` bytes are the file.
      if (size > 0) {
        for await (const chunk of createReadStream(file, { highWaterMark: FILE_CHUNK, end: size - 1 }) as AsyncIterable<Buffer>) {
          sent += chunk.length;
          await write({ kind: 'data', bytes: chunk });
        }
      }
      if (sent !== size) throw new Error(`${rel} changed while it was copied (${sent} of ${size} bytes)`);
      files += 1;
      bytes += size;
    }
  }
  await write({ kind: 'end', files, bytes });
}

/** Is there anything in the database's public or drizzle schema? */
export async function databaseIsEmpty(db: Db): Promise<boolean> {
  const [row] = rows<{ n: number | string }>(await db.execute(sql.raw(`select count(*) as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p', 'S', 'v', 'm')`)));
  return Number(row?.n ?? 0) === 0;
}

/** Applies the migrations up to and including `last` (a journal `when`), or all of them. */
async function migrateTo(database: Database, last: number | null): Promise<void> {
  let folder = MIGRATIONS_DIR;
  let temp: string | undefined;
  if (last !== null) {
    const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: { when: number; tag: string }[] };
    temp = await mkdtemp(path.join(os.tmpdir(), 'hc-migrations-'));
    await cp(MIGRATIONS_DIR, temp, { recursive: true });
    await writeFile(path.join(temp, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.filter((e) => e.when <= last) }));
    folder = temp;
  }
  try {
    if (database.kind === 'postgres') {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      await migrate(database.root as never, { migrationsFolder: folder });
    } else {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(database.root as never, { migrationsFolder: folder });
    }
  } finally {
    if (temp) await rm(temp, { recursive: true, force: true });
  }
}

/** Refuses a copy this version cannot put back: another format, or migrations it does not know. */
export async function checkHeader(header: ArchiveHeader): Promise<void> {
  if (header.format !== 'haicang-backup') throw new ArchiveError('The file is not a Haicang backup.');
  if (header.version !== 1) throw new ArchiveError(`The backup is of format ${header.version}; this version reads format 1.`);
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: { when: number }[] };
  const known = journal.entries.filter((e) => e.when <= header.migrations.last).length;
  if (known !== header.migrations.count) {
    throw new ArchiveError(`The backup was made by a newer version of Haicang (${header.migrations.count} migrations, this one knows ${known} of them): restore it with that version.`);
  }
}

export interface ImportResult {
  header: ArchiveHeader;
  counts: Record<string, number>;
  files: number;
  bytes: number;
  /** Files the copy carried that were not written (no DATA_DIR to write them to). */
  filesLeft: number;
  /** The copy carried DATA_DIR/secrets.json (the generated token secret) and it was written. */
  secretRestored: boolean;
}

export interface ImportOptions {
  /** The DATA_DIR secrets.json goes to; with `files`, where the uploads go (the disk store under DATA_DIR/files, by key). */
  dataDir?: string | undefined;
  files?: { put(key: string, body: Readable): Promise<unknown> } | undefined;
}

/**
 * Fills an empty database (and DATA_DIR) from a copy's frames. The caller has checked that the target
 * is empty (databaseIsEmpty). The rows go in one transaction with the tables' own triggers off (the
 * copy already holds what they would write, e.g. the order counts) and the foreign keys on.
 */
export async function importSite(database: Database, frames: AsyncIterable<Frame>, options: ImportOptions = {}): Promise<ImportResult> {
  const it = frames[Symbol.asyncIterator]();
  const next = async (): Promise<Frame> => {
    const r = await it.next();
    if (r.done) throw new ArchiveError('The backup is cut short (it ends before its last frame).');
    return r.value;
  };
  const first = await next();
  if (first.kind !== 'header') throw new ArchiveError('The file is not a Haicang backup.');
  const header = first.header;
  await checkHeader(header);
  // The schema as the copy knew it; the migrations after it run once the rows are in.
  await migrateTo(database, header.migrations.last);

  let frame = await next();
  const counts: Record<string, number> = {};
  await database.root.transaction(async (tx) => {
    // Rows a migration wrote (none today) make way for the copy's, children first.
    for (const name of (await tablesInOrder(tx)).reverse()) {
      const [row] = rows<{ any: boolean }>(await tx.execute(sql.raw(`select exists (select from ${table(name)}) as any`)));
      if (row?.any) await tx.execute(sql.raw(`delete from ${table(name)}`));
    }
    let current: { name: string; insert: string } | null = null;
    const touched: string[] = [];
    for (;;) {
      if (frame.kind === 'table') {
        const known = await columnsOf(tx, frame.name);
        if (known.length === 0) throw new ArchiveError(`The backup holds a table ${frame.name} this database does not have.`);
        const missing = frame.columns.filter((c) => !known.includes(c));
        if (missing.length) throw new ArchiveError(`The backup's table ${frame.name} has columns this database does not have: ${missing.join(', ')}.`);
        const cols = frame.columns.map(ident).join(', ');
        await tx.execute(sql.raw(`alter table ${table(frame.name)} disable trigger user`));
        touched.push(frame.name);
        current = { name: frame.name, insert: `insert into ${table(frame.name)} (${cols}) overriding system value select ${cols} from jsonb_populate_recordset(null::${table(frame.name)}, ` };
        counts[frame.name] = 0;
      } else if (frame.kind === 'rows') {
        if (!current) throw new ArchiveError('The backup is damaged (rows before any table).');
        if (frame.rows.length) {
          await tx.execute(sql`${sql.raw(current.insert)}${`[${frame.rows.join(',')}]`}::jsonb)`);
          counts[current.name]! += frame.rows.length;
        }
      } else if (frame.kind === 'tablesEnd') {
        for (const name of touched) await tx.execute(sql.raw(`alter table ${table(name)} enable trigger user`));
        for (const s of frame.sequences) {
          await tx.execute(sql`select setval(${table(s.name)}::regclass, ${s.lastValue}::bigint, ${s.isCalled})`);
        }
        for (const [name, expected] of Object.entries(frame.counts)) {
          const [row] = rows<{ n: number | string }>(await tx.execute(sql.raw(`select count(*) as n from ${table(name)}`)));
          if (Number(row?.n) !== expected || counts[name] !== expected) {
            throw new ArchiveError(`Table ${name}: the backup counted ${expected} rows, ${Number(row?.n)} arrived.`);
          }
        }
        return;
      } else {
        throw new ArchiveError(`The backup is damaged (a ${frame.kind} frame among the tables).`);
      }
      frame = await next();
    }
  });
  await migrateTo(database, null);

  const dataDir = options.dataDir;
  const storage = dataDir ? options.files : undefined;
  let files = 0;
  let bytes = 0;
  let filesLeft = 0;
  let secretRestored = false;
  const writeSecret = async (body: Readable) => {
    const parts: Buffer[] = [];
    for await (const c of body as AsyncIterable<Buffer>) parts.push(c);
    await mkdir(dataDir!, { recursive: true });
    await writeFile(path.join(dataDir!, SECRETS_FILE), Buffer.concat(parts), { mode: 0o600 });
    secretRestored = true;
  };
  frame = await next();
  while (frame.kind === 'file') {
    const { path: rel, size } = frame;
    if (!DATA_PATH.test(rel) || rel.split('/').includes('..')) throw new ArchiveError(`The backup names a file outside DATA_DIR: ${rel}`);
    const body = new PassThrough();
    const written = rel === SECRETS_FILE ? (dataDir ? writeSecret(body) : null)
      : storage ? storage.put(rel.slice(FILES_DIR.length + 1), body) : null;
    written?.catch(() => {});
    if (!written) body.resume();
    let got = 0;
    frame = await next();
    while (frame.kind === 'data') {
      got += frame.bytes.length;
      if (!body.write(frame.bytes)) await new Promise((resolve) => body.once('drain', resolve));
      frame = await next();
    }
    if (got !== size) {
      // The store keeps nothing of a body that fails (storage.ts): no damaged file is left under the key.
      const damaged = new ArchiveError(`The backup's file ${rel} is damaged (${got} of ${size} bytes).`);
      body.destroy(damaged);
      await written?.catch(() => {});
      throw damaged;
    }
    body.end();
    await written;
    if (written) { files += 1; bytes += size; } else filesLeft += 1;
  }
  if (frame.kind !== 'end') throw new ArchiveError(`The backup is damaged (a ${frame.kind} frame among the files).`);
  if (frame.files !== files + filesLeft) throw new ArchiveError(`The backup announced ${frame.files} files, ${files + filesLeft} arrived.`);
  return { header, counts, files, bytes, filesLeft, secretRestored };
}

/** Sellers whose balance is not the sum of their ledger flows (DOMAIN §5): [] when every one is. */
export async function unbalancedAccounts(db: Db): Promise<{ tenantId: number; userId: number; balanceCents: number; flowsCents: number }[]> {
  return rows<{ tenant_id: number | string; user_id: number | string; balance_cents: number | string; flows: number | string }>(await db.execute(sql.raw(
    `select a.tenant_id, a.user_id, a.balance_cents, coalesce(f.total, 0) as flows from accounts a
     left join (select tenant_id, user_id, sum(incurred_cents) as total from account_flows group by tenant_id, user_id) f
       on f.tenant_id = a.tenant_id and f.user_id = a.user_id
     where a.balance_cents <> coalesce(f.total, 0) order by a.tenant_id, a.user_id`)))
    .map((r) => ({ tenantId: Number(r.tenant_id), userId: Number(r.user_id), balanceCents: Number(r.balance_cents), flowsCents: Number(r.flows) }));
}

/** Row counts of every table of the public schema. */
export async function tableCounts(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of await tablesInOrder(db)) {
    const [row] = rows<{ n: number | string }>(await db.execute(sql.raw(`select count(*) as n from ${table(name)}`)));
    counts[name] = Number(row?.n ?? 0);
  }
  return counts;
}

/** An object-mode pipe from exportSite (push) to importSite (pull), with back-pressure. */
export function framePipe(): { write(frame: Frame): Promise<void>; end(err?: Error): void; frames: AsyncIterable<Frame> } {
  const pipe = new PassThrough({ objectMode: true, highWaterMark: 4 });
  return {
    async write(frame) {
      if (!pipe.write(frame)) await new Promise<void>((resolve, reject) => {
        const done = () => { pipe.off('error', fail); pipe.off('close', closed); resolve(); };
        const fail = (err: Error) => { pipe.off('drain', done); pipe.off('close', closed); reject(err); };
        const closed = () => { pipe.off('drain', done); pipe.off('error', fail); reject(new Error('the copy\'s reader stopped')); };
        pipe.once('drain', done).once('error', fail).once('close', closed);
      });
    },
    end(err) { if (err) pipe.destroy(err); else pipe.end(); },
    frames: pipe as unknown as AsyncIterable<Frame>,
  };
}
