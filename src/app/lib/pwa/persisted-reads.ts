// The reads a signed-in start needs (configuration, session, warehouses), kept in localStorage after
// each visit and put back into the query cache before the router starts: the first screen paints
// from them at once (online the server is asked right after, see start-up.ts; offline they stand in
// for it). Only while someone is signed in, and only for the token that saved them: signing out
// drops them, and another sign-in's token finds none.
import { dehydrate, hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';

export const READS_KEY = 'haicang.reads';
/** After a week unopened, the floor must go online once again. */
export const READS_MAX_AGE_MS = 7 * 24 * 3600 * 1000;
const PERSISTED = new Set(['AbpUserConfiguration', 'Session', 'WarehouseInfo']);
const SAVE_DELAY_MS = 500;

interface Saved { savedAt: number; owner: string; state: DehydratedState }

/** Who the reads belong to: a fingerprint of the tenant and token (not a secret: FNV-1a, 64 bits). */
export function readsOwner(tenantId: number | null, token: string | null): string | null {
  if (!token) return null;
  const text = `${tenantId ?? 'host'}:${token}`;
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x5bd1e995) >>> 0;
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

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

/** Synchronous: run before the router's first load. `owner` is readsOwner() of the current token. */
export function restoreReads(queryClient: QueryClient, owner: string | null, storage: Storage = localStorage, now = Date.now()): boolean {
  if (!owner) {
    dropReads(storage);
    return false;
  }
  try {
    const raw = storage.getItem(READS_KEY);
    if (!raw) return false;
    const saved = JSON.parse(raw) as Saved;
    if (!saved?.state || typeof saved.savedAt !== 'number' || now - saved.savedAt > READS_MAX_AGE_MS || saved.owner !== owner) {
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
export function persistReads(queryClient: QueryClient, owner: () => string | null, storage: Storage = localStorage): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const save = () => {
    timer = null;
    const who = owner();
    if (!who) return dropReads(storage);
    const state = dehydrate(queryClient, { shouldDehydrateQuery: shouldPersist });
    if (!state.queries.length) return;
    try {
      storage.setItem(READS_KEY, JSON.stringify({ savedAt: Date.now(), owner: who, state } satisfies Saved));
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
