// The device's one index and its refresher (decision 0067): loaded after a floor screen's first screen.
// It refreshes on open, when the network comes back, when the app is shown again and every few
// minutes, only while the server answers; one refresh at a time.
import { outboxSource } from '../outbox/index.ts';
import { serverIsSilent } from '../outbox/reachability.ts';
import { FloorIndexDb } from './db.ts';
import { guessesOf, guessFor, keepGuess, syncFloorIndex, type FetchPage } from './sync.ts';
import type { OfflineGuess } from './verdict.ts';

export const REFRESH_EVERY_MS = 3 * 60_000;

export interface IndexStatus {
  /** Parcels held; null before the first complete load. */
  count: number | null;
  syncedAt: number | null;
  syncing: boolean;
  failed: boolean;
}

let db: FloorIndexDb | null = null;
const theDb = () => (db ??= new FloorIndexDb());

let fetcher: FetchPage | null = null;
let running: Promise<void> | null = null;
let started = false;
let status: IndexStatus = { count: null, syncedAt: null, syncing: false, failed: false };
const listeners = new Set<(s: IndexStatus) => void>();

function set(next: Partial<IndexStatus>): void {
  status = { ...status, ...next };
  for (const l of [...listeners]) l(status);
}

const owner = (): string | null => {
  try {
    return outboxSource().getOwner();
  } catch {
    return null;
  }
};

export function observe(listener: (s: IndexStatus) => void): () => void {
  listeners.add(listener);
  listener(status);
  return () => listeners.delete(listener);
}

/** Brings the index up to date now, unless offline, the server is silent, or a refresh is under way. */
export function refresh(): Promise<void> {
  const who = owner();
  if (!fetcher || !who || (typeof navigator !== 'undefined' && navigator.onLine === false) || serverIsSilent()) return running ?? Promise.resolve();
  const fetchPage = fetcher;
  return (running ??= (async () => {
    set({ syncing: true });
    try {
      await syncFloorIndex(theDb(), fetchPage, who);
      const meta = await theDb().meta.get('state');
      set({ syncing: false, failed: false, count: meta?.count ?? null, syncedAt: meta?.syncedAt ?? null });
    } catch {
      // No answer or refused: the index stays as it was (a cut-off load starts over next time).
      set({ syncing: false, failed: true });
    } finally {
      running = null;
    }
  })());
}

/** Starts (once) the refresher with the screen's API; later calls only refresh. */
export function start(fetchPage: FetchPage): void {
  fetcher = fetchPage;
  if (!started && typeof window !== 'undefined') {
    started = true;
    // What the device holds already, shown at once.
    void theDb().meta.get('state').then((meta) => {
      if (meta?.watermark && meta.owner === owner()) set({ count: meta.count, syncedAt: meta.syncedAt });
    }, () => {});
    setInterval(() => void refresh(), REFRESH_EVERY_MS);
    window.addEventListener('online', () => void refresh());
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible' && Date.now() - (status.syncedAt ?? 0) > REFRESH_EVERY_MS) void refresh();
    });
  }
  void refresh();
}

export async function guess(code: string, station: number | null): Promise<OfflineGuess | null> {
  const who = owner();
  return who ? guessFor(theDb(), who, code, station) : null;
}

export const remember = (key: string, g: OfflineGuess): Promise<void> => keepGuess(theDb(), key, g);
export const recall = (keys: readonly string[]): Promise<Map<string, OfflineGuess>> => guessesOf(theDb(), keys);
