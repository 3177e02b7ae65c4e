// The installable floor app's start-up (issue 6): persisted reads back into the query cache before
// the first screen, the outbox's source of tokens, and — after the first paint — the service worker
// and the outbox runner. Sign-out drops the persisted reads and the worker's API caches.
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import type { AuthStore } from '../auth.ts';
import { configureOutbox, loadOutbox, outboxMayHaveRows, peekOutbox } from '../outbox/index.ts';
import { afterFirstScreen } from '../first-screen.ts';
import { dropReads, persistReads, readsOwner, restoreReads } from './persisted-reads.ts';

const SESSION_KEY = ['Session', 'getCurrentLoginInformations'] as const;

interface SessionShape { user?: { id: number; userName?: string } | null; tenant?: { id: number } | null }

/** The signed-in user as the outbox knows them: `${tenant}:${userId}`. */
export function sessionOwner(queryClient: QueryClient): string | null {
  const session = queryClient.getQueryData<SessionShape>(SESSION_KEY);
  return session?.user ? `${session.tenant?.id ?? 'host'}:${session.user.id}` : null;
}

/** Asks the worker to delete every user's API cache (sign-out). */
export function clearWorkerApiCache(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.controller?.postMessage({ type: 'CLEAR_API_CACHE' });
  void navigator.serviceWorker.getRegistration().then((r) => {
    if (r?.active && r.active !== navigator.serviceWorker.controller) r.active.postMessage({ type: 'CLEAR_API_CACHE' });
  }, () => {});
}

/**
 * Synchronous part: before the router is created. Returns whether the last visit's reads were put
 * back (then the first screen paints from them, and main.tsx has start-up ask the server right after).
 */
export function setupPwa(queryClient: QueryClient, auth: AuthStore): boolean {
  // React Query assumes "online" until an online/offline event says otherwise: a page opened
  // offline would fire every query and show a network error for each, instead of waiting.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
  // The last visit's reads (this token's only): offline they stand in for the server; online they
  // let the first screen paint without waiting for two requests, and are checked right after.
  const owner = () => (auth.isSignedIn() ? readsOwner(auth.getTenantId(), auth.getToken()) : null);
  const restored = restoreReads(queryClient, owner());
  persistReads(queryClient, owner);
  configureOutbox({
    getToken: auth.getToken,
    getTenantId: auth.getTenantId,
    getCulture: auth.getCulture,
    getOwner: () => (auth.isSignedIn() ? sessionOwner(queryClient) : null),
    getOwnerName: () => queryClient.getQueryData<SessionShape>(SESSION_KEY)?.user?.userName ?? null,
  });

  let signedIn = auth.isSignedIn();
  auth.subscribe(() => {
    const now = auth.isSignedIn();
    if (signedIn && !now) {
      dropReads();
      clearWorkerApiCache();
    }
    signedIn = now;
  });
  // The session answer names the user: their queued rows may go now (also after a 401 pause).
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryKey[0] !== SESSION_KEY[0] || event.query.state.status !== 'success') return;
    if (!sessionOwner(queryClient)) return;
    if (!peekOutbox() && !outboxMayHaveRows()) return; // nothing queued: Dexie can wait for a scan
    void loadOutbox().then((o) => {
      if (o.isPaused()) o.resume();
      else void o.run();
    }, () => {});
  });
  return restored;
}

/** After the first screen: the worker, storage persistence and the outbox runner. */
export function startPwaWhenIdle(auth: AuthStore): void {
  afterFirstScreen(() => {
    if ('serviceWorker' in navigator && import.meta.env.PROD) {
      import('./register-sw.ts').then((m) => m.registerServiceWorker(), () => {});
    }
    // Queued scans must survive storage pressure: ask the browser not to evict us.
    void navigator.storage?.persist?.().catch(() => false);
    // The runner, if anything may be waiting (a scan screen or a new scan loads it anyway).
    if (auth.isSignedIn() && outboxMayHaveRows()) void loadOutbox().catch(() => {});
  });
}
