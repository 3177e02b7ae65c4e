// /floor — 作业首页: the floor staff's phone home (features/floor/floor-home.tsx).
import { createFileRoute } from '@tanstack/react-router';
import { FloorHome, FloorOutboxSummary, useFloorTiles } from '../../features/floor/floor-home.tsx';
import { useOutboxState } from '../../lib/outbox/index.ts';

export const Route = createFileRoute('/_app/floor')({
  staticData: {
    title: '作业首页', permission: 'OrderManage.ExpressShipmentDelivery', side: 'staff',
    menu: { group: 'floor', order: 0, icon: 'home' },
  },
  component: FloorRoute,
});

function FloorRoute() {
  const tiles = useFloorTiles();
  const outbox = useOutboxState({ onlyIfQueued: true });
  return <FloorHome tiles={tiles} badge={outbox && <FloorOutboxSummary waiting={outbox.waiting} attention={outbox.attention} />} />;
}
