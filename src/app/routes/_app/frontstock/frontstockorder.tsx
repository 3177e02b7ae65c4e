// /frontstock/frontstockorder — 囤货订单 (the seller's stock orders, features/stock-orders).
import { createFileRoute } from '@tanstack/react-router';
import { SellerStockOrderListPage } from '../../../features/stock-orders/stock-order-pages.tsx';
import { sellerStockOrderListQuery, sellerStockOrderSearch } from '../../../features/stock-orders/queries.ts';

export const Route = createFileRoute('/_app/frontstock/frontstockorder')({
  validateSearch: sellerStockOrderSearch,
  staticData: { title: '囤货订单', permission: 'Front.Stock', side: 'seller', menu: { group: 'frontStock', order: 5, icon: 'clipboard-list' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(sellerStockOrderListQuery(context.api, deps));
  },
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <SellerStockOrderListPage search={search} onSearchChange={(next) => void navigate({ search: next })}
    onCreate={() => void navigate({ to: '/frontstock/createstockorder' })} />;
}
