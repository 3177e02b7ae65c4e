// StatisticalRecords (DOMAIN §8, spec 001): what the floor did per day and who did it, and what it cost
// each seller, over a range of days in the tenant's time zone. Computed from the audit rows and the
// ledger flows on every call, never from counters kept on the side.
import { z } from 'zod';
import { calendarDay } from './common.ts';
import { defineService } from './define.ts';

/** The longest range one call may ask for: a year and a day (a leap year plus today). */
export const MAX_STATISTIC_DAYS = 367;

/**
 * The audit actions the statistics read. signIn and packed are written by orders/inbound.ts and
 * orders/processing.ts; shelve is the action the stock module (issue 13) writes, entity 'stock',
 * when it puts goods on a shelf — until it lands, nothing writes it and that statistic is empty.
 */
export const STATISTIC_AUDIT_ACTIONS = { signIn: 'signIn', packed: 'packed', shelve: 'shelve' } as const;

const dayCount = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;

const rangeShape = { startTime: calendarDay, endTime: calendarDay };
function checkRange(v: { startTime: string; endTime: string }, ctx: z.RefinementCtx) {
  const days = dayCount(v.startTime, v.endTime);
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['endTime'], message: '结束日期不能早于开始日期' });
  else if (days > MAX_STATISTIC_DAYS) ctx.addIssue({ code: 'custom', path: ['endTime'], message: `统计范围最多 ${MAX_STATISTIC_DAYS} 天` });
}

/** Both days inclusive, yyyy-MM-dd in the tenant's time zone. */
export const StatisticRangeInput = z.object(rangeShape).superRefine(checkRange);
export type StatisticRangeInput = z.input<typeof StatisticRangeInput>;
export const ConsumptionFlowInput = z.object({ ...rangeShape, userCode: z.string().trim().max(16).optional() }).superRefine(checkRange);
/** userId is accepted as the old console sends it, and ignored: a seller only ever sees their own flows. */
export const OwnConsumptionFlowInput = z.object({ ...rangeShape, userId: z.number().int().optional() }).superRefine(checkRange);

export const SignForStatisticDto = z.object({ signForTime: z.string(), signUserName: z.string(), signForNums: z.number().int() });
export type SignForStatisticDto = z.infer<typeof SignForStatisticDto>;
export const PackedStatisticDto = z.object({ packedTime: z.string(), packedOrderNums: z.number().int(), packedUserName: z.string() });
export type PackedStatisticDto = z.infer<typeof PackedStatisticDto>;
export const StoreStatisticDto = z.object({ storeTime: z.string(), storeCount: z.number().int(), userName: z.string() });
export type StoreStatisticDto = z.infer<typeof StoreStatisticDto>;
/** Signed points over the range: recharges positive, fees negative. */
export const ConsumptionStatisticDto = z.object({ userCode: z.string(), channel: z.number().int(), incurredAmount: z.number() });
export type ConsumptionStatisticDto = z.infer<typeof ConsumptionStatisticDto>;
/** The seller's own, per day (incurredTime, yyyy-MM-dd) and channel. */
export const OwnConsumptionStatisticDto = z.object({ incurredTime: z.string(), channel: z.number().int(), incurredAmount: z.number() });
export type OwnConsumptionStatisticDto = z.infer<typeof OwnConsumptionStatisticDto>;

const packedList = z.object({ totalCount: z.number().int(), items: z.array(PackedStatisticDto) });
const staff = 'Statistical.Manages' as const;

export const statisticalRecords = defineService('StatisticalRecords', {
  getSignForLogisticsStatisticalList: { method: 'GET', permission: staff, input: StatisticRangeInput, output: z.array(SignForStatisticDto) },
  getPackedPackNumsList: { method: 'GET', permission: staff, input: StatisticRangeInput, output: packedList },
  /** Stock orders (ST…) only; they count nowhere else. */
  getStockPackedPackNumsList: { method: 'GET', permission: staff, input: StatisticRangeInput, output: packedList },
  getProductStoreStatisticalList: { method: 'GET', permission: staff, input: StatisticRangeInput, output: z.array(StoreStatisticDto) },
  getStatisticalConsumptionFlowList: { method: 'GET', permission: staff, input: ConsumptionFlowInput, output: z.array(ConsumptionStatisticDto) },
  getStatisticalConsumptionFlowListByUserId: {
    method: 'GET', permission: 'Front.Amount', input: OwnConsumptionFlowInput, output: z.array(OwnConsumptionStatisticDto),
  },
});
