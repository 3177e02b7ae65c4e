// /backabroad/backabroadorder — 海外仓订单 (staff): pick and pack from overseas stock, undo, cancel, one-click delivery.
import { createFileRoute } from '@tanstack/react-router';
import { StaffAbroadOrderListPage } from '../../../features/overseas/order-list-pages.tsx';
import { staffAbroadOrderListQuery } from '../../../features/overseas/queries.ts';
import { abroadOrderSearch } from '../../../features/overseas/search.ts';
import { useAuth } from '../../../lib/use-auth.ts';

export const Route = createFileRoute('/_app/backabroad/backabroadorder')({
  validateSearch: abroadOrderSearch,
  staticData: { title: '海外仓订单', permission: 'Order.Manages', side: 'staff', menu: { group: 'backAbroad', order: 3, icon: 'clipboard-list' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(staffAbroadOrderListQuery(context.api, deps));
  },
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const auth = useAuth();
  return <StaffAbroadOrderListPage search={search} onSearchChange={(next) => void navigate({ search: next })} exportSource={auth} />;
}
