// The settings in effect at a moment, for weighing and the calculators (DOMAIN §5). Every lookup
// runs in the caller's transaction (tx), so a weighing sees exactly the rule it charges by; the
// returned id is the setting to record next to the charge, which is what makes a past charge explainable.
import type { Db } from '../../db/client.ts';
import type { BaseCostRule, FreightRule } from './calc.ts';
import * as repo from './repository.ts';

export const URGENT_FEE_SETTING = 'App.Fees.UrgentFeeCents';
export const DESTROY_FEE_SETTING = 'App.Fees.DestroyFeeCents';

/** The BaseCostSetting for (warehouse, orderType) effective at `at`, or null when none is. */
export async function effectiveBaseCost(tx: Db, warehouseInfoId: number, orderType: number, at: Date): Promise<(BaseCostRule & { id: number }) | null> {
  const row = await repo.effectiveBaseCostRow(tx, warehouseInfoId, orderType, at);
  return row ? toBaseCostRule(row) : null;
}

/** The OverseasBaseCostSetting of a store effective at `at` (overseas orders, DOMAIN §8), or null when none is. */
export async function effectiveOverseasBaseCost(tx: Db, storeId: number, at: Date): Promise<(BaseCostRule & { id: number }) | null> {
  const row = await repo.effectiveOverseasBaseCostRow(tx, storeId, at);
  return row ? toBaseCostRule(row) : null;
}

const toBaseCostRule = (row: Pick<repo.BaseCostRow, 'id' | 'baseCostCents' | 'baseSkuNums' | 'exceedSkuCostCents' | 'maxSkuCostCents' | 'sackPriceCents'>) => ({
  id: row.id, baseCostCents: row.baseCostCents, baseSkuNums: row.baseSkuNums, exceedSkuCostCents: row.exceedSkuCostCents,
  maxSkuCostCents: row.maxSkuCostCents, sackPriceCents: row.sackPriceCents,
});

/** The MainlandFreight rule for (warehouse, site, cargoCategory) effective at `at`, or null when none is. */
export async function effectiveFreight(tx: Db, warehouseInfoId: number, site: string, cargoCategory: number, at: Date): Promise<(FreightRule & { id: number }) | null> {
  const row = await repo.effectiveFreightRow(tx, warehouseInfoId, site, cargoCategory, at);
  return row ? toFreightRule(row) : null;
}

export const toFreightRule = (row: repo.FreightRow | Omit<repo.FreightRow, 'warehouseName'>): FreightRule & { id: number } => ({
  id: row.id, firstWeightGrams: row.firstWeightGrams, firstWeightPriceCents: row.firstWeightPriceCents,
  continueWeightGrams: row.continueWeightGrams, continueWeightCostCents: row.continueWeightCostCents, bulkyParameter: row.bulkyParameter,
});

/**
 * The bulky parameter of third-party lines for (warehouse, site) effective at `at`, or null. Weighing an
 * order shipped by a third-party line (shippingMethods 2) uses it instead of the freight rule's divisor.
 */
export async function effectiveThirdPartyBulky(tx: Db, warehouseInfoId: number, site: string, at: Date): Promise<{ id: number; bulkyParameter: number } | null> {
  const row = await repo.effectiveThirdPartyRow(tx, warehouseInfoId, site, at);
  return row ? { id: row.id, bulkyParameter: row.bulkyParameter } : null;
}

/** A fee the tenant keeps as a setting, in cents; 0 until staff set one. */
async function feeSettingCents(tx: Db, name: string): Promise<number> {
  return centsOfSetting(await repo.getTenantSetting(tx, name));
}

function centsOfSetting(value: string | undefined): number {
  const n = value === undefined ? 0 : Number(value);
  return Number.isSafeInteger(n) && n >= 0 ? n : 0;
}

/**
 * Everything a weighing charges by, in one statement: the base cost, and when asked for the freight
 * rule, the third-party bulky parameter and the urgent fee, each as effectiveBaseCost, effectiveFreight,
 * effectiveThirdPartyBulky and urgentFeeCents give it (null / 0 when not asked for or none is in effect).
 */
export async function effectiveWeighSettings(tx: Db, k: Omit<repo.WeighSettingsKey, 'tenantSetting'> & { urgent: boolean }) {
  const { urgent, ...key } = k;
  const got = await repo.effectiveWeighNumbers(tx, { ...key, tenantSetting: urgent ? URGENT_FEE_SETTING : null });
  const n = (a: readonly unknown[], i: number) => Number(a[i]);
  const base: (BaseCostRule & { id: number }) | null = got.base ? {
    id: n(got.base, 0), baseCostCents: n(got.base, 1), baseSkuNums: n(got.base, 2), exceedSkuCostCents: n(got.base, 3), maxSkuCostCents: n(got.base, 4), sackPriceCents: n(got.base, 5),
  } : null;
  const freight: (FreightRule & { id: number }) | null = got.freight ? {
    id: n(got.freight, 0), firstWeightGrams: n(got.freight, 1), firstWeightPriceCents: n(got.freight, 2), continueWeightGrams: n(got.freight, 3),
    continueWeightCostCents: n(got.freight, 4), bulkyParameter: n(got.freight, 5),
  } : null;
  const thirdParty = got.thirdParty ? { id: n(got.thirdParty, 0), bulkyParameter: n(got.thirdParty, 1) } : null;
  return { base, freight, thirdParty, urgentFeeCents: urgent ? centsOfSetting(got.setting) : 0 };
}

/** The tenant's urgent fee in cents (channel 11). */
export const urgentFeeCents = (tx: Db): Promise<number> => feeSettingCents(tx, URGENT_FEE_SETTING);

export async function setUrgentFeeCents(tx: Db, cents: number, userId: number | null): Promise<void> {
  await repo.setTenantSetting(tx, URGENT_FEE_SETTING, String(cents), userId);
}

/** The tenant's destroy fee in cents (channel 9): a marketplace return the seller chose to destroy. */
export const destroyFeeCents = (tx: Db): Promise<number> => feeSettingCents(tx, DESTROY_FEE_SETTING);

export async function setDestroyFeeCents(tx: Db, cents: number, userId: number | null): Promise<void> {
  await repo.setTenantSetting(tx, DESTROY_FEE_SETTING, String(cents), userId);
}
