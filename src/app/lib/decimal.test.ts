import { describe, expect, it } from 'vitest';
import { parseDecimal } from './decimal.ts';

const kg = { max: 1000, scale: 3 };

describe('parseDecimal', () => {
  it('reads what a decimal keypad types', () => {
    expect(parseDecimal('', kg)).toBeNull();
    expect(parseDecimal('  ', kg)).toBeNull();
    expect(parseDecimal('1.25', kg)).toBe(1.25);
    expect(parseDecimal('2,5', kg)).toBe(2.5);
    expect(parseDecimal('0', kg)).toBe(0);
    expect(parseDecimal('1000', kg)).toBe(1000);
    expect(parseDecimal(' 3 ', kg)).toBe(3);
  });
  it('refuses what is not a plain number within the rule', () => {
    for (const bad of ['1.2.5', '-1', '1e3', 'abc', '1000.001', '1.2345', '.5', '5.', '1,2,3', '0x10']) expect(parseDecimal(bad, kg), bad).toBe('invalid');
    expect(parseDecimal('12.5', { max: 1000, scale: 0 })).toBe('invalid');
    expect(parseDecimal('12', { max: 1000, scale: 0 })).toBe(12);
  });
});
