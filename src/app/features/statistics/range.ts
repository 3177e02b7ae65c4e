// The statistics screens' day ranges: the filter's presets and the range a search asks for. Apart
// from search.ts, which every route file imports (dayjs would then be in the console's entry).
import dayjs from 'dayjs';
import type { StatisticSearch } from './search.ts';

const DAY = 'YYYY-MM-DD';

/** The presets of the range filter: 今天, 近7天, 本月, 上月. */
export function rangePresets(now = dayjs()): { label: string; from: string; to: string }[] {
  const lastMonth = now.subtract(1, 'month');
  return [
    { label: '今天', from: now.format(DAY), to: now.format(DAY) },
    { label: '近7天', from: now.subtract(6, 'day').format(DAY), to: now.format(DAY) },
    { label: '本月', from: now.startOf('month').format(DAY), to: now.format(DAY) },
    { label: '上月', from: lastMonth.startOf('month').format(DAY), to: lastMonth.endOf('month').format(DAY) },
  ];
}

/** The range a statistic asks for: the search's, or the last 7 days when the URL names none. */
export function statisticRange(search: StatisticSearch, now = dayjs()): { startTime: string; endTime: string } {
  if (search.from && search.to) return { startTime: search.from, endTime: search.to };
  const week = rangePresets(now)[1]!;
  return { startTime: week.from, endTime: week.to };
}
