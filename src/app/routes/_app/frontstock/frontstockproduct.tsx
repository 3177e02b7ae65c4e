// /frontstock/frontstockproduct — 囤货商品: the seller's stock products (DOMAIN §7).
import { createFileRoute } from '@tanstack/react-router';
import { SellerProductListPage } from '../../../features/stock/product-list-pages.tsx';
import { sellerProductListQuery } from '../../../features/stock/queries.ts';
import { sellerProductSearch } from '../../../features/stock/search.ts';

export const Route = createFileRoute('/_app/frontstock/frontstockproduct')({
  validateSearch: sellerProductSearch,
  staticData: { title: '囤货商品', permission: 'Front.Stock', side: 'seller', menu: { group: 'frontStock', order: 2, icon: 'package' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(sellerProductListQuery(context.api, deps));
  },
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <SellerProductListPage search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
