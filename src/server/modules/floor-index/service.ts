// FloorIndex/GetExpected (issue 45 item 2, decision 0067): the station's index of expected parcels, in
// pages, then deltas since the watermark of the last complete load. A delta re-reads a little before its
// watermark (a change is stamped with its transaction's start, which may commit later); applying a row
// twice changes nothing. A watermark older than a day is answered `reset`: the station loads it all again.
import {
  floorIndex, FLOOR_INDEX_DELTA_MAX_AGE_MS, FLOOR_INDEX_OVERLAP_MS, FLOOR_INDEX_PAGE_MAX, type FloorIndexRowDto,
} from '#shared/contracts/floor-index.ts';
import { implement } from '../../framework.ts';
import * as repo from './repository.ts';

const toDto = (r: repo.IndexParcelRow): FloorIndexRowDto => ({
  n: r.shipment, u: r.userCode, o: r.orderId, t: r.tradeNo, s: r.shelfNumber, k: r.stock ? 's' : 'd', w: r.warehouseInfoId,
  // Only on the rows of orders on hold: a few bytes more for them, none for the ~100 k others.
  ...(r.hold !== null ? { h: r.hold } : {}),
});

export const floorIndexService = implement(floorIndex, () => ({
  async getExpected(input, ctx) {
    const now = await repo.databaseNow(ctx.db);
    const watermark = now.toISOString();
    const limit = input.maxResultCount ?? FLOOR_INDEX_PAGE_MAX;
    const after = input.after ?? 0;
    const first = input.after === undefined;
    // One more than the page: whether another follows.
    const take = async (read: () => Promise<repo.IndexParcelRow[]>) => {
      const got = await read();
      const page = got.slice(0, limit);
      return { page, next: got.length > limit ? page[page.length - 1]!.id : null };
    };
    const refusals = first ? await repo.pendingRefusalNumbers(ctx.db) : null;
    if (input.since === undefined) {
      const { page, next } = await take(() => repo.expectedPage(ctx.db, after, limit + 1));
      return { rows: page.map(toDto), removed: [], refusals, next, watermark, reset: false };
    }
    const since = new Date(input.since);
    if (now.getTime() - since.getTime() > FLOOR_INDEX_DELTA_MAX_AGE_MS) {
      return { rows: [], removed: [], refusals: null, next: null, watermark, reset: true };
    }
    const from = new Date(since.getTime() - FLOOR_INDEX_OVERLAP_MS);
    const { page, next } = await take(() => repo.changedPage(ctx.db, from, after, limit + 1));
    const removed = page.filter((r) => !r.expected).map((r) => r.shipment);
    // Deleted declarations, on the first page.
    if (first) removed.push(...await repo.removedSince(ctx.db, from));
    return { rows: page.filter((r) => r.expected).map(toDto), removed, refusals, next, watermark, reset: false };
  },
}));
