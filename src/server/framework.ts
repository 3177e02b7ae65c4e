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
   * object; the framework then stores nothing more. Rejects if the key turns out to be another
   * request's (the action ran ahead of its claim): the action must then send nothing more.
   */
  readonly answerAlong?: (answer: unknown) => Promise<PendingWrite>;
  /**
   * The request's Idempotency-Key, not claimed (decision 0051): given to an action marked claimsItsKey,
   * on its first run, where statements pipeline (PostgreSQL). The action writes the key's row itself,
   * with its answer, in its one statement, which is the transaction's last, and calls `stored` with
   * that answer, the object it returns. When it cannot, it throws RunAgain before writing anything.
   */
  readonly ownKey?: OwnKey;
}

export interface OwnKey {
  readonly tenantId: number | null;
  readonly userId: number | null;
  readonly key: string;
  /** The request's hash, as the claim stores it. */
  readonly hash: string;
  stored(answer: unknown): void;
}

/**
 * Thrown by an action, or by the framework for it, to have its request's transaction rolled back and
 * the request run again (decisions 0039 and 0051): without ctx.ownKey, its key's claim sent with its
 * first statement; with `claimFirst`, its key claimed before anything else (the key was found taken:
 * the run again answers the stored answer, or 409 or 422).
 */
export class RunAgain extends Error {
  constructor(readonly claimFirst: boolean, reason: string) {
    super(reason);
  }
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

/** Handlers marked by claimsItsKey. */
const OWN_KEY = new WeakSet<object>();

/**
 * Marks a write action that claims its Idempotency-Key itself (decision 0051). On its first run
 * where statements pipeline it gets ctx.ownKey and writes the key's row with its answer in its own
 * statement; when it cannot, it throws RunAgain and runs again with its statements sent behind the
 * key's claim before the claim has answered (decision 0039). If the key then turns out to be taken,
 * the whole transaction is rolled back and the request runs again claim first, so the action must have
 * no effect outside its transaction: no outside call, no file, no memory of its own; notices wait for
 * the commit already (notifyOnCommit).
 */
export function claimsItsKey<H extends (...args: never[]) => Promise<unknown>>(handler: H): H {
  OWN_KEY.add(handler);
  return handler;
}

export function writesItsOwnKey(handler: object): boolean {
  return OWN_KEY.has(handler);
}

export function implement<S extends ServiceDef>(service: S, build: (deps: Deps) => Implementation<S>): ServiceImplementation<S> {
  return { service, build };
}
