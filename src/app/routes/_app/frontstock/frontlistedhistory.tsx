// /frontstock/frontlistedhistory — 出入库记录: the movements of the seller's stock products.
import { createFileRoute } from '@tanstack/react-router';
import { SellerHistoryListPage } from '../../../features/stock/history-list-pages.tsx';
import { sellerHistoryListQuery } from '../../../features/stock/queries.ts';
import { sellerHistorySearch } from '../../../features/stock/search.ts';

export const Route = createFileRoute('/_app/frontstock/frontlistedhistory')({
  validateSearch: sellerHistorySearch,
  staticData: { title: '出入库记录', permission: 'Front.Stock', side: 'seller', menu: { group: 'frontStock', order: 3, icon: 'clipboard-list' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(sellerHistoryListQuery(context.api, deps));
  },
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <SellerHistoryListPage search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
