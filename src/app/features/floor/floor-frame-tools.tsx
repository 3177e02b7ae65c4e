// The floor frame's header tools and banner, loaded once the first screen is up (floor-frame.tsx):
// the outbox badge with its list, the offline / paused banner, and the user's avatar, whose menu
// loads on the first tap.
import { lazy, Suspense, useState } from 'react';
import { Avatar, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../lib/http.ts';
import { useT } from '../../lib/i18n.ts';
import { sessionQuery } from '../../lib/queries.ts';
import { OfflineBanner, OutboxBadge } from '../../lib/outbox/outbox-status.tsx';

const FloorUserMenu = lazy(() => import('./floor-user-menu.tsx'));

function UserButton() {
  const t = useT();
  const api = useApi();
  const user = useQuery(sessionQuery(api)).data?.user;
  const [menu, setMenu] = useState(false);
  if (!user) return null;
  const avatar = (
    <UnstyledButton aria-label={t('用户菜单')} data-testid="user-menu" style={{ borderRadius: 8, padding: '4px 6px' }} onClick={() => setMenu(true)}>
      <Avatar color="blue" radius="xl" size={30}>{(user.name || user.userName).slice(0, 1).toUpperCase()}</Avatar>
    </UnstyledButton>
  );
  if (!menu) return avatar;
  return <Suspense fallback={avatar}><FloorUserMenu /></Suspense>;
}

export function FloorTools() {
  return (
    <>
      <OutboxBadge />
      <UserButton />
    </>
  );
}

export function FloorBanner() {
  return <OfflineBanner />;
}
