// Every statement node-postgres sends, seen as it goes out (the API tests of decisions 0039, 0051 and
// 0056 read the wire this way). Install it before the app opens its connections: each request
// connection binds Client#query once (db/client.ts preparing). PGlite sends nothing through it.
import pg from 'pg';

export interface SentStatement { text: string; values: unknown[] | undefined }

/**
 * Calls `seen` with each statement and node-postgres' answer to it (a promise), in the order they are
 * sent, whichever way it was called: query(text, values), query({ text, name }, values) or
 * query({ text, values }). Returns the function that stops watching.
 */
export function watchStatements(seen: (statement: SentStatement, answer: unknown) => void): () => void {
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function query(this: pg.Client, config: unknown, ...rest: unknown[]) {
    const text = typeof config === 'string' ? config : String((config as { text?: unknown } | null)?.text ?? '');
    const values = (typeof config === 'string' ? rest[0] : (config as { values?: unknown } | null)?.values ?? rest[0]) as unknown[] | undefined;
    const answer = (original as (...args: unknown[]) => unknown).call(this, config, ...rest);
    seen({ text, values }, answer);
    return answer;
  } as typeof original;
  return () => {
    pg.Client.prototype.query = original;
  };
}
