// Query factories and search params of the mainland package screens (BackMainLandPackage), shared by
// the route loader and the components. Keys start with the service, so ['BackMainLandPackage']
// refreshes them all after a change.
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '#shared/api-client.ts';
import { ENUM_CODES, SITES } from '#shared/enums.ts';
import { filter, listSearchSchema, pagingInput, type SearchOf } from '../../components/list-page/list-search.ts';

export const packageListSearch = listSearchSchema({
  site: filter.oneOf(SITES),
  cargoCategory: filter.oneOf(ENUM_CODES.CargoCategory),
  isSend: filter.boolean(),
  keyword: filter.text(),
});
export type PackageListSearch = SearchOf<typeof packageListSearch>;

export const packageListInput = (search: PackageListSearch) => ({
  ...pagingInput(search), site: search.site, cargoCategory: search.cargoCategory, isSend: search.isSend, keyword: search.keyword,
});

export const packageListQuery = (api: ApiClient, search: PackageListSearch) => {
  const input = packageListInput(search);
  return queryOptions({ queryKey: ['BackMainLandPackage', 'geMainLandPackageList', input] as const, queryFn: () => api.backMainLandPackage.geMainLandPackageList(input) });
};

export const openPackagesQuery = (api: ApiClient, input: { warehouseInfoId?: number; site?: (typeof SITES)[number]; cargoCategory?: 1 | 2 | 3 }) =>
  queryOptions({ queryKey: ['BackMainLandPackage', 'getSelectShipmentList', input] as const, queryFn: () => api.backMainLandPackage.getSelectShipmentList(input) });

export const appointUsersQuery = (api: ApiClient) =>
  queryOptions({ queryKey: ['BackMainLandPackage', 'getAppointUserList'] as const, queryFn: () => api.backMainLandPackage.getAppointUserList({}), staleTime: 60_000 });

export const mainlandWarehousesQuery = (api: ApiClient) =>
  queryOptions({ queryKey: ['WarehouseInfo', 'getWarehouseInfoList', { kind: 1, pageSize: 500 }] as const, queryFn: () => api.warehouseInfo.getWarehouseInfoList({ kind: 1, pageSize: 500 }), staleTime: 60_000 });
