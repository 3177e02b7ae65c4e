// Whether the server answers, as this device last heard it (issue 45 §1). navigator.onLine says only
// that a network is there: on a warehouse's bad Wi-Fi, or with the server hung, it stays true while
// nothing answers. The request core reports every call's fate here (an answer, even a refusal, or
// none); the floor's offline path queues at once while the server is silent instead of waiting for
// each call to time out, and the banner says so. The outbox's replays are what find the server
// again: the first answer they get clears the flag. Small on purpose: it is in the scan screens'
// first load.
import { useSyncExternalStore } from 'react';

/** How long a floor mutation waits for the server before it goes to the outbox (same key). */
export const DEFAULT_ANSWER_TIMEOUT_MS = 3_000;
/** A device may set its own limit (ms, 500–30000) in localStorage, e.g. on a known-slow link. */
export const ANSWER_TIMEOUT_KEY = 'haicang.floor.answerTimeoutMs';

export function answerTimeoutMs(): number {
  try {
    const own = Number(localStorage.getItem(ANSWER_TIMEOUT_KEY));
    if (Number.isFinite(own) && own >= 500 && own <= 30_000) return own;
  } catch {
    // No storage: the default.
  }
  return DEFAULT_ANSWER_TIMEOUT_MS;
}

let silent = false;
const listeners = new Set<() => void>();

function set(next: boolean): void {
  if (silent === next) return;
  silent = next;
  for (const l of [...listeners]) l();
}

/** An answer came (any status): the server is there. */
export function serverAnswered(): void { set(false); }
/** A call got no answer (timed out, or the network failed under it). */
export function serverSilent(): void { set(true); }
export function serverIsSilent(): boolean { return silent; }

// The network came back: worth trying again at once rather than queueing until a replay answers.
if (typeof window !== 'undefined') window.addEventListener('online', () => set(false));

const subscribe = (cb: () => void) => {
  listeners.add(cb);
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  return () => {
    listeners.delete(cb);
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
  };
};

export type Reach = 'online' | 'offline' | 'silent';

const current = (): Reach => (typeof navigator !== 'undefined' && navigator.onLine === false ? 'offline' : silent ? 'silent' : 'online');

/** The network and the server, live: 'offline' (no network), 'silent' (no answer), or 'online'. */
export function useReach(): Reach {
  return useSyncExternalStore(subscribe, current, () => 'online');
}
