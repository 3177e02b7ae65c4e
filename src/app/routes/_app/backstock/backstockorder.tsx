// /backstock/backstockorder — 囤货订单 (the staff's list, features/stock-orders), with 装袋 (国际运单)
// from features/mainland-package.
import { createFileRoute } from '@tanstack/react-router';
import { StaffStockOrderListPage } from '../../../features/stock-orders/stock-order-pages.tsx';
import { staffStockOrderListQuery, staffStockOrderSearch } from '../../../features/stock-orders/queries.ts';
import { useStockOrderBagAction } from '../../../features/mainland-package/bag-order.tsx';
import type { StockOrderDto } from '#shared/contracts/stock-orders.ts';

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
  const bag = useStockOrderBagAction<StockOrderDto>();
  return <StaffStockOrderListPage search={search} onSearchChange={(next) => void navigate({ search: next })} extraRowActions={[bag.rowAction]} extraDialogs={bag.dialog} />;
}
