// Query factories of the returns screens (DOMAIN §6): refused orders on both lines,
// advance orders, marketplace returns; staff and seller sides.
import type { ApiClient } from '#shared/api-client.ts';
import { REFUSAL_LINE } from '#shared/enums.ts';
import { dayRangeInput, pagingInput } from '../../components/list-page/list-search.ts';
import {
  advanceFilters, refusalFilters, type AdvanceSearch, type SellerRefusalSearch, type SellerReturnSearch, type StaffRefusalSearch, type StaffReturnSearch,
} from './search.ts';
import { queryOf } from '../../lib/query-of.ts';

export type { AdvanceSearch, SellerRefusalSearch, SellerReturnSearch, StaffRefusalSearch, StaffReturnSearch };

export type RefusalLine = (typeof REFUSAL_LINE)[keyof typeof REFUSAL_LINE];
/** The service of a refusal line: the same actions on separate records. */
export const refusalService = (line: RefusalLine) => (line === REFUSAL_LINE.vietnam ? 'ynRefusalOrder' : 'backRefusalOrder');
export const refusalServiceKey = (line: RefusalLine) => (line === REFUSAL_LINE.vietnam ? 'YNRefusalOrder' : 'BackRefusalOrder');

export const staffRefusalListQuery = (api: ApiClient, line: RefusalLine, search: StaffRefusalSearch) => {
  const input = { ...pagingInput(search), ...refusalFilters(search) };
  return queryOf(api, refusalServiceKey(line), 'getRefusalOrderList', input);
};

export const sellerRefusalListQuery = (api: ApiClient, search: SellerRefusalSearch) => {
  const input = { ...pagingInput(search), tradeNo: search.tradeNo, line: search.line, handleStatus: search.handleStatus };
  return queryOf(api, 'FrontRefusalOrder', 'getRefusalOrderList', input);
};

export const advanceListQuery = (api: ApiClient, search: AdvanceSearch) => {
  const input = { ...pagingInput(search), ...advanceFilters(search) };
  return queryOf(api, 'AdvanceOrder', 'getOrderList', input);
};

export const staffReturnListQuery = (api: ApiClient, search: StaffReturnSearch) => {
  const input = {
    ...pagingInput(search), orderNumber: search.orderNumber, userCode: search.userCode, whetherHandle: search.whetherHandle, handleType: search.handleType,
    ...dayRangeInput(search.dateFrom, search.dateTo),
  };
  return queryOf(api, 'ShopeeOrderReturn', 'getShopeeOrderReturnList', input);
};

export const sellerReturnListQuery = (api: ApiClient, search: SellerReturnSearch) => {
  const input = { ...pagingInput(search), orderNumber: search.orderNumber, whetherHandle: search.whetherHandle, handleType: search.handleType };
  return queryOf(api, 'FrontShopeeOrderReturn', 'getUserShopeeOrderReturnList', input);
};

/** The seller's stock products at a warehouse, to name what goes back to stock (staff, warehouse.Stock). */
export const sellerProductsQuery = (api: ApiClient, userCode: string, warehouseInfoId: number | null) => {
  const input = { userCode, ...(warehouseInfoId !== null ? { warehouseInfoId } : {}), pageSize: 200 };
  return queryOf(api, 'BackStockProduct', 'getStockProductList', input, { staleTime: 30_000 });
};

/** Enabled mainland warehouses: where marketplace returns arrive. */
export const mainlandWarehousesQuery = (api: ApiClient) =>
  queryOf(api, 'WarehouseInfo', 'getWarehouseInfoList', { kind: 1, isEnabled: true, pageSize: 100 }, {
    staleTime: 5 * 60_000,
  });
