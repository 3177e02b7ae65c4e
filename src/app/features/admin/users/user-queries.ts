// Query factories of the user screen, shared by the route loader and the components. Keys are
// [service, action, input] (see queryKey in #shared/api-client.ts), so ['User'] invalidates them all.
import type { ApiClient } from '#shared/api-client.ts';
import type { UserListInput } from './user-search.ts';
import { queryOf } from '../../../lib/query-of.ts';

export const userListQuery = (api: ApiClient, input: UserListInput) =>
  queryOf(api, 'User', 'getAll', input);

/** The roles a user can be given (User/GetRoles). */
export const assignableRolesQuery = (api: ApiClient) =>
  queryOf(api, 'User', 'getRoles', undefined, { staleTime: 60_000 });
