// /backstock/backdeliveryreceiptlist — 交接单 (features/delivery-receipts/receipt-pages.tsx).
import { createFileRoute } from '@tanstack/react-router';
import { ReceiptListPage } from '../../../features/delivery-receipts/receipt-pages.tsx';
import { receiptListQuery, receiptListSearch } from '../../../features/delivery-receipts/queries.ts';

export const Route = createFileRoute('/_app/backstock/backdeliveryreceiptlist')({
  validateSearch: receiptListSearch,
  staticData: { title: '交接单', permission: 'warehouse.Stock', side: 'staff', menu: { group: 'backStock', order: 60, icon: 'truck-delivery' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(receiptListQuery(context.api, deps));
  },
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ReceiptListPage search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
