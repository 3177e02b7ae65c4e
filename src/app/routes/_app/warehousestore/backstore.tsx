// /warehousestore/backstore — 店铺地址. Paging and filters are the URL's search params; the loader starts the list request
// with the same query factory the screen reads.
import { createFileRoute } from '@tanstack/react-router';
import { StoreListPage } from '../../../features/back-orders/store-list-page.tsx';
import { storeListQuery } from '../../../features/back-orders/queries.ts';
import { storeListSearch } from '../../../features/back-orders/search.ts';

export const Route = createFileRoute('/_app/warehousestore/backstore')({
  validateSearch: storeListSearch,
  staticData: { title: '店铺地址', permission: 'warehouse.Manages', side: 'staff', menu: { group: 'store', order: 1, icon: 'map-pin' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(storeListQuery(context.api, deps));
  },
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <StoreListPage search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
