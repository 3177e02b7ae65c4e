import { describe, expect, it } from 'vitest';
import { centsText, centsToPoints, formatPoints, hasAtMostTwoDecimals, plainPoints, pointsToCents } from './money.ts';

describe('points and cents', () => {
  it('converts both ways, rounding away binary noise, and keeps a missing amount missing', () => {
    expect(pointsToCents(0.07)).toBe(7);
    expect(pointsToCents(19.99)).toBe(1999);
    expect(pointsToCents(-12.5)).toBe(-1250);
    expect(centsToPoints(1999)).toBe(19.99);
    expect(centsToPoints(null)).toBeNull();
    expect(pointsToCents(undefined)).toBeNull();
    for (const cents of [0, 1, 7, 99, 1234567]) expect(pointsToCents(centsToPoints(cents))).toBe(cents);
  });

  it('tells an amount with more than two decimals', () => {
    expect(hasAtMostTwoDecimals(0.07)).toBe(true);
    expect(hasAtMostTwoDecimals(1.005)).toBe(false);
  });

  it('writes amounts plain for sentences and grouped for balances', () => {
    expect(plainPoints(1000)).toBe('1000.00');
    expect(centsText(1250)).toBe('12.50');
    expect(formatPoints(1234.5)).toBe('1,234.50');
    expect(formatPoints(3, true)).toBe('+3.00');
    expect(formatPoints(-3, true)).toBe('-3.00');
  });
});
