// /backstock/backDeliveryreceiptScan — 交接扫描 (features/outbound-floor/receipt-scan-page.tsx), a floor screen.
import { createFileRoute } from '@tanstack/react-router';
import { ReceiptScanPage } from '../../../features/outbound-floor/receipt-scan-page.tsx';

export const Route = createFileRoute('/_app/backstock/backDeliveryreceiptScan')({
  staticData: { title: '交接扫描', permission: 'warehouse.Stock', side: 'staff', menu: { group: 'floor', order: 40, icon: 'truck-delivery' } },
  component: ReceiptScanPage,
});
