// The context an action's implementation sees, and the tenant transaction it runs in.
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { applyScope, type DataScope, type Db, type TenantId } from '../../db/client.ts';
import type { CurrentUser, Deps, Language, RequestContext, UploadBody } from '../../framework.ts';
import { sqlStateOf } from '../../lib/errors.ts';
import type { Principal } from '../../lib/tokens.ts';

/**
 * PostgreSQL's answers for a transaction it chose to end so another could go on: a deadlock (two
 * transactions each waiting for a row the other holds, e.g. a seller's cancel locking the order then
 * its parcels while a scan locks a parcel then its order) or a serialization failure. Nothing of the
 * transaction stays, so it can simply run again.
 */
const RUN_AGAIN_STATES = new Set(['40P01', '40001']);
/** How many times a request's transaction runs at most when PostgreSQL ends it that way. */
export const TRANSACTION_ATTEMPTS = 3;

/**
 * withTenant, then the identity changes it committed reach this server's cache at once. A transaction
 * PostgreSQL ended as a deadlock's victim runs again (at most TRANSACTION_ATTEMPTS times) rather than
 * answering 500: it left nothing behind.
 */
export async function inTransaction<T>(deps: Deps, tenantId: TenantId, fn: (tx: Db) => Promise<T>, scope: DataScope | null = null): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    let used: Db | undefined;
    try {
      const result = await deps.database.withTenant(tenantId, async (tx) => { used = tx; await applyScope(tx, scope); return fn(tx); });
      if (used) deps.currentUsers.afterCommit(used);
      return result;
    } catch (err) {
      const state = sqlStateOf(err);
      if (attempt >= TRANSACTION_ATTEMPTS || state === undefined || !RUN_AGAIN_STATES.has(state)) throw err;
    }
  }
}

/**
 * The context an action's implementation sees, from the request, its caller and its transaction. A
 * class: its two getters live on the prototype, not defined again on every request's object.
 */
class ActionContext implements RequestContext {
  readonly session: RequestContext['session'];
  readonly log: FastifyBaseLogger;
  readonly now = new Date();

  constructor(
    private readonly deps: Deps, private readonly req: FastifyRequest, private readonly label: string, private readonly tx: Db | null,
    readonly tenantId: TenantId, readonly user: CurrentUser | null, principal: Principal | null, readonly language: Language,
    readonly answerAlong?: RequestContext['answerAlong'],
  ) {
    this.session = principal?.session ?? null;
    this.log = req.log;
  }

  get db(): Db {
    if (!this.tx) throw new Error(`${this.label} is declared transaction: 'manual'; use ctx.transaction()`);
    return this.tx;
  }

  // A manual action's own transactions carry the caller's data scope too (only within his tenant).
  transaction<T>(fn: (tx: Db) => Promise<T>, t: TenantId = this.tenantId): Promise<T> {
    return inTransaction(this.deps, t, fn, t === this.tenantId ? this.user?.scope ?? null : null);
  }

  // Read when asked: Fastify works out the scheme and the host on every read of them.
  get origin(): string {
    return `${this.req.protocol}://${this.req.host}`;
  }
}

export function requestContext(
  deps: Deps, req: FastifyRequest, label: string, tx: Db | null, tenantId: TenantId, user: CurrentUser | null, principal: Principal | null, language: Language,
  answerAlong?: RequestContext['answerAlong'],
): RequestContext {
  return new ActionContext(deps, req, label, tx, tenantId, user, principal, language, answerAlong);
}

export type ActionHandler = (input: unknown, ctx: RequestContext, body?: UploadBody) => Promise<unknown>;
