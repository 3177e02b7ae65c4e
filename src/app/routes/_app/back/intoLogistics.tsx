// /back/intoLogistics — 包裹签收: the desktop station where floor staff scan incoming parcels in.
import { createFileRoute } from '@tanstack/react-router';
import { InboundStationPage } from '../../../features/inbound-station/inbound-station-page.tsx';

export const Route = createFileRoute('/_app/back/intoLogistics')({
  staticData: {
    title: '包裹签收', permission: 'OrderManage.ExpressShipmentDelivery', side: 'staff',
    menu: { group: 'floor', order: 1, icon: 'scan' },
  },
  component: InboundStationPage,
});
