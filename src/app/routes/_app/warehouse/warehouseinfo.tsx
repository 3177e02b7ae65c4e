// /warehouse/warehouseinfo — 仓库管理: warehouses (mainland with a city, overseas with a site).
import { createFileRoute } from '@tanstack/react-router';
import { WarehouseListPage } from '../../../features/warehouses/warehouse-list-page.tsx';
import { warehouseListQuery } from '../../../features/warehouses/warehouse-queries.ts';
import { warehouseListInput, warehouseListSearch } from '../../../features/warehouses/warehouse-search.ts';

export const Route = createFileRoute('/_app/warehouse/warehouseinfo')({
  validateSearch: warehouseListSearch,
  staticData: { title: '仓库管理', permission: 'warehouse.Manages', side: 'staff', menu: { group: 'warehouse', order: 1, icon: 'building-warehouse' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(warehouseListQuery(context.api, warehouseListInput(deps)));
  },
  component: WarehouseRoute,
});

function WarehouseRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <WarehouseListPage search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
