// /frontDisplay/abroadorderDetail?id=… — 海外仓订单详情 (no menu entry).
import { createFileRoute } from '@tanstack/react-router';
import { AbroadOrderDetail } from '../../../features/overseas/order-detail.tsx';
import { abroadOrderInfoQuery } from '../../../features/overseas/queries.ts';
import { idSearch } from '../../../features/seller-orders/order-search.ts';

export const Route = createFileRoute('/_app/frontDisplay/abroadorderDetail')({
  validateSearch: idSearch,
  staticData: { title: '海外仓订单详情', permission: 'Front.Abroad', side: 'seller' },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (deps.id) void context.queryClient.prefetchQuery(abroadOrderInfoQuery(context.api, deps.id, 'seller'));
  },
  component: DetailRoute,
});

function DetailRoute() {
  const { id } = Route.useSearch();
  return <AbroadOrderDetail id={id} side="seller" />;
}
