// /back/backOrderList — 订单管理. Paging and filters are the URL's search params; the loader starts
// the list request with the same query factory the screen reads, without waiting for it.
import { createFileRoute } from '@tanstack/react-router';
import { OrderListPage } from '../../../features/back-orders/order-list-page.tsx';
import { orderListQuery } from '../../../features/back-orders/queries.ts';
import { orderListInput, orderListSearch } from '../../../features/back-orders/search.ts';
import { useAuth } from '../../../lib/use-auth.ts';
import { useOrderOutboundActions } from '../../../features/mainland-package/bag-order.tsx';

export const Route = createFileRoute('/_app/back/backOrderList')({
  validateSearch: orderListSearch,
  staticData: { title: '订单管理', permission: 'Order.Manages', side: 'staff', menu: { group: 'back', order: 1, icon: 'clipboard-list' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(orderListQuery(context.api, orderListInput(deps)));
  },
  component: BackOrderListRoute,
});

function BackOrderListRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const auth = useAuth();
  const outbound = useOrderOutboundActions();
  return <OrderListPage search={search} onSearchChange={(next) => void navigate({ search: next })} exportSource={auth} extraRowActions={outbound.rowActions} extraDialogs={outbound.dialog} />;
}
