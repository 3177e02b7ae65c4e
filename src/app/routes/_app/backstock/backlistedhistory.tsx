// /backstock/backlistedhistory — 出入库记录: every inventory movement of the tenant's stock products.
import { createFileRoute } from '@tanstack/react-router';
import { StaffHistoryListPage } from '../../../features/stock/history-list-pages.tsx';
import { staffHistoryListQuery } from '../../../features/stock/queries.ts';
import { staffHistorySearch } from '../../../features/stock/search.ts';

export const Route = createFileRoute('/_app/backstock/backlistedhistory')({
  validateSearch: staffHistorySearch,
  staticData: { title: '出入库记录', permission: 'warehouse.Stock', side: 'staff', menu: { group: 'backStock', order: 3, icon: 'clipboard-list' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(staffHistoryListQuery(context.api, deps));
  },
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <StaffHistoryListPage search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
