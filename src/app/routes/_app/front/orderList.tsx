// /front/orderList — 我的订单. Tabs, filters and paging are the URL's search params; the loader starts
// the list and the tab counts with the same query factories the screen reads.
import { createFileRoute } from '@tanstack/react-router';
import { OrderListPage } from '../../../features/seller-orders/order-list-page.tsx';
import { orderListQuery, orderStatisticsQuery } from '../../../features/seller-orders/order-queries.ts';
import { orderListInput, orderListSearch } from '../../../features/seller-orders/order-search.ts';
import { ORDER_TYPE } from '#shared/enums.ts';
import { downloadServerFile } from '../../../lib/download.ts';
import { fileUrl } from '#shared/file-links.ts';
import { useAuth } from '../../../lib/use-auth.ts';

export const Route = createFileRoute('/_app/front/orderList')({
  validateSearch: orderListSearch,
  staticData: { title: '我的订单', permission: 'Front.Orders', side: 'seller', menu: { group: 'front', order: 1, icon: 'clipboard-list' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(orderListQuery(context.api, orderListInput(deps)));
    void context.queryClient.prefetchQuery(orderStatisticsQuery(context.api));
  },
  component: OrderListRoute,
});

function OrderListRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const auth = useAuth();
  return (
    <OrderListPage
      search={search}
      onSearchChange={(next) => void navigate({ search: next })}
      onOpen={(o) => void navigate({ to: o.orderType === ORDER_TYPE.mainland ? '/frontmainlandDisplay/frontmainlandorderDetail' : '/frontDisplay/orderDetail', search: { id: o.id } })}
      onEdit={(id) => void navigate({ to: '/front/order', search: { id } })}
      onCreate={() => void navigate({ to: '/front/order', search: {} })}
      onExport={(filters) => downloadServerFile(auth, fileUrl('getFrontExpressExportMainlandOrderInfo', filters), '大陆订单信息.xlsx')}
      onDownload={(url, fileName) => downloadServerFile(auth, url, fileName)}
    />
  );
}
