// `npm run backup -- --out FILE`, `npm run restore -- FILE`, `npm run db:move -- --to URL` (issue 46
// §2–3, decision 0060). They read DATA_DIR and DATABASE_URL as the server does; exit 0 when done,
// 1 with a sentence otherwise.
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { DataDirInUseError, openDatabase, type Database } from '../db/client.ts';
import { ArchiveError, archiveWriter, readArchive, type Frame } from '../db/site-archive.ts';
import { checkHeader, databaseIsEmpty, exportSite, framePipe, importSite, tableCounts, unbalancedAccounts, type ImportResult } from '../db/site-copy.ts';
import { BACKUP_ENDPOINT_FILE, type BackupEndpoint } from '../plugins/backup.ts';
import { copyMissingFiles, createPostgresStorage, defaultFileStorage, diskStorageOf } from '../modules/files/storage.ts';

/** A refusal or failure told to the operator in one sentence. */
class Refusal extends Error {}

const say = (line: string) => process.stdout.write(`${line}\n`);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

async function entriesOf(dir: string): Promise<string[]> {
  try { return await readdir(dir); } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

/** Frames and row and file totals of an archive, read through (the live backup checks what it wrote). */
async function summarise(frames: AsyncIterable<Frame>): Promise<{ tables: number; rows: number; files: number; bytes: number }> {
  let tables = 0, rows = 0, ended: { files: number; bytes: number } | null = null;
  for await (const f of frames) {
    if (f.kind === 'tablesEnd') { tables = Object.keys(f.counts).length; rows = Object.values(f.counts).reduce((a, b) => a + b, 0); }
    if (f.kind === 'end') ended = f;
  }
  if (!ended) throw new ArchiveError('The backup is cut short (it has no last frame).');
  return { tables, rows, ...ended };
}

async function backup(config: Config, out: string): Promise<void> {
  const started = performance.now();
  const target = path.resolve(out);
  await mkdir(path.dirname(target), { recursive: true });
  const partial = `${target}.partial-${process.pid}`;
  let database: Database | null = null;
  try {
    if (config.databaseUrl) {
      database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 2 });
    } else {
      if (!existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION'))) throw new Refusal(`${config.dataDir} holds no Haicang database (set DATA_DIR, or DATABASE_URL).`);
      try {
        database = await openDatabase({ dataDir: config.dataDir });
      } catch (err) {
        if (!(err instanceof DataDirInUseError)) throw err;
      }
    }
    if (database) {
      let counted = { tables: 0, rows: 0, files: 0, bytes: 0 };
      const writer = archiveWriter(createWriteStream(partial, { mode: 0o600 }));
      await exportSite(database, async (frame) => {
        if (frame.kind === 'tablesEnd') counted = { ...counted, tables: Object.keys(frame.counts).length, rows: Object.values(frame.counts).reduce((a, b) => a + b, 0) };
        if (frame.kind === 'end') counted = { ...counted, files: frame.files, bytes: frame.bytes };
        await writer.write(frame);
      }, { dataDir: config.dataDir });
      await writer.end();
      await rename(partial, target);
      say(`Backup written to ${target} (${(await stat(target)).size} bytes) in ${seconds(started)}: ${counted.tables} tables, ${counted.rows} rows, ${counted.files} files (${mb(counted.bytes)}).`);
      return;
    }
    // The server holds the embedded database: it makes the copy (plugins/backup.ts).
    let endpoint: BackupEndpoint;
    try {
      endpoint = JSON.parse(await readFile(path.join(config.dataDir, BACKUP_ENDPOINT_FILE), 'utf8')) as BackupEndpoint;
    } catch {
      throw new Refusal(`The server using ${config.dataDir} publishes no backup endpoint (${BACKUP_ENDPOINT_FILE}): it is still starting, or older than this version; try again or stop it.`);
    }
    const res = await fetch(endpoint.url, { headers: { authorization: `Bearer ${endpoint.key}` } }).catch((err: unknown) => {
      throw new Refusal(`The running server did not answer at ${endpoint.url} (${err instanceof Error ? err.message : String(err)}).`);
    });
    if (res.status !== 200 || !res.body) throw new Refusal(`The running server refused the backup (${res.status} ${(await res.text()).trim()}).`);
    await pipeline(Readable.fromWeb(res.body as never), createWriteStream(partial, { mode: 0o600 }));
    const counted = await summarise(readArchive(createReadStream(partial)));
    await rename(partial, target);
    say(`Backup written by the running server (pid ${endpoint.pid}) to ${target} (${(await stat(target)).size} bytes) in ${seconds(started)}: ${counted.tables} tables, ${counted.rows} rows, ${counted.files} files (${mb(counted.bytes)}).`);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  } finally {
    await database?.close();
  }
}

function report(result: ImportResult, started: number): void {
  const rows = Object.values(result.counts).reduce((a, b) => a + b, 0);
  say(`${Object.keys(result.counts).length} tables, ${rows} rows, ${result.files} files (${mb(result.bytes)}) in ${seconds(started)}; backup of ${result.header.createdAt} (${result.header.database}).`);
}

/** Every seller's balance is the sum of their flows, or the command fails naming how many are not. */
async function checkBalances(database: Database): Promise<void> {
  const off = await unbalancedAccounts(database.root);
  if (off.length) {
    const first = off[0]!;
    throw new Refusal(`${off.length} seller balance(s) differ from the sum of their flows (tenant ${first.tenantId} user ${first.userId}: balance ${first.balanceCents}, flows ${first.flowsCents} cents).`);
  }
}

async function restore(config: Config, file: string): Promise<void> {
  const started = performance.now();
  const source = path.resolve(file);
  if (!existsSync(source)) throw new Refusal(`There is no file ${source}.`);
  if (!config.databaseUrl && (await entriesOf(config.dataDir)).length > 0) throw new Refusal(`${config.dataDir} is not empty: restore fills an empty (or new) DATA_DIR only.`);
  // The archive's first frame is read before the target is touched: a file that is no backup changes nothing.
  const frames = readArchive(createReadStream(source));
  const first = await frames.next();
  if (first.done || first.value.kind !== 'header') throw new ArchiveError('The file is not a Haicang backup.');
  await checkHeader(first.value.header);
  const all = (async function* () { yield first.value; yield* frames; })();
  let database: Database;
  let createdDataDir = false;
  if (config.databaseUrl) {
    database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 2 });
    if (!(await databaseIsEmpty(database.root))) {
      await database.close();
      throw new Refusal('The database of DATABASE_URL is not empty: restore fills an empty database only (create a new one).');
    }
    const held = (await entriesOf(path.join(config.dataDir, 'files'))).length > 0 || existsSync(path.join(config.dataDir, 'secrets.json'));
    if (held) {
      await database.close();
      throw new Refusal(`${config.dataDir} already holds files or a secrets.json: restore fills an empty DATA_DIR only.`);
    }
  } else {
    createdDataDir = true;
    database = await openDatabase({ dataDir: config.dataDir });
  }
  let result: ImportResult;
  try {
    result = await importSite(database, all, { dataDir: config.dataDir, files: defaultFileStorage({ config, database }) });
    await checkBalances(database);
  } catch (err) {
    await database.close();
    if (createdDataDir) await rm(config.dataDir, { recursive: true, force: true });
    else if (!(err instanceof Refusal)) process.stderr.write('The database of DATABASE_URL is left partly filled: drop and create it again before another restore.\n');
    throw err;
  }
  await database.close();
  say(`Restored ${source} into ${config.databaseUrl ? 'the database of DATABASE_URL' : config.dataDir}:`);
  report(result, started);
  if (config.databaseUrl && result.secretRestored) say(`The site's token secret is in ${path.join(config.dataDir, 'secrets.json')}: with several servers, set TOKEN_SECRET to its value on each.`);
}

async function move(config: Config, to: string): Promise<void> {
  const started = performance.now();
  if (!/^postgres(ql)?:\/\//.test(to)) throw new Refusal('--to must be a postgres:// or postgresql:// URL.');
  if (!existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION'))) throw new Refusal(`${config.dataDir} holds no embedded database to move (set DATA_DIR).`);
  let source: Database;
  try {
    source = await openDatabase({ dataDir: config.dataDir });
  } catch (err) {
    if (err instanceof DataDirInUseError) throw new Refusal(`Stop the server first: ${err.message.replace(/ Stop it first.*$/, '')} Rows written after the copy would be lost.`);
    throw err;
  }
  let target: Database | null = null;
  try {
    target = await openDatabase({ databaseUrl: to, poolSize: 2 }).catch((err: unknown) => {
      throw new Refusal(`Could not connect to ${to}: ${err instanceof Error ? err.message : String(err)}.`);
    });
    if (!(await databaseIsEmpty(target.root))) throw new Refusal('The target database is not empty: db:move fills an empty database only (create a new one).');
    const pipe = framePipe();
    const exporting = exportSite(source, pipe.write).then(() => pipe.end(), (err: unknown) => {
      pipe.end(err instanceof Error ? err : new Error(String(err)));
      throw err;
    });
    let result: ImportResult;
    try {
      result = await importSite(target, pipe.frames);
    } catch (err) {
      pipe.end(err instanceof Error ? err : new Error(String(err)));
      await exporting.catch(() => {});
      throw err;
    }
    await exporting;
    const [before, after] = [await tableCounts(source.root), await tableCounts(target.root)];
    const differ = Object.keys(before).filter((t) => before[t] !== after[t]);
    if (differ.length) throw new Refusal(`Row counts differ after the move in ${differ.map((t) => `${t} (${before[t]} → ${after[t] ?? 'missing'})`).join(', ')}.`);
    await checkBalances(target);
    // The uploads follow the rows into the database's file store, the default with DATABASE_URL (decision 0058).
    const copiedFiles = await copyMissingFiles(diskStorageOf(config.dataDir), createPostgresStorage(target.root));
    const accounts = after.accounts ?? 0;
    say(`Moved ${config.dataDir} into ${to}:`);
    report(result, started);
    say(`Row counts match in every table; all ${accounts} seller balance(s) equal the sum of their flows.`);
    say('');
    say('Set on every server:');
    say(`  DATABASE_URL=${to}`);
    say(config.tokenSecret
      ? '  TOKEN_SECRET=<the value you set now>  (the sealed Shopee tokens and signed-in sessions need the same secret)'
      : `  TOKEN_SECRET=<"tokenSecret" in ${path.join(config.dataDir, 'secrets.json')}>  (the sealed Shopee tokens need the same secret)`);
    say(`  (the uploads, ${copiedFiles} file(s), are now in the database's file store, read by every server: leave FILE_STORE unset)`);
  } finally {
    await target?.close();
    await source.close();
  }
}

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  const { values, positionals } = parseArgs({ args: rest, options: { out: { type: 'string' }, to: { type: 'string' } }, allowPositionals: true });
  const config = loadConfig();
  if (command === 'backup') {
    if (!values.out) throw new Refusal('Say where to write the backup: npm run backup -- --out FILE');
    await backup(config, values.out);
  } else if (command === 'restore') {
    if (positionals.length !== 1) throw new Refusal('Say which backup to restore: npm run restore -- FILE');
    await restore(config, positionals[0]!);
  } else if (command === 'move') {
    if (!values.to) throw new Refusal('Say where to move: npm run db:move -- --to postgres://user:password@host/database');
    await move(config, values.to);
  } else {
    throw new Refusal('Usage: backup --out FILE | restore FILE | move --to URL');
  }
}

main().then(() => process.exit(0), (err: unknown) => {
  const known = err instanceof Refusal || err instanceof ArchiveError || err instanceof ConfigError || (err as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION';
  const cause = err instanceof Error && err.cause instanceof Error ? `\n${err.cause.message}` : '';
  process.stderr.write(`${known ? (err as Error).message : err instanceof Error ? err.stack ?? err.message : String(err)}${cause}\n`);
  process.exit(1);
});
