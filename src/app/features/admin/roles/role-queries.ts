// Query factories of the role screen, shared by the route loader and the components.
import type { ApiClient } from '#shared/api-client.ts';
import type { RoleListInput } from './role-search.ts';
import { queryOf } from '../../../lib/query-of.ts';

export const roleListQuery = (api: ApiClient, input: RoleListInput) =>
  queryOf(api, 'Role', 'getAll', input);

/** Every permission of this side, flat (for the filter). */
export const allPermissionsQuery = (api: ApiClient) =>
  queryOf(api, 'Role', 'getAllPermissions', undefined, { staleTime: 5 * 60_000 });

/** The permission tree with a role's grants (no id: a new role, nothing granted). */
export const permissionTreeQuery = (api: ApiClient, id: number | undefined) =>
  queryOf(api, 'Role', 'getAllPermissionManager', id === undefined ? {} : { id });
