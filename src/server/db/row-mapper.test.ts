import { describe, expect, it } from 'vitest';
import * as orm from 'drizzle-orm';
import { Column, eq, getTableColumns, is, sql } from 'drizzle-orm';
import { customType, integer as pgInteger, pgTable } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/node-postgres';
import { mapRowsOnce, nullableObjects, rowMapper } from './client.ts';
import * as schema from './schema/index.ts';
import { orders, parcels, stores } from './schema/index.ts';

// A decoder whose method reads its own state through `this`, as Drizzle's timestamp column does.
const timestamp = { withTimezone: true, mapFromDriverValue(this: { withTimezone: boolean }, v: unknown) { return new Date(this.withTimezone ? String(v) : `${String(v)}+0000`); } };
const integer = { mapFromDriverValue: (v: unknown) => (typeof v === 'string' ? Number.parseInt(v, 10) : v) };
const same = { mapFromDriverValue: (v: unknown) => v };

describe('rowMapper (mapRowsOnce)', () => {
  it('makes one object per row, each value through its decoder, null as null', () => {
    const map = rowMapper(['id', 'when', 'note', 'with "quote"'], [integer, timestamp, same, same]);
    expect(map([['7', '2026-11-25 08:00:00+00', 'x', 1], [null, null, null, null]])).toEqual([
      { id: 7, when: new Date('2026-11-25T08:00:00Z'), note: 'x', 'with "quote"': 1 },
      { id: null, when: null, note: null, 'with "quote"': null },
    ]);
  });

  it('keeps a member named __proto__ as a member, not the prototype', () => {
    const [row] = rowMapper(['__proto__', 'a'], [same, same])([[{ polluted: true }, 1]]) as Record<string, unknown>[];
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.keys(row!)).toEqual(['__proto__', 'a']);
    expect((row as { polluted?: boolean }).polluted).toBeUndefined();
  });
});

// Decision 0045: selections with objects one level deep, mapped as Drizzle's own mapResultRow maps
// them, down to which left-joined objects it turns into null.
describe('mapRowsOnce on nested selections', () => {
  // Drizzle's own row mapper: exported by its module, not by its type declarations.
  const { mapResultRow } = orm as unknown as { mapResultRow: (fields: unknown, row: unknown[], joins: Record<string, boolean> | undefined) => unknown };
  // Drizzle builds and prepares without a connection; nothing here is executed.
  const db = drizzle({ client: {} as never, schema });
  type Prepared = { fields: { path: string[]; field: unknown }[]; joinsNotNullableMap?: Record<string, boolean>; customResultMapper?: (rows: unknown[][]) => unknown };

  /** A raw value each field's decoder accepts, as node-postgres would give it. */
  const rawFor = (field: unknown, k: number): unknown => {
    if (!is(field, Column)) return String(k);
    switch (field.dataType) {
      case 'number': return String(k);
      case 'boolean': return k % 2 === 0;
      case 'date': return `2026-11-${String(10 + (k % 20)).padStart(2, '0')} 08:00:00+00`;
      case 'json': return { k };
      default: return `v${k}`;
    }
  };

  const scanned = db.$with('scanned').as(db.select({ ...getTableColumns(parcels), facts: sql<unknown>`json_build_object('a', 1)`.as('facts') }).from(parcels));
  const itsOrder = db.$with('its_order').as(db.select({ ...getTableColumns(orders), storeName: stores.storeName }).from(orders).leftJoin(stores, eq(stores.id, orders.storeId)));
  const { facts, ...parcelFields } = scanned._.selectedFields;
  const { storeName, ...orderFields } = itsOrder._.selectedFields;
  const cases: [string, { prepare(name: string): unknown }][] = [
    ['a table left-joined', db.select({ parcel: parcels, order: orders, n: sql<number>`1`.mapWith(Number) }).from(parcels).leftJoin(orders, eq(orders.id, parcels.orderId))],
    ['a table inner-joined (never null)', db.select({ parcel: parcels, order: orders }).from(parcels).innerJoin(orders, eq(orders.id, parcels.orderId))],
    ['CTEs, as the scan\'s lock', db.with(scanned, itsOrder).select({ parcel: parcelFields, facts, order: orderFields, storeName }).from(scanned).leftJoin(itsOrder, sql`true`)],
    ['an object of two tables (never null)', db.select({ mixed: { id: orders.id, storeName: stores.storeName }, p: { id: parcels.id } }).from(parcels)
      .leftJoin(orders, eq(orders.id, parcels.orderId)).leftJoin(stores, eq(stores.id, orders.storeId))],
    ['an object led by an SQL field', db.select({ order: { total: sql<number>`1`.mapWith(Number), id: orders.id, tradeNo: orders.tradeNo } }).from(parcels).leftJoin(orders, eq(orders.id, parcels.orderId))],
  ];

  it.each(cases)('maps %s as Drizzle does, whichever fields are null', (_label, query) => {
    const prepared = query.prepare('p') as Prepared;
    const { fields, joinsNotNullableMap } = prepared;
    expect(fields.some((f) => f.path.length === 2)).toBe(true);
    const full = fields.map((f, k) => rawFor(f.field, k));
    const objects = [...new Set(fields.filter((f) => f.path.length === 2).map((f) => f.path[0]!))];
    const rows: unknown[][] = [full, full.map(() => null)];
    for (const name of objects) {
      const mine = fields.map((f, k) => (f.path[0] === name ? k : -1)).filter((k) => k >= 0);
      rows.push(full.map((v, k) => (mine.includes(k) ? null : v))); // the whole object null
      rows.push(full.map((v, k) => (k === mine[0] ? null : v))); // its first field only
      rows.push(full.map((v, k) => (k === mine[1] ? null : v))); // its second field only
    }
    const expected = rows.map((r) => mapResultRow(fields, r, joinsNotNullableMap));
    expect(mapRowsOnce(prepared).customResultMapper).toBeTypeOf('function');
    const mapped = prepared.customResultMapper!(rows) as unknown[];
    expect(mapped).toEqual(expected);
    // The same members in the same order, at both levels.
    mapped.forEach((m, i) => {
      expect(Object.keys(m as object)).toEqual(Object.keys(expected[i] as object));
      for (const name of objects) {
        const a = (m as Record<string, unknown>)[name];
        const b = (expected[i] as Record<string, unknown>)[name];
        expect(a === null ? null : Object.keys(a as object)).toEqual(b === null ? null : Object.keys(b as object));
      }
    });
  });

  it('finds the objects a left join may leave empty, by their first column', () => {
    const prepared = cases[0]![1].prepare('p') as Prepared;
    const nullable = nullableObjects(prepared.fields, prepared.joinsNotNullableMap);
    expect([...nullable.keys()]).toEqual(['order']);
    expect(prepared.fields[nullable.get('order')!]!.path).toEqual(['order', 'id']);
    expect(nullableObjects(prepared.fields, undefined).size).toBe(0);
  });

  it('decides by the decoded value, as Drizzle does: a decoder may make a value null', () => {
    // A code column whose empty text reads as null, left-joined first in its object.
    const blankIsNull = customType<{ data: string | null; driverData: string }>({ dataType: () => 'text', fromDriver: (v) => (v === '' ? null : v) });
    const tags = pgTable('row_mapper_tags', { code: blankIsNull('code'), id: pgInteger('id'), parcelId: pgInteger('parcel_id') });
    const prepared = db.select({ parcel: { id: parcels.id }, tag: { code: tags.code, id: tags.id } }).from(parcels)
      .leftJoin(tags, eq(tags.parcelId, parcels.id)).prepare('p') as unknown as Prepared;
    const rows = [['1', '', 2], ['1', 'x', 2], ['1', null, null], ['1', '', null]];
    const expected = rows.map((r) => mapResultRow(prepared.fields, r, prepared.joinsNotNullableMap));
    expect(expected[0]).toEqual({ parcel: { id: 1 }, tag: null });
    expect(mapRowsOnce(prepared).customResultMapper!(rows)).toEqual(expected);
  });

  it('leaves a selection deeper than one level, or with a member named __proto__, to Drizzle', () => {
    const proto = db.select({ ['__proto__']: parcels.id, order: { id: orders.id } } as never).from(parcels).leftJoin(orders, eq(orders.id, parcels.orderId))
      .prepare('p') as unknown as Prepared;
    expect(mapRowsOnce(proto).customResultMapper).toBeUndefined();
    const prepared = db.select({ a: { b: { id: parcels.id } } } as never).from(parcels).prepare('p') as unknown as Prepared;
    expect(mapRowsOnce(prepared).customResultMapper).toBeUndefined();
  });
});
