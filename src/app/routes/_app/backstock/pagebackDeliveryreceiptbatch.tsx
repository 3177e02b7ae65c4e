// /backstock/pagebackDeliveryreceiptbatch?storeId&batchName — 交接批次 (no menu entry; opened from 交接单).
import { createFileRoute } from '@tanstack/react-router';
import { ReceiptBatchPage } from '../../../features/delivery-receipts/receipt-pages.tsx';
import { batchSearch } from '../../../features/delivery-receipts/queries.ts';

export const Route = createFileRoute('/_app/backstock/pagebackDeliveryreceiptbatch')({
  validateSearch: batchSearch,
  staticData: { title: '交接批次', permission: 'warehouse.Stock', side: 'staff' },
  component: RouteComponent,
});

function RouteComponent() {
  const { storeId, batchName } = Route.useSearch();
  return <ReceiptBatchPage storeId={storeId} batchName={batchName} />;
}
