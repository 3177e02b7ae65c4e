// /back/orderOperateList — 操作日志. Paging and filters are the URL's search params; the loader starts the list request
// with the same query factory the screen reads.
import { createFileRoute } from '@tanstack/react-router';
import { OperateLogPage } from '../../../features/back-orders/operate-log-page.tsx';
import { operateListQuery } from '../../../features/back-orders/queries.ts';
import { operateListSearch } from '../../../features/back-orders/search.ts';

export const Route = createFileRoute('/_app/back/orderOperateList')({
  validateSearch: operateListSearch,
  staticData: { title: '操作日志', permission: 'Order.Manages', side: 'staff', menu: { group: 'back', order: 6, icon: 'file-invoice' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(operateListQuery(context.api, deps));
  },
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <OperateLogPage search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
