// Notices after commit (decisions 0035, 0054): NOTIFY held until a request's transaction has
// committed, then sent in batches; gathered notices merged per key.
import { sql } from 'drizzle-orm';
import { TENANTS } from './tenancy.ts';
import type { Db } from './types.ts';

/** A NOTIFY waiting for its request's transaction to commit (notifyOnCommit). */
export interface Notice { channel: string; payload: string; gather?: Gather }
/**
 * A notice that may wait a moment and go out merged with others of its key (decision 0054): the
 * first of a key after a quiet spell leaves with the next batch, as any notice does; those that come
 * while the key's window (GATHER_MS) is open wait for it to close and leave together, their parts
 * made into as few payloads as `merge` makes of them. For hints like floor work, where a dashboard
 * wants to hear that something moved, not each thing that did.
 */
export interface Gather { key: string; part: string; merge: (parts: readonly string[]) => string[] }
/** How long the notices of one gathered key wait to go out together (decision 0054). */
export const GATHER_MS = 250;
/** The notices each request handle (withTenant, read) holds until its work has committed. */
export const NOTICES = new WeakMap<Db, Notice[]>();

/**
 * NOTIFY channel with a payload naming tx's tenant, once tx's work has committed; never if it rolls
 * back (decision 0035). A NOTIFY inside a transaction takes PostgreSQL's one notify lock at commit and
 * holds it through the WAL flush, so every notifying commit in the cluster waits for the one before:
 * the notices of request transactions are sent after them instead, a batch at a time, by a
 * statement that does not wait for its own flush. A handle that is not a request's (root, a nested
 * transaction) sends the NOTIFY inside its transaction, as before.
 */
export async function notifyOnCommit(
  tx: Db, channel: string, payload: (tenantId: number | null) => string, gather?: (tenantId: number | null) => Gather,
): Promise<void> {
  const held = NOTICES.get(tx);
  const tenant = TENANTS.get(tx);
  if (held && tenant !== undefined) {
    const tenantId = tenant === '' ? null : Number(tenant);
    held.push({ channel, payload: payload(tenantId), ...(gather ? { gather: gather(tenantId) } : {}) });
    return;
  }
  const { rows: [row] } = (await tx.execute(sql`select nullif(current_setting('app.tenant_id', true), '') as t`)) as unknown as { rows: { t: string | null }[] };
  await tx.execute(sql`select pg_notify(${channel}, ${payload(row?.t ? Number(row.t) : null)})`);
}

/**
 * Sends the notices of committed request transactions: whatever has gathered by the next turn of the
 * event loop goes as one statement (duplicates once), the next batch when that one is done. The
 * statement sets synchronous_commit off for itself: a notice is a hint to refresh, the work it
 * announces is already durable, so its commit need not wait for the disk while holding the notify lock.
 * Gathered notices (Gather) of a key wait for its window to close and go as one (decision 0054): at a
 * thousand scans a second, one statement and one notice per tenant four times a second, not one each.
 */
export function noticeSender(send: (channels: string[], payloads: string[]) => Promise<unknown>) {
  let pending: Notice[] = [];
  let running: Promise<void> | null = null;
  /** The gathered keys whose window is open: the parts come since it opened, sent when it closes. */
  const windows = new Map<string, { channel: string; merge: Gather['merge']; parts: Set<string>; timer: NodeJS.Timeout }>();
  const drain = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    while (pending.length) {
      const batch = new Map(pending.map((n) => [`${n.channel}\u0000${n.payload}`, n]));
      pending = [];
      const notices = [...batch.values()];
      // A lost notice costs a dashboard its refresh until the next one, never data: keep serving.
      await send(notices.map((n) => n.channel), notices.map((n) => n.payload)).catch(() => {});
    }
    running = null;
  };
  const queue = (notices: readonly Notice[]) => {
    if (notices.length === 0) return;
    pending.push(...notices);
    running ??= drain();
  };
  const openWindow = (key: string, channel: string, merge: Gather['merge']) => {
    const timer = setTimeout(() => closeWindow(key, true), GATHER_MS);
    timer.unref();
    windows.set(key, { channel, merge, parts: new Set(), timer });
  };
  /**
   * Sends what a key gathered. Then, with `reopen` and something sent, its next window opens; with
   * nothing gathered (or at close) the key goes quiet.
   */
  const closeWindow = (key: string, reopen: boolean) => {
    const open = windows.get(key);
    if (!open) return;
    clearTimeout(open.timer);
    windows.delete(key);
    if (open.parts.size === 0) return;
    queue(open.merge([...open.parts]).map((payload) => ({ channel: open.channel, payload })));
    if (reopen) openWindow(key, open.channel, open.merge);
  };
  return {
    publish(notices: readonly Notice[]): void {
      const now: Notice[] = [];
      for (const n of notices) {
        const g = n.gather;
        if (!g) {
          now.push(n);
          continue;
        }
        const open = windows.get(g.key);
        if (open) {
          open.parts.add(g.part);
          continue;
        }
        // The first of its key after a quiet spell leaves now, and opens the key's window.
        now.push({ channel: n.channel, payload: n.payload });
        openWindow(g.key, n.channel, g.merge);
      }
      queue(now);
    },
    /** Sends what the open windows gathered, and resolves when everything published so far has been sent (close waits for it). */
    settled: async (): Promise<void> => {
      for (const key of [...windows.keys()]) closeWindow(key, false);
      await running;
    },
  };
}
export type NoticeSender = ReturnType<typeof noticeSender>;

export const NOTIFY_BATCH = `select set_config('synchronous_commit', 'off', true), pg_notify(n.c, n.p) from unnest($1::text[], $2::text[]) as n(c, p)`;
