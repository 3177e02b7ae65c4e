// How a service is implemented: implement(contract, deps => ({ action: (input, ctx) => … })).
// A missing or mistyped action does not compile.
import type { z } from 'zod';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { ActionDef, ParsedInputOf, ServiceDef } from '#shared/contracts/define.ts';
import type { Database, Db, TenantId } from './db/client.ts';
import type { PendingWrite } from './db/pending-write.ts';
import type { Config } from './config.ts';
import type { TokenService } from './lib/tokens.ts';
import { unauthorized } from './lib/errors.ts';
import type { CurrentUsers } from './modules/identity/current-users.ts';
import type { CurrentUser } from './modules/identity/current-user.ts';
import type { Sealer } from './lib/sealed.ts';
import type { ShopeeClient } from './modules/shopee/client.ts';

// Who is calling belongs to identity; re-exported for the services that take it from here.
export type { CurrentUser };

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
  /** This site as the caller reached it (scheme://host[:port]), for addresses handed to other sites. */
  readonly origin?: string;
  /**
   * A keyed write action's answer as a write for its final statement (decision 0040), absent when the
   * request has no Idempotency-Key. The action puts the returned write into its last statement, sends
   * nothing after it (on PostgreSQL COMMIT goes behind it) and returns `answer` itself, the same
   * object; the framework then stores nothing more.
   */
  readonly answerAlong?: (answer: unknown) => Promise<PendingWrite>;
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
  /** The Shopee Open Platform, real or the product's fake (decision 0028). */
  shopee: ShopeeClient;
  /** Seals the Shopee shops' tokens in the database (lib/sealed.ts). */
  shopTokens: Sealer;
  /** Seals the state a Shopee authorisation address carries to its callback (the seller, the shop named). */
  shopeeState: Sealer;
}

/**
 * What a file action answers: the bytes (a stream stays a stream) with their type and name. The
 * route sends Content-Type, Content-Disposition (`inline` or `attachment`, the name in the plain and
 * the RFC 5987 form) and Cache-Control (no-store unless said), answers 304 to a matching If-None-Match.
 */
export interface FileAnswer {
  body: Readable | Buffer;
  contentType: string;
  fileName: string;
  disposition: 'inline' | 'attachment';
  /** The ASCII name for clients that ignore filename*; by default the name with non-ASCII replaced. */
  asciiName?: string;
  size?: number;
  etag?: string;
  cacheControl?: string;
}

/** The file part of a multipart upload, as the parser hands it over: nothing is buffered yet. */
export interface UploadedPart {
  stream: Readable;
  fileName: string | undefined;
  /** The multipart field it came in; a different name than the declared one is for the action to refuse. */
  field: string;
  /** Whether the parser cut the file at the action's maxBytes (known once the stream has ended). */
  readonly truncated: boolean;
}

/** Reads the multipart body of an upload action (errors are the parser's; the action words them). */
export interface UploadBody {
  isMultipart: boolean;
  /** The first file part, or undefined when the body has none. */
  file(): Promise<UploadedPart | undefined>;
}

type Answer<A extends ActionDef> = A['file'] extends object ? FileAnswer : z.input<A['output']>;
export type Handler<A extends ActionDef> = A['upload'] extends object
  ? (input: ParsedInputOf<A>, ctx: RequestContext, body: UploadBody) => Promise<Answer<A>>
  : (input: ParsedInputOf<A>, ctx: RequestContext) => Promise<Answer<A>>;
export type Implementation<S extends ServiceDef> = { [K in keyof S['actions']]: Handler<S['actions'][K]> };

export interface ServiceImplementation<S extends ServiceDef = ServiceDef> {
  service: S;
  build: (deps: Deps) => Implementation<S>;
}

export function implement<S extends ServiceDef>(service: S, build: (deps: Deps) => Implementation<S>): ServiceImplementation<S> {
  return { service, build };
}
