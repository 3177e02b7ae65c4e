/// <reference lib="webworker" />
// The floor app's service worker (issue 6), built by vite-plugin-pwa in injectManifest mode:
// - precaches the shell: index.html, every built chunk and stylesheet, the icons, the scanner's wasm
//   and the image-compression worker, so the floor screens open with no network;
// - pages: the network first (fresh HTML after a deploy), the precached index.html when offline;
// - GET /api/* and the start-up configuration: network first with a 3 s timeout, then the signed-in
//   user's own cache; POSTs, file downloads and anonymous reads go straight to the network. Sign-out deletes every API cache.
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { API_CACHE_PREFIX, NAVIGATION_DENYLIST, apiCacheName, isCacheableApiRead, isServersPage, type WorkerMessage } from './api-cache.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

const NETWORK_TIMEOUT_SECONDS = 3;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(new NavigationRoute(async ({ request }) => {
  try {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), NETWORK_TIMEOUT_SECONDS * 1000);
    try {
      const res = await fetch(request, { signal: controller.signal });
      if (isServersPage(res)) return res;
    } finally {
      clearTimeout(timer);
    }
  } catch {
    // Offline or too slow: the precached shell below.
  }
  return (await matchPrecache('index.html')) ?? Response.error();
}, { denylist: NAVIGATION_DENYLIST }));

const strategies = new Map<string, NetworkFirst>();
const strategyFor = (cacheName: string) => {
  let s = strategies.get(cacheName);
  if (!s) {
    s = new NetworkFirst({
      cacheName,
      networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
      plugins: [
        new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 7 * 24 * 3600 }),
        // Only real answers are kept: never an error envelope.
        { cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null) },
      ],
    });
    strategies.set(cacheName, s);
  }
  return s;
};

registerRoute(
  ({ url, request }) => isCacheableApiRead(url, request.method, self.location.origin, request.headers.get('Authorization')),
  async ({ request, event }) => {
    const name = await apiCacheName(request.headers.get('Authorization')!, request.headers.get('Abp.TenantId'));
    return strategyFor(name).handle({ request, event });
  },
);

async function clearApiCaches(): Promise<void> {
  const names = await caches.keys();
  await Promise.all(names.filter((n) => n.startsWith(API_CACHE_PREFIX)).map((n) => caches.delete(n)));
  strategies.clear();
}

self.addEventListener('message', (event) => {
  const data = event.data as WorkerMessage | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (data?.type === 'CLEAR_API_CACHE') {
    const done = clearApiCaches().then(() => { event.ports[0]?.postMessage({ type: 'API_CACHE_CLEARED' }); });
    event.waitUntil(done);
  }
});

// The first install takes control at once, so the floor app works offline after one visit.
self.addEventListener('activate', (event) => { event.waitUntil(self.clients.claim()); });
