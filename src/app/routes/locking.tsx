// /locking — the lock screen (spec 000 §2). The guard leads every route here while the flag is 1.
import { createFileRoute } from '@tanstack/react-router';
import { LockScreen } from '../features/auth/lock-screen.tsx';

export const Route = createFileRoute('/locking')({
  staticData: { title: '锁屏' },
  component: LockScreen,
});
