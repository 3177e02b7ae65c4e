// One database handle for PGlite (embedded, a directory under DATA_DIR) and PostgreSQL
// (DATABASE_URL). Both speak the same SQL, schema and migrations. The handle's parts live by concern:
// types.ts (the handles), tenancy.ts (tenant and scope settings, unscoped), notices.ts (notices after
// commit), statements.ts (kept statements), row-mapper.ts (Drizzle's rows mapped once),
// pipelining.ts and request-connections.ts (PostgreSQL's request connections), pg-results.ts (pg's
// results read as arrays), data-dir-lock.ts (one process per PGlite directory).
import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import * as schema from './schema/index.ts';
import { MIGRATIONS_DIR } from '../lib/paths.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { NOTICES, NOTIFY_BATCH, noticeSender, type Notice, type NoticeSender } from './notices.ts';
import { requestConnections } from './request-connections.ts';
import { scopeTransaction, TENANTS } from './tenancy.ts';
import type { Database, Db, PoolStats } from './types.ts';

export type { Database, Db, PoolStats, Schema, TenantId } from './types.ts';
export { applyScope, isScoped, scopeTransaction, unscoped, visibilityOf, type DataScope } from './tenancy.ts';
export { GATHER_MS, notifyOnCommit, type Gather } from './notices.ts';
export { keptFor, keptShape } from './statements.ts';
export { mapRowsOnce, nestedRowMapper, nullableObjects, rowMapper } from './row-mapper.ts';
export { lastStatementNext, pipelines } from './pipelining.ts';
export { leanArrayResults } from './pg-results.ts';
export { DataDirInUseError } from './data-dir-lock.ts';

type Listen = Database['listen'];
type PgPool = import('pg').Pool;

/** PGlite: one connection, every request's work in a transaction on it. */
function wrap(kind: Database['kind'], root: Db, migrate: () => Promise<void>, listen: Listen, notices: NoticeSender, close: () => Promise<void>): Database {
  // Transactions asked for and not ended: PGlite runs one at a time, the others wait their turn.
  let open = 0;
  const withTenant: Database['withTenant'] = async (tenantId, fn) => {
    const held: Notice[] = [];
    open++;
    let result: Awaited<ReturnType<typeof fn>>;
    try {
      result = await root.transaction(async (tx) => {
        await scopeTransaction(tx as unknown as Db, tenantId);
        TENANTS.set(tx as unknown as Db, String(tenantId ?? ''));
        NOTICES.set(tx as unknown as Db, held);
        return fn(tx as unknown as Db);
      });
    } finally {
      open--;
    }
    notices.publish(held);
    return result;
  };
  return {
    kind, root, migrate, listen, withTenant, read: withTenant,
    pools: () => [{ pool: 'embedded', size: 1, inUse: Math.min(open, 1), waiting: Math.max(open - 1, 0) }],
    close: async () => { await notices.settled(); await close(); },
  };
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
    // Requests have their own pool (decision 0034); the owner's is for migrations, jobs, files.
    // Pipeline mode (decision 0037): a statement is sent without waiting for the answer to the one
    // before it, so a transaction's BEGIN travels with its first statement.
    const requestPool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 20, pipeline: true });
    requestPool.on('error', () => { /* an idle client died; the pool replaces it */ });
    const notices = noticeSender((channels, payloads) => pool.query(NOTIFY_BATCH, [channels, payloads]));
    const requests = requestConnections(requestPool, (client) => drizzle({ client, schema }) as unknown as Db, notices);
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
    const statsOf = (pool: PgPool, name: PoolStats['pool']): PoolStats =>
      ({ pool: name, size: options.poolSize ?? 20, inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount });
    return {
      kind: 'postgres', root, migrate, listen, ...requests,
      pools: () => [statsOf(requestPool, 'requests'), statsOf(pool, 'owner')],
      close: async () => {
        await notices.settled();
        await Promise.all([...listeners].map((stop) => stop()));
        await Promise.all([requestPool.end(), pool.end()]);
      },
    };
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
  const notices = noticeSender((channels, payloads) => client.query(NOTIFY_BATCH, [channels, payloads]));
  return wrap('pglite', root, migrate, listen, notices, async () => {
    try { await client.close(); } finally { releaseLock(); }
  });
}
