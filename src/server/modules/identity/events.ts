// Identity changes every server must hear about: a user's row, a role's permissions, a tenant.
// Each is a NOTIFY in the changing transaction (it leaves only if the change commits, decision
// 0003) and is also kept on the transaction so the server that made it can apply it the moment
// the transaction commits, without waiting for its own NOTIFY to come back.
import { sql } from 'drizzle-orm';
import type { Db, TenantId } from '../../db/client.ts';
import type { Principal } from '../../lib/tokens.ts';
import { recordSignOut, renewSecurityStamp } from './repository.ts';

export const IDENTITY_CHANNEL = 'haicang_identity';

/** A user (u), every user holding a role of the tenant (r), or the whole tenant (neither). */
export interface IdentityEvent { tenantId: TenantId; userId?: number; roleId?: number }

const pending = new WeakMap<Db, IdentityEvent[]>();

async function emit(tx: Db, event: { tenantId?: TenantId; userId?: number; roleId?: number }): Promise<void> {
  // The tenant defaults to the transaction's own (app.tenant_id; '' is the host).
  const tenant = event.tenantId === undefined ? sql`nullif(current_setting('app.tenant_id', true), '')::bigint` : sql`${event.tenantId}::bigint`;
  const result = await tx.execute(sql`
    select t, pg_notify(${IDENTITY_CHANNEL}, json_build_object('t', t, 'u', ${event.userId ?? null}::bigint, 'r', ${event.roleId ?? null}::bigint)::text)
    from (select ${tenant} as t) s`);
  const raw = (result as unknown as { rows: { t: number | string | null }[] }).rows[0]?.t ?? null;
  const committed: IdentityEvent = { tenantId: raw === null ? null : Number(raw) };
  if (event.userId !== undefined) committed.userId = event.userId;
  if (event.roleId !== undefined) committed.roleId = event.roleId;
  pending.set(tx, [...(pending.get(tx) ?? []), committed]);
}

export const identityEvents = {
  /** The user's name, language, type or roles changed: cached copies are dropped, tokens stay valid. */
  userChanged: (tx: Db, userId: number) => emit(tx, { userId }),
  /**
   * Ends every token of the user (a new security stamp): password changed or reset, deactivated,
   * deleted, roles or type changed.
   */
  async sessionsEnded(tx: Db, userId: number): Promise<void> {
    await renewSecurityStamp(tx, userId);
    await emit(tx, { userId });
  },
  /** Ends one token (TokenAuth/SignOut); the user's other tokens stay good. */
  async signedOut(tx: Db, userId: number, session: Principal['session']): Promise<void> {
    await recordSignOut(tx, userId, session);
    await emit(tx, { userId });
  },
  /** A role's permissions changed or it was deleted: every cached user of the tenant is reloaded. */
  roleChanged: (tx: Db, roleId: number) => emit(tx, { roleId }),
  /** A tenant was deactivated, renamed or deleted (from the host). */
  tenantChanged: (tx: Db, tenantId: number) => emit(tx, { tenantId }),
};

/** The events a committed transaction emitted (taken once; the transaction object is then done). */
export function takeCommittedEvents(tx: Db): IdentityEvent[] {
  const events = pending.get(tx) ?? [];
  pending.delete(tx);
  return events;
}

export function parseIdentityEvent(payload: string): IdentityEvent | null {
  try {
    const { t, u, r } = JSON.parse(payload) as { t: number | null; u: number | null; r: number | null };
    const event: IdentityEvent = { tenantId: t ?? null };
    if (u !== null && u !== undefined) event.userId = Number(u);
    if (r !== null && r !== undefined) event.roleId = Number(r);
    return event;
  } catch {
    return null;
  }
}
