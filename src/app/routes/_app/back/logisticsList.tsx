// /back/logisticsList — 包裹列表. Paging and filters are the URL's search params; the loader starts the
// list request with the same query factory the screen reads.
import { createFileRoute } from '@tanstack/react-router';
import { ParcelListPage } from '../../../features/back-orders/parcel-list-pages.tsx';
import { parcelListQuery } from '../../../features/back-orders/queries.ts';
import { parcelListInput, parcelListSearch } from '../../../features/back-orders/search.ts';
import { useAuth } from '../../../lib/use-auth.ts';

export const Route = createFileRoute('/_app/back/logisticsList')({
  validateSearch: parcelListSearch,
  staticData: { title: '包裹列表', permission: 'OrderManage.ExpressShipmentDelivery', side: 'staff', menu: { group: 'back', order: 2, icon: 'package' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(parcelListQuery(context.api, parcelListInput(deps)));
  },
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const auth = useAuth();
  return <ParcelListPage search={search} onSearchChange={(next) => void navigate({ search: next })} exportSource={auth} />;
}
