// Query factories and search params of the courier screens (CourierCompany, CourierExpressDelivery).
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '#shared/api-client.ts';
import { COURIER_CODES } from '#shared/couriers.ts';
import { dayRangeInput, filter, listSearchSchema, pagingInput, type SearchOf } from '../../components/list-page/list-search.ts';

export const deliveryListSearch = listSearchSchema({
  shipment: filter.text(),
  courierCompanyCode: filter.oneOf(COURIER_CODES),
  courierName: filter.text(32),
  isEnable: filter.boolean(),
  dateFrom: filter.date(),
  dateTo: filter.date(),
});
export type DeliveryListSearch = SearchOf<typeof deliveryListSearch>;

/** The filters alone (what the xlsx export takes as well). */
export const deliveryFilters = (search: DeliveryListSearch) => ({
  shipment: search.shipment, courierCompanyCode: search.courierCompanyCode, courierName: search.courierName, isEnable: search.isEnable,
  ...dayRangeInput(search.dateFrom, search.dateTo),
});

export const deliveryListQuery = (api: ApiClient, search: DeliveryListSearch) => {
  const input = { ...pagingInput(search), ...deliveryFilters(search) };
  return queryOptions({ queryKey: ['CourierExpressDelivery', 'getList', input] as const, queryFn: () => api.courierExpressDelivery.getList(input) });
};

export const courierCompaniesQuery = (api: ApiClient) =>
  queryOptions({ queryKey: ['CourierCompany', 'getCourierCompanyList'] as const, queryFn: () => api.courierCompany.getCourierCompanyList({}), staleTime: Infinity });

export const warehousesQuery = (api: ApiClient) =>
  queryOptions({ queryKey: ['WarehouseInfo', 'getWarehouseInfoList', { isEnabled: true, pageSize: 500 }] as const, queryFn: () => api.warehouseInfo.getWarehouseInfoList({ isEnabled: true, pageSize: 500 }), staleTime: 60_000 });
