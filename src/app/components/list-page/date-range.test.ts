// Date-range filters: whole days of the tenant's zone as the ISO instants the services take.
import { describe, expect, it } from 'vitest';
import { dayRangeInput, filter, isCalendarDay } from './list-search.ts';

describe('dayRangeInput', () => {
  it('spans from the first day\'s midnight to the last day\'s last millisecond, in Shanghai by default', () => {
    expect(dayRangeInput('2026-03-01', '2026-03-05')).toEqual({ timeFrom: '2026-03-01T00:00:00.000+08:00', timeTo: '2026-03-05T23:59:59.999+08:00' });
    expect(dayRangeInput(undefined, undefined)).toEqual({});
    expect(dayRangeInput('2026-03-01', undefined)).toEqual({ timeFrom: '2026-03-01T00:00:00.000+08:00' });
  });

  it('uses the offset each end has in zones with daylight saving', () => {
    // Berlin: winter +01:00, summer +02:00 (the switch is on 2026-03-29).
    expect(dayRangeInput('2026-03-28', '2026-03-30', 'Europe/Berlin')).toEqual({ timeFrom: '2026-03-28T00:00:00.000+01:00', timeTo: '2026-03-30T23:59:59.999+02:00' });
    expect(dayRangeInput('2026-01-10', '2026-01-10', 'America/New_York')).toEqual({ timeFrom: '2026-01-10T00:00:00.000-05:00', timeTo: '2026-01-10T23:59:59.999-05:00' });
  });
});

describe('filter.date', () => {
  it('keeps real calendar days only', () => {
    const parse = filter.date();
    expect(parse('2024-02-29')).toBe('2024-02-29');
    expect([parse('2026-02-29'), parse('2026-13-01'), parse('2026-3-1'), parse(20260301), parse('yesterday')]).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(isCalendarDay('2026-12-31')).toBe(true);
  });
});
