// OverseasBaseCostSetting (DOMAIN §8): the base cost of overseas orders, per store, versioned like
// every fee setting (decision 0010): for one store at most one effective setting covers any instant
// (Add, EditList and EditEndTime refuse an overlap with 409 under the store's advisory lock), and a
// setting that has begun keeps its amounts; only its switch and its end move.
import { overseasBaseCostSetting, type OverseasBaseCostSettingDto } from '#shared/contracts/fees.ts';
import { pageWindow } from '#shared/contracts/common.ts';
import { centsToPoints as toPoints, pointsToCents as toCents } from '#shared/money.ts';
import { implement, type RequestContext } from '../../framework.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { getStore } from '../stores/repository.ts';
import { overseasBaseCostSettings } from '../../db/schema/index.ts';
import * as repo from './repository.ts';
import { checkNewEnd, describePeriod, hasBegun, lockKeys, refuseHistoryEdit, sameTime, versionDto } from './versioning.ts';

const WHAT = '海外仓基础费用设置';
const LOCK = 'overseas';

function toDto(r: repo.OverseasBaseCostRow, now: Date): OverseasBaseCostSettingDto {
  const { isEffective, ...version } = versionDto(r, now);
  return {
    id: r.id, storeId: r.storeId, storeName: r.storeName, userCode: r.userCode,
    baseCost: toPoints(r.baseCostCents), baseSkuNums: r.baseSkuNums, exceedSkuCost: toPoints(r.exceedSkuCostCents), maxSkuCost: toPoints(r.maxSkuCostCents),
    sackPrice: toPoints(r.sackPriceCents), exceedBaseSkuNums: r.exceedSkuCostCents > 0 ? Math.ceil(r.maxSkuCostCents / r.exceedSkuCostCents) : null,
    whetherEffective: isEffective, ...version,
  };
}

async function requireStore(ctx: RequestContext, storeId: number) {
  const store = await getStore(ctx.db, storeId);
  if (!store) throw invalid('storeId', '店铺不存在');
  return store;
}

async function refuseOverlap(ctx: RequestContext, storeId: number, begin: Date, end: Date | null, exceptId?: number) {
  const other = await repo.findOverlap(ctx.db, overseasBaseCostSettings, repo.overseasBaseCostKey(storeId), { begin, end }, exceptId);
  if (!other) return;
  const store = await getStore(ctx.db, storeId);
  throw conflict(
    `与现有${WHAT} #${other.id}（${store?.storeName ?? storeId}，${describePeriod(other)}）时间重叠：同一店铺在同一时刻只能有一条有效的海外仓基础费用设置。`,
    '请先结束现有设置，或调整开始/结束时间。',
  );
}

const amounts = (input: { baseCost: number; baseSkuNums: number; exceedSkuCost: number; maxSkuCost: number; sackPrice: number }) => ({
  baseCostCents: toCents(input.baseCost), baseSkuNums: input.baseSkuNums, exceedSkuCostCents: toCents(input.exceedSkuCost),
  maxSkuCostCents: toCents(input.maxSkuCost), sackPriceCents: toCents(input.sackPrice),
});

const reread = async (ctx: RequestContext, id: number) => toDto((await repo.getOverseasBaseCost(ctx.db, id))!, ctx.now);

export const overseasBaseCostSettingService = implement(overseasBaseCostSetting, () => ({
  async getOverseasBaseCostSettingList(input, ctx) {
    const { total, rows } = await repo.listOverseasBaseCosts(ctx.db, input, pageWindow(input));
    return { totalCount: total, items: rows.map((r) => toDto(r, ctx.now)) };
  },

  async add(input, ctx) {
    await requireStore(ctx, input.storeId);
    await lockKeys(ctx, LOCK, [[input.storeId]]);
    const begin = new Date(input.beginTime);
    const end = input.endTime ? new Date(input.endTime) : null;
    if (input.whetherEffective) await refuseOverlap(ctx, input.storeId, begin, end);
    const id = await repo.insertOverseasBaseCost(ctx.db, {
      storeId: input.storeId, beginTime: begin, endTime: end, isEffective: input.whetherEffective, ...amounts(input), creatorUserId: ctx.user?.id ?? null,
    });
    return reread(ctx, id);
  },

  async editList(input, ctx) {
    const current = await repo.getOverseasBaseCost(ctx.db, input.id, true);
    if (!current) throw notFound(WHAT);
    await lockKeys(ctx, LOCK, [[current.storeId], [input.storeId]]);
    const values = { storeId: input.storeId, beginTime: new Date(input.beginTime), endTime: input.endTime ? new Date(input.endTime) : null, ...amounts(input) };
    if (hasBegun(current, ctx.now)) {
      refuseHistoryEdit(WHAT, current, [
        ...(current.storeId !== values.storeId ? ['店铺'] : []),
        ...(!sameTime(current.beginTime, input.beginTime) ? ['开始时间'] : []), ...(!sameTime(current.endTime, input.endTime) ? ['结束时间'] : []),
        ...(current.baseCostCents !== values.baseCostCents ? ['基础费用'] : []), ...(current.baseSkuNums !== values.baseSkuNums ? ['基础SKU数'] : []),
        ...(current.exceedSkuCostCents !== values.exceedSkuCostCents ? ['超出SKU费用'] : []), ...(current.maxSkuCostCents !== values.maxSkuCostCents ? ['SKU费用上限'] : []),
        ...(current.sackPriceCents !== values.sackPriceCents ? ['包材费'] : []),
      ]);
      if (input.whetherEffective && !current.isEffective) await refuseOverlap(ctx, current.storeId, current.beginTime, current.endTime, current.id);
      await repo.updateOverseasBaseCost(ctx.db, current.id, { isEffective: input.whetherEffective, lastModificationTime: ctx.now });
    } else {
      await requireStore(ctx, values.storeId);
      if (input.whetherEffective) await refuseOverlap(ctx, values.storeId, values.beginTime, values.endTime, current.id);
      await repo.updateOverseasBaseCost(ctx.db, current.id, { ...values, isEffective: input.whetherEffective, lastModificationTime: ctx.now });
    }
    return reread(ctx, current.id);
  },

  async editEndTime(input, ctx) {
    const current = await repo.getOverseasBaseCost(ctx.db, input.id, true);
    if (!current) throw notFound(WHAT);
    await lockKeys(ctx, LOCK, [[current.storeId]]);
    const end = checkNewEnd(current, new Date(input.endTime), ctx.now, WHAT);
    if (current.isEffective) await refuseOverlap(ctx, current.storeId, current.beginTime, end, current.id);
    await repo.updateOverseasBaseCost(ctx.db, current.id, { endTime: end, lastModificationTime: ctx.now });
    return reread(ctx, current.id);
  },
}));
