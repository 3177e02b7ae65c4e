// The reads the floor needs to open offline (configuration, session, warehouses), kept in
// localStorage after each online visit and put back into the query cache before the router starts.
// Only while someone is signed in, and only that user's: signing out drops them.
import { dehydrate, hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';

export const READS_KEY = 'haicang.reads';
/** After a week unopened, the floor must go online once again. */
export const READS_MAX_AGE_MS = 7 * 24 * 3600 * 1000;
const PERSISTED = new Set(['AbpUserConfiguration', 'Session', 'WarehouseInfo']);
const SAVE_DELAY_MS = 500;

interface Saved { savedAt: number; state: DehydratedState }

const signedInAnswer = (query: Query): boolean => {
  const data = query.state.data as { session?: { userId?: unknown }; user?: unknown } | undefined;
  if (query.queryKey[0] === 'AbpUserConfiguration') return data?.session?.userId != null;
  if (query.queryKey[0] === 'Session') return !!data?.user;
  return true;
};

export const shouldPersist = (query: Query): boolean =>
  query.state.status === 'success' && PERSISTED.has(String(query.queryKey[0])) && signedInAnswer(query);

export function dropReads(storage: Storage = localStorage): void {
  try { storage.removeItem(READS_KEY); } catch { /* private mode */ }
}

/** Synchronous: run before the router's first load. */
export function restoreReads(queryClient: QueryClient, signedIn: boolean, storage: Storage = localStorage, now = Date.now()): boolean {
  if (!signedIn) {
    dropReads(storage);
    return false;
  }
  try {
    const raw = storage.getItem(READS_KEY);
    if (!raw) return false;
    const saved = JSON.parse(raw) as Saved;
    if (!saved?.state || typeof saved.savedAt !== 'number' || now - saved.savedAt > READS_MAX_AGE_MS) {
      dropReads(storage);
      return false;
    }
    hydrate(queryClient, saved.state);
    return true;
  } catch {
    dropReads(storage);
    return false;
  }
}

/** Saves the persisted reads whenever they change (debounced). Returns unsubscribe. */
export function persistReads(queryClient: QueryClient, isSignedIn: () => boolean, storage: Storage = localStorage): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const save = () => {
    timer = null;
    if (!isSignedIn()) return dropReads(storage);
    const state = dehydrate(queryClient, { shouldDehydrateQuery: shouldPersist });
    if (!state.queries.length) return;
    try {
      storage.setItem(READS_KEY, JSON.stringify({ savedAt: Date.now(), state } satisfies Saved));
    } catch {
      // Storage full or private mode: the app still works online.
    }
  };
  const off = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' && event.type !== 'removed') return;
    if (!PERSISTED.has(String(event.query.queryKey[0]))) return;
    if (!timer) timer = setTimeout(save, SAVE_DELAY_MS);
  });
  return () => {
    off();
    if (timer) clearTimeout(timer);
  };
}
