// /backstock/backstockproduct — 库存商品: the warehouse's stock products (count, shelf, fees, labels).
import { createFileRoute } from '@tanstack/react-router';
import { StaffProductListPage } from '../../../features/stock/product-list-pages.tsx';
import { staffProductListQuery } from '../../../features/stock/queries.ts';
import { staffProductSearch } from '../../../features/stock/search.ts';

export const Route = createFileRoute('/_app/backstock/backstockproduct')({
  validateSearch: staffProductSearch,
  staticData: { title: '库存商品', permission: 'warehouse.Stock', side: 'staff', menu: { group: 'backStock', order: 2, icon: 'package' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(staffProductListQuery(context.api, deps));
  },
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <StaffProductListPage
      search={search}
      onSearchChange={(next) => void navigate({ search: next })}
      onShowHistory={(p) => void navigate({ to: '/backstock/backlistedhistory', search: { stockProductId: p.id } })}
    />
  );
}
