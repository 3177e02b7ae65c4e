// /frontstock/createstockorder — 新建囤货订单 (features/stock-orders/create-stock-order-page.tsx).
import { createFileRoute } from '@tanstack/react-router';
import { CreateStockOrderPage } from '../../../features/stock-orders/create-stock-order-page.tsx';

export const Route = createFileRoute('/_app/frontstock/createstockorder')({
  staticData: { title: '新建囤货订单', permission: 'Front.Stock', side: 'seller', menu: { group: 'frontStock', order: 4, icon: 'plus' } },
  component: RouteComponent,
});

function RouteComponent() {
  const navigate = Route.useNavigate();
  return <CreateStockOrderPage onCreated={(id) => void navigate({ to: '/frontDisplay/stockorderDetail', search: { id } })} />;
}
