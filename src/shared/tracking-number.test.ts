// The floor's zod-free check and the contract's schema accept exactly the same reads.
import { describe, expect, it } from 'vitest';
import { trackingNumber } from './contracts/orders.ts';
import { isTrackingNumber } from './tracking-number.ts';

describe('tracking numbers', () => {
  const samples = ['SF1234567890', 'YT-0001', ' JT0001 ', 'ABC', 'ABCD', 'A'.repeat(64), 'A'.repeat(65), 'SF 123', 'SF_123', '单号1234', '', '12345678901234', '----'];
  it.each(samples)('%j: the floor check agrees with the contract', (code) => {
    expect(isTrackingNumber(code)).toBe(trackingNumber.safeParse(code).success);
  });
  it('accepts what a scanner prints and refuses spaces, underscores and short reads', () => {
    expect(isTrackingNumber('SF1234567890')).toBe(true);
    expect(isTrackingNumber('SF_123')).toBe(false);
    expect(isTrackingNumber('ABC')).toBe(false);
  });
});
