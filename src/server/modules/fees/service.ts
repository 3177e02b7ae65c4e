// BaseCostSetting, MainlandFreight (+ third-party parameter) and FrontMainLandFreight (DOMAIN §5).
// Versioning: a setting covers [beginTime, endTime); for one key at most one effective setting may
// cover any instant (Add/Edit/EditEndTime/status refuse an overlap with 409, checked under a per-key
// advisory lock). Once a setting has begun, its amounts, key and begin time are history: Edit may only
// switch isEffective; the end time moves through EditEndTime, never into the past.
import { baseCostSetting, frontMainLandFreight, mainlandFreight, type BaseCostSettingDto, type FreightQueryInput, type MainlandFreightDto, type ThirdPartyParameterDto } from '#shared/contracts/fees.ts';
import { pageWindow } from '#shared/contracts/common.ts';
import { labelKey } from '#shared/enums.ts';
import { centsToPoints as toPoints, pointsToCents as toCents } from '#shared/money.ts';
import { zhHans } from '#shared/i18n/zh-Hans.ts';
import type { Db } from '../../db/client.ts';
import { implement, type RequestContext } from '../../framework.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { freightCents, gramsToKg, kgToGrams } from './calc.ts';
import * as repo from './repository.ts';
import { destroyFeeCents, setDestroyFeeCents, setUrgentFeeCents, toFreightRule, urgentFeeCents } from './settings.ts';
import { checkNewEnd, describePeriod, hasBegun, lockKeys, refuseHistoryEdit, sameTime, versionDto } from './versioning.ts';
import { baseCostSettings, mainlandFreights, thirdPartyParameters } from '../../db/schema/index.ts';

const label = (name: 'OrderType' | 'CargoCategory' | 'Site', code: string | number): string => zhHans[labelKey(name, code)] ?? String(code);
async function requireWarehouse(tx: Db, id: number) {
  const w = await repo.warehouseById(tx, id);
  if (!w) throw invalid('warehouseInfoId', '仓库不存在');
  return w;
}

// ── BaseCostSetting ──────────────────────────────────────────────────────────
const BASE_COST = '基础费用设置';

function toBaseCostDto(r: repo.BaseCostRow, now: Date): BaseCostSettingDto {
  return {
    id: r.id, warehouseInfoId: r.warehouseInfoId, warehouseName: r.warehouseName, orderType: r.orderType,
    baseCost: toPoints(r.baseCostCents), baseSkuNums: r.baseSkuNums, exceedSkuCost: toPoints(r.exceedSkuCostCents), maxSkuCost: toPoints(r.maxSkuCostCents),
    sackPrice: toPoints(r.sackPriceCents), exceedBaseSkuNums: r.exceedSkuCostCents > 0 ? Math.ceil(r.maxSkuCostCents / r.exceedSkuCostCents) : null,
    ...versionDto(r, now),
  };
}

async function baseCostOverlap(ctx: RequestContext, warehouseInfoId: number, orderType: number, begin: Date, end: Date | null, exceptId?: number) {
  const other = await repo.findOverlap(ctx.db, baseCostSettings, repo.baseCostKey(warehouseInfoId, orderType), { begin, end }, exceptId);
  if (!other) return;
  const w = await repo.warehouseById(ctx.db, warehouseInfoId);
  throw conflict(
    `与现有${BASE_COST} #${other.id}（${w?.warehouseName ?? warehouseInfoId}·${label('OrderType', orderType)}，${describePeriod(other)}）时间重叠：同一仓库、同一订单类型在同一时刻只能有一条有效的基础费用设置。`,
    '请先结束现有设置，或调整开始/结束时间。',
  );
}

export const baseCostSettingService = implement(baseCostSetting, () => ({
  async getBaseCostSettingListList(input, ctx) {
    const { total, rows } = await repo.listBaseCosts(ctx.db, input, pageWindow(input));
    return { totalCount: total, items: rows.map((r) => toBaseCostDto(r, ctx.now)) };
  },
  async add(input, ctx) {
    await requireWarehouse(ctx.db, input.warehouseInfoId);
    await lockKeys(ctx, 'base', [[input.warehouseInfoId, input.orderType]]);
    const begin = new Date(input.beginTime);
    const end = input.endTime ? new Date(input.endTime) : null;
    if (input.isEffective) await baseCostOverlap(ctx, input.warehouseInfoId, input.orderType, begin, end);
    const id = await repo.insertBaseCost(ctx.db, {
      warehouseInfoId: input.warehouseInfoId, orderType: input.orderType, beginTime: begin, endTime: end, isEffective: input.isEffective,
      baseCostCents: toCents(input.baseCost), baseSkuNums: input.baseSkuNums, exceedSkuCostCents: toCents(input.exceedSkuCost),
      maxSkuCostCents: toCents(input.maxSkuCost), sackPriceCents: toCents(input.sackPrice), creatorUserId: ctx.user?.id ?? null,
    });
    return toBaseCostDto((await repo.getBaseCost(ctx.db, id))!, ctx.now);
  },
  async edit(input, ctx) {
    const current = await repo.getBaseCost(ctx.db, input.id, true);
    if (!current) throw notFound(BASE_COST);
    await lockKeys(ctx, 'base', [[current.warehouseInfoId, current.orderType], [input.warehouseInfoId, input.orderType]]);
    const values = {
      warehouseInfoId: input.warehouseInfoId, orderType: input.orderType, beginTime: new Date(input.beginTime), endTime: input.endTime ? new Date(input.endTime) : null,
      baseCostCents: toCents(input.baseCost), baseSkuNums: input.baseSkuNums, exceedSkuCostCents: toCents(input.exceedSkuCost),
      maxSkuCostCents: toCents(input.maxSkuCost), sackPriceCents: toCents(input.sackPrice),
    };
    if (hasBegun(current, ctx.now)) {
      refuseHistoryEdit(BASE_COST, current, [
        ...(current.warehouseInfoId !== values.warehouseInfoId ? ['仓库'] : []), ...(current.orderType !== values.orderType ? ['订单类型'] : []),
        ...(!sameTime(current.beginTime, input.beginTime) ? ['开始时间'] : []), ...(!sameTime(current.endTime, input.endTime) ? ['结束时间'] : []),
        ...(current.baseCostCents !== values.baseCostCents ? ['基础费用'] : []), ...(current.baseSkuNums !== values.baseSkuNums ? ['基础SKU数'] : []),
        ...(current.exceedSkuCostCents !== values.exceedSkuCostCents ? ['超出SKU费用'] : []), ...(current.maxSkuCostCents !== values.maxSkuCostCents ? ['SKU费用上限'] : []),
        ...(current.sackPriceCents !== values.sackPriceCents ? ['包材费'] : []),
      ]);
      if (input.isEffective && !current.isEffective) await baseCostOverlap(ctx, current.warehouseInfoId, current.orderType, current.beginTime, current.endTime, current.id);
      await repo.updateBaseCost(ctx.db, current.id, { isEffective: input.isEffective, lastModificationTime: ctx.now });
    } else {
      await requireWarehouse(ctx.db, values.warehouseInfoId);
      if (input.isEffective) await baseCostOverlap(ctx, values.warehouseInfoId, values.orderType, values.beginTime, values.endTime, current.id);
      await repo.updateBaseCost(ctx.db, current.id, { ...values, isEffective: input.isEffective, lastModificationTime: ctx.now });
    }
    return toBaseCostDto((await repo.getBaseCost(ctx.db, current.id))!, ctx.now);
  },
  async editEndTime(input, ctx) {
    const current = await repo.getBaseCost(ctx.db, input.id, true);
    if (!current) throw notFound(BASE_COST);
    await lockKeys(ctx, 'base', [[current.warehouseInfoId, current.orderType]]);
    const end = checkNewEnd(current, new Date(input.endTime), ctx.now, BASE_COST);
    if (current.isEffective) await baseCostOverlap(ctx, current.warehouseInfoId, current.orderType, current.beginTime, end, current.id);
    await repo.updateBaseCost(ctx.db, current.id, { endTime: end, lastModificationTime: ctx.now });
    return toBaseCostDto((await repo.getBaseCost(ctx.db, current.id))!, ctx.now);
  },
  async getUrgentFee(_input, ctx) {
    return { urgentFee: toPoints(await urgentFeeCents(ctx.db)) };
  },
  async editUrgentFee(input, ctx) {
    await setUrgentFeeCents(ctx.db, toCents(input.urgentFee), ctx.user?.id ?? null);
    return { urgentFee: toPoints(await urgentFeeCents(ctx.db)) };
  },
  async getDestroyFee(_input, ctx) {
    return { destroyFee: toPoints(await destroyFeeCents(ctx.db)) };
  },
  async editDestroyFee(input, ctx) {
    await setDestroyFeeCents(ctx.db, toCents(input.destroyFee), ctx.user?.id ?? null);
    return { destroyFee: toPoints(await destroyFeeCents(ctx.db)) };
  },
}));

// ── MainlandFreight ──────────────────────────────────────────────────────────
const FREIGHT = '运费设置';
const THIRD_PARTY = '第三方参数';

function toFreightDto(r: repo.FreightRow, now: Date): MainlandFreightDto {
  return {
    id: r.id, warehouseInfoId: r.warehouseInfoId, warehouseName: r.warehouseName, site: r.site, cargoCategory: r.cargoCategory,
    firstWeight: gramsToKg(r.firstWeightGrams), firstWeightPrice: toPoints(r.firstWeightPriceCents), continueWeight: gramsToKg(r.continueWeightGrams),
    continueWeightCost: toPoints(r.continueWeightCostCents), bulkyParameter: r.bulkyParameter, ...versionDto(r, now),
  };
}

function toThirdPartyDto(r: repo.ThirdPartyRow, now: Date): ThirdPartyParameterDto {
  return { id: r.id, warehouseInfoId: r.warehouseInfoId, warehouseName: r.warehouseName, site: r.site, bulkyParameter: r.bulkyParameter, ...versionDto(r, now) };
}

async function freightOverlap(ctx: RequestContext, key: { warehouseInfoId: number; site: string; cargoCategory: number }, begin: Date, end: Date | null, exceptId?: number) {
  const other = await repo.findOverlap(ctx.db, mainlandFreights, repo.freightKey(key.warehouseInfoId, key.site, key.cargoCategory), { begin, end }, exceptId);
  if (!other) return;
  const w = await repo.warehouseById(ctx.db, key.warehouseInfoId);
  throw conflict(
    `与现有${FREIGHT} #${other.id}（${w?.warehouseName ?? key.warehouseInfoId}·${label('Site', key.site)}·${label('CargoCategory', key.cargoCategory)}，${describePeriod(other)}）时间重叠：同一仓库、站点和货物类型在同一时刻只能有一条有效的运费设置。`,
    '请先结束现有设置，或调整开始/结束时间。',
  );
}

async function thirdPartyOverlap(ctx: RequestContext, key: { warehouseInfoId: number; site: string }, begin: Date, end: Date | null, exceptId?: number) {
  const other = await repo.findOverlap(ctx.db, thirdPartyParameters, repo.thirdPartyKey(key.warehouseInfoId, key.site), { begin, end }, exceptId);
  if (!other) return;
  const w = await repo.warehouseById(ctx.db, key.warehouseInfoId);
  throw conflict(
    `与现有${THIRD_PARTY} #${other.id}（${w?.warehouseName ?? key.warehouseInfoId}·${label('Site', key.site)}，${describePeriod(other)}）时间重叠：同一仓库和站点在同一时刻只能有一条有效的第三方参数。`,
    '请先结束现有参数，或调整开始/结束时间。',
  );
}

/** The rule effective now and the breakdown, or 409 naming what has no rule. */
async function quote(ctx: RequestContext, input: FreightQueryInput) {
  const warehouse = await requireWarehouse(ctx.db, input.warehouseInfoId);
  const row = await repo.effectiveFreightRow(ctx.db, input.warehouseInfoId, input.site, input.cargoCategory, ctx.now);
  if (!row) throw conflict(`${warehouse.warehouseName}·${label('Site', input.site)}·${label('CargoCategory', input.cargoCategory)} 当前没有生效的运费设置，无法计算运费。`);
  const dims = input.long && input.wide && input.high ? { long: input.long, wide: input.wide, high: input.high } : null;
  const weightGrams = kgToGrams(input.weight);
  return { row, weightGrams, result: freightCents(toFreightRule(row), weightGrams, dims) };
}

const freightKeyOf = (r: { warehouseInfoId: number; site: string; cargoCategory: number }) => [r.warehouseInfoId, r.site, r.cargoCategory];

export const mainlandFreightService = implement(mainlandFreight, () => ({
  async getMainLandFreightList(input, ctx) {
    const { total, rows } = await repo.listFreights(ctx.db, input, pageWindow(input));
    return { totalCount: total, items: rows.map((r) => toFreightDto(r, ctx.now)) };
  },
  async add(input, ctx) {
    await requireWarehouse(ctx.db, input.warehouseInfoId);
    await lockKeys(ctx, 'freight', [freightKeyOf(input)]);
    const begin = new Date(input.beginTime);
    const end = input.endTime ? new Date(input.endTime) : null;
    if (input.isEffective) await freightOverlap(ctx, input, begin, end);
    const id = await repo.insertFreight(ctx.db, {
      warehouseInfoId: input.warehouseInfoId, site: input.site, cargoCategory: input.cargoCategory, beginTime: begin, endTime: end, isEffective: input.isEffective,
      firstWeightGrams: kgToGrams(input.firstWeight), firstWeightPriceCents: toCents(input.firstWeightPrice), continueWeightGrams: kgToGrams(input.continueWeight),
      continueWeightCostCents: toCents(input.continueWeightCost), bulkyParameter: input.bulkyParameter, creatorUserId: ctx.user?.id ?? null,
    });
    return toFreightDto((await repo.getFreight(ctx.db, id))!, ctx.now);
  },
  async edit(input, ctx) {
    const current = await repo.getFreight(ctx.db, input.id, true);
    if (!current) throw notFound(FREIGHT);
    await lockKeys(ctx, 'freight', [freightKeyOf(current), freightKeyOf(input)]);
    const values = {
      warehouseInfoId: input.warehouseInfoId, site: input.site, cargoCategory: input.cargoCategory, beginTime: new Date(input.beginTime), endTime: input.endTime ? new Date(input.endTime) : null,
      firstWeightGrams: kgToGrams(input.firstWeight), firstWeightPriceCents: toCents(input.firstWeightPrice), continueWeightGrams: kgToGrams(input.continueWeight),
      continueWeightCostCents: toCents(input.continueWeightCost), bulkyParameter: input.bulkyParameter,
    };
    if (hasBegun(current, ctx.now)) {
      refuseHistoryEdit(FREIGHT, current, [
        ...(current.warehouseInfoId !== values.warehouseInfoId ? ['仓库'] : []), ...(current.site !== values.site ? ['站点'] : []),
        ...(current.cargoCategory !== values.cargoCategory ? ['货物类型'] : []), ...(!sameTime(current.beginTime, input.beginTime) ? ['开始时间'] : []),
        ...(!sameTime(current.endTime, input.endTime) ? ['结束时间'] : []), ...(current.firstWeightGrams !== values.firstWeightGrams ? ['首重'] : []),
        ...(current.firstWeightPriceCents !== values.firstWeightPriceCents ? ['首重价格'] : []), ...(current.continueWeightGrams !== values.continueWeightGrams ? ['续重'] : []),
        ...(current.continueWeightCostCents !== values.continueWeightCostCents ? ['续重价格'] : []), ...(current.bulkyParameter !== values.bulkyParameter ? ['抛重系数'] : []),
      ]);
      if (input.isEffective && !current.isEffective) await freightOverlap(ctx, current, current.beginTime, current.endTime, current.id);
      await repo.updateFreight(ctx.db, current.id, { isEffective: input.isEffective, lastModificationTime: ctx.now });
    } else {
      await requireWarehouse(ctx.db, values.warehouseInfoId);
      if (input.isEffective) await freightOverlap(ctx, values, values.beginTime, values.endTime, current.id);
      await repo.updateFreight(ctx.db, current.id, { ...values, isEffective: input.isEffective, lastModificationTime: ctx.now });
    }
    return toFreightDto((await repo.getFreight(ctx.db, current.id))!, ctx.now);
  },
  async getFreight(input, ctx) {
    const { result } = await quote(ctx, input);
    return toPoints(result.freightCents);
  },
  async editEndTime(input, ctx) {
    const current = await repo.getFreight(ctx.db, input.id, true);
    if (!current) throw notFound(FREIGHT);
    await lockKeys(ctx, 'freight', [freightKeyOf(current)]);
    const end = checkNewEnd(current, new Date(input.endTime), ctx.now, FREIGHT);
    if (current.isEffective) await freightOverlap(ctx, current, current.beginTime, end, current.id);
    await repo.updateFreight(ctx.db, current.id, { endTime: end, lastModificationTime: ctx.now });
    return toFreightDto((await repo.getFreight(ctx.db, current.id))!, ctx.now);
  },
  async getThirdPartyParameterList(input, ctx) {
    const { total, rows } = await repo.listThirdParty(ctx.db, input, pageWindow(input));
    return { totalCount: total, items: rows.map((r) => toThirdPartyDto(r, ctx.now)) };
  },
  async addThirdPartyParameter(input, ctx) {
    await requireWarehouse(ctx.db, input.warehouseInfoId);
    await lockKeys(ctx, 'thirdparty', [[input.warehouseInfoId, input.site]]);
    const begin = new Date(input.beginTime);
    const end = input.endTime ? new Date(input.endTime) : null;
    if (input.isEffective) await thirdPartyOverlap(ctx, input, begin, end);
    const id = await repo.insertThirdParty(ctx.db, {
      warehouseInfoId: input.warehouseInfoId, site: input.site, beginTime: begin, endTime: end, isEffective: input.isEffective,
      bulkyParameter: input.bulkyParameter, creatorUserId: ctx.user?.id ?? null,
    });
    return toThirdPartyDto((await repo.getThirdParty(ctx.db, id))!, ctx.now);
  },
  async editThirdPartyStatus(input, ctx) {
    const current = await repo.getThirdParty(ctx.db, input.id, true);
    if (!current) throw notFound(THIRD_PARTY);
    await lockKeys(ctx, 'thirdparty', [[current.warehouseInfoId, current.site]]);
    if (!current.isEffective) await thirdPartyOverlap(ctx, current, current.beginTime, current.endTime, current.id);
    await repo.updateThirdParty(ctx.db, current.id, { isEffective: !current.isEffective, lastModificationTime: ctx.now });
    return toThirdPartyDto((await repo.getThirdParty(ctx.db, current.id))!, ctx.now);
  },
  async editThirdPartyEndTime(input, ctx) {
    const current = await repo.getThirdParty(ctx.db, input.id, true);
    if (!current) throw notFound(THIRD_PARTY);
    await lockKeys(ctx, 'thirdparty', [[current.warehouseInfoId, current.site]]);
    const end = checkNewEnd(current, new Date(input.endTime), ctx.now, THIRD_PARTY);
    if (current.isEffective) await thirdPartyOverlap(ctx, current, current.beginTime, end, current.id);
    await repo.updateThirdParty(ctx.db, current.id, { endTime: end, lastModificationTime: ctx.now });
    return toThirdPartyDto((await repo.getThirdParty(ctx.db, current.id))!, ctx.now);
  },
}));

// ── FrontMainLandFreight (seller) ────────────────────────────────────────────
export const frontMainLandFreightService = implement(frontMainLandFreight, () => ({
  async getFrontMainLandFreightList(input, ctx) {
    const { total, rows } = await repo.listFreights(ctx.db, { ...input, effectiveAt: ctx.now }, pageWindow(input));
    return {
      totalCount: total,
      items: rows.map((r) => {
        const d = toFreightDto(r, ctx.now);
        return {
          id: d.id, warehouseInfoId: d.warehouseInfoId, warehouseName: d.warehouseName, site: d.site, cargoCategory: d.cargoCategory, firstWeight: d.firstWeight,
          firstWeightPrice: d.firstWeightPrice, continueWeight: d.continueWeight, continueWeightCost: d.continueWeightCost, bulkyParameter: d.bulkyParameter,
          beginTime: d.beginTime, endTime: d.endTime,
        };
      }),
    };
  },
  async getFreightModel(input, ctx) {
    const { row, weightGrams, result } = await quote(ctx, input);
    return {
      ruleId: row.id, warehouseInfoId: row.warehouseInfoId, warehouseName: row.warehouseName, site: row.site, cargoCategory: row.cargoCategory,
      weight: gramsToKg(weightGrams), volumeWeight: result.volumetricGrams === null ? null : gramsToKg(result.volumetricGrams), chargeableWeight: gramsToKg(result.chargeableGrams),
      firstWeight: gramsToKg(row.firstWeightGrams), firstWeightPrice: toPoints(row.firstWeightPriceCents), continueWeight: gramsToKg(row.continueWeightGrams),
      continueWeightCost: toPoints(row.continueWeightCostCents), bulkyParameter: row.bulkyParameter,
      continueSteps: result.continueSteps, continueAmount: toPoints(result.continueCents), total: toPoints(result.freightCents),
    };
  },
}));

