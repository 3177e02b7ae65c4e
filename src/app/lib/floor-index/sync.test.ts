// The station's index on the device (fake-indexeddb): a full load in pages, a delta's rows and removals,
// a reset, another user's index dropped, a cut-off load started over, and the offline verdict read from it.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FloorIndexPageDto, FloorIndexRowDto } from '#shared/contracts/floor-index.ts';
import { FloorIndexDb } from './db.ts';
import { guessFor, guessesOf, keepGuess, syncFloorIndex, type PageQuery } from './sync.ts';

const row = (n: string, over: Partial<FloorIndexRowDto> = {}): FloorIndexRowDto => ({ n, u: 'S00003', o: 7, t: 'SO2611290001', s: null, k: 'd', w: 1, ...over });
const page = (over: Partial<FloorIndexPageDto>): FloorIndexPageDto => ({ rows: [], removed: [], refusals: null, next: null, watermark: '2026-11-29T08:00:00.000Z', reset: false, ...over });

let n = 0;
const dbs: FloorIndexDb[] = [];
const newDb = () => {
  const db = new FloorIndexDb(`floor-index-test-${++n}`);
  dbs.push(db);
  return db;
};
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

/** A scripted server: answers the queued pages in turn and records what was asked. */
function server(pages: FloorIndexPageDto[]) {
  const asked: PageQuery[] = [];
  const fetchPage = vi.fn(async (q: PageQuery) => {
    asked.push(q);
    const next = pages.shift();
    if (!next) throw new Error('no page scripted');
    return next;
  });
  return { asked, fetchPage };
}

describe('syncFloorIndex', () => {
  it('loads everything in pages, then asks only for what changed since the first page\'s watermark', async () => {
    const db = newDb();
    const s = server([
      page({ rows: [row('YT1'), row('YT2')], refusals: ['RJ1'], next: 42, watermark: '2026-11-29T08:00:00.000Z' }),
      page({ rows: [row('YT3', { k: 's', t: 'SR2611290001' })], watermark: '2026-11-29T08:00:01.000Z' }),
    ]);
    expect(await syncFloorIndex(db, s.fetchPage, '1:7', { pageSize: 2 })).toEqual({ kind: 'full', rows: 3, removed: 0 });
    expect(s.asked).toEqual([{ maxResultCount: 2 }, { maxResultCount: 2, after: 42 }]);
    expect(await db.parcels.count()).toBe(3);
    expect(await db.parcels.get('YT3')).toEqual(['S00003', 'SR2611290001', null, 's', 1]);
    expect(await db.meta.get('state')).toMatchObject({ owner: '1:7', watermark: '2026-11-29T08:00:00.000Z', refusals: ['RJ1'], count: 3 });

    // The delta: YT1 signed (removed), YT2 given its order's slot, YT4 declared, the refusal handled.
    const d = server([
      page({ rows: [row('YT2', { s: 'H0012' }), row('YT4')], removed: ['YT1'], refusals: [], next: 9, watermark: '2026-11-29T08:03:00.000Z' }),
      page({ removed: ['GONE'], watermark: '2026-11-29T08:03:01.000Z' }),
    ]);
    expect(await syncFloorIndex(db, d.fetchPage, '1:7', { pageSize: 2 })).toEqual({ kind: 'delta', rows: 2, removed: 2 });
    expect(d.asked).toEqual([{ since: '2026-11-29T08:00:00.000Z', maxResultCount: 2 }, { since: '2026-11-29T08:00:00.000Z', maxResultCount: 2, after: 9 }]);
    expect((await db.parcels.toCollection().primaryKeys()).sort()).toEqual(['YT2', 'YT3', 'YT4']);
    expect(await db.parcels.get('YT2')).toEqual(['S00003', 'SO2611290001', 'H0012', 'd', 1]);
    expect(await db.meta.get('state')).toMatchObject({ watermark: '2026-11-29T08:03:00.000Z', refusals: [], count: 3 });
  });

  it('keeps the refusals it has when a delta\'s first page carries none', async () => {
    const db = newDb();
    await syncFloorIndex(db, server([page({ rows: [row('YT1')], refusals: ['RJ1'] })]).fetchPage, '1:7');
    await syncFloorIndex(db, server([page({ rows: [], refusals: null, watermark: '2026-11-29T08:05:00.000Z' })]).fetchPage, '1:7');
    expect(await db.meta.get('state')).toMatchObject({ refusals: ['RJ1'], watermark: '2026-11-29T08:05:00.000Z' });
  });

  it('loads everything again when the server answers reset, and drops what it held', async () => {
    const db = newDb();
    await syncFloorIndex(db, server([page({ rows: [row('OLD1'), row('OLD2')] })]).fetchPage, '1:7');
    const s = server([page({ reset: true }), page({ rows: [row('NEW1')], watermark: '2026-11-30T09:00:00.000Z' })]);
    expect(await syncFloorIndex(db, s.fetchPage, '1:7')).toMatchObject({ kind: 'full', rows: 1 });
    expect(s.asked[0]).toHaveProperty('since');
    expect(s.asked[1]).not.toHaveProperty('since');
    expect(await db.parcels.toCollection().primaryKeys()).toEqual(['NEW1']);
  });

  it('drops another user\'s index (a group member sees his scope only) and starts over after a cut-off load', async () => {
    const db = newDb();
    await syncFloorIndex(db, server([page({ rows: [row('THEIRS')] })]).fetchPage, '1:7');
    // Another user signs in on the device: a full load, nothing of the first kept.
    const cut = server([page({ rows: [row('MINE1')], next: 5 })]);
    await expect(syncFloorIndex(db, cut.fetchPage, '1:8')).rejects.toThrow('no page scripted');
    expect(await db.parcels.toCollection().primaryKeys()).toEqual(['MINE1']);
    expect(await db.meta.get('state')).toMatchObject({ owner: '1:8', watermark: null });
    expect(await guessFor(db, '1:8', 'MINE1', 1)).toBeNull();
    // The next refresh loads it all again (no delta from a half load).
    const again = server([page({ rows: [row('MINE1'), row('MINE2')] })]);
    expect(await syncFloorIndex(db, again.fetchPage, '1:8')).toMatchObject({ kind: 'full', rows: 2 });
    expect(again.asked[0]).not.toHaveProperty('since');
  });
});

describe('guessFor (the offline verdict from the index)', () => {
  it('gives the seller code and slot of a declared number, normalised as the server stores it', async () => {
    const db = newDb();
    await syncFloorIndex(db, server([page({
      rows: [row('YT1', { s: 'H0007' }), row('YT2'), row('YT3', { w: 2 }), row('YT5', { k: 's', t: 'SR1', w: null })], refusals: ['YT4'],
    })]).fetchPage, '1:7');
    expect(await guessFor(db, '1:7', 'yt 1', 1)).toEqual({ kind: 'expected', userCode: 'S00003', tradeNo: 'SO2611290001', shelfNumber: 'H0007', warehouseId: 1 });
    expect(await guessFor(db, '1:7', 'YT2', 1)).toMatchObject({ kind: 'expected', shelfNumber: null });
    expect(await guessFor(db, '1:7', 'YT3', 1)).toMatchObject({ kind: 'elsewhere', warehouseId: 2, userCode: 'S00003' });
    expect(await guessFor(db, '1:7', 'YT4', 1)).toMatchObject({ kind: 'reject' });
    expect(await guessFor(db, '1:7', 'YT5', 2)).toMatchObject({ kind: 'stock', tradeNo: 'SR1' });
    expect(await guessFor(db, '1:7', 'NOBODY', 1)).toMatchObject({ kind: 'unknown', userCode: null });
    // Another user's index says nothing.
    expect(await guessFor(db, '1:8', 'YT1', 1)).toBeNull();
  });

  it('keeps the guess a queued scan showed, by its key', async () => {
    const db = newDb();
    const g = { kind: 'expected' as const, userCode: 'S00003', tradeNo: 'T', shelfNumber: 'H0007', warehouseId: 1 };
    await keepGuess(db, 'key-1', g, 1_000_000_000_000);
    await keepGuess(db, 'key-2', g, 1_000_000_000_000 + 8 * 24 * 3_600_000);
    expect([...(await guessesOf(db, ['key-1', 'key-2', 'key-3'])).keys()]).toEqual(['key-2']);
  });
});
