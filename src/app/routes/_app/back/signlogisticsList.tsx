// /back/signlogisticsList — 已签收包裹. Paging and filters are the URL's search params; the loader starts the
// list request with the same query factory the screen reads.
import { createFileRoute } from '@tanstack/react-router';
import { SignedParcelListPage } from '../../../features/back-orders/parcel-list-pages.tsx';
import { signedParcelListQuery } from '../../../features/back-orders/queries.ts';
import { parcelListInput, parcelListSearch } from '../../../features/back-orders/search.ts';
import { useAuth } from '../../../lib/use-auth.ts';

export const Route = createFileRoute('/_app/back/signlogisticsList')({
  validateSearch: parcelListSearch,
  staticData: { title: '已签收包裹', permission: 'OrderManage.ExpressShipmentDelivery', side: 'staff', menu: { group: 'back', order: 3, icon: 'package' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(signedParcelListQuery(context.api, parcelListInput(deps)));
  },
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const auth = useAuth();
  return <SignedParcelListPage search={search} onSearchChange={(next) => void navigate({ search: next })} exportSource={auth} />;
}
