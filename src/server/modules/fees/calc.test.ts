import { describe, expect, it } from 'vitest';
import { baseCostCents, chargeableGrams, cmToMm, freightCents, kgToGrams, volumetricGrams, type BaseCostRule, type FreightRule } from './calc.ts';

// The settings: TW general cargo 12 for the first 0.5 kg, 5 per further 0.5 kg, divisor 6000.
const tw: FreightRule = { firstWeightGrams: 500, firstWeightPriceCents: 1200, continueWeightGrams: 500, continueWeightCostCents: 500, bulkyParameter: 6000 };
// Base cost 3 covers 1 SKU, +0.5 per further SKU, extra capped at 2, sack 0.8.
const base: BaseCostRule = { baseCostCents: 300, baseSkuNums: 1, exceedSkuCostCents: 50, maxSkuCostCents: 200, sackPriceCents: 80 };

describe('kgToGrams / cmToMm', () => {
  it.each([
    [0, 0], [0.5, 500], [1.26, 1260], [1.005, 1005], [2.675, 2675], [0.001, 1], [40, 40000], [1.0004, 1000], [1.0005, 1001], [123.456, 123456],
  ])('%s kg → %s g', (kg, g) => expect(kgToGrams(kg)).toBe(g));
  it.each([[30, 300], [20.5, 205], [0.1, 1], [10.05, 101]])('%s cm → %s mm', (cm, mm) => expect(cmToMm(cm)).toBe(mm));
  it('refuses non-finite numbers', () => expect(() => kgToGrams(Number.NaN)).toThrow(RangeError));
});

describe('volumetric and chargeable weight', () => {
  it('30×20×20 cm / 6000 is exactly 2 kg', () => expect(volumetricGrams({ long: 30, wide: 20, high: 20 }, 6000)).toBe(2000));
  it('rounds volumetric UP to the gram', () => {
    // 10×10×10.1 cm = 1010 cm³ / 6000 = 0.168333… kg → 169 g
    expect(volumetricGrams({ long: 10, wide: 10, high: 10.1 }, 6000)).toBe(169);
    // 7×7×7 = 343 cm³ / 5000 = 68.6 g → 69 g
    expect(volumetricGrams({ long: 7, wide: 7, high: 7 }, 5000)).toBe(69);
  });
  it('ignores dimensions unless all three are positive, or when the divisor is not positive', () => {
    expect(volumetricGrams(null, 6000)).toBeNull();
    expect(volumetricGrams(undefined, 6000)).toBeNull();
    expect(volumetricGrams({ long: 30, wide: 0, high: 20 }, 6000)).toBeNull();
    expect(volumetricGrams({ long: 30, wide: 20, high: 20 }, 0)).toBeNull();
    expect(chargeableGrams(1260, { long: 30, wide: 0, high: 20 }, 6000)).toBe(1260);
  });
  it('takes the larger of actual and volumetric', () => {
    expect(chargeableGrams(1260, { long: 30, wide: 20, high: 20 }, 6000)).toBe(2000); // volume wins
    expect(chargeableGrams(2500, { long: 30, wide: 20, high: 20 }, 6000)).toBe(2500); // actual wins
    expect(chargeableGrams(2000, { long: 30, wide: 20, high: 20 }, 6000)).toBe(2000); // tie
    expect(chargeableGrams(1260, null, 6000)).toBe(1260);
  });
  it('handles big boxes without losing precision', () => {
    expect(volumetricGrams({ long: 999.9, wide: 999.9, high: 999.9 }, 6000)).toBe(Math.ceil((9999 ** 3) / 6000));
  });
});

describe('freightCents (TW general cargo)', () => {
  it.each([
    // [grams, dims, chargeable, steps, total cents]
    [1, null, 1, 0, 1200],
    [500, null, 500, 0, 1200], // exactly the first weight
    [501, null, 501, 1, 1700], // one gram over → a whole step
    [1000, null, 1000, 1, 1700], // exactly one step
    [1001, null, 1001, 2, 2200],
    [1260, null, 1260, 2, 2200], // the issue: 1.26 kg → 22
    [1500, null, 1500, 2, 2200],
    [2000, null, 2000, 3, 2700], // the issue: 2.0 kg → 27
    [40000, null, 40000, 79, 40700], // the issue: 40 kg → 407
    [1260, { long: 30, wide: 20, high: 20 }, 2000, 3, 2700], // the issue: 1.26 kg in 30×20×20 → 27
    [2600, { long: 30, wide: 20, high: 20 }, 2600, 5, 3700], // actual beats volume
    [0, null, 0, 0, 1200], // nothing weighed still pays the first weight
  ] as const)('%i g %o → chargeable %i, %i steps, %i cents', (grams, dims, chargeable, steps, total) => {
    const r = freightCents(tw, grams, dims);
    expect(r.chargeableGrams).toBe(chargeable);
    expect(r.continueSteps).toBe(steps);
    expect(r.firstCents).toBe(1200);
    expect(r.continueCents).toBe(steps * 500);
    expect(r.freightCents).toBe(total);
  });
  it('respects a continue weight different from the first weight', () => {
    const rule: FreightRule = { firstWeightGrams: 1000, firstWeightPriceCents: 1550, continueWeightGrams: 250, continueWeightCostCents: 333, bulkyParameter: 5000 };
    expect(freightCents(rule, 1251).freightCents).toBe(1550 + 2 * 333);
    expect(freightCents(rule, 1250).freightCents).toBe(1550 + 1 * 333);
    // 20×20×20 / 5000 = 1.6 kg → 600 g over → 3 steps
    expect(freightCents(rule, 900, { long: 20, wide: 20, high: 20 })).toMatchObject({ chargeableGrams: 1600, volumetricGrams: 1600, continueSteps: 3, freightCents: 1550 + 999 });
  });
});

describe('baseCostCents', () => {
  it.each([
    [0, 300, 0], // an order with no lines still pays the base cost
    [1, 300, 0],
    [2, 350, 1], // the issue: two SKUs → 3.5 + sack 0.8
    [3, 400, 2],
    [5, 500, 4], // extra 4 × 0.5 = 2 = exactly the cap
    [6, 500, 5], // capped
    [50, 500, 49],
  ])('%i distinct SKUs → %i cents operation', (skus, op, extraSkus) => {
    const r = baseCostCents(base, skus);
    expect(r.operationCents).toBe(op);
    expect(r.sackCents).toBe(80);
    expect(r.extraSkuCount).toBe(extraSkus);
  });
  it('covers several SKUs in the base price when baseSkuNums > 1', () => {
    const rule = { ...base, baseSkuNums: 3 };
    expect(baseCostCents(rule, 3).operationCents).toBe(300);
    expect(baseCostCents(rule, 4).operationCents).toBe(350);
  });
  it('a cap of 0 means further SKUs cost nothing extra', () => {
    expect(baseCostCents({ ...base, maxSkuCostCents: 0 }, 4).operationCents).toBe(300);
  });
});
