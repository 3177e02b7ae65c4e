// /backabroad/abroadreturnscan — 退件入库: the floor's phone screen for scanning buyers' returns into
// stock at an overseas warehouse (offline through the one offline path, decision 0022).
import { createFileRoute } from '@tanstack/react-router';
import { ReturnScanStation } from '../../../features/overseas/return-scan-station.tsx';

export const Route = createFileRoute('/_app/backabroad/abroadreturnscan')({
  staticData: { title: '退件入库', permission: 'warehouse.Stock', side: 'staff', menu: { group: 'floor', order: 6, icon: 'truck' } },
  component: ReturnScanStation,
});
