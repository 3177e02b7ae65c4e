// Query factories of the back-office order screens, shared by route loaders and components. Keys
// are [service, action, input], so invalidating ['BackOrder'] or ['Logistics'] refreshes one service.
import type { ApiClient } from '#shared/api-client.ts';
import type {
  IntoListSearch, OperateListSearch, OrderListInput, ParcelInput, StoreListSearch, UrgentListSearch,
} from './search.ts';
import { intoListInput, operateListInput, storeListInput, urgentListInput } from './search.ts';
import { queryOf } from '../../lib/query-of.ts';

export const orderListQuery = (api: ApiClient, input: OrderListInput) =>
  queryOf(api, 'BackOrder', 'getOrderList', input);

export const orderInfoQuery = (api: ApiClient, id: number) =>
  queryOf(api, 'BackOrder', 'getOrderInfo', { id });

export const sellerListQuery = (api: ApiClient, keyword?: string) =>
  queryOf(api, 'BackOrder', 'getUserList', { keyword }, { staleTime: 60_000 });

export const parcelListQuery = (api: ApiClient, input: ParcelInput) =>
  queryOf(api, 'Logistics', 'getLogisticsList', input);

/** Parcels at overseas warehouses (AbroadLogistics); Logistics' lists show the mainland ones. */
export const abroadParcelListQuery = (api: ApiClient, input: ParcelInput) =>
  queryOf(api, 'AbroadLogistics', 'getLogisticsList', input);

export const signedParcelListQuery = (api: ApiClient, input: ParcelInput) =>
  queryOf(api, 'Logistics', 'getSignForLogisticsList', input);

export const abnormalParcelListQuery = (api: ApiClient, input: ParcelInput) =>
  queryOf(api, 'BackOrder', 'getAbnormalReceivingOrderList', input);

export const intoListQuery = (api: ApiClient, search: IntoListSearch) => {
  const input = intoListInput(search);
  return queryOf(api, 'IntoLogistics', 'getIntoLogisticsList', input);
};

export const storeListQuery = (api: ApiClient, search: StoreListSearch) => {
  const input = storeListInput(search);
  return queryOf(api, 'BackStoreAddress', 'getStoreAddressList', input);
};

export const operateListQuery = (api: ApiClient, search: OperateListSearch) => {
  const input = operateListInput(search);
  return queryOf(api, 'OrderOperate', 'getList', input);
};

export const urgentListQuery = (api: ApiClient, search: UrgentListSearch) => {
  const input = urgentListInput(search);
  return queryOf(api, 'BackUrgentOrder', 'getUrgentDataList', input);
};
