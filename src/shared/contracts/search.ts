// 扫描或输入单号 (issue #44 item 4): the console header's search box. One number — tracking, order,
// trade no., stock record, return, delivery-receipt batch, user code — answered with what it is and the
// screen that opens it. Exact matches first, each through an index (tenant, number); then, from 4
// characters, the numbers that end with it (the tail of a tracking, trade, order or stock number, or a
// batch name), each through its (tenant, reverse(number)) index (decision 0070).
import { z } from 'zod';
import { defineService } from './define.ts';

/** At most this many hits are answered (one number rarely names more than two or three things). */
export const FIND_MAX_HITS = 10;

export const FIND_KINDS = ['order', 'parcel', 'stockRecord', 'refusal', 'abroadReturn', 'seller', 'receiptBatch'] as const;
export type FindKind = (typeof FIND_KINDS)[number];

export const FindInput = z.object({ number: z.string().trim().min(1).max(64) });
export type FindInput = z.infer<typeof FindInput>;

export const FindHitDto = z.object({
  kind: z.enum(FIND_KINDS),
  id: z.number().int(),
  /** The number as stored (what matched), for the list to choose from. */
  label: z.string(),
  /** The console route that opens it: a detail page, or the list filtered by this number. */
  route: z.string(),
});
export type FindHitDto = z.infer<typeof FindHitDto>;

export const search = defineService('Search', {
  /**
   * Any signed-in user. Staff get the kinds whose list they may open; a seller gets only their own
   * rows. Tenant and group scope come from the request's transaction, as for every action.
   */
  find: { method: 'GET', permission: 'authenticated', input: FindInput, output: z.array(FindHitDto) },
});
