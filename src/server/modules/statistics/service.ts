// StatisticalRecords (DOMAIN §8): the staff's floor and consumption statistics and the seller's own.
// Exported pieces (the *Statistic functions) are what other screens (the dashboard) reuse.
import { statisticalRecords, STATISTIC_AUDIT_ACTIONS } from '#shared/contracts/statistics.ts';
import { centsToPoints } from '#shared/money.ts';
import type { Db } from '../../db/client.ts';
import { implement, requireUser } from '../../framework.ts';
import { TIME_ZONE } from '../configuration/service.ts';
import * as repo from './repository.ts';

/** Stock orders' trade numbers start with ST (DOMAIN §0); their packing counts only in the stock statistic. */
const STOCK_PREFIX = 'ST';

type Range = { startTime: string; endTime: string };
const zoned = (r: Range): repo.DayRange => ({ startTime: r.startTime, endTime: r.endTime, timeZone: TIME_ZONE });

/** Parcels signed in per day and signer: one audit row per real sign-in (a rescan answered ALREADY writes none). */
export async function signInStatistic(tx: Db, r: Range) {
  const rows = await repo.auditPerDayAndUser(tx, { entity: 'parcel', action: STATISTIC_AUDIT_ACTIONS.signIn }, zoned(r), false);
  return rows.map((x) => ({ signForTime: x.day, signUserName: x.userName, signForNums: x.count }));
}

/** Orders packed per day and packer; stock orders only when stock is true, and never otherwise. */
export async function packedStatistic(tx: Db, r: Range, stock: boolean) {
  const tradeNoPrefix = stock ? { is: STOCK_PREFIX } : { isNot: STOCK_PREFIX };
  const rows = await repo.auditPerDayAndUser(tx, { entity: 'order', action: STATISTIC_AUDIT_ACTIONS.packed, tradeNoPrefix }, zoned(r), true);
  const items = rows.map((x) => ({ packedTime: x.day, packedOrderNums: x.count, packedUserName: x.userName }));
  return { totalCount: items.length, items };
}

export async function shelvedStatistic(tx: Db, r: Range) {
  const rows = await repo.auditPerDayAndUser(tx, { entity: 'stock', action: STATISTIC_AUDIT_ACTIONS.shelve }, zoned(r), false);
  return rows.map((x) => ({ storeTime: x.day, storeCount: x.count, userName: x.userName }));
}

export async function consumptionStatistic(tx: Db, r: Range & { userCode?: string | undefined }) {
  const rows = await repo.flowSumsPerSellerAndChannel(tx, zoned(r), r.userCode);
  return rows.map((x) => ({ userCode: x.userCode, channel: x.channel, incurredAmount: centsToPoints(Number(x.cents)) }));
}

export async function ownConsumptionStatistic(tx: Db, userId: number, r: Range) {
  const rows = await repo.flowSumsPerDayAndChannel(tx, userId, zoned(r));
  return rows.map((x) => ({ incurredTime: x.day, channel: x.channel, incurredAmount: centsToPoints(Number(x.cents)) }));
}

export const statisticalRecordsService = implement(statisticalRecords, () => ({
  getSignForLogisticsStatisticalList: (input, ctx) => signInStatistic(ctx.db, input),
  getPackedPackNumsList: (input, ctx) => packedStatistic(ctx.db, input, false),
  getStockPackedPackNumsList: (input, ctx) => packedStatistic(ctx.db, input, true),
  getProductStoreStatisticalList: (input, ctx) => shelvedStatistic(ctx.db, input),
  getStatisticalConsumptionFlowList: (input, ctx) => consumptionStatistic(ctx.db, input),
  // Whatever userId the caller passes, a seller sees their own flows.
  getStatisticalConsumptionFlowListByUserId: (input, ctx) => ownConsumptionStatistic(ctx.db, requireUser(ctx).id, input),
}));
