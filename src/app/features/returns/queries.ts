// Query factories of the returns screens (DOMAIN §6): refused orders on both lines,
// advance orders, marketplace returns; staff and seller sides.
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '#shared/api-client.ts';
import { REFUSAL_LINE } from '#shared/enums.ts';
import { dayRangeInput, pagingInput } from '../../components/list-page/list-search.ts';
import {
  advanceFilters, refusalFilters, type AdvanceSearch, type SellerRefusalSearch, type SellerReturnSearch, type StaffRefusalSearch, type StaffReturnSearch,
} from './search.ts';

export type { AdvanceSearch, SellerRefusalSearch, SellerReturnSearch, StaffRefusalSearch, StaffReturnSearch };

export type RefusalLine = (typeof REFUSAL_LINE)[keyof typeof REFUSAL_LINE];
/** The service of a refusal line: the same actions on separate records. */
export const refusalService = (line: RefusalLine) => (line === REFUSAL_LINE.vietnam ? 'ynRefusalOrder' : 'backRefusalOrder');
export const refusalServiceKey = (line: RefusalLine) => (line === REFUSAL_LINE.vietnam ? 'YNRefusalOrder' : 'BackRefusalOrder');

export const staffRefusalListQuery = (api: ApiClient, line: RefusalLine, search: StaffRefusalSearch) => {
  const input = { ...pagingInput(search), ...refusalFilters(search) };
  const service = refusalService(line);
  return queryOptions({ queryKey: [refusalServiceKey(line), 'getRefusalOrderList', input] as const, queryFn: () => api[service].getRefusalOrderList(input) });
};

export const sellerRefusalListQuery = (api: ApiClient, search: SellerRefusalSearch) => {
  const input = { ...pagingInput(search), tradeNo: search.tradeNo, line: search.line, handleStatus: search.handleStatus };
  return queryOptions({ queryKey: ['FrontRefusalOrder', 'getRefusalOrderList', input] as const, queryFn: () => api.frontRefusalOrder.getRefusalOrderList(input) });
};

export const advanceListQuery = (api: ApiClient, search: AdvanceSearch) => {
  const input = { ...pagingInput(search), ...advanceFilters(search) };
  return queryOptions({ queryKey: ['AdvanceOrder', 'getOrderList', input] as const, queryFn: () => api.advanceOrder.getOrderList(input) });
};

export const staffReturnListQuery = (api: ApiClient, search: StaffReturnSearch) => {
  const input = {
    ...pagingInput(search), orderNumber: search.orderNumber, userCode: search.userCode, whetherHandle: search.whetherHandle, handleType: search.handleType,
    ...dayRangeInput(search.dateFrom, search.dateTo),
  };
  return queryOptions({ queryKey: ['ShopeeOrderReturn', 'getShopeeOrderReturnList', input] as const, queryFn: () => api.shopeeOrderReturn.getShopeeOrderReturnList(input) });
};

export const sellerReturnListQuery = (api: ApiClient, search: SellerReturnSearch) => {
  const input = { ...pagingInput(search), orderNumber: search.orderNumber, whetherHandle: search.whetherHandle, handleType: search.handleType };
  return queryOptions({ queryKey: ['FrontShopeeOrderReturn', 'getUserShopeeOrderReturnList', input] as const, queryFn: () => api.frontShopeeOrderReturn.getUserShopeeOrderReturnList(input) });
};

/** The seller's stock products at a warehouse, to name what goes back to stock (staff, warehouse.Stock). */
export const sellerProductsQuery = (api: ApiClient, userCode: string, warehouseInfoId: number | null) => {
  const input = { userCode, ...(warehouseInfoId !== null ? { warehouseInfoId } : {}), pageSize: 200 };
  return queryOptions({ queryKey: ['BackStockProduct', 'getStockProductList', input] as const, queryFn: () => api.backStockProduct.getStockProductList(input), staleTime: 30_000 });
};

/** Enabled mainland warehouses: where marketplace returns arrive. */
export const mainlandWarehousesQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: ['WarehouseInfo', 'getWarehouseInfoList', { kind: 1, isEnabled: true, pageSize: 100 }] as const,
    queryFn: () => api.warehouseInfo.getWarehouseInfoList({ kind: 1, isEnabled: true, pageSize: 100 }),
    staleTime: 5 * 60_000,
  });
