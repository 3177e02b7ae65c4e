// /back/returnScan — 退件扫描: the floor's phone screen for refused orders and marketplace returns coming back.
import { createFileRoute } from '@tanstack/react-router';
import { ReturnScanPage } from '../../../features/return-scan/return-scan-page.tsx';

export const Route = createFileRoute('/_app/back/returnScan')({
  staticData: {
    title: '退件扫描', permission: 'OrderManage.ExpressShipmentDelivery', side: 'staff',
    menu: { group: 'floor', order: 5, icon: 'scan' },
  },
  component: ReturnScanPage,
});
