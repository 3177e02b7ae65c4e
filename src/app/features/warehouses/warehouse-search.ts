// The warehouse list's search params (route validateSearch) and the service input they make.
import { filter, listSearchSchema, pagingInput, type SearchOf } from '../../components/list-page/list-search.ts';

export const warehouseListSearch = listSearchSchema({
  keyword: filter.text(),
  kind: filter.oneOf([1, 2] as const), // 大陆仓 / 海外仓 (WAREHOUSE_KIND); the contract module would pull zod into the entry
  isEnabled: filter.boolean(),
});
export type WarehouseListSearch = SearchOf<typeof warehouseListSearch>;

export const warehouseListInput = (s: WarehouseListSearch) => ({ ...pagingInput(s), keyword: s.keyword, kind: s.kind, isEnabled: s.isEnabled });
