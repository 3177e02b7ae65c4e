import { describe, expect, it } from 'vitest';
import { compareLocations, inWalkingOrder } from './walking-order.ts';

describe('walking order of a pick list', () => {
  it('sorts location codes naturally: zone, then row, then shelf, numbers by value', () => {
    const codes = ['B-1-1', 'A-10-1', 'A-2-10', 'a-2-9', 'A-2-1', null, 'A02-03', 'A-1'];
    expect([...codes].sort(compareLocations)).toEqual(['A-1', 'A-2-1', 'A02-03', 'a-2-9', 'A-2-10', 'A-10-1', 'B-1-1', null]);
  });

  it('reads the usual separators alike and keeps an unlocated line last', () => {
    expect(compareLocations('A.2.10', 'A-2-9')).toBeGreaterThan(0);
    expect(compareLocations('A 2 3', 'A-2-4')).toBeLessThan(0);
    expect(compareLocations('A/2/10', 'A_2_9')).toBeGreaterThan(0);
    expect(compareLocations(null, 'Z-99')).toBeGreaterThan(0);
    expect(compareLocations('', null)).toBe(0);
  });

  it('orders lines by location, then SKU', () => {
    const lines = [
      { productSku: 'CABLE', shelfPosition: 'A-10-01' },
      { productSku: 'CASE', shelfPosition: null },
      { productSku: 'LID', shelfPosition: 'A-2-01' },
      { productSku: 'CUP', shelfPosition: 'A-2-01' },
      { productSku: 'BAG', shelfPosition: 'B-1-01' },
    ];
    expect(inWalkingOrder(lines).map((l) => l.productSku)).toEqual(['CUP', 'LID', 'CABLE', 'BAG', 'CASE']);
  });
});
