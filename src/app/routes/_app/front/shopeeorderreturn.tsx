// /front/shopeeorderreturn — 平台退货: the seller's marketplace returns, pre-declared or scanned in, and their decisions.
import { createFileRoute } from '@tanstack/react-router';
import { SellerOrderReturnPage } from '../../../features/returns/order-return-pages.tsx';
import { sellerReturnListQuery } from '../../../features/returns/queries.ts';
import { sellerReturnSearch } from '../../../features/returns/search.ts';

export const Route = createFileRoute('/_app/front/shopeeorderreturn')({
  validateSearch: sellerReturnSearch,
  staticData: { title: '平台退货', permission: 'Front.Orders', side: 'seller', menu: { group: 'front', order: 6, icon: 'truck-delivery' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(sellerReturnListQuery(context.api, deps));
  },
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <SellerOrderReturnPage search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
