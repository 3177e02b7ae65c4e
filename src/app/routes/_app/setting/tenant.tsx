// /setting/tenant — 租户管理, for the host only: Pages.Tenants is a host permission (DOMAIN §1), so
// a tenant's users never hold it and the guard answers 403.
import { createFileRoute } from '@tanstack/react-router';
import { TenantListPage } from '../../../features/admin/tenants/tenant-list-page.tsx';
import { tenantListQuery } from '../../../features/admin/tenants/tenant-queries.ts';
import { tenantListInput, tenantListSearch } from '../../../features/admin/tenants/tenant-search.ts';

export const Route = createFileRoute('/_app/setting/tenant')({
  validateSearch: tenantListSearch,
  staticData: { title: '租户管理', permission: 'Pages.Tenants', side: 'staff', menu: { group: 'setting', order: 3, icon: 'building-warehouse' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(tenantListQuery(context.api, tenantListInput(deps)));
  },
  component: TenantRoute,
});

function TenantRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <TenantListPage search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
