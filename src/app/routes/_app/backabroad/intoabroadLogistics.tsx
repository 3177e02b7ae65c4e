// /backabroad/intoabroadLogistics — 海外仓签收: the sign-in station at an overseas warehouse (the same
// scan, Logistics/SignByScan, with the overseas warehouse's id).
import { createFileRoute } from '@tanstack/react-router';
import { InboundStationPage } from '../../../features/inbound-station/inbound-station-page.tsx';

export const Route = createFileRoute('/_app/backabroad/intoabroadLogistics')({
  staticData: { title: '海外仓签收', permission: 'OrderManage.ExpressShipmentDelivery', side: 'staff', menu: { group: 'backAbroad', order: 2, icon: 'scan' }, floorScreen: true },
  component: OverseasStation,
});

function OverseasStation() {
  return <InboundStationPage kind={2} />;
}
