// /frontDisplay/stockorderDetail?id=… — 囤货订单详情 (no menu entry).
import { createFileRoute } from '@tanstack/react-router';
import { StockOrderDetailPage } from '../../../features/stock-orders/stock-order-pages.tsx';
import { idSearch, stockOrderInfoQuery } from '../../../features/stock-orders/queries.ts';

export const Route = createFileRoute('/_app/frontDisplay/stockorderDetail')({
  validateSearch: idSearch,
  staticData: { title: '囤货订单详情', permission: 'Front.Stock', side: 'seller' },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (deps.id) void context.queryClient.prefetchQuery(stockOrderInfoQuery(context.api, deps.id));
  },
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useSearch();
  return <StockOrderDetailPage id={id} />;
}
