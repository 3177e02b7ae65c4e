// /back/shopeeorderreturn — 平台退货 (ShopeeOrderReturn: marketplace returns at the mainland warehouse, DOMAIN §6).
import { createFileRoute } from '@tanstack/react-router';
import { StaffOrderReturnPage } from '../../../features/returns/order-return-pages.tsx';
import { staffReturnListQuery } from '../../../features/returns/queries.ts';
import { staffReturnSearch } from '../../../features/returns/search.ts';

export const Route = createFileRoute('/_app/back/shopeeorderreturn')({
  validateSearch: staffReturnSearch,
  staticData: { title: '平台退货', permission: 'OrderManage.ExpressShipmentDelivery', side: 'staff', menu: { group: 'back', order: 10, icon: 'truck' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(staffReturnListQuery(context.api, deps));
  },
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <StaffOrderReturnPage search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
