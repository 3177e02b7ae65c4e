// Which frame a signed-in screen gets. The floor screens (the menu's 仓库作业 group, and those marked
// `floorScreen` in another group) open in the floor
// app's light frame on a phone-sized screen or in the installed app (display-mode standalone): a
// header with back, title, the outbox badge and the user menu, and nothing of the console's menu,
// page tags or modals, so the screen paints with the least JavaScript. Everywhere else, and for
// every other screen, the console shell (loaded as a chunk of its own).
import { useSyncExternalStore } from 'react';
import { useMatches } from '@tanstack/react-router';
import type { RouteMeta } from './route-meta.ts';

export const FLOOR_MEDIA = '(max-width: 47.99em), (display-mode: standalone)';

const media = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(FLOOR_MEDIA) : null);

/** A phone-sized screen or the installed app, now. */
export function floorDevice(): boolean {
  return media()?.matches ?? false;
}

export function isFloorRoute(metas: readonly (RouteMeta | undefined)[]): boolean {
  return metas.some((m) => m?.menu?.group === 'floor' || m?.floorScreen === true);
}

/** The rule, for code outside React (the route's beforeLoad). */
export function floorFrameFor(metas: readonly (RouteMeta | undefined)[]): boolean {
  return isFloorRoute(metas) && floorDevice();
}

const subscribe = (notify: () => void) => {
  const m = media();
  m?.addEventListener?.('change', notify);
  return () => m?.removeEventListener?.('change', notify);
};

/** Whether the current screen gets the floor frame (re-evaluated when the screen is resized). */
export function useFloorFrame(): boolean {
  const floorRoute = useMatches({ select: (ms) => isFloorRoute(ms.map((m) => m.staticData)) });
  const device = useSyncExternalStore(subscribe, floorDevice, () => false);
  return floorRoute && device;
}
