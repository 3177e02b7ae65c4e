// Query factories of the tenant screen, shared by the route loader and the component.
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '#shared/api-client.ts';
import type { TenantListInput } from './tenant-search.ts';

export const tenantListQuery = (api: ApiClient, input: TenantListInput) =>
  queryOptions({ queryKey: ['Tenant', 'getAll', input] as const, queryFn: () => api.tenant.getAll(input) });
