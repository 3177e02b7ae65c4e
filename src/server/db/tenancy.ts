// Tenancy: each request handle's tenant and group scope, set in PostgreSQL's settings (set_config)
// that the row-level-security policies read (schema/tenancy.ts); unscoped, to see past the scope.
import { sql } from 'drizzle-orm';
import { APP_ROLE, SCOPED_ROLE } from './schema/tenancy.ts';
import { OPENING_OF } from './pipelining.ts';
import type { Db, SessionSettings, TenantId } from './types.ts';

export async function scopeTransaction(tx: Db, tenantId: TenantId): Promise<void> {
  await tx.execute(sql`select set_config('app.tenant_id', ${tenantId === null ? '' : String(tenantId)}, true), set_config('role', ${APP_ROLE}, true)`);
}

/**
 * A staff member's data scope (DOMAIN §1, decisions 0023 and 0034): the sites and the warehouses he may see;
 * null in a dimension means unrestricted there. Null as a whole (sellers, staff in no group, staff
 * with warehouse.Manages): everything the tenant holds.
 */
export interface DataScope { sites: readonly string[] | null; warehouses: readonly number[] | null }

/** The scope each transaction was given (applyScope is the only writer of the settings). */
export const SCOPES = new WeakMap<Db, { sites: string; warehouses: string }>();

/** The tenant each request handle (withTenant, read) works for. */
export const TENANTS = new WeakMap<Db, string>();

/**
 * What a request handle can see, as a key (the tenant and the scope in force now): two handles with
 * the same key read the same rows. Null for a handle that is not a request's (root).
 */
export function visibilityOf(tx: Db): string | null {
  const tenant = TENANTS.get(tx);
  if (tenant === undefined) return null;
  const scope = SCOPES.get(tx);
  return `${tenant}|${scope?.sites ?? ''}|${scope?.warehouses ?? ''}`;
}

/** Whether a group scope narrows what the handle sees now (applyScope; none inside unscoped). */
export function isScoped(tx: Db): boolean {
  return SCOPES.has(tx);
}

export const SESSION_OF = new WeakMap<Db, { settings: SessionSettings; forget: () => void }>();

/**
 * Sets the scope settings, and the role the scope policies apply to (haicang_scoped while there is a
 * scope, haicang_app otherwise): for the transaction, or for the session of a `read` handle.
 */
async function setScope(tx: Db, set: { sites: string; warehouses: string }): Promise<void> {
  const session = SESSION_OF.get(tx);
  const local = session ? false : true;
  const role = set.sites || set.warehouses ? SCOPED_ROLE : APP_ROLE;
  try {
    await tx.execute(sql`select set_config('app.scope_sites', ${set.sites}, ${local}), set_config('app.scope_warehouses', ${set.warehouses}, ${local}),
      set_config('role', ${role}, ${local})`);
  } catch (err) {
    session?.forget(); // whatever the connection holds now, the next checkout sets everything anew
    throw err;
  }
  if (session) Object.assign(session.settings, set);
}

/**
 * Narrows the rest of the transaction to the scope: the restrictive row-level-security policies
 * (schema/tenancy.ts siteScopePolicy, warehouseScopePolicy) read these settings, so every query that
 * follows, whoever wrote it, sees only the scope's rows. Transaction-local, like app.tenant_id (for
 * the session on a `read` handle, put back by the next checkout); switches to haicang_scoped.
 */
export async function applyScope(tx: Db, scope: DataScope | null): Promise<void> {
  if (!scope || (!scope.sites && !scope.warehouses)) return;
  const set = { sites: scope.sites?.join(',') ?? '', warehouses: scope.warehouses?.join(',') ?? '' };
  await setScope(tx, set);
  SCOPES.set(tx, set);
}

/**
 * Runs fn seeing past the scope, then puts it back: for the few reads that must count what the
 * warehouse really holds whoever asks (a free holding slot), never to answer rows to the caller.
 * A transaction given no scope (nearly every one, the scan's included) costs nothing: fn just runs.
 */
export async function unscoped<T>(tx: Db, fn: () => Promise<T>): Promise<T> {
  const saved = SCOPES.get(tx);
  if (!saved) return fn();
  SCOPES.delete(tx);
  await setScope(tx, { sites: '', warehouses: '' });
  const restore = async () => {
    // fn may have sent the transaction's last statement, with COMMIT behind it (decision 0040): the
    // transaction, and its transaction-local scope, has ended; nothing more may be sent.
    if (!OPENING_OF.get(tx)?.committed) await setScope(tx, saved);
    SCOPES.set(tx, saved);
  };
  let value: T;
  try {
    value = await fn();
  } catch (err) {
    // A failed statement has aborted the transaction: nothing more runs in it, keep fn's error.
    await restore().catch(() => {});
    throw err;
  }
  await restore();
  return value;
}
