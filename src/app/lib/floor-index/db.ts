// The station's index of expected parcels on the device (issue 45 item 2, decision 0067): IndexedDB
// through Dexie, a database of its own beside the outbox's. It is a cache: dropped and loaded again
// whenever in doubt (another user, a reset), which must never touch queued work.
import { Dexie, type Table } from 'dexie';

export const FLOOR_INDEX_DB_NAME = 'haicang-floor-index';

/**
 * One expected parcel, stored under its tracking number (the out-of-line key, not repeated in the
 * value) as a short array: [seller code, trade number, slot, kind, declared warehouse]. About half
 * the bytes of an object with named fields, which matters at 100 k parcels (floor-index-size.test.ts).
 */
/** h (the hold reason of an order on hold, 问题件) only on those rows. */
export type StoredRow = [u: string | null, t: string | null, s: string | null, k: 'd' | 's', w: number | null, h?: string];

/** The index's state: whose it is, the watermark of its last complete load, the pending refusals. */
export interface IndexMeta {
  key: 'state';
  /** `${tenant}:${userId}`: a group member's index holds what his scope shows (decision 0023). */
  owner: string;
  /** Null while a full load is under way (an interrupted one starts again). */
  watermark: string | null;
  /** Epoch ms of the last complete load or delta. */
  syncedAt: number;
  /** Numbers with a pending refusal (拒收). */
  refusals: string[];
  /** Rows held (counted at the end of each load or delta). */
  count: number;
}

/** The offline verdict a queued scan was shown, kept by its Idempotency-Key until its replay answers. */
export interface GuessRow {
  key: string;
  guess: unknown;
  at: number;
}

export class FloorIndexDb extends Dexie {
  parcels!: Table<StoredRow, string>;
  meta!: Table<IndexMeta, string>;
  guesses!: Table<GuessRow, string>;

  constructor(name = FLOOR_INDEX_DB_NAME) {
    super(name);
    this.version(1).stores({ parcels: '', meta: '&key', guesses: '&key, at' });
  }
}
