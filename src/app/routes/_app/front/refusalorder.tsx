// /front/refusalorder — 拒收退回订单: what came back of the seller's orders (both lines) and what was decided.
import { createFileRoute } from '@tanstack/react-router';
import { SellerRefusalListPage } from '../../../features/returns/refusal-list-pages.tsx';
import { sellerRefusalListQuery } from '../../../features/returns/queries.ts';
import { sellerRefusalSearch } from '../../../features/returns/search.ts';

export const Route = createFileRoute('/_app/front/refusalorder')({
  validateSearch: sellerRefusalSearch,
  staticData: { title: '拒收退回订单', permission: 'Front.Orders', side: 'seller', menu: { group: 'front', order: 5, icon: 'truck' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(sellerRefusalListQuery(context.api, deps));
  },
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <SellerRefusalListPage search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
