// StatisticalRecords (DOMAIN §8): the staff's floor and consumption statistics and the seller's own.
// Exported pieces (the *Statistic functions) are what other screens (the dashboard) reuse.
import { statisticalRecords, STATISTIC_AUDIT_ACTIONS } from '#shared/contracts/statistics.ts';
import { centsToPoints } from '#shared/money.ts';
import { isScoped as scopeNarrows, type Db } from '../../db/client.ts';
import { implement, requireUser, type RequestContext } from '../../framework.ts';
import { TIME_ZONE } from '../configuration/service.ts';
import * as repo from './repository.ts';

type Range = { startTime: string; endTime: string };
const zoned = (r: Range): repo.DayRange => ({ startTime: r.startTime, endTime: r.endTime, timeZone: TIME_ZONE });

/** Parcels signed in per day and signer: one audit row per real sign-in (a rescan answered ALREADY writes none). */
export async function signInStatistic(tx: Db, r: Range, now = new Date(), scoped = false) {
  const rows = await repo.auditPerDayAndUser(tx, { action: STATISTIC_AUDIT_ACTIONS.signIn, distinctEntities: false, scoped }, zoned(r), now);
  return rows.map((x) => ({ signForTime: x.day, signUserName: x.userName, signForNums: x.count }));
}

/** Orders packed per day and packer; stock orders (ST…) only when stock is true, and never otherwise. */
export async function packedStatistic(tx: Db, r: Range, stock: boolean, now = new Date(), scoped = false) {
  const rows = await repo.auditPerDayAndUser(tx, { action: STATISTIC_AUDIT_ACTIONS.packed, stock, distinctEntities: true, scoped }, zoned(r), now);
  const items = rows.map((x) => ({ packedTime: x.day, packedOrderNums: x.count, packedUserName: x.userName }));
  return { totalCount: items.length, items };
}

export async function shelvedStatistic(tx: Db, r: Range, now = new Date(), scoped = false) {
  const rows = await repo.auditPerDayAndUser(tx, { action: STATISTIC_AUDIT_ACTIONS.shelve, distinctEntities: false, scoped }, zoned(r), now);
  return rows.map((x) => ({ storeTime: x.day, storeCount: x.count, userName: x.userName }));
}

/** Per seller and channel over the range; a seller without flows has no row. */
export async function consumptionStatistic(tx: Db, r: Range & { userCode?: string | undefined }, now = new Date(), scoped = false) {
  const rows = await repo.flowSums(tx, zoned(r), now, { userCode: r.userCode, perDay: false, scoped });
  return rows.sort((a, b) => repo.compare(a.userCode, b.userCode) || a.channel - b.channel)
    .map((x) => ({ userCode: x.userCode, channel: x.channel, incurredAmount: centsToPoints(x.cents) }));
}

/** One seller's own, per day and channel. */
export async function ownConsumptionStatistic(tx: Db, userId: number, r: Range, now = new Date()) {
  const rows = await repo.flowSums(tx, zoned(r), now, { userId, perDay: true });
  return rows.sort((a, b) => repo.compare(a.day!, b.day!) || a.channel - b.channel)
    .map((x) => ({ incurredTime: x.day!, channel: x.channel, incurredAmount: centsToPoints(x.cents) }));
}

/** A staff member in a group (decision 0023) sees the statistics of their scope only: the request's handle says whether one narrows it. */
const isScoped = (ctx: RequestContext) => scopeNarrows(ctx.db);

export const statisticalRecordsService = implement(statisticalRecords, () => ({
  getSignForLogisticsStatisticalList: (input, ctx) => signInStatistic(ctx.db, input, ctx.now, isScoped(ctx)),
  getPackedPackNumsList: (input, ctx) => packedStatistic(ctx.db, input, false, ctx.now, isScoped(ctx)),
  getStockPackedPackNumsList: (input, ctx) => packedStatistic(ctx.db, input, true, ctx.now, isScoped(ctx)),
  getProductStoreStatisticalList: (input, ctx) => shelvedStatistic(ctx.db, input, ctx.now, isScoped(ctx)),
  getStatisticalConsumptionFlowList: (input, ctx) => consumptionStatistic(ctx.db, input, ctx.now, isScoped(ctx)),
  // Whatever userId the caller passes, a seller sees their own flows.
  getStatisticalConsumptionFlowListByUserId: (input, ctx) => ownConsumptionStatistic(ctx.db, requireUser(ctx).id, input),
}));
