import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { actionSegment, camelKeys, coerceQuery, defineService } from './define.ts';
import { pageWindow, paged } from './common.ts';

describe('coerceQuery', () => {
  const schema = paged({
    id: z.number().int(), flag: z.boolean().optional(), kind: z.union([z.literal(1), z.literal(2)]).optional(),
    ids: z.array(z.number()).optional(), name: z.string().optional(), code: z.string().optional(),
  });

  it('turns query text into the numbers, booleans, literals and arrays the schema expects', () => {
    expect(coerceQuery(schema, { id: '42', flag: 'false', kind: '2', ids: ['1', '2'], name: 'abc', currentPage: '3' }))
      .toEqual({ id: 42, flag: false, kind: 2, ids: [1, 2], name: 'abc', currentPage: 3 });
  });

  it('keeps text that looks numeric when the field is text (seller codes, tracking numbers)', () => {
    expect(coerceQuery(schema, { code: '00123' })).toEqual({ code: '00123' });
  });

  it('leaves unparseable values as they are so validation names the field', () => {
    const out = coerceQuery(schema, { id: 'abc', flag: 'maybe' });
    expect(out).toEqual({ id: 'abc', flag: 'maybe' });
    const r = schema.safeParse(out);
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path[0]).sort()).toEqual(['flag', 'id']);
  });

  it('drops empty values (an empty filter box is no filter)', () => {
    expect(coerceQuery(schema, { name: '', id: '1' })).toEqual({ id: 1 });
  });

  it('accepts a comma-separated list for an array', () => {
    expect(coerceQuery(schema, { ids: '3,4' })).toEqual({ ids: [3, 4] });
  });
});

describe('paging', () => {
  it('uses currentPage/pageSize with defaults 1 and 10', () => {
    expect(pageWindow({})).toEqual({ limit: 10, offset: 0 });
    expect(pageWindow({ currentPage: 3, pageSize: 20 })).toEqual({ limit: 20, offset: 40 });
  });
  it('prefers ABP skipCount/maxResultCount when given', () => {
    expect(pageWindow({ skipCount: 5, maxResultCount: 7, currentPage: 9 })).toEqual({ limit: 7, offset: 5 });
  });
  it('caps page sizes at 500', () => {
    expect(paged({}).safeParse({ pageSize: 501 }).success).toBe(false);
  });
});

describe('naming', () => {
  it('keeps the spec\'s spelling in URLs and lower-cases the first letter of input keys', () => {
    const s = defineService('BackOrder', { procesOrderStatus: { method: 'POST', path: 'ProcesOrderStatu', input: z.object({}), output: z.null(), permission: 'Order.Manages' } });
    expect(actionSegment('procesOrderStatus', s.actions.procesOrderStatus)).toBe('ProcesOrderStatu');
    expect(actionSegment('getAll', { method: 'GET', input: z.object({}), output: z.null(), permission: 'public' })).toBe('GetAll');
    expect(camelKeys({ SkipCount: 1, Id: 2, name: 3 })).toEqual({ skipCount: 1, id: 2, name: 3 });
  });
});
