// /back/backoverseasreturnhandle — 海外仓退件处理 (the rejection and return requests at overseas
// warehouses, DOMAIN §6): the same queue and actions as 拒收退回, for kind-2 warehouses.
import { createFileRoute } from '@tanstack/react-router';
import { StaffRejectionListPage } from '../../../features/rejections/rejection-list-pages.tsx';
import { staffRejectionListQuery, staffRejectionSearch } from '../../../features/rejections/queries.ts';

export const Route = createFileRoute('/_app/back/backoverseasreturnhandle')({
  validateSearch: staffRejectionSearch,
  staticData: { title: '海外仓退件', permission: 'OrderManage.ExpressShipmentDelivery', side: 'staff', menu: { group: 'back', order: 5, icon: 'truck' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(staffRejectionListQuery(context.api, deps, true));
  },
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <StaffRejectionListPage overseas search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
