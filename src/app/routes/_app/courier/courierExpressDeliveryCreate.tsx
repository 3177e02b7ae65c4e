// /courier/courierExpressDeliveryCreate — 登记快递: record what a courier handed over.
import { createFileRoute } from '@tanstack/react-router';
import { DeliveryCreatePage } from '../../../features/courier/delivery-create-page.tsx';

export const Route = createFileRoute('/_app/courier/courierExpressDeliveryCreate')({
  staticData: { title: '登记快递', permission: 'OrderManage', side: 'staff', menu: { group: 'courier', order: 2, icon: 'truck-delivery' } },
  component: RouteComponent,
});

function RouteComponent() {
  const navigate = Route.useNavigate();
  return <DeliveryCreatePage onDone={() => void navigate({ to: '/courier/courierExpressDeliveryList' })} />;
}
