// /courier/courierExpressDeliveryList — 快递员登记列表. Paging and filters are the URL's search
// params; the loader starts the list request; the xlsx export is the server's.
import { createFileRoute } from '@tanstack/react-router';
import { DeliveryListPage } from '../../../features/courier/delivery-list-page.tsx';
import { deliveryFilters, deliveryListQuery, deliveryListSearch } from '../../../features/courier/queries.ts';
import { ServerExportButton } from '../../../components/server-export.tsx';
import { fileUrl } from '#shared/file-links.ts';
import { useAuth } from '../../../lib/use-auth.ts';
import { useT } from '../../../lib/i18n.ts';

export const Route = createFileRoute('/_app/courier/courierExpressDeliveryList')({
  validateSearch: deliveryListSearch,
  staticData: { title: '快递员登记', permission: 'OrderManage', side: 'staff', menu: { group: 'courier', order: 1, icon: 'truck' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(deliveryListQuery(context.api, deps));
  },
  component: RouteComponent,
});

function RouteComponent() {
  const t = useT();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const auth = useAuth();
  return (
    <DeliveryListPage
      search={search}
      onSearchChange={(next) => void navigate({ search: next })}
      onCreate={() => void navigate({ to: '/courier/courierExpressDeliveryCreate' })}
      exportSlot={<ServerExportButton source={auth} url={() => fileUrl('getCourierExpressDeliveryExport', deliveryFilters(search))} fileName="快递员入库记录.xlsx" label={t('导出')} />}
    />
  );
}
