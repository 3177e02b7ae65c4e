// /backurgent/backurgentorderlist — 催单列表. Paging and filters are the URL's search params; the loader starts the list request
// with the same query factory the screen reads.
import { createFileRoute } from '@tanstack/react-router';
import { UrgentListPage } from '../../../features/back-orders/urgent-list-page.tsx';
import { urgentListQuery } from '../../../features/back-orders/queries.ts';
import { urgentListSearch } from '../../../features/back-orders/search.ts';

export const Route = createFileRoute('/_app/backurgent/backurgentorderlist')({
  validateSearch: urgentListSearch,
  staticData: { title: '催单列表', permission: 'Urgent.Order', side: 'staff', menu: { group: 'backUrgent', order: 1, icon: 'urgent' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(urgentListQuery(context.api, deps));
  },
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <UrgentListPage search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
