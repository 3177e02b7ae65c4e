// One database handle for PGlite (embedded, a directory under DATA_DIR) and PostgreSQL
// (DATABASE_URL). Both speak the same SQL, schema and migrations.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { existsSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { Column, getTableName, is, sql, SQL, Subquery } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';
import { APP_ROLE, SCOPED_ROLE } from './schema/tenancy.ts';
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
  /**
   * Runs fn's reads for a tenant (decision 0034). PostgreSQL: without an explicit transaction, each
   * statement on its own, on a request connection that already holds the tenant and the application
   * role for its session and refuses writes (default_transaction_read_only): no BEGIN, no settings,
   * no COMMIT round trips. PGlite (one connection shared by every request): withTenant.
   */
  read<T>(tenantId: TenantId, fn: (db: Db) => Promise<T>): Promise<T>;
  /** Applies the migrations (once, even when several servers start together). */
  migrate(): Promise<void>;
  /**
   * LISTEN on a channel: NOTIFY from any server's committed transaction reaches every server's
   * callback (PostgreSQL: one dedicated connection per server, reconnected if it drops).
   * Returns a function that stops listening.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /** The connections as they are now, for /metrics: read when asked, nothing counted per request on PostgreSQL. */
  pools(): readonly PoolStats[];
  close(): Promise<void>;
}

/**
 * One pool's connections: `requests` (decision 0034; requests beyond its size wait in its queue, in
 * order, decision 0053) and `owner` (migrations, jobs, files) on PostgreSQL; `embedded` on PGlite, one
 * connection whose transactions take turns, `waiting` the ones behind the running one.
 */
export interface PoolStats { pool: 'requests' | 'owner' | 'embedded'; size: number; inUse: number; waiting: number }

export async function scopeTransaction(tx: Db, tenantId: TenantId): Promise<void> {
  await tx.execute(sql`select set_config('app.tenant_id', ${tenantId === null ? '' : String(tenantId)}, true), set_config('role', ${APP_ROLE}, true)`);
}

/**
 * A staff member's data scope (DOMAIN §1, decisions 0023 and 0034): the sites and the warehouses he may see;
 * null in a dimension means unrestricted there. Null as a whole (sellers, staff in no group, staff
 * with warehouse.Manages): everything the tenant holds.
 */
export interface DataScope { sites: readonly string[] | null; warehouses: readonly number[] | null }

/** The scope each transaction was given (applyScope is the only writer of the settings). */
const SCOPES = new WeakMap<Db, { sites: string; warehouses: string }>();
/** A NOTIFY waiting for its request's transaction to commit (notifyOnCommit). */
interface Notice { channel: string; payload: string; gather?: Gather }
/**
 * A notice that may wait a moment and go out merged with others of its key (decision 0054): the
 * first of a key after a quiet spell leaves with the next batch, as any notice does; those that come
 * while the key's window (GATHER_MS) is open wait for it to close and leave together, their parts
 * made into as few payloads as `merge` makes of them. For hints like floor work, where a dashboard
 * wants to hear that something moved, not each thing that did.
 */
export interface Gather { key: string; part: string; merge: (parts: readonly string[]) => string[] }
/** How long the notices of one gathered key wait to go out together (decision 0054). */
export const GATHER_MS = 250;
/** The notices each request handle (withTenant, read) holds until its work has committed. */
const NOTICES = new WeakMap<Db, Notice[]>();

/**
 * NOTIFY channel with a payload naming tx's tenant, once tx's work has committed; never if it rolls
 * back (decision 0035). A NOTIFY inside a transaction takes PostgreSQL's one notify lock at commit and
 * holds it through the WAL flush, so every notifying commit in the cluster waits for the one before:
 * the notices of request transactions are sent after them instead, a batch at a time, by a
 * statement that does not wait for its own flush. A handle that is not a request's (root, a nested
 * transaction) sends the NOTIFY inside its transaction, as before.
 */
export async function notifyOnCommit(
  tx: Db, channel: string, payload: (tenantId: number | null) => string, gather?: (tenantId: number | null) => Gather,
): Promise<void> {
  const held = NOTICES.get(tx);
  const tenant = TENANTS.get(tx);
  if (held && tenant !== undefined) {
    const tenantId = tenant === '' ? null : Number(tenant);
    held.push({ channel, payload: payload(tenantId), ...(gather ? { gather: gather(tenantId) } : {}) });
    return;
  }
  const { rows: [row] } = (await tx.execute(sql`select nullif(current_setting('app.tenant_id', true), '') as t`)) as unknown as { rows: { t: string | null }[] };
  await tx.execute(sql`select pg_notify(${channel}, ${payload(row?.t ? Number(row.t) : null)})`);
}

/**
 * Sends the notices of committed request transactions: whatever has gathered by the next turn of the
 * event loop goes as one statement (duplicates once), the next batch when that one is done. The
 * statement sets synchronous_commit off for itself: a notice is a hint to refresh, the work it
 * announces is already durable, so its commit need not wait for the disk while holding the notify lock.
 * Gathered notices (Gather) of a key wait for its window to close and go as one (decision 0054): at a
 * thousand scans a second, one statement and one notice per tenant four times a second, not one each.
 */
function noticeSender(send: (channels: string[], payloads: string[]) => Promise<unknown>) {
  let pending: Notice[] = [];
  let running: Promise<void> | null = null;
  /** The gathered keys whose window is open: the parts come since it opened, sent when it closes. */
  const windows = new Map<string, { channel: string; merge: Gather['merge']; parts: Set<string>; timer: NodeJS.Timeout }>();
  const drain = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    while (pending.length) {
      const batch = new Map(pending.map((n) => [`${n.channel}\u0000${n.payload}`, n]));
      pending = [];
      const notices = [...batch.values()];
      // A lost notice costs a dashboard its refresh until the next one, never data: keep serving.
      await send(notices.map((n) => n.channel), notices.map((n) => n.payload)).catch(() => {});
    }
    running = null;
  };
  const queue = (notices: readonly Notice[]) => {
    if (notices.length === 0) return;
    pending.push(...notices);
    running ??= drain();
  };
  const openWindow = (key: string, channel: string, merge: Gather['merge']) => {
    const timer = setTimeout(() => closeWindow(key, true), GATHER_MS);
    timer.unref();
    windows.set(key, { channel, merge, parts: new Set(), timer });
  };
  /**
   * Sends what a key gathered. Then, with `reopen` and something sent, its next window opens; with
   * nothing gathered (or at close) the key goes quiet.
   */
  const closeWindow = (key: string, reopen: boolean) => {
    const open = windows.get(key);
    if (!open) return;
    clearTimeout(open.timer);
    windows.delete(key);
    if (open.parts.size === 0) return;
    queue(open.merge([...open.parts]).map((payload) => ({ channel: open.channel, payload })));
    if (reopen) openWindow(key, open.channel, open.merge);
  };
  return {
    publish(notices: readonly Notice[]): void {
      const now: Notice[] = [];
      for (const n of notices) {
        const g = n.gather;
        if (!g) {
          now.push(n);
          continue;
        }
        const open = windows.get(g.key);
        if (open) {
          open.parts.add(g.part);
          continue;
        }
        // The first of its key after a quiet spell leaves now, and opens the key's window.
        now.push({ channel: n.channel, payload: n.payload });
        openWindow(g.key, n.channel, g.merge);
      }
      queue(now);
    },
    /** Sends what the open windows gathered, and resolves when everything published so far has been sent (close waits for it). */
    settled: async (): Promise<void> => {
      for (const key of [...windows.keys()]) closeWindow(key, false);
      await running;
    },
  };
}
type NoticeSender = ReturnType<typeof noticeSender>;

const NOTIFY_BATCH = `select set_config('synchronous_commit', 'off', true), pg_notify(n.c, n.p) from unnest($1::text[], $2::text[]) as n(c, p)`;

/** The tenant each request handle (withTenant, read) works for. */
const TENANTS = new WeakMap<Db, string>();
/** The connection (its Drizzle instance) each PostgreSQL request handle uses. */
const CONNECTIONS = new WeakMap<Db, object>();

/**
 * A query prepared once per request connection and kept (decision 0034): `build` makes it with
 * Drizzle's .prepare() on this handle, whose session is the connection's, so it serves every later
 * request on that connection. Null where nothing is kept (PGlite, root): the caller builds as usual.
 */
export function keptFor<T>(tx: Db, cache: WeakMap<object, T>, build: () => T): T | null {
  const connection = CONNECTIONS.get(tx);
  if (!connection) return null;
  let kept = cache.get(connection);
  if (kept === undefined) {
    kept = build();
    cache.set(connection, kept);
  }
  return kept;
}

/**
 * A statement kept per request connection by the name of its shape (decisions 0035, 0046): a list's
 * page by its filter's shape, the scan's write by the writes it carries. `build` prepares it under the
 * statement name given. At most KEPT_SHAPES shapes per cache and connection, so a client cannot make
 * a connection keep statements without end; beyond them, and where nothing is kept (PGlite, root),
 * null: the caller builds the statement as usual.
 */
export function keptShape<T>(tx: Db, cache: WeakMap<object, Map<string, T>>, prefix: string, name: string, build: (statementName: string) => T): T | null {
  const kept = keptFor(tx, cache, () => new Map<string, T>());
  if (!kept) return null;
  let query = kept.get(name);
  if (query === undefined && kept.size < KEPT_SHAPES) {
    query = build(`${prefix}${createHash('sha1').update(name).digest('hex').slice(0, 16)}`);
    kept.set(name, query);
  }
  return query ?? null;
}
const KEPT_SHAPES = 32;

/** A Drizzle prepared query's own fields, as its execute() reads them (drizzle-orm 0.45). */
interface PreparedFields {
  fields?: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}
type DriverDecoder = { mapFromDriverValue(value: unknown): unknown };

/**
 * A kept prepared query whose rows are mapped by a mapper made once (decision 0036). Drizzle maps
 * each row by asking, for every field of every row, what kind of field it is (`is()`, which walks
 * prototypes, and through a proxy for the columns of a CTE): 12 % of the server's time on list
 * pages. The kinds are asked here once; each row then costs only the columns' own decoders, the
 * same ones Drizzle calls. A selection may hold objects one level deep (decision 0045); one that a
 * left join may leave empty becomes null by Drizzle's own rule (nullableObjects).
 */
export function mapRowsOnce<T>(prepared: T): T {
  const q = prepared as PreparedFields;
  if (!Array.isArray(q.fields) || q.customResultMapper || q.fields.some((f) => f.path.length > 2)) return prepared;
  const paths = q.fields.map((f) => f.path);
  // A member named __proto__ would set a prototype in an object literal: such a selection stays Drizzle's.
  if (paths.some((p) => p.length === 2) && paths.some((p) => p.includes('__proto__'))) return prepared;
  const decoders: DriverDecoder[] = q.fields.map(({ field }) => {
    // As Drizzle's mapResultRow picks them; an SQL's decoder is internal to Drizzle.
    const decoderOf = (x: SQL) => (x as unknown as { decoder: DriverDecoder }).decoder;
    if (is(field, Column)) return field;
    if (is(field, SQL)) return decoderOf(field);
    if (is(field, Subquery)) return decoderOf((field as unknown as { _: { sql: SQL } })._.sql);
    return decoderOf((field as SQL.Aliased).sql);
  });
  q.customResultMapper = paths.every((p) => p.length === 1)
    ? rowMapper(paths.map((p) => p[0]!), decoders)
    : nestedRowMapper(paths, decoders, nullableObjects(q.fields, q.joinsNotNullableMap));
  return prepared;
}

/**
 * The objects of a selection that Drizzle's mapResultRow turns into null, each with the index of the
 * field it decides by. Its rule: when the query has joins, an object whose column fields (an SQL
 * field does not count) all belong to one table that a join may leave empty is null when the first
 * of those columns is null.
 */
export function nullableObjects(fields: readonly { path: string[]; field: unknown }[], joinsNotNullableMap: Record<string, boolean> | undefined): Map<string, number> {
  const out = new Map<string, number>();
  if (!joinsNotNullableMap) return out;
  const seen = new Map<string, { table: string; first: number } | false>();
  fields.forEach(({ path: p, field }, i) => {
    if (p.length !== 2 || !is(field, Column)) return;
    const table = getTableName(field.table);
    const was = seen.get(p[0]!);
    if (was === undefined) seen.set(p[0]!, { table, first: i });
    else if (was && was.table !== table) seen.set(p[0]!, false);
  });
  for (const [name, found] of seen) if (found && !joinsNotNullableMap[found.table]) out.set(name, found.first);
  return out;
}

/**
 * The mapper of rows of fields one or two levels deep (`paths`), made once as rowMapper's is: each
 * object of `nullable` is null when the field it decides by is null once decoded, as Drizzle decides.
 */
export function nestedRowMapper(paths: readonly (readonly string[])[], decoders: readonly DriverDecoder[], nullable: ReadonlyMap<string, number>): (rows: unknown[][]) => unknown {
  const decode = decoders.map((d) => d.mapFromDriverValue.bind(d));
  const value = (i: number) => `r[${i}] === null ? null : d[${i}](r[${i}])`;
  // The members in order of first appearance, as Drizzle's mapper adds them.
  const top: { key: string; members: string[] | null; index: number }[] = [];
  paths.forEach((p, i) => {
    if (p.length === 1) {
      top.push({ key: p[0]!, members: null, index: i });
      return;
    }
    let object = top.find((t) => t.key === p[0] && t.members);
    if (!object) top.push(object = { key: p[0]!, members: [], index: i });
    object.members!.push(`${JSON.stringify(p[1])}: ${value(i)}`);
  });
  // An object that may be null is made first, so that it is decided by its member's decoded value.
  const locals: string[] = [];
  const members = top.map((t) => {
    if (!t.members) return `${JSON.stringify(t.key)}: ${value(t.index)}`;
    const literal = `{ ${t.members.join(', ')} }`;
    const decidedBy = nullable.get(t.key);
    if (decidedBy === undefined) return `${JSON.stringify(t.key)}: ${literal}`;
    const local = `o${locals.length}`;
    locals.push(`const ${local} = ${literal};`);
    return `${JSON.stringify(t.key)}: ${local}[${JSON.stringify(paths[decidedBy]![1])}] === null ? null : ${local}`;
  });
  // The source is made of the selection's names (as JSON strings) and indexes, never of a row's values.
  const make = new Function('d', `return (rows) => rows.map((r) => { ${locals.join(' ')} return { ${members.join(', ')} }; });`) as (d: unknown[]) => (rows: unknown[][]) => unknown;
  return make(decode);
}

/**
 * The mapper of rows of these fields: one object literal per row, generated once (decision 0043),
 * so every row has its final shape from the start, instead of gaining its members one by one by a
 * name that changes at every step. Each decoder's method is looked up once: a CTE's columns are
 * proxies, and reading a method through the proxy for every value cost 2 % of a list page's time.
 */
export function rowMapper(keys: readonly string[], decoders: readonly DriverDecoder[]): (rows: unknown[][]) => unknown {
  // "__proto__" in an object literal (or assigned) would set the prototype: such a selection's
  // members are defined one by one.
  if (keys.includes('__proto__')) {
    const decode = decoders.map((d) => d.mapFromDriverValue.bind(d));
    return (rows) => rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) {
        Object.defineProperty(out, keys[i]!, { value: row[i] === null ? null : decode[i]!(row[i]), enumerable: true, writable: true, configurable: true });
      }
      return out;
    });
  }
  // Otherwise the generated literal, as for a selection with objects (one level, none of them).
  return nestedRowMapper(keys.map((key) => [key]), decoders, new Map());
}

/**
 * What a request handle can see, as a key (the tenant and the scope in force now): two handles with
 * the same key read the same rows. Null for a handle that is not a request's (root).
 */
export function visibilityOf(tx: Db): string | null {
  const tenant = TENANTS.get(tx);
  if (tenant === undefined) return null;
  const scope = SCOPES.get(tx);
  return `${tenant}|${scope?.sites ?? ''}|${scope?.warehouses ?? ''}`;
}

/** Whether a group scope narrows what the handle sees now (applyScope; none inside unscoped). */
export function isScoped(tx: Db): boolean {
  return SCOPES.has(tx);
}

/**
 * The settings a request connection holds for its session (PostgreSQL's request pool): the tenant
 * and the scope. A handle of `read` (no transaction) carries its connection's, so the scope is set
 * for the session there, and put back to none by the next checkout.
 */
interface SessionSettings {
  tenant: string; sites: string; warehouses: string;
  /**
   * The session's transactions are read-write by default (decision 0055): set by a transaction of one
   * statement sent alone, put back to read-only by the next `read` before its first statement. A
   * connection's settings start read-only (false).
   */
  writable?: boolean;
}
const SESSION_OF = new WeakMap<Db, { settings: SessionSettings; forget: () => void }>();

/**
 * Sets the scope settings, and the role the scope policies apply to (haicang_scoped while there is a
 * scope, haicang_app otherwise): for the transaction, or for the session of a `read` handle.
 */
async function setScope(tx: Db, set: { sites: string; warehouses: string }): Promise<void> {
  const session = SESSION_OF.get(tx);
  const local = session ? false : true;
  const role = set.sites || set.warehouses ? SCOPED_ROLE : APP_ROLE;
  try {
    await tx.execute(sql`select set_config('app.scope_sites', ${set.sites}, ${local}), set_config('app.scope_warehouses', ${set.warehouses}, ${local}),
      set_config('role', ${role}, ${local})`);
  } catch (err) {
    session?.forget(); // whatever the connection holds now, the next checkout sets everything anew
    throw err;
  }
  if (session) Object.assign(session.settings, set);
}

/**
 * Narrows the rest of the transaction to the scope: the restrictive row-level-security policies
 * (schema/tenancy.ts siteScopePolicy, warehouseScopePolicy) read these settings, so every query that
 * follows, whoever wrote it, sees only the scope's rows. Transaction-local, like app.tenant_id (for
 * the session on a `read` handle, put back by the next checkout); switches to haicang_scoped.
 */
export async function applyScope(tx: Db, scope: DataScope | null): Promise<void> {
  if (!scope || (!scope.sites && !scope.warehouses)) return;
  const set = { sites: scope.sites?.join(',') ?? '', warehouses: scope.warehouses?.join(',') ?? '' };
  await setScope(tx, set);
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
  await setScope(tx, { sites: '', warehouses: '' });
  const restore = async () => {
    // fn may have sent the transaction's last statement, with COMMIT behind it (decision 0040): the
    // transaction, and its transaction-local scope, has ended; nothing more may be sent.
    if (!OPENING_OF.get(tx)?.committed) await setScope(tx, saved);
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

type PgPool = import('pg').Pool;
type PgPoolClient = import('pg').PoolClient;

/** How many distinct statements are kept prepared, and after how many sightings one is (decision 0034). */
const PREPARED_MAX = 256;
const PREPARE_AFTER = 3;

/**
 * Names the statements a server sends again and again, so each request connection parses and plans
 * them once and then only binds and executes them (PostgreSQL's prepared statements, node-postgres'
 * named queries). A name is the hash of the text, so one text always has one name. Statements seen
 * fewer than PREPARE_AFTER times (an export's, a rare filter's) stay unnamed, and at most
 * PREPARED_MAX texts are ever named, bounding what each connection holds on the server.
 */
function statementNamer(): (text: string) => string | undefined {
  const seen = new Map<string, number>();
  const named = new Map<string, string>();
  return (text) => {
    const name = named.get(text);
    if (name !== undefined) return name;
    if (named.size >= PREPARED_MAX) return undefined;
    const n = (seen.get(text) ?? 0) + 1;
    if (n < PREPARE_AFTER) {
      if (seen.size >= 4 * PREPARED_MAX) seen.clear();
      seen.set(text, n);
      return undefined;
    }
    seen.delete(text);
    const fresh = `hc_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    named.set(text, fresh);
    return fresh;
  };
}

/**
 * A request connection's transaction (decision 0037), while its work runs. Its `begin read write`
 * waits for the first statement and goes out with it, in the same write (until then `sent` is null); the connection's pipeline mode lets PostgreSQL
 * answer both without waiting for the client in between. `sent` is BEGIN's own answer. Once told that
 * the next statement is the last (`lastStatementNext`), COMMIT goes out right behind that statement:
 * `committed` is its answer, and no statement may follow.
 */
interface Opening { sent: Promise<unknown> | null; closing: boolean; committed: Promise<unknown> | null }
const OPENINGS = new WeakMap<PgPoolClient, Opening>();
const OPENING_OF = new WeakMap<Db, Opening>();

/** node-postgres' encoder of a statement's values, the one its bind step runs (pg/lib/utils.js). */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as { prepareValue(value: unknown): unknown };

interface PgResult {
  rowAsArray: boolean; fields: { dataTypeID: number; format?: string }[]; _parsers: unknown[] | undefined;
  _types: { getTypeParser(oid: number, format: string): unknown } | undefined;
  addFields(fieldDescriptions: PgResult['fields']): void;
}

/**
 * A result read as arrays takes its row description without an empty row object of its columns'
 * names (decision 0045). node-postgres' Result.addFields (pg 8.23) builds that object for every
 * result, by one key at a time over a dictionary and a copy; only rows read as objects use it.
 * Drizzle's selects read rows as arrays: at 20 scanners that object was 5–7 % of the server's time.
 * The parsers are taken exactly as addFields takes them; a result read as objects is untouched.
 */
export function leanArrayResults(Result: { prototype: PgResult }, types: { getTypeParser(oid: number, format: string): unknown }): void {
  const proto = Result.prototype;
  if ((proto as { leanArrays?: boolean }).leanArrays) return;
  const addFields = proto.addFields;
  proto.addFields = function (this: PgResult, fieldDescriptions) {
    if (!this.rowAsArray) return addFields.call(this, fieldDescriptions);
    this.fields = fieldDescriptions;
    if (this.fields.length) this._parsers = new Array(fieldDescriptions.length);
    const source = this._types ?? types;
    for (let i = 0; i < fieldDescriptions.length; i++) {
      const desc = fieldDescriptions[i]!;
      this._parsers![i] = source.getTypeParser(desc.dataTypeID, desc.format || 'text');
    }
  };
  Object.defineProperty(proto, 'leanArrays', { value: true });
}
{
  // pg-types as node-postgres itself resolves it: the instance its type parsers are set on.
  const fromPg = createRequire(createRequire(import.meta.url).resolve('pg/lib/result.js'));
  leanArrayResults(fromPg('./result.js') as { prototype: PgResult }, fromPg('pg-types') as { getTypeParser(oid: number, format: string): unknown });
}

/**
 * A statement's values encoded now (decision 0040). node-postgres encodes them as it binds, and a
 * value it cannot encode fails the statement without sending it; a COMMIT queued behind it would then
 * commit what came before. Encoded here, the last statement of a transaction fails before anything
 * of it, or the COMMIT, is sent. Encoding an encoded value changes nothing (a string stays itself).
 */
function encodedNow(config: unknown, rest: unknown[]): [unknown, unknown[]] {
  // A query object of its own (a cursor, a Query) is sent as it is: copying it would lose its methods.
  if (config && typeof config === 'object' && typeof (config as { submit?: unknown }).submit === 'function') return [config, rest];
  if (config && typeof config === 'object' && Array.isArray((config as { values?: unknown }).values)) {
    return [{ ...(config as object), values: (config as { values: unknown[] }).values.map((v) => prepareValue(v)) }, rest];
  }
  // query(text or config, values): how Drizzle sends a statement it has not prepared.
  if (Array.isArray(rest[0])) return [config, [(rest[0] as unknown[]).map((v) => prepareValue(v)), ...rest.slice(1)]];
  return [config, rest];
}

/** COMMIT of a transaction a failed statement had aborted answers ROLLBACK: never a success. */
function committedOrThrow(answer: unknown): void {
  if ((answer as { command?: string } | undefined)?.command !== 'COMMIT') throw new Error('the transaction was rolled back: one of its statements failed');
}

/**
 * The next statement tx sends is its transaction's last (decision 0037): on a PostgreSQL request
 * connection, COMMIT is sent behind it without waiting for its answer, saving a round trip. If that
 * statement fails in PostgreSQL, the transaction is already aborted and the COMMIT ends it as a
 * rollback; if the COMMIT itself fails, the transaction fails as it would have. The statement's
 * values are encoded before it is sent (decision 0040): one node-postgres cannot encode fails it with
 * no COMMIT sent, so any statement may be marked. Any statement after it is refused. Elsewhere
 * (PGlite, a read) nothing changes.
 */
export function lastStatementNext(tx: Db): void {
  const opening = OPENING_OF.get(tx);
  if (opening) opening.closing = true;
}

/**
 * Whether tx is a transaction on a PostgreSQL request connection, whose statements may be sent before
 * the answers to the ones before them have come back (pipeline mode, decision 0037). False on PGlite
 * and on reads.
 */
export function pipelines(tx: Db): boolean {
  return OPENING_OF.has(tx);
}

/**
 * What a transaction of one statement, sent alone, answers for its COMMIT (decision 0055): that
 * statement ran as its own transaction, which committed when it succeeded.
 */
const ALONE_COMMITTED = { command: 'COMMIT' } as const;

/**
 * Makes a connection send its Drizzle queries as named (prepared) statements once they are common,
 * and its transaction's BEGIN and COMMIT with the statements they surround; a transaction whose
 * first statement is its last goes as that statement alone, in read-write mode (decision 0055).
 */
function preparing(client: PgPoolClient, nameOf: (text: string) => string | undefined, session: { get(): SessionSettings | undefined; forget(): void }): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const send = (config: unknown, rest: unknown[]) => {
    if (config && typeof config === 'object' && !(config as { name?: string }).name && typeof (config as { text?: unknown }).text === 'string') {
      const name = nameOf((config as { text: string }).text);
      if (name) return query({ ...(config as object), name }, ...rest);
    }
    return query(config, ...rest);
  };
  // An answer the transaction's end awaits (withTenant); it must not be reported as unhandled meanwhile.
  const awaited = (p: unknown) => {
    (p as Promise<unknown>).catch(() => {});
    return p as Promise<unknown>;
  };
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
    const opening = OPENINGS.get(client);
    if (!opening) return send(config, rest);
    if (opening.committed) throw new Error('a statement after its transaction\'s last one (lastStatementNext)');
    if (opening.sent && !opening.closing) return send(config, rest);
    // The last statement's values are encoded before anything goes: a failure sends no COMMIT (decision 0040).
    if (opening.closing) [config, rest] = encodedNow(config, rest);
    // One write for all of them (the statement's own cork nests inside this one).
    const stream = (client as unknown as { connection: { stream: { cork?: () => void; uncork?: () => void } } }).connection.stream;
    stream.cork?.();
    try {
      // The first statement is the last: it goes alone, as its own transaction (decision 0055), on a
      // session whose transactions are read-write by default (set here, pipelined, when they are not).
      // A session whose settings were forgotten (to be set anew) keeps BEGIN … COMMIT.
      const settings = opening.closing && !opening.sent ? session.get() : undefined;
      if (settings) {
        if (!settings.writable) {
          // Should it fail, the statement behind it fails too (read-only), and the next checkout sets the session anew.
          void (query('set default_transaction_read_only = off') as Promise<unknown>).catch(() => session.forget());
          settings.writable = true;
        }
        const answer = awaited(send(config, rest) as Promise<unknown>);
        opening.sent = answer;
        opening.committed = awaited(answer.then(() => ALONE_COMMITTED));
        return answer;
      }
      opening.sent ??= awaited(query('begin read write'));
      const answer = send(config, rest);
      if (opening.closing) opening.committed = awaited(query('commit'));
      return answer;
    } finally {
      stream.uncork?.();
    }
  };
}

/**
 * PostgreSQL's request connections (decision 0034): a pool of its own whose connections are set once
 * for their session to the application role, read-only by default, and to the tenant of the request
 * that used them last. A request for the same tenant (nearly all of them) sends no settings at all; a
 * transaction is `begin read write` … `commit`, or its one statement alone when its first is its last
 * (decision 0055: the session is then read-write until the next read puts it back), and a read is its
 * statements alone. The owner's pool (root) never carries these settings.
 */
function requestConnections(pool: PgPool, handleOf: (client: PgPoolClient) => Db, notices: NoticeSender) {
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
        preparing(client, nameOf, { get: () => sessions.get(client), forget: () => sessions.delete(client) });
        base = handleOf(client);
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
