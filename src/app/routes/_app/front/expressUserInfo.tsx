// /front/expressUserInfo — 我的快递.
import { createFileRoute } from '@tanstack/react-router';
import { ExpressListPage } from '../../../features/seller-orders/express-list-page.tsx';
import { expressListQuery } from '../../../features/seller-orders/order-queries.ts';
import { expressListSearch } from '../../../features/seller-orders/order-search.ts';
import { useUploader } from '../../../features/seller-orders/upload.ts';

export const Route = createFileRoute('/_app/front/expressUserInfo')({
  validateSearch: expressListSearch,
  staticData: { title: '我的快递', permission: 'Front.Orders', side: 'seller', menu: { group: 'front', order: 3, icon: 'truck-delivery' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(expressListQuery(context.api, deps));
  },
  component: ExpressRoute,
});

function ExpressRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const upload = useUploader();
  return (
    <ExpressListPage
      search={search}
      upload={upload}
      onSearchChange={(next) => void navigate({ search: next })}
      onOpenOrder={(id) => void navigate({ to: '/frontDisplay/orderDetail', search: { id } })}
    />
  );
}
