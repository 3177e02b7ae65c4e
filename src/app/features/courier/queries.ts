// Query factories and search params of the courier screens (CourierCompany, CourierExpressDelivery).
import type { ApiClient } from '#shared/api-client.ts';
import { COURIER_CODES } from '#shared/couriers.ts';
import { dayRangeInput, filter, listSearchSchema, pagingInput, type SearchOf } from '../../components/list-page/list-search.ts';
import { queryOf } from '../../lib/query-of.ts';

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
  return queryOf(api, 'CourierExpressDelivery', 'getList', input);
};

export const courierCompaniesQuery = (api: ApiClient) =>
  queryOf(api, 'CourierCompany', 'getCourierCompanyList', undefined, { staleTime: Infinity });

export const warehousesQuery = (api: ApiClient) =>
  queryOf(api, 'WarehouseInfo', 'getWarehouseInfoList', { isEnabled: true, pageSize: 500 }, { staleTime: 60_000 });
