// PostgreSQL's request connections (decision 0034): the session settings each holds, a request's
// transaction (withTenant) and its reads (read).
import { APP_ROLE } from './schema/tenancy.ts';
import { NOTICES, type Notice, type NoticeSender } from './notices.ts';
import { committedOrThrow, OPENING_OF, OPENINGS, preparing, type Opening, type QueryFn } from './pipelining.ts';
import { CONNECTIONS, statementNamer } from './statements.ts';
import { SESSION_OF, TENANTS } from './tenancy.ts';
import type { Database, Db, SessionSettings, TenantId } from './types.ts';

type PgPool = import('pg').Pool;
type PgPoolClient = import('pg').PoolClient;

/**
 * PostgreSQL's request connections (decision 0034): a pool of its own whose connections are set once
 * for their session to the application role, read-only by default, and to the tenant of the request
 * that used them last. A request for the same tenant (nearly all of them) sends no settings at all; a
 * transaction is `begin read write` … `commit`, or its one statement alone when its first is its last
 * (decision 0055: the session is then read-write until the next read puts it back), and a read is its
 * statements alone. The owner's pool (root) never carries these settings.
 */
export function requestConnections(pool: PgPool, handleOf: (client: PgPoolClient) => Db, notices: NoticeSender) {
  const sessions = new WeakMap<PgPoolClient, SessionSettings>();
  const handles = new WeakMap<PgPoolClient, Db>();
  const nameOf = statementNamer();

  const checkout = async (tenantId: TenantId): Promise<{ client: PgPoolClient; db: Db; settings: SessionSettings; held: Notice[] }> => {
    const client = await pool.connect();
    const tenant = tenantId === null ? '' : String(tenantId);
    try {
      let settings = sessions.get(client);
      if (!settings) {
        // jit off: a list's capped count is estimated above jit_above_cost and spent ~35 ms compiling
        // to save a few microseconds (decision 0034); requests are short statements, never worth it.
        await client.query(`select set_config('role', $1, false), set_config('default_transaction_read_only', 'on', false), set_config('jit', 'off', false),
          set_config('app.tenant_id', $2, false), set_config('app.scope_sites', '', false), set_config('app.scope_warehouses', '', false)`, [APP_ROLE, tenant]);
        settings = { tenant, sites: '', warehouses: '' };
        sessions.set(client, settings);
      } else if (settings.tenant !== tenant || settings.sites !== '' || settings.warehouses !== '') {
        sessions.delete(client);
        await client.query(`select set_config('app.tenant_id', $1, false), set_config('app.scope_sites', '', false), set_config('app.scope_warehouses', '', false),
          set_config('role', $2, false)`, [tenant, APP_ROLE]);
        Object.assign(settings, { tenant, sites: '', warehouses: '' });
        sessions.set(client, settings);
      }
      let base = handles.get(client);
      if (!base) {
        // Drizzle is given a view of the client whose query is ours; node-postgres' client is left as it is.
        const query: QueryFn = preparing(client, nameOf, { get: () => sessions.get(client), forget: () => sessions.delete(client) });
        base = handleOf(Object.create(client, { query: { value: query } }) as PgPoolClient);
        handles.set(client, base);
      }
      // A handle of its own per use: what other modules remember per transaction (WeakMaps keyed by
      // the handle: the scope, identity events) never outlives it.
      const db = Object.create(base) as Db;
      TENANTS.set(db, tenant);
      CONNECTIONS.set(db, base);
      const held: Notice[] = [];
      NOTICES.set(db, held);
      return { client, db, settings, held };
    } catch (err) {
      client.release(err instanceof Error ? err : true);
      throw err;
    }
  };

  const withTenant: Database['withTenant'] = async (tenantId, fn) => {
    const { client, db, held } = await checkout(tenantId);
    // BEGIN waits for the transaction's first statement and goes with it (decision 0037).
    const opening: Opening = { sent: null, closing: false, committed: null };
    OPENINGS.set(client, opening);
    OPENING_OF.set(db, opening);
    let broken: Error | undefined;
    try {
      let result: Awaited<ReturnType<typeof fn>>;
      try {
        result = await fn(db);
        // From here on statements are sent as they are: no BEGIN, no COMMIT behind them.
        OPENINGS.delete(client);
        await opening.sent;
        if (opening.committed) committedOrThrow(await opening.committed);
      } catch (err) {
        OPENINGS.delete(client);
        // A COMMIT already sent has ended the transaction (as a rollback if a statement failed).
        if (opening.committed) await opening.committed.catch(() => {});
        else if (opening.sent) await client.query('rollback').catch((e: unknown) => { broken = e instanceof Error ? e : new Error(String(e)); });
        throw err;
      }
      // A transaction that sent no statement (opening.sent null) has nothing to commit. A failed
      // statement whose error was swallowed left it aborted: its COMMIT answers ROLLBACK.
      if (opening.sent && !opening.committed) committedOrThrow(await client.query('commit'));
      notices.publish(held);
      return result;
    } finally {
      // A connection that died is dropped by the pool on release (pg-pool checks it is still usable).
      client.release(broken);
    }
  };

  const read: Database['read'] = async (tenantId, fn) => {
    const { client, db, settings, held } = await checkout(tenantId);
    SESSION_OF.set(db, { settings, forget: () => sessions.delete(client) });
    try {
      // A read refuses writes (decision 0034): a session a transaction of one statement left read-write is put back first.
      if (settings.writable) {
        sessions.delete(client);
        await client.query('set default_transaction_read_only = on');
        settings.writable = false;
        sessions.set(client, settings);
      }
      const result = await fn(db);
      notices.publish(held);
      return result;
    } finally {
      client.release();
    }
  };

  return { withTenant, read };
}
