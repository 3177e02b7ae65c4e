// /frontabroad/abroadorderlist — 海外仓订单 (seller): orders shipped from the seller's overseas stock.
import { createFileRoute } from '@tanstack/react-router';
import { SellerAbroadOrderListPage } from '../../../features/overseas/order-list-pages.tsx';
import { sellerAbroadOrderListQuery } from '../../../features/overseas/queries.ts';
import { abroadOrderSearch } from '../../../features/overseas/search.ts';
import { useAuth } from '../../../lib/use-auth.ts';

export const Route = createFileRoute('/_app/frontabroad/abroadorderlist')({
  validateSearch: abroadOrderSearch,
  staticData: { title: '海外仓订单', permission: 'Front.Abroad', side: 'seller', menu: { group: 'frontAbroad', order: 1, icon: 'world' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(sellerAbroadOrderListQuery(context.api, deps));
  },
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const auth = useAuth();
  return (
    <SellerAbroadOrderListPage
      search={search} onSearchChange={(next) => void navigate({ search: next })}
      onOpen={(o) => void navigate({ to: '/frontDisplay/abroadorderDetail', search: { id: o.id } })}
      exportSource={auth}
    />
  );
}
