// One database handle for PGlite (embedded, a directory under DATA_DIR) and PostgreSQL
// (DATABASE_URL). Both speak the same SQL, schema and migrations.
import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { existsSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';
import { APP_ROLE } from './schema/tenancy.ts';
import { MIGRATIONS_DIR } from '../lib/paths.ts';

export type Schema = typeof schema;
/** A Drizzle handle: the root database or a transaction. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;


/** Which tenant a transaction works for; null is the host (platform administration). */
export type TenantId = number | null;

export interface Database {
  kind: 'pglite' | 'postgres';
  /** The owner connection: migrations, seeding, jobs that span tenants. Never used by requests. */
  root: Db;
  /**
   * Runs fn in one transaction as the application role with app.tenant_id set, so row-level
   * security confines every statement to that tenant. Everything fn does commits or rolls back
   * together.
   */
  withTenant<T>(tenantId: TenantId, fn: (tx: Db) => Promise<T>): Promise<T>;
  /** Applies the migrations (once, even when several servers start together). */
  migrate(): Promise<void>;
  /**
   * LISTEN on a channel: NOTIFY from any server's committed transaction reaches every server's
   * callback (PostgreSQL: one dedicated connection per server, reconnected if it drops).
   * Returns a function that stops listening.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export async function scopeTransaction(tx: Db, tenantId: TenantId): Promise<void> {
  await tx.execute(sql`select set_config('app.tenant_id', ${tenantId === null ? '' : String(tenantId)}, true), set_config('role', ${APP_ROLE}, true)`);
}

/**
 * A staff member's data scope (DOMAIN §1, decision 0023): the sites and the warehouses he may see;
 * null in a dimension means unrestricted there. Null as a whole (sellers, staff in no group, staff
 * with warehouse.Manages): everything the tenant holds.
 */
export interface DataScope { sites: readonly string[] | null; warehouses: readonly number[] | null }

/**
 * Narrows the rest of the transaction to the scope: the restrictive row-level-security policies
 * (schema/tenancy.ts siteScopePolicy, warehouseScopePolicy) read these settings, so every query that
 * follows, whoever wrote it, sees only the scope's rows. Transaction-local, like app.tenant_id.
 */
/** The scope each transaction was given (applyScope is the only writer of the settings). */
const SCOPES = new WeakMap<Db, { sites: string; warehouses: string }>();

export async function applyScope(tx: Db, scope: DataScope | null): Promise<void> {
  if (!scope || (!scope.sites && !scope.warehouses)) return;
  const set = { sites: scope.sites?.join(',') ?? '', warehouses: scope.warehouses?.join(',') ?? '' };
  await tx.execute(sql`select set_config('app.scope_sites', ${set.sites}, true), set_config('app.scope_warehouses', ${set.warehouses}, true)`);
  SCOPES.set(tx, set);
}

/**
 * Runs fn seeing past the scope, then puts it back: for the few reads that must count what the
 * warehouse really holds whoever asks (a free holding slot), never to answer rows to the caller.
 * A transaction given no scope (nearly every one, the scan's included) costs nothing: fn just runs.
 */
export async function unscoped<T>(tx: Db, fn: () => Promise<T>): Promise<T> {
  const saved = SCOPES.get(tx);
  if (!saved) return fn();
  SCOPES.delete(tx);
  await tx.execute(sql`select set_config('app.scope_sites', '', true), set_config('app.scope_warehouses', '', true)`);
  const restore = async () => {
    await tx.execute(sql`select set_config('app.scope_sites', ${saved.sites}, true), set_config('app.scope_warehouses', ${saved.warehouses}, true)`);
    SCOPES.set(tx, saved);
  };
  let value: T;
  try {
    value = await fn();
  } catch (err) {
    // A failed statement has aborted the transaction: nothing more runs in it, keep fn's error.
    await restore().catch(() => {});
    throw err;
  }
  await restore();
  return value;
}

type Listen = Database['listen'];

function wrap(kind: Database['kind'], root: Db, migrate: () => Promise<void>, listen: Listen, close: () => Promise<void>): Database {
  return {
    kind,
    root,
    migrate,
    listen,
    withTenant: (tenantId, fn) =>
      root.transaction(async (tx) => {
        await scopeTransaction(tx as unknown as Db, tenantId);
        return fn(tx as unknown as Db);
      }),
    close,
  };
}

export class DataDirInUseError extends Error {}

/**
 * PGlite is one process's database: a second process opening the same directory corrupts it.
 * A lock file with the owner's pid refuses the second opener; a stale one (dead pid) is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'haicang.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => { try { if (readFileSync(file, 'utf8') === String(process.pid)) unlinkSync(file); } catch { /* already gone */ } };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(readFileSync(file, 'utf8'));
      let alive = false;
      try { if (owner > 0 && owner !== process.pid) { process.kill(owner, 0); alive = true; } } catch { alive = false; }
      if (alive) throw new DataDirInUseError(`The data directory ${dataDir} is in use by process ${owner} (another server or seeder). Stop it first, or use another DATA_DIR.`);
      unlinkSync(file);
    }
  }
  throw new DataDirInUseError(`Could not lock ${dataDir}`);
}

export interface OpenOptions { databaseUrl?: string | undefined; dataDir?: string; poolSize?: number; inMemory?: boolean }

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    // bigint (int8) and numeric come back as JS numbers: ids and cents stay far below 2^53.
    pg.types.setTypeParser(20, (v: string) => Number(v));
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 20 });
    pool.on('error', () => { /* an idle client died; the pool replaces it */ });
    const root = drizzle({ client: pool, schema }) as unknown as Db;
    const migrate = async () => {
      const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
      const client = await pool.connect();
      try {
        // Several app servers may start at once: one migrates, the others wait for it.
        await client.query('select pg_advisory_lock(7164001)');
        try {
          await run(drizzle({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
        } finally {
          await client.query('select pg_advisory_unlock(7164001)');
        }
      } finally {
        client.release();
      }
    };
    const listeners = new Set<() => Promise<void>>();
    const listen: Listen = async (channel, onMessage) => {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
      let client: InstanceType<typeof pg.Client> | null = null;
      let stopped = false;
      let retry: NodeJS.Timeout | undefined;
      const connect = async (): Promise<void> => {
        const c = new pg.Client({ connectionString: options.databaseUrl });
        c.on('notification', (msg) => { if (msg.channel === channel && msg.payload !== undefined) onMessage(msg.payload); });
        c.on('error', () => {
          // The listening connection died (server restart, network): reconnect shortly.
          if (client === c) client = null;
          c.end().catch(() => {});
          if (!stopped) retry = setTimeout(() => { connect().catch(() => {}); }, 1000);
        });
        await c.connect();
        await c.query(`listen ${channel}`);
        if (stopped) { await c.end(); return; }
        client = c;
      };
      await connect();
      const stop = async () => {
        stopped = true;
        clearTimeout(retry);
        listeners.delete(stop);
        const c = client;
        client = null;
        await c?.end().catch(() => {});
      };
      listeners.add(stop);
      return stop;
    };
    return wrap('postgres', root, migrate, listen, async () => {
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    });
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  let dataDir: string | undefined;
  if (!options.inMemory) {
    dataDir = path.join(options.dataDir ?? './data', 'pglite');
    await mkdir(dataDir, { recursive: true });
  }
  // shared_buffers is what PGlite holds resident (128MB by default); 16MB keeps an embedded
  // install small (tests/bench reports the figures). startParams leaves postgresql.conf alone.
  const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];
  const releaseLock = dataDir ? lockDataDir(dataDir) : () => {};
  if (dataDir && !existsSync(path.join(dataDir, 'PG_VERSION'))) {
    // A fresh directory runs initdb inside the WebAssembly instance, whose memory is never given
    // back: initialise with a throw-away instance, then open the directory anew.
    const init = await PGlite.create({ dataDir, startParams });
    await init.close();
  }
  let client: Awaited<ReturnType<typeof PGlite.create>>;
  try {
    client = await PGlite.create(dataDir ? { dataDir, startParams } : { startParams });
  } catch (err) {
    releaseLock();
    throw err;
  }
  const root = drizzle({ client, schema }) as unknown as Db;
  const migrate = async () => {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    await run(drizzle({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
  };
  const listen: Listen = async (channel, onMessage) => {
    const unlisten = await client.listen(channel, onMessage);
    return async () => { await unlisten(); };
  };
  return wrap('pglite', root, migrate, listen, async () => {
    try { await client.close(); } finally { releaseLock(); }
  });
}
