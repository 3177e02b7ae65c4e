// Pure fee formulas (DOMAIN §5 "Order fees"). Integer arithmetic only: money in cents, weight in grams,
// dimensions in whole millimetres. Weighing (orders) and the fee screens both call these; nothing here
// touches the database.
//
// Rounding decisions (docs/decisions and the fees report):
// - kg → grams: rounded half-up to the gram (the zod layer already refuses more than 3 decimals).
// - cm → mm: rounded half-up to the millimetre (the zod layer refuses more than 1 decimal).
// - Volumetric weight = L×W×H(cm³) / bulkyParameter kg = L×W×H(mm³) / bulkyParameter grams,
//   rounded UP to the gram (a parcel never weighs less than its volume says).
// - Continue steps are counted with ceil: any part of a further step pays a whole step.

export interface BaseCostRule { baseCostCents: number; baseSkuNums: number; exceedSkuCostCents: number; maxSkuCostCents: number; sackPriceCents: number }
export interface FreightRule { firstWeightGrams: number; firstWeightPriceCents: number; continueWeightGrams: number; continueWeightCostCents: number; bulkyParameter: number }
/** Outer dimensions in cm (up to 1 decimal). */
export interface Dimensions { long: number; wide: number; high: number }

export interface FreightBreakdown {
  /** max(actual, volumetric) in grams. */
  chargeableGrams: number;
  /** Volumetric grams when all three dimensions were given and the divisor is usable, else null. */
  volumetricGrams: number | null;
  freightCents: number;
  firstCents: number;
  continueSteps: number;
  continueCents: number;
}

/** kg (≤ 3 decimals) → integer grams, half-up. Goes through the decimal string so 1.005 kg is 1005 g, not 1004.99…. */
export function kgToGrams(kg: number): number {
  return scaleDecimal(kg, 3);
}

/** cm (≤ 1 decimal) → integer millimetres, half-up. */
export function cmToMm(cm: number): number {
  return scaleDecimal(cm, 1);
}

/** grams → kg as a number with at most 3 decimals (for DTOs). */
export function gramsToKg(grams: number): number {
  return grams / 1000;
}

/** Multiplies a non-negative decimal by 10^places and rounds half-up without binary float drift. */
function scaleDecimal(value: number, places: number): number {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  const negative = value < 0;
  // toFixed(places + 3) is exact enough for the magnitudes we handle and removes 1e-16 noise.
  const [intPart = '0', frac = ''] = Math.abs(value).toFixed(places + 3).split('.');
  const kept = frac.slice(0, places);
  const next = Number(frac.charAt(places) || '0');
  let scaled = Number(intPart) * 10 ** places + Number(kept || '0');
  if (next >= 5) scaled += 1;
  return negative ? -scaled : scaled;
}

/** Volumetric grams = ceil(Lmm × Wmm × Hmm / bulkyParameter); null when a dimension is missing/zero or the divisor is not positive. */
export function volumetricGrams(dims: Dimensions | null | undefined, bulkyParameter: number): number | null {
  if (!dims || !(bulkyParameter > 0)) return null;
  const { long, wide, high } = dims;
  if (!(long > 0) || !(wide > 0) || !(high > 0)) return null;
  const mm3 = BigInt(cmToMm(long)) * BigInt(cmToMm(wide)) * BigInt(cmToMm(high));
  const divisor = BigInt(Math.round(bulkyParameter));
  return Number((mm3 + divisor - 1n) / divisor);
}

/** Chargeable weight in grams: max(actual, volumetric) when all three dimensions are given, else actual. */
export function chargeableGrams(weightGrams: number, dims: Dimensions | null | undefined, bulkyParameter: number): number {
  const vol = volumetricGrams(dims, bulkyParameter);
  return vol === null ? weightGrams : Math.max(weightGrams, vol);
}

/**
 * Freight = firstWeightPrice if chargeable ≤ firstWeight, else
 * firstWeightPrice + ceil((chargeable − firstWeight) / continueWeight) × continueWeightCost.
 */
export function freightCents(rule: FreightRule, weightGrams: number, dims?: Dimensions | null): FreightBreakdown {
  const vol = volumetricGrams(dims, rule.bulkyParameter);
  const chargeable = vol === null ? weightGrams : Math.max(weightGrams, vol);
  const firstCents = rule.firstWeightPriceCents;
  const over = chargeable - rule.firstWeightGrams;
  const continueSteps = over > 0 && rule.continueWeightGrams > 0 ? Math.ceil(over / rule.continueWeightGrams) : 0;
  const continueCents = continueSteps * rule.continueWeightCostCents;
  return { chargeableGrams: chargeable, volumetricGrams: vol, freightCents: firstCents + continueCents, firstCents, continueSteps, continueCents };
}

/**
 * Base cost: `baseCost` covers up to `baseSkuNums` distinct SKUs; each further SKU adds `exceedSkuCost`;
 * that extra SKU part is capped at `maxSkuCost` (a cap of 0 means "no extra charge"). The bag is `sackPrice`.
 * An order with no lines still pays the base cost (it was handled and packed).
 */
export function baseCostCents(rule: BaseCostRule, distinctSkuCount: number): { operationCents: number; sackCents: number; extraSkuCount: number; extraCents: number } {
  const extraSkuCount = Math.max(0, Math.floor(distinctSkuCount) - rule.baseSkuNums);
  const extraCents = Math.min(extraSkuCount * rule.exceedSkuCostCents, Math.max(0, rule.maxSkuCostCents));
  return { operationCents: rule.baseCostCents + extraCents, sackCents: rule.sackPriceCents, extraSkuCount, extraCents };
}
