// /frontmainlandDisplay/frontmainlandorderDetail?id=… — 大陆订单详情: the same screen as /frontDisplay/orderDetail.
import { createFileRoute } from '@tanstack/react-router';
import { OrderDetailPage } from '../../../features/seller-orders/order-detail-page.tsx';
import { orderInfoQuery } from '../../../features/seller-orders/order-queries.ts';
import { idSearch } from '../../../features/seller-orders/order-search.ts';

export const Route = createFileRoute('/_app/frontmainlandDisplay/frontmainlandorderDetail')({
  validateSearch: idSearch,
  staticData: { title: '大陆订单详情', permission: 'Front.Orders', side: 'seller' },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (deps.id) void context.queryClient.prefetchQuery(orderInfoQuery(context.api, deps.id));
  },
  component: OrderDetailRoute,
});

function OrderDetailRoute() {
  const { id } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <OrderDetailPage id={id} onEdit={(orderId) => void navigate({ to: '/front/order', search: { id: orderId } })} />;
}
