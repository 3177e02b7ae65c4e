// The floor's index of expected parcels (issue 45 item 2, decision 0067): what a station needs to give
// an offline scan a verdict that still says where the parcel goes. Compact rows, one per declared
// (待签收) parcel of the tenant the caller may see, downloaded in pages, then kept fresh by deltas.
import { z } from 'zod';
import { isoTime } from './common.ts';
import { defineService } from './define.ts';

/** Rows a page carries at most (and by default). */
export const FLOOR_INDEX_PAGE_MAX = 5000;
/** A delta re-reads this much before its watermark: a change stamped before a slow transaction committed is not missed. */
export const FLOOR_INDEX_OVERLAP_MS = 2 * 60_000;
/** A watermark older than this is not served as a delta: the client loads the index again (`reset`). */
export const FLOOR_INDEX_DELTA_MAX_AGE_MS = 24 * 3_600_000;

/**
 * One expected parcel, with short keys (a station keeps ~100 k of them on the device):
 * n the tracking number (normalised), u the seller code, o/t the order's id and trade number (a stock
 * record's trade number for kind 's'), s the order's holding slot or null (none yet), k the kind
 * ('d' a declared parcel of an order or loose, 's' a stock record's), w the declared warehouse or null (any),
 * h only when the order is on hold (问题件, issue 45 §12): its reason ('' when none was given).
 */
export const FloorIndexRowDto = z.object({
  n: z.string(),
  u: z.string().nullable(),
  o: z.number().int().nullable(),
  t: z.string().nullable(),
  s: z.string().nullable(),
  k: z.enum(['d', 's']),
  w: z.number().int().nullable(),
  h: z.string().optional(),
});
export type FloorIndexRowDto = z.infer<typeof FloorIndexRowDto>;

export const GetFloorIndexInput = z.object({
  /** The watermark of the last complete load: only what changed since (a delta). Absent: everything. */
  since: isoTime.optional(),
  /** The page cursor: the `next` of the previous page. */
  after: z.number().int().min(0).optional(),
  maxResultCount: z.number().int().min(1).max(FLOOR_INDEX_PAGE_MAX).optional(),
});

export const FloorIndexPageDto = z.object({
  /** Parcels expected now (added or changed). */
  rows: z.array(FloorIndexRowDto),
  /** Numbers no longer expected (signed, refused, removed, cancelled): drop them. Deltas only. */
  removed: z.array(z.string()),
  /** Numbers with a pending refusal (拒收, DOMAIN §6), all of them: on a load's or a delta's first page, else null. */
  refusals: z.array(z.string()).nullable(),
  /** The cursor of the next page, null on the last one. */
  next: z.number().int().nullable(),
  /** The server's time when the first page was read: the next delta's `since` once every page is in. */
  watermark: z.string(),
  /** The `since` is too old to serve as a delta (or unreadable): load everything again. */
  reset: z.boolean(),
});
export type FloorIndexPageDto = z.infer<typeof FloorIndexPageDto>;

export const floorIndex = defineService('FloorIndex', {
  getExpected: {
    method: 'GET', permission: 'OrderManage.ExpressShipmentDelivery', input: GetFloorIndexInput, output: FloorIndexPageDto,
    summary: 'The station index of expected parcels: pages of compact rows, then deltas since a watermark (decision 0067).',
  },
});
