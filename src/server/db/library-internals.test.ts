// Decision 0064: the database layer reaches into node-postgres and Drizzle where a measured gain needs
// it (pg's Result.addFields, its value encoder, its connection's socket; Drizzle's prepared query's
// row mapper). Both libraries are pinned to an exact version, and this test fails when what is
// reached changes, so an upgrade is a decision, not an accident.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as orm from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { mapRowsOnce } from './client.ts';
import { preparing } from './pipelining.ts';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(import.meta.dirname, '../../..');
const ownPackage = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
const installed = (name: string, entry: string) => {
  let dir = path.dirname(require.resolve(entry));
  while (path.basename(dir) !== name) dir = path.dirname(dir);
  return { dir, version: (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version };
};
const pg = installed('pg', 'pg');
const sha1 = (file: string) => createHash('sha1').update(readFileSync(file)).digest('hex');

describe('the libraries whose internals the database layer uses', () => {
  it('are pinned to an exact version, the one installed', () => {
    expect(ownPackage.dependencies.pg).toBe('8.23.1');
    expect(ownPackage.dependencies['drizzle-orm']).toBe('0.45.4');
    expect(pg.version).toBe(ownPackage.dependencies.pg);
    expect(installed('drizzle-orm', 'drizzle-orm').version).toBe(ownPackage.dependencies['drizzle-orm']);
  });

  it("pg: Result (pg-results.ts leanArrayResults replaces its addFields) is pg 8.23.1's, byte for byte", () => {
    // addFields' body is copied into the lean one (its parsers, `_types`, `rowAsArray`); parseRow reads `_parsers`.
    expect(sha1(path.join(pg.dir, 'lib/result.js'))).toBe('4300c04a19a3d58242f3a1579317059557a6a2c0');
  });

  it("pg: the bind step encodes values with lib/utils.js prepareValue, which pipelining.ts runs before a transaction's last statement", () => {
    const query = readFileSync(path.join(pg.dir, 'lib/query.js'), 'utf8');
    expect(query).toContain('valueMapper: utils.prepareValue');
    const { prepareValue } = require('pg/lib/utils.js') as { prepareValue: (value: unknown) => unknown };
    expect(prepareValue).toBeTypeOf('function');
    expect(prepareValue('x')).toBe('x');
    expect(prepareValue(prepareValue({ a: 1 }))).toBe('{"a":1}');
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(() => prepareValue(loop)).toThrow();
  });

  it("pg: a client's connection has the socket pipelining.ts corks, and the pipeline option is honoured", () => {
    const Pg = require('pg') as typeof import('pg');
    const client = new Pg.Client({ pipeline: true } as never) as unknown as { pipeline: boolean; connection: { stream: { cork?: unknown; uncork?: unknown; destroy(): void } } };
    expect(client.pipeline).toBe(true);
    expect(client.connection.stream.cork).toBeTypeOf('function');
    expect(client.connection.stream.uncork).toBeTypeOf('function');
    client.connection.stream.destroy();
    // A query corks that same stream around its own messages (the transaction's cork nests around it).
    expect(readFileSync(path.join(pg.dir, 'lib/query.js'), 'utf8')).toContain('connection.stream.cork && connection.stream.cork()');
  });

  it("drizzle: a prepared query's rows go through customResultMapper, from `fields`, and a client is anything with query()", async () => {
    const t = pgTable('internals_probe', { id: integer('id'), name: text('name') });
    const calls: unknown[][] = [];
    const client = { query: (...args: unknown[]) => { calls.push(args); return Promise.resolve({ rows: [[7, 'a', '1'], [null, null, null]], fields: [] }); } };
    const db = drizzle({ client: client as never });
    const prepared = db.select({ id: t.id, name: t.name, n: sql<number>`1`.mapWith(Number) }).from(t).prepare('probe');
    const q = prepared as unknown as { fields: { path: string[]; field: unknown }[]; joinsNotNullableMap?: unknown; customResultMapper?: unknown };
    expect(q.fields.map((f) => f.path)).toEqual([['id'], ['name'], ['n']]);
    expect('joinsNotNullableMap' in q).toBe(true);
    // An SQL field's decoder, which the mapper takes as Drizzle's mapResultRow does.
    expect((q.fields[2]!.field as { decoder?: { mapFromDriverValue?: unknown } }).decoder?.mapFromDriverValue).toBeTypeOf('function');
    expect((orm as unknown as { mapResultRow?: unknown }).mapResultRow).toBeTypeOf('function');
    const mapped = mapRowsOnce(prepared);
    expect(q.customResultMapper).toBeTypeOf('function');
    let seen: unknown = null;
    const mine = q.customResultMapper as (rows: unknown[][]) => unknown;
    q.customResultMapper = (rows: unknown[][]) => { seen = rows; return mine(rows); };
    expect(await mapped.execute()).toEqual([{ id: 7, name: 'a', n: 1 }, { id: null, name: null, n: null }]);
    expect(seen).toEqual([[7, 'a', '1'], [null, null, null]]);
    // Drizzle sent the statement as node-postgres' query config with its values, rows as arrays.
    expect(calls).toHaveLength(1);
    expect(calls[0]![0]).toMatchObject({ name: 'probe', rowMode: 'array' });
  });
});

describe("a request connection's query function (pipelining.ts preparing)", () => {
  it("is given to Drizzle as its client's query: node-postgres' client keeps its own", async () => {
    const sent: unknown[] = [];
    const own = (config: unknown) => { sent.push(config); return Promise.resolve({ rows: [] }); };
    const client = { query: own };
    const query = preparing(client as never, () => 'hc_named', { get: () => undefined, forget: () => {} });
    expect(client.query).toBe(own);
    await query({ text: 'select 1' });
    expect(sent).toEqual([{ text: 'select 1', name: 'hc_named' }]);
  });
});
