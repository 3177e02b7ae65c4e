// Query factories of the tenant screen, shared by the route loader and the component.
import type { ApiClient } from '#shared/api-client.ts';
import type { TenantListInput } from './tenant-search.ts';
import { queryOf } from '../../../lib/query-of.ts';

export const tenantListQuery = (api: ApiClient, input: TenantListInput) =>
  queryOf(api, 'Tenant', 'getAll', input);
