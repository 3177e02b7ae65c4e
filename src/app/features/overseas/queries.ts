// Query factories of the overseas screens (FrontAbroadOrder, BackAbroadOrder, the
// return services, AbroadLogistics), shared by route loaders and components. Keys are
// [service, action, input]: a change invalidates its own services only. (Their routes' search params
// are in search.ts: route search validation ships in the app's first chunk, these do not.)
import type { ApiClient } from '#shared/api-client.ts';
import { dayRangeInput, pagingInput } from '../../components/list-page/list-search.ts';
import type { AbroadOrderSearch, AbroadReturnSearch } from './search.ts';
import { queryOf } from '../../lib/query-of.ts';

/** What every overseas order change may move: the orders, the stock they hold and the seller's points. */
export const ORDER_SERVICES = ['FrontAbroadOrder', 'BackAbroadOrder', 'FrontStockProduct'] as const;
export const RETURN_SERVICES = ['FrontAbroadReturn', 'FrontAbroadStockReturn', 'AbroadReturn', 'AbroadStockReturn'] as const;

// ── orders ───────────────────────────────────────────────────────────────────
/** The list's filters without paging: what its xlsx export is given too. */
export const abroadOrderFilters = (s: AbroadOrderSearch) => ({
  number: s.number, orderStatus: s.orderStatus, packageStatus: s.packageStatus, ...dayRangeInput(s.dateFrom, s.dateTo),
});
const orderInput = (s: AbroadOrderSearch) => ({ ...pagingInput(s), ...abroadOrderFilters(s) });

export const sellerAbroadOrderListQuery = (api: ApiClient, search: AbroadOrderSearch) => {
  const input = orderInput(search);
  return queryOf(api, 'FrontAbroadOrder', 'getOrderList', input);
};

export const staffAbroadOrderListQuery = (api: ApiClient, search: AbroadOrderSearch) => {
  const input = { ...orderInput(search), userCode: search.userCode };
  return queryOf(api, 'BackAbroadOrder', 'getOrderList', input);
};

export const abroadOrderInfoQuery = (api: ApiClient, id: number, side: 'seller' | 'staff') =>
  queryOf(api, side === 'seller' ? 'FrontAbroadOrder' : 'BackAbroadOrder', 'getOrderInfo', { id });

/** The seller's stores and the enabled overseas warehouses, for the order form. */
export const sellerStoresQuery = (api: ApiClient) =>
  queryOf(api, 'FrontOrder', 'getStoreList', undefined, { staleTime: 60_000 });
export const overseasWarehousesQuery = (api: ApiClient) =>
  queryOf(api, 'WarehouseInfo', 'getWarehouseInfoList', { kind: 2, isEnabled: true, currentPage: 1, pageSize: 500 }, { staleTime: 5 * 60_000 });
/** The seller's stock products at one warehouse (what an overseas order can ship). */
export const warehouseStockQuery = (api: ApiClient, warehouseInfoId: number | null) => {
  const input = { warehouseInfoId: warehouseInfoId ?? 0, currentPage: 1, pageSize: 500 };
  return queryOf(api, 'FrontStockProduct', 'getStockProductList', input, {
    enabled: warehouseInfoId !== null,
  });
};

// ── returns ──────────────────────────────────────────────────────────────────
/** The list's filters without paging: what its xlsx export is given too. */
export const abroadReturnFilters = (s: AbroadReturnSearch) => ({
  number: s.number, returnStatus: s.returnStatus, ...dayRangeInput(s.dateFrom, s.dateTo),
});
const returnInput = (s: AbroadReturnSearch) => ({ ...pagingInput(s), ...abroadReturnFilters(s) });

export const sellerReturnListQuery = (api: ApiClient, search: AbroadReturnSearch) => {
  const input = returnInput(search);
  return queryOf(api, 'FrontAbroadReturn', 'getReturnOrderList', input);
};

export const staffReturnListQuery = (api: ApiClient, search: AbroadReturnSearch) => {
  const input = { ...returnInput(search), userCode: search.userCode };
  return queryOf(api, 'AbroadReturn', 'getReturnOrderList', input);
};

/** A return as the floor identifies it, with the order's lines it may bring back. */
export const checkReturnQuery = (api: ApiClient, returnNumber: string) =>
  queryOf(api, 'AbroadStockReturn', 'checkReturnWarehousing', { returnNumber });
