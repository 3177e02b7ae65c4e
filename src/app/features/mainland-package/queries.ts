// Query factories and search params of the mainland package screens (BackMainLandPackage), shared by
// the route loader and the components. Keys start with the service, so ['BackMainLandPackage']
// refreshes them all after a change.
import type { ApiClient } from '#shared/api-client.ts';
import { ENUM_CODES, SITES } from '#shared/enums.ts';
import { filter, listSearchSchema, pagingInput, type SearchOf } from '../../components/list-page/list-search.ts';
import { queryOf } from '../../lib/query-of.ts';

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
  return queryOf(api, 'BackMainLandPackage', 'geMainLandPackageList', input);
};

export const openPackagesQuery = (api: ApiClient, input: { warehouseInfoId?: number; site?: (typeof SITES)[number]; cargoCategory?: 1 | 2 | 3 }) =>
  queryOf(api, 'BackMainLandPackage', 'getSelectShipmentList', input);

export const appointUsersQuery = (api: ApiClient) =>
  queryOf(api, 'BackMainLandPackage', 'getAppointUserList', undefined, { staleTime: 60_000 });

export const mainlandWarehousesQuery = (api: ApiClient) =>
  queryOf(api, 'WarehouseInfo', 'getWarehouseInfoList', { kind: 1, pageSize: 500 }, { staleTime: 60_000 });
