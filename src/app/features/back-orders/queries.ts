// Query factories of the back-office order screens, shared by route loaders and components. Keys
// are [service, action, input], so invalidating ['BackOrder'] or ['Logistics'] refreshes one service.
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '#shared/api-client.ts';
import type {
  IntoListSearch, OperateListSearch, OrderListInput, ParcelInput, StoreListSearch, UrgentListSearch,
} from './search.ts';
import { intoListInput, operateListInput, storeListInput, urgentListInput } from './search.ts';

export const orderListQuery = (api: ApiClient, input: OrderListInput) =>
  queryOptions({ queryKey: ['BackOrder', 'getOrderList', input] as const, queryFn: () => api.backOrder.getOrderList(input) });

export const orderInfoQuery = (api: ApiClient, id: number) =>
  queryOptions({ queryKey: ['BackOrder', 'getOrderInfo', { id }] as const, queryFn: () => api.backOrder.getOrderInfo({ id }) });

export const sellerListQuery = (api: ApiClient, keyword?: string) =>
  queryOptions({ queryKey: ['BackOrder', 'getUserList', { keyword }] as const, queryFn: () => api.backOrder.getUserList({ keyword }), staleTime: 60_000 });

export const parcelListQuery = (api: ApiClient, input: ParcelInput) =>
  queryOptions({ queryKey: ['Logistics', 'getLogisticsList', input] as const, queryFn: () => api.logistics.getLogisticsList(input) });

/** Parcels at overseas warehouses (AbroadLogistics); Logistics' lists show the mainland ones. */
export const abroadParcelListQuery = (api: ApiClient, input: ParcelInput) =>
  queryOptions({ queryKey: ['AbroadLogistics', 'getLogisticsList', input] as const, queryFn: () => api.abroadLogistics.getLogisticsList(input) });

export const signedParcelListQuery = (api: ApiClient, input: ParcelInput) =>
  queryOptions({ queryKey: ['Logistics', 'getSignForLogisticsList', input] as const, queryFn: () => api.logistics.getSignForLogisticsList(input) });

export const abnormalParcelListQuery = (api: ApiClient, input: ParcelInput) =>
  queryOptions({ queryKey: ['BackOrder', 'getAbnormalReceivingOrderList', input] as const, queryFn: () => api.backOrder.getAbnormalReceivingOrderList(input) });

export const intoListQuery = (api: ApiClient, search: IntoListSearch) => {
  const input = intoListInput(search);
  return queryOptions({ queryKey: ['IntoLogistics', 'getIntoLogisticsList', input] as const, queryFn: () => api.intoLogistics.getIntoLogisticsList(input) });
};

export const storeListQuery = (api: ApiClient, search: StoreListSearch) => {
  const input = storeListInput(search);
  return queryOptions({ queryKey: ['BackStoreAddress', 'getStoreAddressList', input] as const, queryFn: () => api.backStoreAddress.getStoreAddressList(input) });
};

export const operateListQuery = (api: ApiClient, search: OperateListSearch) => {
  const input = operateListInput(search);
  return queryOptions({ queryKey: ['OrderOperate', 'getList', input] as const, queryFn: () => api.orderOperate.getList(input) });
};

export const urgentListQuery = (api: ApiClient, search: UrgentListSearch) => {
  const input = urgentListInput(search);
  return queryOptions({ queryKey: ['BackUrgentOrder', 'getUrgentDataList', input] as const, queryFn: () => api.backUrgentOrder.getUrgentDataList(input) });
};
