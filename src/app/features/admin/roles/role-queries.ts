// Query factories of the role screen, shared by the route loader and the components.
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '#shared/api-client.ts';
import type { RoleListInput } from './role-search.ts';

export const roleListQuery = (api: ApiClient, input: RoleListInput) =>
  queryOptions({ queryKey: ['Role', 'getAll', input] as const, queryFn: () => api.role.getAll(input) });

/** Every permission of this side, flat (for the filter). */
export const allPermissionsQuery = (api: ApiClient) =>
  queryOptions({ queryKey: ['Role', 'getAllPermissions'] as const, queryFn: () => api.role.getAllPermissions(), staleTime: 5 * 60_000 });

/** The permission tree with a role's grants (no id: a new role, nothing granted). */
export const permissionTreeQuery = (api: ApiClient, id: number | undefined) =>
  queryOptions({
    queryKey: ['Role', 'getAllPermissionManager', { id: id ?? null }] as const,
    queryFn: () => api.role.getAllPermissionManager(id === undefined ? {} : { id }),
  });
