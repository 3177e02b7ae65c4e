// /back/intologisticsrecord — 入库记录. Paging and filters are the URL's search params; the loader starts the list request
// with the same query factory the screen reads.
import { createFileRoute } from '@tanstack/react-router';
import { IntoLogisticsPage } from '../../../features/back-orders/into-logistics-page.tsx';
import { intoListQuery } from '../../../features/back-orders/queries.ts';
import { intoListSearch } from '../../../features/back-orders/search.ts';

export const Route = createFileRoute('/_app/back/intologisticsrecord')({
  validateSearch: intoListSearch,
  staticData: { title: '入库记录', permission: 'OrderManage.ExpressShipmentDelivery', side: 'staff', menu: { group: 'back', order: 5, icon: 'package' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(intoListQuery(context.api, deps));
  },
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <IntoLogisticsPage search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
