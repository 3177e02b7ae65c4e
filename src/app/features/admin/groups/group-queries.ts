// Query factories and changes of the group screen (BackGroup), shared by the route loader and the components.
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '#shared/api-client.ts';
import type { AddGroupInput, GroupDto } from '#shared/contracts/groups.ts';
import { WAREHOUSE_KIND } from '#shared/contracts/warehouse.ts';
import { USER_TYPE } from '#shared/user-type.ts';
import { pagingInput } from '../../../components/list-page/list-search.ts';
import { useServiceMutation } from '../../../components/forms/refusal.ts';
import type { GroupListSearch } from './group-search.ts';
import { queryOf } from '../../../lib/query-of.ts';

/** One page of the groups matching the keyword, as the list-page kit reads it. */
export function groupPage(groups: readonly GroupDto[], search: GroupListSearch): { totalCount: number; items: GroupDto[] } {
  const keyword = search.keyword?.toLowerCase();
  const matching = keyword ? groups.filter((g) => g.groupName.toLowerCase().includes(keyword)) : [...groups];
  const { currentPage, pageSize } = pagingInput(search);
  return { totalCount: matching.length, items: matching.slice((currentPage - 1) * pageSize, currentPage * pageSize) };
}

export const groupListQuery = (api: ApiClient, search: GroupListSearch) =>
  // Not queryOf: one call for every group, paged and filtered here, so the key carries the search, not the call's input.
  queryOptions({ queryKey: ['BackGroup', 'getAllList', search] as const, queryFn: async () => groupPage(await api.backGroup.getAllList({}), search) });

/** The overseas warehouses a group may name. */
export const overseasWarehousesQuery = (api: ApiClient) =>
  queryOf(api, 'WarehouseInfo', 'getWarehouseInfoList', { kind: WAREHOUSE_KIND.overseas, maxResultCount: 500 });

/** The staff who may be members. */
export const staffUsersQuery = (api: ApiClient) =>
  queryOf(api, 'User', 'getAll', { userType: USER_TYPE.staff, maxResultCount: 500 });

export const useAddGroup = () => useServiceMutation(['BackGroup'], (api, input: AddGroupInput) => api.backGroup.addGroup(input));
export const useRenameGroup = () =>
  useServiceMutation(['BackGroup'], (api, input: { id: number; groupName: string }) => api.backGroup.updateGroupName(input));
export const useDeleteGroup = () => useServiceMutation(['BackGroup'], (api, groupId: number) => api.backGroup.deleteGroup({ groupId }));
