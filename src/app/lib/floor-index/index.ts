// The front door of the station's index of expected parcels (issue 45 item 2, decision 0067). Tiny on
// purpose (it is in the scan screens' first load): Dexie, the sync and the refresher load on first use.
import { useEffect, useState } from 'react';
import { afterFirstScreen } from '../first-screen.ts';
import type { FetchPage } from './sync.ts';
import type { IndexStatus } from './runtime.ts';
import type { OfflineGuess } from './verdict.ts';

export type { IndexStatus, OfflineGuess };

let loading: Promise<typeof import('./runtime.ts')> | null = null;
const load = () => (loading ??= import('./runtime.ts').catch((e: unknown) => {
  loading = null;
  throw e;
}));

/** What the index says of a scanned number (null: no index on this device, or it could not be read in time). */
export async function offlineGuess(code: string, station: number | null, withinMs = 1500): Promise<OfflineGuess | null> {
  const read = load().then((m) => m.guess(code, station)).catch(() => null);
  return Promise.race([read, new Promise<null>((resolve) => setTimeout(() => resolve(null), withinMs))]);
}

/** Keeps the guess a queued scan showed, for the 最近同步 list after a reload. */
export function rememberGuess(key: string, guess: OfflineGuess): void {
  void load().then((m) => m.remember(key, guess)).catch(() => {});
}

/** The guesses kept for these Idempotency-Keys. */
export function recallGuesses(keys: readonly string[]): Promise<Map<string, OfflineGuess>> {
  return load().then((m) => m.recall(keys)).catch(() => new Map());
}

/**
 * Keeps the index fresh while a floor screen is open (from after its first screen), and says how it
 * stands. `fetchPage` calls FloorIndex/GetExpected.
 */
export function useFloorIndex(fetchPage: FetchPage | null): IndexStatus | null {
  const [status, setStatus] = useState<IndexStatus | null>(null);
  useEffect(() => {
    if (!fetchPage) return;
    let gone = false;
    let off = () => {};
    afterFirstScreen(() => {
      if (gone) return;
      load().then((m) => {
        if (gone) return;
        m.start(fetchPage);
        off = m.observe(setStatus);
      }, () => {});
    });
    return () => {
      gone = true;
      off();
    };
  }, [fetchPage]);
  return status;
}
