// /back/returnrejection — 拒收退回 (the staff's queue of rejection and return requests, DOMAIN §6).
import { createFileRoute } from '@tanstack/react-router';
import { StaffRejectionListPage } from '../../../features/rejections/rejection-list-pages.tsx';
import { staffRejectionListQuery, staffRejectionSearch } from '../../../features/rejections/queries.ts';

export const Route = createFileRoute('/_app/back/returnrejection')({
  validateSearch: staffRejectionSearch,
  staticData: { title: '拒收退回', permission: 'OrderManage.ExpressShipmentDelivery', side: 'staff', menu: { group: 'back', order: 5, icon: 'truck' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(staffRejectionListQuery(context.api, deps));
  },
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <StaffRejectionListPage search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
