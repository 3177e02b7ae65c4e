// Fee settings (DOMAIN §5 "Order fees", §9 fee payloads; spec 001 §7): BaseCostSetting,
// MainlandFreight (with the third-party bulky parameter) and the seller's FrontMainLandFreight.
// Amounts are points with at most 2 decimals, weights kg with at most 3, dimensions cm with at most 1.
import { z } from 'zod';
import { defineService } from './define.ts';
import { EntityDto, paged, pagedResult, isoTime } from './common.ts';
import { SITES } from '../enums.ts';

/** True when `v` has at most `places` decimals (tolerant of binary float noise such as 0.07 * 100). */
export const hasAtMostDecimals = (v: number, places: number): boolean => {
  const scaled = v * 10 ** places;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
};

const decimals = (schema: z.ZodNumber, places: number, message: string) => schema.refine((v) => hasAtMostDecimals(v, places), { message });

/** Points (1 point = 1 CNY), ≥ 0, at most 2 decimals. */
export const points = (opts: { positive?: boolean } = {}) =>
  decimals(opts.positive ? z.number().positive().max(1_000_000) : z.number().min(0).max(1_000_000), 2, '金额最多两位小数');
/** Kilograms, > 0, at most 3 decimals. */
export const kilograms = () => decimals(z.number().positive().max(100_000), 3, '重量最多三位小数');
/** Centimetres, > 0, at most 1 decimal. */
export const centimetres = () => decimals(z.number().positive().max(1_000), 1, '尺寸最多一位小数');

const site = z.enum(SITES);
const cargoCategory = z.union([z.literal(1), z.literal(2), z.literal(3)]);
/** Base cost settings exist for cross-border, mainland and stock orders (overseas orders use OverseasBaseCostSetting). */
const baseCostOrderType = z.union([z.literal(1), z.literal(2), z.literal(3)]);
/** The divisor of volumetric weight: L×W×H (cm³) / bulkyParameter = kg. */
const bulkyParameter = z.number().int().min(1).max(1_000_000);

/** Where a setting stands right now: 未开始 / 生效中 / 已结束 / 已停用. */
export const SETTING_PHASE = ['upcoming', 'current', 'ended', 'disabled'] as const;
export type SettingPhase = (typeof SETTING_PHASE)[number];

const versionFields = {
  beginTime: z.string(), endTime: z.string().nullable(), isEffective: z.boolean(), phase: z.enum(SETTING_PHASE),
  creationTime: z.string(), lastModificationTime: z.string().nullable(),
};
const versionInput = { beginTime: isoTime, endTime: isoTime.optional().nullable(), isEffective: z.boolean().optional().default(true) };
const endBeforeBegin = (v: { beginTime: string; endTime?: string | null | undefined }) => !v.endTime || Date.parse(v.endTime) >= Date.parse(v.beginTime);
const endMessage = { message: '结束时间不能早于开始时间', path: ['endTime'] };

// ── BaseCostSetting ──────────────────────────────────────────────────────────
export const BaseCostSettingDto = z.object({
  id: z.number().int(), warehouseInfoId: z.number().int(), warehouseName: z.string().nullable(), orderType: z.number().int(),
  baseCost: z.number(), baseSkuNums: z.number().int(), exceedSkuCost: z.number(), maxSkuCost: z.number(), sackPrice: z.number(),
  /** How many further SKUs reach the cap (null when a further SKU costs nothing): for the screen. */
  exceedBaseSkuNums: z.number().int().nullable(),
  ...versionFields,
});
export type BaseCostSettingDto = z.infer<typeof BaseCostSettingDto>;

const baseCostShape = {
  warehouseInfoId: z.number().int().positive(), orderType: baseCostOrderType, ...versionInput,
  baseCost: points({ positive: true }), baseSkuNums: z.number().int().min(1).max(10_000),
  exceedSkuCost: points(), maxSkuCost: points(), sackPrice: points(),
};
export const CreateBaseCostSettingInput = z.object(baseCostShape).refine(endBeforeBegin, endMessage);
export const EditBaseCostSettingInput = z.object({ id: z.number().int().positive(), ...baseCostShape }).refine(endBeforeBegin, endMessage);
export const EditEndTimeInput = z.object({ id: z.number().int().positive(), endTime: isoTime });
export const UrgentFeeDto = z.object({ urgentFee: z.number() });
export const DestroyFeeDto = z.object({ destroyFee: z.number() });

export const baseCostSetting = defineService('BaseCostSetting', {
  /** The spec's doubled name stays the public API. */
  getBaseCostSettingListList: {
    method: 'GET', permission: 'warehouse.Manages',
    input: paged({ warehouseInfoId: z.number().int().positive().optional(), orderType: baseCostOrderType.optional(), isEffective: z.boolean().optional() }),
    output: pagedResult(BaseCostSettingDto),
  },
  add: { method: 'POST', permission: 'warehouse.Manages', input: CreateBaseCostSettingInput, output: BaseCostSettingDto },
  /** Before its begin time everything may change; once it has been in effect only isEffective may. */
  edit: { method: 'POST', permission: 'warehouse.Manages', input: EditBaseCostSettingInput, output: BaseCostSettingDto },
  editEndTime: { method: 'POST', permission: 'warehouse.Manages', input: EditEndTimeInput, output: BaseCostSettingDto },
  /** The tenant's urgent fee (channel 11), default 0. */
  getUrgentFee: { method: 'GET', permission: 'warehouse.Manages', input: z.object({}), output: UrgentFeeDto },
  editUrgentFee: { method: 'POST', permission: 'warehouse.Manages', input: z.object({ urgentFee: points() }), output: UrgentFeeDto },
  /** The tenant's destroy fee for a marketplace return the seller has destroyed (channel 9), default 0. */
  getDestroyFee: { method: 'GET', permission: 'warehouse.Manages', input: z.object({}), output: DestroyFeeDto },
  editDestroyFee: { method: 'POST', permission: 'warehouse.Manages', input: z.object({ destroyFee: points() }), output: DestroyFeeDto },
});

// ── OverseasBaseCostSetting ──────────────────────────────────────────────────
/**
 * The base cost of overseas orders (DOMAIN §8), per store: the same amounts as BaseCostSetting, keyed
 * by storeId, with the spec's whetherEffective for isEffective. Charged when an overseas order is packed.
 */
export const OverseasBaseCostSettingDto = z.object({
  id: z.number().int(), storeId: z.number().int(), storeName: z.string().nullable(), userCode: z.string().nullable(),
  baseCost: z.number(), baseSkuNums: z.number().int(), exceedSkuCost: z.number(), maxSkuCost: z.number(), sackPrice: z.number(),
  exceedBaseSkuNums: z.number().int().nullable(),
  beginTime: z.string(), endTime: z.string().nullable(), whetherEffective: z.boolean(), phase: z.enum(SETTING_PHASE),
  creationTime: z.string(), lastModificationTime: z.string().nullable(),
});
export type OverseasBaseCostSettingDto = z.infer<typeof OverseasBaseCostSettingDto>;

const overseasBaseCostShape = {
  storeId: z.number().int().positive(), beginTime: isoTime, endTime: isoTime.optional().nullable(), whetherEffective: z.boolean().optional().default(true),
  baseCost: points({ positive: true }), baseSkuNums: z.number().int().min(1).max(10_000),
  exceedSkuCost: points(), maxSkuCost: points(), sackPrice: points(),
};
export const CreateOverseasBaseCostInput = z.object(overseasBaseCostShape).refine(endBeforeBegin, endMessage);
export const EditOverseasBaseCostInput = z.object({ id: z.number().int().positive(), ...overseasBaseCostShape }).refine(endBeforeBegin, endMessage);

export const overseasBaseCostSetting = defineService('OverseasBaseCostSetting', {
  getOverseasBaseCostSettingList: {
    method: 'GET', permission: 'warehouse.Manages',
    input: paged({ storeId: z.number().int().positive().optional(), whetherEffective: z.boolean().optional() }),
    output: pagedResult(OverseasBaseCostSettingDto),
  },
  /** One effective setting per store and instant: an overlap is 409. */
  add: { method: 'POST', permission: 'warehouse.Manages', input: CreateOverseasBaseCostInput, output: OverseasBaseCostSettingDto },
  /** The spec's EditList edits one setting: before its begin time everything, afterwards only whetherEffective. */
  editList: { method: 'POST', permission: 'warehouse.Manages', input: EditOverseasBaseCostInput, output: OverseasBaseCostSettingDto },
  editEndTime: { method: 'POST', permission: 'warehouse.Manages', input: EditEndTimeInput, output: OverseasBaseCostSettingDto },
});

// ── MainlandFreight ──────────────────────────────────────────────────────────
export const MainlandFreightDto = z.object({
  id: z.number().int(), warehouseInfoId: z.number().int(), warehouseName: z.string().nullable(), site: z.string(), cargoCategory: z.number().int(),
  firstWeight: z.number(), firstWeightPrice: z.number(), continueWeight: z.number(), continueWeightCost: z.number(), bulkyParameter: z.number().int(),
  ...versionFields,
});
export type MainlandFreightDto = z.infer<typeof MainlandFreightDto>;

const freightShape = {
  warehouseInfoId: z.number().int().positive(), site, cargoCategory, ...versionInput,
  firstWeight: kilograms(), firstWeightPrice: points(), continueWeight: kilograms(), continueWeightCost: points(), bulkyParameter,
};
export const CreateMainlandFreightInput = z.object(freightShape).refine(endBeforeBegin, endMessage);
export const EditMainlandFreightInput = z.object({ id: z.number().int().positive(), ...freightShape }).refine(endBeforeBegin, endMessage);

export const FreightQueryInput = z.object({
  warehouseInfoId: z.number().int().positive(), site, cargoCategory, weight: kilograms(),
  long: centimetres().optional().nullable(), wide: centimetres().optional().nullable(), high: centimetres().optional().nullable(),
});
export type FreightQueryInput = z.infer<typeof FreightQueryInput>;

export const ThirdPartyParameterDto = z.object({
  id: z.number().int(), warehouseInfoId: z.number().int(), warehouseName: z.string().nullable(), site: z.string(), bulkyParameter: z.number().int(),
  ...versionFields,
});
export type ThirdPartyParameterDto = z.infer<typeof ThirdPartyParameterDto>;
export const CreateThirdPartyParameterInput = z.object({ warehouseInfoId: z.number().int().positive(), site, ...versionInput, bulkyParameter }).refine(endBeforeBegin, endMessage);

const freightListFilters = { warehouseInfoId: z.number().int().positive().optional(), site: site.optional(), cargoCategory: cargoCategory.optional(), isEffective: z.boolean().optional() };

export const mainlandFreight = defineService('MainlandFreight', {
  getMainLandFreightList: { method: 'GET', permission: 'warehouse.Manages', input: paged(freightListFilters), output: pagedResult(MainlandFreightDto) },
  add: { method: 'POST', permission: 'warehouse.Manages', input: CreateMainlandFreightInput, output: MainlandFreightDto },
  /** Before its begin time everything may change; once it has been in effect only isEffective may. */
  edit: { method: 'POST', permission: 'warehouse.Manages', input: EditMainlandFreightInput, output: MainlandFreightDto },
  /** The freight total (points) under the rule effective now. */
  getFreight: { method: 'POST', permission: 'warehouse.Manages', input: FreightQueryInput, output: z.number() },
  editEndTime: { method: 'POST', permission: 'warehouse.Manages', input: EditEndTimeInput, output: MainlandFreightDto },
  getThirdPartyParameterList: {
    method: 'GET', permission: 'warehouse.Manages',
    input: paged({ warehouseInfoId: z.number().int().positive().optional(), site: site.optional(), isEffective: z.boolean().optional() }),
    output: pagedResult(ThirdPartyParameterDto),
  },
  addThirdPartyParameter: { method: 'POST', permission: 'warehouse.Manages', input: CreateThirdPartyParameterInput, output: ThirdPartyParameterDto },
  /** Switches isEffective (switching on re-checks overlaps). */
  editThirdPartyStatus: { method: 'POST', permission: 'warehouse.Manages', input: EntityDto, query: ['id'], output: ThirdPartyParameterDto },
  editThirdPartyEndTime: { method: 'POST', permission: 'warehouse.Manages', input: EditEndTimeInput, output: ThirdPartyParameterDto },
});

// ── FrontMainLandFreight (seller) ────────────────────────────────────────────
export const FrontFreightRuleDto = MainlandFreightDto.pick({
  id: true, warehouseInfoId: true, warehouseName: true, site: true, cargoCategory: true, firstWeight: true, firstWeightPrice: true,
  continueWeight: true, continueWeightCost: true, bulkyParameter: true, beginTime: true, endTime: true,
});
export type FrontFreightRuleDto = z.infer<typeof FrontFreightRuleDto>;

export const FreightModelDto = z.object({
  ruleId: z.number().int(), warehouseInfoId: z.number().int(), warehouseName: z.string().nullable(), site: z.string(), cargoCategory: z.number().int(),
  /** Actual weight (kg), volumetric weight (kg, null without all three dimensions), the larger one charged. */
  weight: z.number(), volumeWeight: z.number().nullable(), chargeableWeight: z.number(),
  firstWeight: z.number(), firstWeightPrice: z.number(), continueWeight: z.number(), continueWeightCost: z.number(), bulkyParameter: z.number().int(),
  continueSteps: z.number().int(), continueAmount: z.number(), total: z.number(),
});
export type FreightModelDto = z.infer<typeof FreightModelDto>;

export const frontMainLandFreight = defineService('FrontMainLandFreight', {
  /** The rules effective now (what the seller will be charged). */
  getFrontMainLandFreightList: {
    method: 'GET', permission: 'Front.Orders',
    input: paged({ warehouseInfoId: z.number().int().positive().optional(), site: site.optional(), cargoCategory: cargoCategory.optional() }),
    output: pagedResult(FrontFreightRuleDto),
  },
  getFreightModel: { method: 'POST', permission: 'Front.Orders', input: FreightQueryInput, output: FreightModelDto },
});
