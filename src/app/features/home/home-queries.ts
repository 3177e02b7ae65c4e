// The dashboard's figures: the Dashboard summaries, and totals of paged lists asked for with one row
// per call. The keys sit under their services (Dashboard, User, Role, Tenant, WarehouseInfo), so
// changes made elsewhere refresh them.
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '#shared/api-client.ts';
import type { UserType } from '#shared/permissions.ts';
import { queryKey } from '#shared/query-key.ts';
import { queryOf } from '../../lib/query-of.ts';

const ONE = { currentPage: 1, pageSize: 1 } as const;

export const userCountQuery = (api: ApiClient, userType?: UserType) => {
  const input = userType === undefined ? ONE : { ...ONE, userType };
  return queryOf(api, 'User', 'getAll', input, { select: (r) => r.totalCount });
};

export const roleCountQuery = (api: ApiClient) =>
  queryOf(api, 'Role', 'getAll', ONE, { select: (r) => r.totalCount });

export const tenantCountQuery = (api: ApiClient) =>
  queryOf(api, 'Tenant', 'getAll', ONE, { select: (r) => r.totalCount });

export const warehouseCountQuery = (api: ApiClient) =>
  queryOf(api, 'WarehouseInfo', 'getWarehouseInfoList', { ...ONE, isEnabled: true }, {
    select: (r) => r.totalCount,
  });

/** The dashboard's summaries. The realtime bridge invalidates ['Dashboard'] when the floor works. */
export const staffSummaryQuery = (api: ApiClient) =>
  queryOptions({ queryKey: queryKey('Dashboard', 'getStaffSummary', {}), queryFn: () => api.dashboard.getStaffSummary({}) });

export const sellerSummaryQuery = (api: ApiClient) =>
  queryOptions({ queryKey: queryKey('Dashboard', 'getSellerSummary', {}), queryFn: () => api.dashboard.getSellerSummary({}) });
