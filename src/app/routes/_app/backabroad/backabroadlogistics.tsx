// /backabroad/backabroadlogistics — 海外仓包裹: parcels signed in at overseas warehouses (AbroadLogistics).
import { createFileRoute } from '@tanstack/react-router';
import { AbroadParcelListPage } from '../../../features/back-orders/parcel-list-pages.tsx';
import { abroadParcelListQuery } from '../../../features/back-orders/queries.ts';
import { parcelListInput, parcelListSearch } from '../../../features/back-orders/search.ts';
import { useAuth } from '../../../lib/use-auth.ts';

export const Route = createFileRoute('/_app/backabroad/backabroadlogistics')({
  validateSearch: parcelListSearch,
  staticData: { title: '海外仓包裹', permission: 'OrderManage.ExpressShipmentDelivery', side: 'staff', menu: { group: 'backAbroad', order: 1, icon: 'package' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(abroadParcelListQuery(context.api, parcelListInput(deps)));
  },
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const auth = useAuth();
  return <AbroadParcelListPage search={search} onSearchChange={(next) => void navigate({ search: next })} exportSource={auth} />;
}
