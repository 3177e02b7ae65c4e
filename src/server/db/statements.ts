// Statements kept per request connection: prepared queries and shapes kept by name (decisions
// 0034, 0035, 0046), and the names given to statements sent again and again.
import { createHash } from 'node:crypto';
import type { Db } from './types.ts';

/** The connection (its Drizzle instance) each PostgreSQL request handle uses. */
export const CONNECTIONS = new WeakMap<Db, object>();

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
export function statementNamer(): (text: string) => string | undefined {
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
