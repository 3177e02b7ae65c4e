// /backstock/checkStation — 囤货验货, a floor screen (phone): a record by scan, its count, a photo, pass
// or fail; offline it queues with the photo and replays once (features/stock-station/check-station-page.tsx).
import { createFileRoute } from '@tanstack/react-router';
import { CheckStationPage } from '../../../features/stock-station/check-station-page.tsx';
import { useUploader } from '../../../lib/upload.ts';

export const Route = createFileRoute('/_app/backstock/checkStation')({
  staticData: {
    title: '囤货验货', permission: 'warehouse.Stock', side: 'staff',
    menu: { group: 'floor', order: 6, icon: 'clipboard-check' },
  },
  component: CheckRoute,
});

function CheckRoute() {
  const upload = useUploader();
  return <CheckStationPage upload={upload} />;
}
