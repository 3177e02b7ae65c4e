// Query factories and search params of the stock order screens (FrontStockOrder, BackStockOrder).
import type { ApiClient } from '#shared/api-client.ts';
import { ENUM_CODES } from '#shared/enums.ts';
import { filter, listSearchSchema, pagingInput, type SearchOf } from '../../components/list-page/list-search.ts';
import { queryOf } from '../../lib/query-of.ts';

const statusFilters = {
  number: filter.text(64),
  orderStatus: filter.oneOf(ENUM_CODES.OrderStatus),
  packageStatus: filter.oneOf(ENUM_CODES.PackageStatus),
};

export const sellerStockOrderSearch = listSearchSchema(statusFilters);
export type SellerStockOrderSearch = SearchOf<typeof sellerStockOrderSearch>;
export const staffStockOrderSearch = listSearchSchema({ ...statusFilters, userCode: filter.text(16) });
export type StaffStockOrderSearch = SearchOf<typeof staffStockOrderSearch>;
export const findStockOrderSearch = listSearchSchema({ productSku: filter.text(128), number: filter.text(64), userCode: filter.text(16) });
export type FindStockOrderSearch = SearchOf<typeof findStockOrderSearch>;

export const stockOrderFilters = (s: StaffStockOrderSearch) => ({ number: s.number, orderStatus: s.orderStatus, packageStatus: s.packageStatus, userCode: s.userCode });

export const sellerStockOrderListQuery = (api: ApiClient, search: SellerStockOrderSearch) => {
  const input = { ...pagingInput(search), number: search.number, orderStatus: search.orderStatus, packageStatus: search.packageStatus };
  return queryOf(api, 'FrontStockOrder', 'getStockOrderList', input);
};

export const staffStockOrderListQuery = (api: ApiClient, search: StaffStockOrderSearch) => {
  const input = { ...pagingInput(search), ...stockOrderFilters(search) };
  return queryOf(api, 'BackStockOrder', 'getStockOrderList', input);
};

export const findStockOrderQuery = (api: ApiClient, search: FindStockOrderSearch) => {
  const input = { ...pagingInput(search), productSku: search.productSku, number: search.number, userCode: search.userCode };
  return queryOf(api, 'BackStockOrder', 'getFindStockOrderList', input);
};

export const stockOrderInfoQuery = (api: ApiClient, stockOrderId: number) =>
  queryOf(api, 'FrontStockOrder', 'getStockOrderInfo', { stockOrderId });

export const idSearch = (search: Record<string, unknown>) => {
  const id = Number(search.id);
  return { id: Number.isInteger(id) && id > 0 ? id : undefined };
};
