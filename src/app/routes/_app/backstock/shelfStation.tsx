// /backstock/shelfStation — 囤货上架, a floor screen (phone): barcode, shelf, quantity, 确认上架; offline it
// queues and replays once (features/stock-station/shelf-station-page.tsx).
import { createFileRoute } from '@tanstack/react-router';
import { ShelfStationPage } from '../../../features/stock-station/shelf-station-page.tsx';

export const Route = createFileRoute('/_app/backstock/shelfStation')({
  staticData: {
    title: '囤货上架', permission: 'warehouse.Stock', side: 'staff',
    menu: { group: 'floor', order: 5, icon: 'stack' },
  },
  component: ShelfStationPage,
});
