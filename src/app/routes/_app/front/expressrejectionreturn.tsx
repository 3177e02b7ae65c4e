// /front/expressrejectionreturn — 拒收/退回 (the seller's requests, DOMAIN §6).
import { createFileRoute } from '@tanstack/react-router';
import { SellerRejectionListPage } from '../../../features/rejections/rejection-list-pages.tsx';
import { sellerRejectionListQuery, sellerRejectionSearch } from '../../../features/rejections/queries.ts';

export const Route = createFileRoute('/_app/front/expressrejectionreturn')({
  validateSearch: sellerRejectionSearch,
  staticData: { title: '拒收/退回', permission: 'Front.Orders', side: 'seller', menu: { group: 'front', order: 4, icon: 'truck' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(sellerRejectionListQuery(context.api, deps));
  },
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <SellerRejectionListPage search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
