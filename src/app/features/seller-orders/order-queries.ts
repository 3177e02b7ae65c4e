// Query factories of the seller's screens, shared by route loaders and components. Keys are
// [service, action, input], so ['FrontOrder'] invalidates every order query and nothing else.
import type { ApiClient } from '#shared/api-client.ts';
import type { ExpressListSearch, OrderListInput, UrgentListSearch } from './order-search.ts';
import { expressListInput, urgentListInput } from './order-search.ts';
import { queryOf } from '../../lib/query-of.ts';

export const ORDER_SERVICE = ['FrontOrder'] as const;
export const EXPRESS_SERVICE = ['UserExpressInfo'] as const;
export const URGENT_SERVICE = ['FrontUrgentOrder'] as const;

export const orderListQuery = (api: ApiClient, input: OrderListInput) =>
  queryOf(api, 'FrontOrder', 'getOrderList', input);

export const orderStatisticsQuery = (api: ApiClient) =>
  queryOf(api, 'FrontOrder', 'getOrderStatistics');

export const storeListQuery = (api: ApiClient) =>
  queryOf(api, 'FrontOrder', 'getStoreList', undefined, { staleTime: 60_000 });

export const orderInfoQuery = (api: ApiClient, id: number) =>
  queryOf(api, 'FrontOrder', 'getOrderInfo', { id });

/** Enabled warehouses a seller may ship from. */
export const warehouseOptionsQuery = (api: ApiClient) =>
  queryOf(api, 'WarehouseInfo', 'getWarehouseInfoList', { isEnabled: true, currentPage: 1, pageSize: 500 }, { staleTime: 5 * 60_000 });

export const expressListQuery = (api: ApiClient, search: ExpressListSearch) => {
  const input = expressListInput(search);
  return queryOf(api, 'UserExpressInfo', 'getUserExpressInfoList', input);
};

export const urgentListQuery = (api: ApiClient, search: UrgentListSearch) => {
  const input = urgentListInput(search);
  return queryOf(api, 'FrontUrgentOrder', 'getUrgentDataList', input);
};
