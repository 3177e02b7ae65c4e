// The service registry (every contract, with zod) is loaded on the first call that needs it
// (lib/lazy-api.ts). Screens that will call soon — the console shell, the scan stations — load it as
// soon as they are up, so their first call does not wait; the floor home, which calls nothing, leaves
// the phone's processor to paint and settle. The sign-in page needs none of it (its one call goes
// straight to the transport): it loads it when the user signs in, for the screen that follows.
import { useEffect } from 'react';
import { afterFirstScreen } from './first-screen.ts';

let preload: (() => Promise<void>) | null = null;

/** main.tsx: how to load the registry (tests have none: their fake api needs no loading). */
export function setRegistryPreload(fn: (() => Promise<void>) | null): void {
  preload = fn;
}

/** Loads the registry now (a sign-in on its way: the next screen will call). */
export function preloadRegistryNow(): void {
  void preload?.().catch(() => {});
}

export function usePreloadRegistry(): void {
  useEffect(() => {
    afterFirstScreen(() => { void preload?.().catch(() => {}); });
  }, []);
}
