// A PostgreSQL request connection's transaction (decisions 0037, 0040, 0055): BEGIN and COMMIT sent
// with the statements they surround, in node-postgres' pipeline mode; common statements named.
import { createRequire } from 'node:module';
import type { Db, SessionSettings } from './types.ts';

type PgPoolClient = import('pg').PoolClient;

/**
 * A request connection's transaction (decision 0037), while its work runs. Its `begin read write`
 * waits for the first statement and goes out with it, in the same write (until then `sent` is null); the connection's pipeline mode lets PostgreSQL
 * answer both without waiting for the client in between. `sent` is BEGIN's own answer. Once told that
 * the next statement is the last (`lastStatementNext`), COMMIT goes out right behind that statement:
 * `committed` is its answer, and no statement may follow.
 */
export interface Opening { sent: Promise<unknown> | null; closing: boolean; committed: Promise<unknown> | null }
export const OPENINGS = new WeakMap<PgPoolClient, Opening>();
export const OPENING_OF = new WeakMap<Db, Opening>();

/** node-postgres' encoder of a statement's values, the one its bind step runs (pg/lib/utils.js). */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as { prepareValue(value: unknown): unknown };

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
export function committedOrThrow(answer: unknown): void {
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

/** A connection's query function, as node-postgres' PoolClient.query is called (what Drizzle calls). */
export type QueryFn = (...args: unknown[]) => unknown;

/**
 * The query function Drizzle is given for a request connection (its `client` is a view of node-postgres'
 * client with this query; the client itself is left as it is): its queries go as named (prepared) statements once they are common,
 * and its transaction's BEGIN and COMMIT with the statements they surround; a transaction whose
 * first statement is its last goes as that statement alone, in read-write mode (decision 0055).
 */
export function preparing(client: PgPoolClient, nameOf: (text: string) => string | undefined, session: { get(): SessionSettings | undefined; forget(): void }): QueryFn {
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
  return (config: unknown, ...rest: unknown[]) => {
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
