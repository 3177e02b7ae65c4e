/// <reference types="vite-plugin-pwa/client" />
// Registers the service worker (sw/sw.ts) through workbox-window, loaded after the first paint.
// A new version only announces itself (updateStore); the user decides when to switch (pwa-prompts).
import { registerSW } from 'virtual:pwa-register';
import { updateStore } from './update-store.ts';

const UPDATE_CHECK_MS = 60 * 60_000;

export function registerServiceWorker(): void {
  const updateSW = registerSW({
    immediate: true,
    onNeedRefresh() { updateStore.set(updateSW); },
    onRegisteredSW(_url, registration) {
      // Floor phones stay open all day: look for a new version every hour.
      if (registration) setInterval(() => { void registration.update().catch(() => {}); }, UPDATE_CHECK_MS);
    },
  });
}
