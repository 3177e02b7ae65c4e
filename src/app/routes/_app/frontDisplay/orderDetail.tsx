// /frontDisplay/orderDetail?id=… — 订单详情 (no menu entry).
import { createFileRoute } from '@tanstack/react-router';
import { OrderDetailPage } from '../../../features/seller-orders/order-detail-page.tsx';
import { orderInfoQuery } from '../../../features/seller-orders/order-queries.ts';
import { idSearch } from '../../../features/seller-orders/order-search.ts';

export const Route = createFileRoute('/_app/frontDisplay/orderDetail')({
  validateSearch: idSearch,
  staticData: { title: '订单详情', permission: 'Front.Orders', side: 'seller' },
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
