// The service registry (every contract, with zod) is loaded on the first call that needs it
// (lib/lazy-api.ts). Screens that will call soon — the console shell, the scan stations, the sign-in
// page — load it as soon as they are up, so their first call does not wait; the floor home, which
// calls nothing, leaves the phone's processor to paint and settle.
import { useEffect } from 'react';
import { afterFirstScreen } from './first-screen.ts';

let preload: (() => Promise<void>) | null = null;

/** main.tsx: how to load the registry (tests have none: their fake api needs no loading). */
export function setRegistryPreload(fn: (() => Promise<void>) | null): void {
  preload = fn;
}

export function usePreloadRegistry(): void {
  useEffect(() => {
    afterFirstScreen(() => { void preload?.().catch(() => {}); });
  }, []);
}
