// /backstock/findstockorder — 查找囤货订单 by product SKU or number (features/stock-orders).
import { createFileRoute } from '@tanstack/react-router';
import { FindStockOrderPage } from '../../../features/stock-orders/stock-order-pages.tsx';
import { findStockOrderQuery, findStockOrderSearch } from '../../../features/stock-orders/queries.ts';

export const Route = createFileRoute('/_app/backstock/findstockorder')({
  validateSearch: findStockOrderSearch,
  staticData: { title: '查找囤货订单', permission: 'warehouse.Stock', side: 'staff', menu: { group: 'backStock', order: 45, icon: 'clipboard-list' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(findStockOrderQuery(context.api, deps));
  },
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <FindStockOrderPage search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
