// /backstock/backstockorder — 囤货订单 (the staff's list, features/stock-orders).
import { createFileRoute } from '@tanstack/react-router';
import { StaffStockOrderListPage } from '../../../features/stock-orders/stock-order-pages.tsx';
import { staffStockOrderListQuery, staffStockOrderSearch } from '../../../features/stock-orders/queries.ts';

export const Route = createFileRoute('/_app/backstock/backstockorder')({
  validateSearch: staffStockOrderSearch,
  staticData: { title: '囤货订单', permission: 'warehouse.Stock', side: 'staff', menu: { group: 'backStock', order: 40, icon: 'clipboard-list' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(staffStockOrderListQuery(context.api, deps));
  },
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <StaffStockOrderListPage search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
