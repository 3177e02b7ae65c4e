// The console's one outbox, loaded lazily (Dexie stays out of the sign-in page's first load).
// main.tsx configures where tokens and the signed-in user come from; screens call registry actions
// marked `offline` through offlineApi (offline-api.ts: sends now or queues here) and watch the queue
// with useOutboxState().
import { useEffect, useState } from 'react';
import type { Outbox, OutboxSource, OutboxState } from './outbox.ts';
import type { OutboxEntry } from './db.ts';
import { afterFirstScreen } from '../first-screen.ts';

export type { OutboxState, OutboxEntry };

let source: OutboxSource | null = null;
let loading: Promise<Outbox> | null = null;
let loaded: Outbox | null = null;

export function configureOutbox(s: OutboxSource): void {
  source = s;
}

/** Where tokens and the signed-in user come from (the same headers for uploads the floor sends). */
export function outboxSource(): OutboxSource {
  if (!source) throw new Error('configureOutbox() was not called');
  return source;
}

/**
 * Whether the queue may hold open rows, kept in localStorage without opening IndexedDB: set before
 * anything is queued, cleared when the loaded outbox sees its user's queue empty. The floor home
 * and the badges open the outbox (and Dexie) only when it says so; the scan screens and queueing
 * always open it, so rows are never left waiting for long even if this hint is lost.
 */
export const OUTBOX_HINT_KEY = 'haicang.outbox.open';

export function outboxMayHaveRows(): boolean {
  try {
    return localStorage.getItem(OUTBOX_HINT_KEY) === '1';
  } catch {
    return true;
  }
}

function setHint(open: boolean): void {
  try {
    if (open) localStorage.setItem(OUTBOX_HINT_KEY, '1');
    else localStorage.removeItem(OUTBOX_HINT_KEY);
  } catch {
    // Private mode: the badges then wait for a scan screen.
  }
}

const onLoaded = new Set<() => void>();

/**
 * Asks the browser to keep this origin's storage (the queue, the photos) under storage pressure
 * instead of evicting it as best-effort data (issue 45 §3). Once per page; the answer is the
 * browser's (an installed app is usually granted it).
 */
let persistAsked = false;
export function requestPersistentStorage(): void {
  if (persistAsked) return;
  persistAsked = true;
  try {
    void navigator.storage?.persist?.().catch(() => false);
  } catch {
    // Not offered here (an old browser, a test): the queue works as before.
  }
}

/** The outbox, created (and started: runs now, on online, on visible, on a timer) on first use. */
export function loadOutbox(): Promise<Outbox> {
  requestPersistentStorage();
  return (loading ??= import('./outbox.ts').then(({ Outbox }) => {
    const outbox = new Outbox({ source: outboxSource() });
    outbox.start();
    loaded = outbox;
        // Another user's held rows keep the hint too: when that user signs in again, their rows go at once.
    outbox.observe((state) => setHint(state.open.length > 0 || state.paused || state.held.length > 0));
    for (const l of [...onLoaded]) l();
    return outbox;
  }).catch((e: unknown) => {
    loading = null;
    throw e;
  }));
}

/** The outbox if it is already loaded (the update prompt asks whether it is sending). */
export function peekOutbox(): Outbox | null {
  return loaded;
}

/** Says the queue may hold rows before one is written (offline-api.ts, when it queues). */
export function markOutboxOpen(): void {
  setHint(true);
}

/**
 * The queue of the signed-in user, live (null until the outbox has loaded). The outbox (and Dexie)
 * loads once the first screen is up, not before it. `onlyIfQueued` (the floor home, the badges):
 * it loads only if the queue may hold rows, else this watches from whenever something loads it.
 */
export function useOutboxState(options: { onlyIfQueued?: boolean } = {}): OutboxState | null {
  const [state, setState] = useState<OutboxState | null>(null);
  const onlyIfQueued = options.onlyIfQueued === true;
  useEffect(() => {
    let off: (() => void) | null = null;
    let gone = false;
    const attach = () => {
      onLoaded.delete(attach);
      if (gone) return;
      loadOutbox().then((outbox) => {
        if (!gone) off = outbox.observe(setState);
      }, () => {});
    };
    afterFirstScreen(() => {
      if (gone) return;
      if (!onlyIfQueued || loading || outboxMayHaveRows()) attach();
      else onLoaded.add(attach);
    });
    return () => {
      gone = true;
      onLoaded.delete(attach);
      off?.();
    };
  }, [onlyIfQueued]);
  return state;
}
