// The size budget of the station's index (issue 45 item 2, decision 0067): at 100 000 declared parcels
// the index on the device stays under 14 MB (measured: ~12.5 MB, 131 B a parcel, of which ~76 B are the
// key Chromium writes twice in UTF-16), and its download comes in pages of at most 5 000 rows.
// The bytes are estimated as Chromium keeps an IndexedDB record: the value as V8 serialises it (what
// Chromium writes, before LevelDB's compression), and the key twice (the record and its exists-entry)
// encoded as UTF-16 with a few bytes of prefix. Real storage is smaller once LevelDB compresses it.
import 'fake-indexeddb/auto';
import { serialize } from 'node:v8';
import { afterAll, describe, expect, it } from 'vitest';
import { FLOOR_INDEX_PAGE_MAX, type FloorIndexPageDto, type FloorIndexRowDto } from '#shared/contracts/floor-index.ts';
import { FloorIndexDb } from './db.ts';
import { PAGE_SIZE, syncFloorIndex, type PageQuery } from './sync.ts';

const PARCELS = 100_000;
const BUDGET_BYTES = 14 * 1024 * 1024;
/** Per key: object store prefix and the key's type and length bytes, in each of its two records. */
const KEY_OVERHEAD = 8;
/** Per value: the record's version varint and Blink's envelope around V8's bytes. */
const VALUE_OVERHEAD = 6;

/** A realistic parcel: a 15-character carrier number, an order of 1–3 parcels, half of them with a slot. */
function parcel(i: number): FloorIndexRowDto {
  const order = Math.floor(i / 2);
  return {
    n: `YT${String(8_800_000_000_000 + i)}`,
    u: `S${String(1 + (i % 900)).padStart(5, '0')}`,
    o: 1_000_000 + order,
    t: `CB2611${String(10_000 + (order % 90_000)).padStart(7, '0')}`,
    s: i % 2 === 0 ? `H${String(order % 10_000).padStart(4, '0')}` : null,
    k: i % 20 === 0 ? 's' : 'd',
    w: 1 + (i % 3),
  };
}

const db = new FloorIndexDb('floor-index-size');
afterAll(async () => {
  await db.delete();
});

describe(`the index at ${PARCELS} declared parcels`, () => {
  it(`downloads in pages of ≤ ${FLOOR_INDEX_PAGE_MAX} rows and stays under ${BUDGET_BYTES / 1024 / 1024} MB on the device`, async () => {
    let pages = 0;
    let wireBytes = 0;
    let largestPage = 0;
    const fetchPage = async (q: PageQuery): Promise<FloorIndexPageDto> => {
      const from = q.after ?? 0;
      const size = Math.min(q.maxResultCount ?? FLOOR_INDEX_PAGE_MAX, FLOOR_INDEX_PAGE_MAX);
      const rows = Array.from({ length: Math.max(0, Math.min(size, PARCELS - from)) }, (_, i) => parcel(from + i));
      const end = from + rows.length;
      const page = { rows, removed: [], refusals: from === 0 ? [] : null, next: end < PARCELS ? end : null, watermark: '2026-11-29T08:00:00.000Z', reset: false };
      pages++;
      const bytes = JSON.stringify({ result: page, success: true, error: null }).length;
      wireBytes += bytes;
      largestPage = Math.max(largestPage, bytes);
      return page;
    };
    expect(await syncFloorIndex(db, fetchPage, '1:7')).toMatchObject({ kind: 'full', rows: PARCELS });
    expect(pages).toBe(Math.ceil(PARCELS / PAGE_SIZE));
    expect(await db.parcels.count()).toBe(PARCELS);

    let bytes = 0;
    await db.parcels.each((value, cursor) => {
      const key = String(cursor.primaryKey);
      bytes += 2 * (KEY_OVERHEAD + 2 * key.length) + VALUE_OVERHEAD + serialize(value).length;
    });
    const mb = bytes / 1024 / 1024;
    console.info(`floor index at ${PARCELS} parcels: ~${mb.toFixed(1)} MB stored (${Math.round(bytes / PARCELS)} B/parcel); `
      + `download ${(wireBytes / 1024 / 1024).toFixed(1)} MB of JSON in ${pages} pages (largest ${Math.round(largestPage / 1024)} KB)`);
    expect(bytes).toBeLessThan(BUDGET_BYTES);
    // Each page is a modest request on a warehouse's Wi-Fi.
    expect(largestPage).toBeLessThan(600 * 1024);
  }, 120_000);
});
