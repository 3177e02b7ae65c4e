// Keeping the station's index of expected parcels (decision 0067): a full load in pages, then deltas
// since the watermark of the last complete one. Loaded lazily (Dexie and this code stay out of a floor
// screen's first load): index.ts imports it after the first screen.
import type { FloorIndexPageDto, FloorIndexRowDto } from '#shared/contracts/floor-index.ts';
import { normalizeTrackingNumber } from '#shared/tracking-number.ts';
import { FloorIndexDb, type IndexMeta, type StoredRow } from './db.ts';
import { guessVerdict, type OfflineGuess } from './verdict.ts';

export type PageQuery = { since?: string; after?: number; maxResultCount?: number };
export type FetchPage = (query: PageQuery) => Promise<FloorIndexPageDto>;

/** Rows asked per page: ~5 000 rows are ~350 KB of JSON, a few hundred ms on a warehouse's Wi-Fi. */
export const PAGE_SIZE = 5000;
/** How long kept guesses of replayed scans are kept. */
const GUESS_TTL_MS = 7 * 24 * 3_600_000;

export const toStored = (r: FloorIndexRowDto): StoredRow => (r.h === undefined ? [r.u, r.t, r.s, r.k, r.w] : [r.u, r.t, r.s, r.k, r.w, r.h]);

export interface SyncOutcome { kind: 'full' | 'delta'; rows: number; removed: number }

/**
 * Brings the index up to date for `owner`: a delta when it holds a complete load of the same owner,
 * else (or when the server answers `reset`) everything again, in pages. A load cut off half way leaves
 * no watermark, so the next call starts it over.
 */
export async function syncFloorIndex(db: FloorIndexDb, fetchPage: FetchPage, owner: string, options: { now?: () => number; pageSize?: number } = {}): Promise<SyncOutcome> {
  const now = options.now ?? Date.now;
  const maxResultCount = options.pageSize ?? PAGE_SIZE;
  const meta = await db.meta.get('state');
  if (meta && meta.owner === owner && meta.watermark) {
    const done = await delta(db, fetchPage, meta, meta.watermark, maxResultCount, now);
    if (done) return done;
  }
  return full(db, fetchPage, owner, maxResultCount, now);
}

async function delta(db: FloorIndexDb, fetchPage: FetchPage, meta: IndexMeta, since: string, maxResultCount: number, now: () => number): Promise<SyncOutcome | null> {
  let after: number | undefined;
  let first: FloorIndexPageDto | null = null;
  let rows = 0;
  let removed = 0;
  do {
    const page = await fetchPage({ since, maxResultCount, ...(after !== undefined ? { after } : {}) });
    if (page.reset) return null;
    first ??= page;
    await db.transaction('rw', db.parcels, async () => {
      if (page.rows.length) await db.parcels.bulkPut(page.rows.map(toStored), page.rows.map((r) => r.n));
      if (page.removed.length) await db.parcels.bulkDelete(page.removed);
    });
    rows += page.rows.length;
    removed += page.removed.length;
    after = page.next ?? undefined;
  } while (after !== undefined);
  await db.meta.put({ ...meta, watermark: first.watermark, refusals: first.refusals ?? meta.refusals, syncedAt: now(), count: await db.parcels.count() });
  return { kind: 'delta', rows, removed };
}

async function full(db: FloorIndexDb, fetchPage: FetchPage, owner: string, maxResultCount: number, now: () => number): Promise<SyncOutcome> {
  await db.transaction('rw', db.parcels, db.meta, async () => {
    await db.parcels.clear();
    await db.meta.put({ key: 'state', owner, watermark: null, syncedAt: 0, refusals: [], count: 0 });
  });
  let after: number | undefined;
  let first: FloorIndexPageDto | null = null;
  let rows = 0;
  do {
    const page = await fetchPage({ maxResultCount, ...(after !== undefined ? { after } : {}) });
    first ??= page;
    if (page.rows.length) await db.parcels.bulkPut(page.rows.map(toStored), page.rows.map((r) => r.n));
    rows += page.rows.length;
    after = page.next ?? undefined;
  } while (after !== undefined);
  await db.meta.put({ key: 'state', owner, watermark: first.watermark, syncedAt: now(), refusals: first.refusals ?? [], count: rows });
  return { kind: 'full', rows, removed: 0 };
}

/**
 * The offline verdict for a scanned number at the station `station`, from the index of `owner`; null
 * when this device holds no complete index of that user (nothing to say beyond 已排队).
 */
export async function guessFor(db: FloorIndexDb, owner: string, code: string, station: number | null): Promise<OfflineGuess | null> {
  const meta = await db.meta.get('state');
  if (!meta || meta.owner !== owner || !meta.watermark) return null;
  const n = normalizeTrackingNumber(code);
  const stored = await db.parcels.get(n);
  const entry = stored ? { u: stored[0], t: stored[1], s: stored[2], k: stored[3], w: stored[4], h: stored[5] } : undefined;
  return guessVerdict(entry, meta.refusals.includes(n), station);
}

/** Keeps the guess a queued scan showed, by its Idempotency-Key (and forgets week-old ones). */
export async function keepGuess(db: FloorIndexDb, key: string, guess: OfflineGuess, at = Date.now()): Promise<void> {
  await db.guesses.put({ key, guess, at });
  await db.guesses.where('at').below(at - GUESS_TTL_MS).delete();
}

export async function guessesOf(db: FloorIndexDb, keys: readonly string[]): Promise<Map<string, OfflineGuess>> {
  const rows = await db.guesses.bulkGet([...keys]);
  return new Map(rows.flatMap((r) => (r ? [[r.key, r.guess as OfflineGuess] as const] : [])));
}
