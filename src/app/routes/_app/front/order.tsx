// /front/order — 新建订单; /front/order?id=… edits one (only while the goods are not packed).
import { createFileRoute } from '@tanstack/react-router';
import { OrderFormPage } from '../../../features/seller-orders/order-form-page.tsx';
import { orderInfoQuery, storeListQuery, warehouseOptionsQuery } from '../../../features/seller-orders/order-queries.ts';
import { idSearch } from '../../../features/seller-orders/order-search.ts';
import { useUploader } from '../../../features/seller-orders/upload.ts';

export const Route = createFileRoute('/_app/front/order')({
  validateSearch: idSearch,
  staticData: { title: '新建订单', permission: 'Front.Orders', side: 'seller', menu: { group: 'front', order: 2, icon: 'file-invoice' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(storeListQuery(context.api));
    void context.queryClient.prefetchQuery(warehouseOptionsQuery(context.api));
    if (deps.id) void context.queryClient.prefetchQuery(orderInfoQuery(context.api, deps.id));
  },
  component: OrderRoute,
});

function OrderRoute() {
  const { id } = Route.useSearch();
  const navigate = Route.useNavigate();
  const upload = useUploader();
  return (
    <OrderFormPage
      key={id ?? 'new'}
      id={id}
      upload={upload}
      onSaved={(orderId) => void navigate({ to: '/frontDisplay/orderDetail', search: { id: orderId } })}
      onCancel={() => void navigate({ to: '/front/orderList', search: {} })}
    />
  );
}
