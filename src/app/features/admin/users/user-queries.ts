// Query factories of the user screen, shared by the route loader and the components. Keys are
// [service, action, input] (see queryKey in #shared/api-client.ts), so ['User'] invalidates them all.
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '#shared/api-client.ts';
import type { UserListInput } from './user-search.ts';

export const userListQuery = (api: ApiClient, input: UserListInput) =>
  queryOptions({ queryKey: ['User', 'getAll', input] as const, queryFn: () => api.user.getAll(input) });

/** The roles a user can be given (User/GetRoles). */
export const assignableRolesQuery = (api: ApiClient) =>
  queryOptions({ queryKey: ['User', 'getRoles'] as const, queryFn: () => api.user.getRoles(), staleTime: 60_000 });
