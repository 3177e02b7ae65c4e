import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { createAnswerSerializerCompiler, JsonText, writtenJson } from './answer-writer.ts';
import { envelope } from '#shared/contracts/common.ts';
import { OrderDto } from '#shared/contracts/orders.ts';

const route = { method: 'GET', url: '/api/services/app/Test/Get' };
const ours = (schema: z.ZodType) => createAnswerSerializerCompiler()({ schema, ...route });
const checked = (schema: z.ZodType) => createAnswerSerializerCompiler({ check: true })({ schema, ...route });
const theirs = (schema: z.ZodType) => serializerCompiler({ schema, ...route });

/** What each serializer makes of `value`: its text, or the class of what it threw. */
function outcome(serialize: (v: unknown) => string, value: unknown): string {
  try {
    return serialize(value);
  } catch (err) {
    return err instanceof ResponseSerializationError ? 'ResponseSerializationError' : `other: ${String(err)}`;
  }
}

const Line = z.object({ id: z.number().int(), name: z.string(), price: z.number(), img: z.string().nullable() });
const Sample = z.object({
  id: z.int(),
  tradeNo: z.string(),
  status: z.union([z.literal(1), z.literal(2)]),
  kind: z.enum(['a', 'b']),
  urgent: z.boolean(),
  note: z.string().nullable(),
  shelf: z.string().optional(),
  maybe: z.number().nullable().optional(),
  lines: z.array(Line),
  tags: z.record(z.string(), z.number()),
  code: z.string().regex(/^[A-Z]+$/),
  extra: z.unknown(),
  positive: z.number().gt(0),
  nothing: z.null(),
  fixed: z.literal(true),
  either: z.union([z.object({ a: z.string() }), z.object({ a: z.string(), b: z.number() }), z.literal(0)]),
  kinds: z.array(z.union([z.literal('x'), z.enum(['y', 'z']), z.literal(null)])),
});

const good = {
  id: 7, tradeNo: 'HC"2026\\\n\u2028中文\ud800', status: 2, kind: 'b', urgent: false, note: null, shelf: 'A-01',
  lines: [{ id: 1, name: 'x', price: -0, img: null, hidden: 'never sent' }, { id: 2, name: '', price: 1e21, img: 'p.png' }],
  tags: { b: 1, a: 2 }, code: 'ABC', extra: { when: new Date(0), list: [1, 'x'] }, positive: 0.5, nothing: null, fixed: true, either: { a: 'first option wins', b: 2 }, kinds: ['x', 'z', null],
  passwordHash: 'secret',
};

describe('the answer writer', () => {
  it('writes the text zod + JSON.stringify would, members in the schema order, undeclared ones left out', () => {
    const text = ours(envelope(Sample))({ result: good, targetUrl: null, success: true, error: null, unAuthorizedRequest: false, __abp: true, more: 1 });
    expect(text).toBe(theirs(envelope(Sample))({ result: good, targetUrl: null, success: true, error: null, unAuthorizedRequest: false, __abp: true, more: 1 }));
    expect(text).not.toContain('secret');
    expect(text).not.toContain('never sent');
    expect(text).not.toContain('"more"');
    expect(JSON.parse(text).result.lines[0]).toEqual({ id: 1, name: 'x', price: 0, img: null });
  });

  it('leaves optional members out when absent or undefined, as zod does', () => {
    const { shelf: _shelf, ...noShelf } = good;
    for (const value of [noShelf, { ...good, shelf: undefined }, { ...good, maybe: null }, { ...good, maybe: 3 }]) {
      expect(ours(Sample)(value)).toBe(theirs(Sample)(value));
    }
  });

  it('refuses what zod refuses, with the same error', () => {
    const bad: unknown[] = [
      { ...good, id: 1.5 }, { ...good, id: 2 ** 60 }, { ...good, id: '7' }, { ...good, positive: 0 }, { ...good, positive: NaN },
      { ...good, tradeNo: undefined }, { ...good, note: undefined }, { ...good, urgent: 'false' }, { ...good, kind: 'c' },
      { ...good, fixed: false }, { ...good, nothing: 0 }, { ...good, lines: {} }, { ...good, lines: [null] }, { ...good, lines: [undefined] },
      { ...good, code: 'abc' }, { ...good, status: 3 }, { ...good, either: { b: 1 } }, { ...good, kinds: ['w'] }, { ...good, kinds: [0] }, { ...good, tags: { a: 'x' } }, { ...good, lines: [{ ...good.lines[0], price: Infinity }] },
      [good], null, 'x',
    ];
    for (const value of bad) {
      expect(outcome(ours(Sample), value)).toBe('ResponseSerializationError');
      expect(outcome(theirs(Sample), value)).toBe('ResponseSerializationError');
    }
  });

  it('agrees with zod on many values made by changing a good one at random', () => {
    let seed = 42;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const oddities = [undefined, null, 0, -1, 1.5, NaN, '', 'x', '1', true, false, [], {}, [1], { id: 1 }, 2 ** 60, new Date(0)];
    const mutate = (v: unknown, depth: number): unknown => {
      if (random() < 0.15 || depth > 4) return oddities[Math.floor(random() * oddities.length)];
      if (Array.isArray(v)) return v.map((x) => mutate(x, depth + 1));
      if (v && typeof v === 'object' && !(v instanceof Date)) {
        const out: Record<string, unknown> = {};
        for (const [k, x] of Object.entries(v)) if (random() > 0.05) out[k] = random() < 0.3 ? mutate(x, depth + 1) : x;
        return out;
      }
      return v;
    };
    let agreedOnText = 0;
    for (let i = 0; i < 3000; i++) {
      const value = mutate(good, 0);
      const a = outcome(ours(Sample), value);
      expect(a).toBe(outcome(theirs(Sample), value));
      if (a.startsWith('{')) agreedOnText++;
    }
    // Both kinds of outcome were exercised.
    expect(agreedOnText).toBeGreaterThan(50);
    expect(agreedOnText).toBeLessThan(3000);
  });

  it('writes an order page as zod does', () => {
    const order = {
      id: 1, tradeNo: 'HC1', orderNumber: '250101ABC', userId: 2, userCode: 'S001', storeId: 3, storeName: '店', warehouseInfoId: 1, warehouseName: '义乌仓',
      site: 'SG', orderType: 1, cargoCategory: 1, shippingMethods: 2, orderStatus: 2, packageStatus: 1, isUrgent: true, reMark: null, pdfGuid: null,
      holdReason: null, shelfNumber: 'H-0001', creationTime: '2026-11-25T00:00:00.000Z', lastModificationTime: null,
      orderProductInfosList: [{ id: 9, productName: '杯子', productSku: 'SKU', specification: null, quantity: 2, price: 12.5, productImg: null, shipment: 'YT1', stockProductId: null }],
      tenantId: 1, total: 10,
    };
    const page = z.object({ totalCount: z.number(), items: z.array(OrderDto) });
    const value = { totalCount: 10, items: [order, { ...order, id: 2, isUrgent: false }] };
    expect(ours(page)(value)).toBe(theirs(page)(value));
    expect(ours(page)(value)).not.toContain('tenantId');
  });

  it('does not loop on a schema that contains itself', () => {
    const Node: z.ZodType<{ name: string; children: unknown[] }> = z.object({ name: z.string(), get children() { return z.array(Node); } });
    const tree = { name: 'a', children: [{ name: 'b', children: [] }] };
    expect(ours(Node)(tree)).toBe(theirs(Node)(tree));
  });

  it('agrees with zod where a first version did not (a review\'s counterexamples)', () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const symbol = Symbol('s');
    const cases: [z.ZodType, unknown][] = [
      // A value JSON cannot write, in a member zod writes, before a member of the wrong type.
      [z.object({ c: z.unknown(), b: z.string() }), { c: 1n, b: 5 }],
      [z.object({ c: z.unknown(), b: z.string() }), { c: circular, b: 5 }],
      [z.object({ c: z.record(z.string(), z.unknown()), b: z.string() }), { c: { x: 1n }, b: 5 }],
      [z.object({ c: z.unknown(), b: z.string() }), { c: { toJSON: () => { throw new Error('no'); } }, b: 5 }],
      // toJSON is called with its member's name.
      [z.object({ a: z.unknown() }), { a: { toJSON: (key: string) => `key=${key}` } }],
      // Checks on null, exactOptional, xor, a __proto__ key, a symbol key.
      [z.object({ a: z.null().refine(() => false) }), { a: null }],
      [z.object({ a: z.array(z.null().refine(() => false)) }), { a: [null] }],
      [z.object({ a: z.string().exactOptional(), b: z.number() }), { a: undefined, b: 1 }],
      [z.object({ a: z.xor([z.literal('a'), z.enum(['a', 'b'])]) }), { a: 'a' }],
      [z.object({ a: z.xor([z.literal(1), z.literal(1)]) }), { a: 1 }],
      [z.object({ ['__proto__']: z.object({}), b: z.number() }), { b: 1 }],
      [z.object({ ['__proto__']: z.string().optional(), b: z.number() }), { ...JSON.parse('{"__proto__":"x"}'), b: 1 }],
      [z.object({ [symbol]: z.string(), a: z.string() } as Record<string, z.ZodString>), { a: 'x' }],
    ];
    for (const [schema, value] of cases) {
      const theirsOutcome = (() => { try { return theirs(schema)(value); } catch (err) { return err instanceof ResponseSerializationError ? 'ResponseSerializationError' : `other: ${String(err)}`; } })();
      const oursOutcome = (() => { try { return ours(schema)(value); } catch (err) { return err instanceof ResponseSerializationError ? 'ResponseSerializationError' : `other: ${String(err)}`; } })();
      expect(oursOutcome).toBe(theirsOutcome);
    }
  });

  it('finds the schema in a { properties } wrapper, and refuses anything else when the route is made, as before', () => {
    const value = { ...good };
    const wrapped = createAnswerSerializerCompiler()({ schema: { properties: Sample }, ...route });
    expect(wrapped(value)).toBe(serializerCompiler({ schema: { properties: Sample }, ...route })(value));
    expect(() => createAnswerSerializerCompiler()({ schema: { type: 'object' }, ...route })).toThrow(/Invalid schema/);
    expect(() => serializerCompiler({ schema: { type: 'object' } as unknown as z.ZodType, ...route })).toThrow(/Invalid schema/);
  });

  it('in check mode, serializes both ways and answers the same text', () => {
    expect(checked(Sample)(good)).toBe(theirs(Sample)(good));
    expect(outcome(checked(Sample), { ...good, id: 'x' })).toBe('ResponseSerializationError');
  });

  it('writes a JsonText as it is where the schema has an array or an object, and its value any other way (decision 0052)', () => {
    const Page = z.object({ totalCount: z.number().int(), items: z.array(Line), first: Line.nullable() });
    const lines = [{ id: 1, name: '手机壳', price: 0.07, img: null }, { id: 2, name: 'a"b', price: 12, img: 'x.png' }];
    const text = JSON.stringify(lines);
    const page = { totalCount: 2, items: writtenJson<typeof lines>(text), first: new JsonText(JSON.stringify(lines[0])) };
    const expected = theirs(Page)({ totalCount: 2, items: lines, first: lines[0] });
    // As it is: a text that is not the schema's JSON goes out unread (the check mode is what catches it).
    expect(ours(Page)({ ...page, items: new JsonText('["as it is"]') })).toBe('{"totalCount":2,"items":["as it is"],"first":' + JSON.stringify(lines[0]) + '}');
    expect(ours(Page)(page)).toBe(expected);
    expect(checked(Page)(page)).toBe(expected);
    expect(outcome(checked(Page), { ...page, items: new JsonText('[{"id":1}]') })).toBe('ResponseSerializationError');
    expect(outcome(checked(Page), { ...page, items: new JsonText('[ ' + text.slice(1)) })).toMatch(/^other: Error: answer writer differs from zod/);
    // The writer gives up on the wrong type elsewhere: zod's way reads the JsonText's value.
    expect(outcome(ours(Page), { ...page, totalCount: 'two' })).toBe('ResponseSerializationError');
    expect(ours(z.object({ items: z.array(Line), extra: z.unknown() }))({ items: page.items, extra: { n: 1 } }))
      .toBe(theirs(z.object({ items: z.array(Line), extra: z.unknown() }))({ items: lines, extra: { n: 1 } }));
    expect(JSON.stringify({ items: page.items })).toBe(JSON.stringify({ items: lines }));
  });
});
