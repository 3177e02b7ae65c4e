// /frontstock/frontstockproduct — 囤货商品: the seller's stock products and (?view=combinations) their
// combination products (DOMAIN §7).
import { createFileRoute } from '@tanstack/react-router';
import { SellerStockProductScreen } from '../../../features/stock/combination-page.tsx';
import { combinationListQuery, sellerProductListQuery } from '../../../features/stock/queries.ts';
import { sellerProductSearch } from '../../../features/stock/search.ts';

export const Route = createFileRoute('/_app/frontstock/frontstockproduct')({
  validateSearch: sellerProductSearch,
  staticData: { title: '囤货商品', permission: 'Front.Stock', side: 'seller', menu: { group: 'frontStock', order: 2, icon: 'package' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (deps.view === 'combinations') void context.queryClient.prefetchQuery(combinationListQuery(context.api, deps));
    else void context.queryClient.prefetchQuery(sellerProductListQuery(context.api, deps));
  },
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <SellerStockProductScreen search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
