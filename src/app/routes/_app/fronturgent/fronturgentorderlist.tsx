// /fronturgent/fronturgentorderlist — 催单记录.
import { createFileRoute } from '@tanstack/react-router';
import { UrgentListPage } from '../../../features/seller-orders/urgent-list-page.tsx';
import { urgentListQuery } from '../../../features/seller-orders/order-queries.ts';
import { urgentListSearch } from '../../../features/seller-orders/order-search.ts';

export const Route = createFileRoute('/_app/fronturgent/fronturgentorderlist')({
  validateSearch: urgentListSearch,
  staticData: { title: '催单记录', permission: 'Urgent.Order', side: 'seller', menu: { group: 'frontUrgent', order: 1, icon: 'urgent' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(urgentListQuery(context.api, deps));
  },
  component: UrgentRoute,
});

function UrgentRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <UrgentListPage
      search={search}
      onSearchChange={(next) => void navigate({ search: next })}
      onOpenOrder={(id) => void navigate({ to: '/frontDisplay/orderDetail', search: { id } })}
    />
  );
}
