// /frontabroad/abroadreturnlist — 海外仓退件 (seller): buyers' returns registered on overseas orders.
import { createFileRoute } from '@tanstack/react-router';
import { SellerReturnListPage } from '../../../features/overseas/return-list-pages.tsx';
import { sellerReturnListQuery } from '../../../features/overseas/queries.ts';
import { abroadReturnSearch } from '../../../features/overseas/search.ts';
import { useAuth } from '../../../lib/use-auth.ts';

export const Route = createFileRoute('/_app/frontabroad/abroadreturnlist')({
  validateSearch: abroadReturnSearch,
  staticData: { title: '海外仓退件', permission: 'Front.Abroad', side: 'seller', menu: { group: 'frontAbroad', order: 2, icon: 'truck' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(sellerReturnListQuery(context.api, deps));
  },
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const auth = useAuth();
  return <SellerReturnListPage search={search} onSearchChange={(next) => void navigate({ search: next })} exportSource={auth} />;
}
