import { describe, expect, it } from 'vitest';
import { rowMapper } from './client.ts';

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
