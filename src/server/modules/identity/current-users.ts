// The signed-in user and their permissions, cached per server for a short while so a request does
// not read them from the database each time. Keyed by tenant and user, checked against the token's
// security stamp; dropped on every server when an identity event arrives (events.ts, decision 0017).
import type { Database, Db, TenantId } from '../../db/client.ts';
import type { CurrentUser } from './current-user.ts';
import type { Principal } from '../../lib/tokens.ts';
import { IDENTITY_CHANNEL, parseIdentityEvent, takeCommittedEvents, type IdentityEvent } from './events.ts';
import { acceptsToken, readCurrentUser, type FoundUser } from './repository.ts';

/** How long a cached user is trusted without any event: a safety net should a NOTIFY be lost. */
export const CURRENT_USER_TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

export interface CurrentUsers {
  /** The token's user, or null when gone, inactive, the token's stamp is not theirs or it was signed out. */
  get(principal: Principal, tx: Db | null): Promise<CurrentUser | null>;
  /** Applies the events of a transaction that has just committed (this server's own changes). */
  afterCommit(tx: Db): void;
  /** Called after an event has been applied (the realtime hub re-checks its sockets). */
  onChange(listener: (event: IdentityEvent) => void): () => void;
  /** Starts listening for other servers' events; returns the stop function. */
  start(): Promise<() => Promise<void>>;
}

interface Entry extends FoundUser { expiresAt: number }

const keyOf = (tenantId: TenantId, userId: number) => `${tenantId ?? 'host'}:${userId}`;

export function createCurrentUsers(database: Database): CurrentUsers {
  const entries = new Map<string, Entry>();
  const listeners = new Set<(event: IdentityEvent) => void>();
  // Bumped by every event: a read that started before an event must not cache what it read.
  let generation = 0;

  const apply = (event: IdentityEvent) => {
    generation++;
    if (event.userId !== undefined) entries.delete(keyOf(event.tenantId, event.userId));
    else {
      // A role or the tenant itself: which users it touches is not known here, so all of the tenant's.
      const prefix = `${event.tenantId ?? 'host'}:`;
      for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
    }
    for (const listener of listeners) listener(event);
  };

  return {
    async get(principal, tx) {
      const key = keyOf(principal.tenantId, principal.userId);
      const hit = entries.get(key);
      if (hit && hit.expiresAt > Date.now() && acceptsToken(hit, principal)) return hit.user;
      // A miss, an expired entry, or a token the entry refuses (the token may be newer: read again).
      const started = generation;
      const found = await readCurrentUser(tx, database, principal);
      if (!found) {
        entries.delete(key);
        return null;
      }
      if (started === generation) {
        entries.delete(key);
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        entries.set(key, { ...found, expiresAt: Date.now() + CURRENT_USER_TTL_MS });
      }
      return acceptsToken(found, principal) ? found.user : null;
    },
    afterCommit(tx) {
      for (const event of takeCommittedEvents(tx)) apply(event);
    },
    onChange(listener) {
      listeners.add(listener);
      return () => { listeners.delete(listener); };
    },
    start() {
      return database.listen(IDENTITY_CHANNEL, (payload) => {
        const event = parseIdentityEvent(payload);
        if (event) apply(event);
      });
    },
  };
}
