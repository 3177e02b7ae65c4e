// Search params of the statistics screens: a range of whole days (?from=&to=, Asia/Shanghai days).
// Route files import this module for validateSearch, so it stays light (no zod, no registry, no
// dayjs: the ranges are in range.ts).
import { dateRangeSearch, listSearchSchema, type SearchOf } from '../../components/list-page/list-search.ts';

export const statisticSearch = listSearchSchema({ from: dateRangeSearch.dateFrom, to: dateRangeSearch.dateTo });
export type StatisticSearch = SearchOf<typeof statisticSearch>;
