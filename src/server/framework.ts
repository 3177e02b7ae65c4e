// How a service is implemented: implement(contract, deps => ({ action: (input, ctx) => … })).
// A missing or mistyped action does not compile.
import type { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { ActionDef, ParsedInputOf, ServiceDef } from '#shared/contracts/define.ts';
import type { Database, Db, TenantId } from './db/client.ts';
import type { Config } from './config.ts';
import type { TokenService } from './lib/tokens.ts';
import { unauthorized } from './lib/errors.ts';
import type { CurrentUsers } from './modules/identity/current-users.ts';

export interface CurrentUser {
  id: number;
  tenantId: TenantId;
  userName: string;
  name: string;
  surname: string;
  emailAddress: string | null;
  userType: 0 | 1;
  userCode: string | null;
  language: string | null;
  permissions: ReadonlySet<string>;
}

export type Language = 'zh-Hans' | 'en';

export interface RequestContext {
  /** The request's transaction, confined to ctx.tenantId by row-level security. */
  readonly db: Db;
  /** A separate tenant-scoped transaction, for actions declared transaction: 'manual'. */
  transaction<T>(fn: (tx: Db) => Promise<T>, tenantId?: TenantId): Promise<T>;
  readonly tenantId: TenantId;
  readonly user: CurrentUser | null;
  /** The calling token's own id and expiry (TokenAuth/SignOut ends it); null when anonymous. */
  readonly session?: { id: string; expiresAt: number } | null;
  readonly language: Language;
  readonly log: FastifyBaseLogger;
  readonly now: Date;
}

/** The signed-in user, or 401 (for actions whose access lets anonymous callers in). */
export function requireUser(ctx: RequestContext): CurrentUser {
  if (!ctx.user) throw unauthorized();
  return ctx.user;
}

export interface Deps {
  config: Config;
  database: Database;
  tokens: TokenService;
  /** The signed-in users, cached per server (decision 0017). */
  currentUsers: CurrentUsers;
}

export type Handler<A extends ActionDef> = (input: ParsedInputOf<A>, ctx: RequestContext) => Promise<z.input<A['output']>>;
export type Implementation<S extends ServiceDef> = { [K in keyof S['actions']]: Handler<S['actions'][K]> };

export interface ServiceImplementation<S extends ServiceDef = ServiceDef> {
  service: S;
  build: (deps: Deps) => Implementation<S>;
}

export function implement<S extends ServiceDef>(service: S, build: (deps: Deps) => Implementation<S>): ServiceImplementation<S> {
  return { service, build };
}
