// /back/abnormalreceivingorder — 异常件. Paging and filters are the URL's search params; the loader starts the
// list request with the same query factory the screen reads.
import { createFileRoute } from '@tanstack/react-router';
import { AbnormalParcelListPage } from '../../../features/back-orders/parcel-list-pages.tsx';
import { abnormalParcelListQuery } from '../../../features/back-orders/queries.ts';
import { parcelListInput, parcelListSearch } from '../../../features/back-orders/search.ts';

export const Route = createFileRoute('/_app/back/abnormalreceivingorder')({
  validateSearch: parcelListSearch,
  staticData: { title: '异常件', permission: 'OrderManage.ExpressShipmentDelivery', side: 'staff', menu: { group: 'back', order: 4, icon: 'package' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(abnormalParcelListQuery(context.api, parcelListInput(deps)));
  },
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <AbnormalParcelListPage search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
