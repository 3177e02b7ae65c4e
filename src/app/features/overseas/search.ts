// Search params of the overseas list routes (validateSearch): plain parsers, no zod, and nothing else
// in this file — route search validation ships in the app's first chunk.
import { ENUM_CODES } from '#shared/enums.ts';
import { dateRangeSearch, filter, listSearchSchema, type SearchOf } from '../../components/list-page/list-search.ts';

export const abroadOrderSearch = listSearchSchema({
  number: filter.text(64),
  orderStatus: filter.oneOf(ENUM_CODES.OrderStatus),
  packageStatus: filter.oneOf(ENUM_CODES.PackageStatus),
  userCode: filter.text(16),
  ...dateRangeSearch,
});
export type AbroadOrderSearch = SearchOf<typeof abroadOrderSearch>;

export const abroadReturnSearch = listSearchSchema({
  number: filter.text(64),
  returnStatus: filter.oneOf(ENUM_CODES.AbroadReturnStatus),
  userCode: filter.text(16),
  ...dateRangeSearch,
});
export type AbroadReturnSearch = SearchOf<typeof abroadReturnSearch>;
