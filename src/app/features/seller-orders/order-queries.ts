// Query factories of the seller's screens, shared by route loaders and components. Keys are
// [service, action, input], so ['FrontOrder'] invalidates every order query and nothing else.
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '#shared/api-client.ts';
import type { ExpressListSearch, OrderListInput, UrgentListSearch } from './order-search.ts';
import { expressListInput, urgentListInput } from './order-search.ts';

export const ORDER_SERVICE = ['FrontOrder'] as const;
export const EXPRESS_SERVICE = ['UserExpressInfo'] as const;
export const URGENT_SERVICE = ['FrontUrgentOrder'] as const;

export const orderListQuery = (api: ApiClient, input: OrderListInput) =>
  queryOptions({ queryKey: ['FrontOrder', 'getOrderList', input] as const, queryFn: () => api.frontOrder.getOrderList(input) });

export const orderStatisticsQuery = (api: ApiClient) =>
  queryOptions({ queryKey: ['FrontOrder', 'getOrderStatistics'] as const, queryFn: () => api.frontOrder.getOrderStatistics({}) });

export const storeListQuery = (api: ApiClient) =>
  queryOptions({ queryKey: ['FrontOrder', 'getStoreList'] as const, queryFn: () => api.frontOrder.getStoreList({}), staleTime: 60_000 });

export const orderInfoQuery = (api: ApiClient, id: number) =>
  queryOptions({ queryKey: ['FrontOrder', 'getOrderInfo', { id }] as const, queryFn: () => api.frontOrder.getOrderInfo({ id }) });

/** Enabled warehouses a seller may ship from. */
export const warehouseOptionsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: ['WarehouseInfo', 'getWarehouseInfoList', { isEnabled: true, pageSize: 500 }] as const,
    queryFn: () => api.warehouseInfo.getWarehouseInfoList({ isEnabled: true, currentPage: 1, pageSize: 500 }),
    staleTime: 5 * 60_000,
  });

export const expressListQuery = (api: ApiClient, search: ExpressListSearch) => {
  const input = expressListInput(search);
  return queryOptions({ queryKey: ['UserExpressInfo', 'getUserExpressInfoList', input] as const, queryFn: () => api.userExpressInfo.getUserExpressInfoList(input) });
};

export const urgentListQuery = (api: ApiClient, search: UrgentListSearch) => {
  const input = urgentListInput(search);
  return queryOptions({ queryKey: ['FrontUrgentOrder', 'getUrgentDataList', input] as const, queryFn: () => api.frontUrgentOrder.getUrgentDataList(input) });
};
