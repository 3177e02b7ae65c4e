// The back-office lists' URL search → service input: a date range of whole days becomes
// timeFrom/timeTo in the tenant's zone, for the list and for its xlsx export alike.
import { describe, expect, it } from 'vitest';
import { intoListInput, intoListSearch, operateListInput, orderFilters, orderListInput, orderListSearch, parcelFilters, parcelListInput, parcelListSearch } from './search.ts';

const MARCH = { timeFrom: '2026-03-01T00:00:00.000+08:00', timeTo: '2026-03-05T23:59:59.999+08:00' };

describe('date ranges in the back-office list searches', () => {
  it('turns the days of the URL into the service\'s timeFrom/timeTo, lists and exports alike', () => {
    const orders = orderListSearch({ dateFrom: '2026-03-01', dateTo: '2026-03-05', orderStatus: '2' });
    expect(orderListInput(orders)).toEqual({ currentPage: 1, pageSize: 10, orderStatus: 2, packageStatus: undefined, userCode: undefined, site: undefined, number: undefined, ...MARCH });
    expect(orderFilters(orders)).toMatchObject(MARCH);
    const parcels = parcelListSearch({ dateFrom: '2026-03-01', dateTo: '2026-03-05' });
    expect(parcelListInput(parcels)).toMatchObject({ currentPage: 1, ...MARCH });
    expect(parcelFilters(parcels)).toMatchObject(MARCH);
    expect(intoListInput(intoListSearch({ dateFrom: '2026-03-01', dateTo: '2026-03-05' }))).toMatchObject(MARCH);
    expect(operateListInput({ dateFrom: '2026-03-01', dateTo: '2026-03-05' })).toMatchObject(MARCH);
  });

  it('accepts an open end, and drops days a hand-edited URL gets wrong', () => {
    expect(parcelListInput(parcelListSearch({ dateFrom: '2026-03-01' }))).toEqual({ currentPage: 1, pageSize: 10, receiveStatus: undefined, userCode: undefined, shipment: undefined, timeFrom: MARCH.timeFrom });
    const bad = orderListSearch({ dateFrom: '2026-02-30', dateTo: 'yesterday' });
    expect(bad).toEqual({});
    expect(orderListInput(bad)).not.toHaveProperty('timeFrom');
    expect(orderListInput(bad)).not.toHaveProperty('timeTo');
  });
});
