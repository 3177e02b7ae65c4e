// /backstock/pickpack — 拣货打包 (features/outbound-floor/pick-pack-page.tsx), a floor screen (the spec names no route for it).
import { createFileRoute } from '@tanstack/react-router';
import { PickPackPage } from '../../../features/outbound-floor/pick-pack-page.tsx';

export const Route = createFileRoute('/_app/backstock/pickpack')({
  staticData: { title: '拣货打包', permission: 'warehouse.Stock', side: 'staff', menu: { group: 'floor', order: 35, icon: 'package' } },
  component: PickPackPage,
});
