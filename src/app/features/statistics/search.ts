// Search params of the statistics screens: a range of whole days (?from=&to=, Asia/Shanghai days).
// Route files import this module for validateSearch, so it stays light (no zod, no registry).
import dayjs from 'dayjs';
import { dateRangeSearch, listSearchSchema, type SearchOf } from '../../components/list-page/list-search.ts';

export const statisticSearch = listSearchSchema({ from: dateRangeSearch.dateFrom, to: dateRangeSearch.dateTo });
export type StatisticSearch = SearchOf<typeof statisticSearch>;

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
