// Decision 0045: a node-postgres result read as arrays takes its row description without building an
// empty row object; one read as objects is as before. Rows come out the same either way.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { leanArrayResults } from './client.ts';

type Desc = { name: string; dataTypeID: number; format?: string };
type ResultLike = { addFields(d: Desc[]): void; parseRow(raw: unknown[]): unknown; _prebuiltEmptyResultObject: unknown; _parsers: unknown[] };
const fromPg = createRequire(createRequire(import.meta.url).resolve('pg/lib/result.js'));
const Result = fromPg('./result.js') as { new (rowMode?: string, types?: unknown): ResultLike; prototype: never };
const types = fromPg('pg-types') as { getTypeParser(oid: number, format: string): unknown };

// int4, text, bool, timestamptz, json
const described: Desc[] = [
  { name: 'n', dataTypeID: 23 }, { name: 't', dataTypeID: 25 }, { name: 'b', dataTypeID: 16 },
  { name: 'at', dataTypeID: 1184 }, { name: 'j', dataTypeID: 114 },
];
const raw = ['42', 'x', 't', '2026-11-25 08:00:00+00', '{"a":1}'];
const parsed = [42, 'x', true, new Date('2026-11-25T08:00:00Z'), { a: 1 }];

describe('node-postgres results read as arrays (leanArrayResults)', () => {
  it('is in force once the database module is loaded, and applying it again changes nothing', () => {
    const before = (Result.prototype as { addFields: unknown }).addFields;
    leanArrayResults(Result as never, types);
    expect((Result.prototype as { addFields: unknown }).addFields).toBe(before);
    expect((Result.prototype as { leanArrays?: boolean }).leanArrays).toBe(true);
  });

  it('parses rows read as arrays with the same parsers, and builds no empty row object for them', () => {
    const r = new Result('array');
    r.addFields(described);
    expect(r._prebuiltEmptyResultObject).toBeNull();
    expect(r.parseRow(raw)).toEqual(parsed);
    expect(r.parseRow(raw.map(() => null))).toEqual([null, null, null, null, null]);
    // A custom type set (as a query's `types`) is asked, as node-postgres asks it.
    const asked: number[] = [];
    const custom = new Result('array', { getTypeParser: (oid: number) => { asked.push(oid); return (v: string) => `#${v}`; } });
    custom.addFields(described);
    expect(asked).toEqual([23, 25, 16, 1184, 114]);
    expect(custom.parseRow(['1', null, 't', 'x', 'y'])).toEqual(['#1', null, '#t', '#x', '#y']);
  });

  it('leaves rows read as objects as they were: every column a member, in order, null for null', () => {
    const r = new Result();
    r.addFields(described);
    const row = r.parseRow(raw) as Record<string, unknown>;
    expect(Object.keys(row)).toEqual(['n', 't', 'b', 'at', 'j']);
    expect(Object.values(row)).toEqual(parsed);
    expect(r.parseRow([null, 'y', null, null, null])).toEqual({ n: null, t: 'y', b: null, at: null, j: null });
  });
});
