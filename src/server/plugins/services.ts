// Routes derived from the service registry: URL, input parsing and validation, authentication,
// the permission check, one tenant-scoped transaction per call, Idempotency-Key, the envelope.
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { actionUrl, camelKeys, coerceQuery, type ActionDef, type FileAnswerDef, type ServiceDef, type UploadDef } from '#shared/contracts/define.ts';
import { envelope } from '#shared/contracts/common.ts';
import { isSellerPermission, USER_TYPE } from '#shared/permissions.ts';
import { applyScope, lastStatementNext, type DataScope, type Db, type TenantId } from '../db/client.ts';
import type { PendingWrite } from '../db/pending-write.ts';
import { type CurrentUser, type Deps, type FileAnswer, type Language, type RequestContext, type ServiceImplementation, type UploadBody } from '../framework.ts';
import { AppError, MESSAGES, forbidden, localize, sqlStateOf, unauthorized } from '../lib/errors.ts';
import { answerWrite, claimIdempotencyKey, storeIdempotentResponse } from '../modules/platform/idempotency.ts';
import type { Principal } from '../lib/tokens.ts';
import { parseCookies } from '../lib/cookies.ts';

export const TENANT_HEADERS = ['abp.tenantid', 'abp-tenantid'] as const;
export const TENANT_COOKIE = 'Abp.TenantId';
export const CULTURE_COOKIE = 'Abp.Localization.CultureName';
/** ASP.NET Core's culture cookie; ABP reads a header of the same name first. */
export const ASPNET_CULTURE_COOKIE = '.AspNetCore.Culture';
export const CULTURE_HEADER = '.aspnetcore.culture';
export const IDEMPOTENCY_HEADER = 'idempotency-key';

type ValidationIssue = { message: string; members: string[] };

const EN_ZOD_MESSAGES = z.locales.en().localeError;

/** Options for schema.safeParse: zod's own messages in English for an English caller (Chinese is the default). */
export const parseOptions = (language: Language) => (language === 'en' ? { error: EN_ZOD_MESSAGES } : undefined);

function invalidInput(errors: ValidationIssue[], language: Language): AppError {
  const details = `${localize(language, '验证过程中检测到以下错误。')}\n${errors.map((e) => ` - ${e.members[0]}: ${e.message}`).join('\n')}`;
  return new AppError(400, MESSAGES.invalidRequest, details, errors);
}

const memberOf = (path: readonly PropertyKey[]) =>
  path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join('') || 'input';

/** Turns zod issues into the envelope's validationErrors (camelCase member paths). */
export function validationError(error: z.ZodError, language: Language = 'zh-Hans'): AppError {
  return invalidInput(error.issues.map((issue) => ({ message: issue.message, members: [memberOf(issue.path)] })), language);
}

/**
 * Text fields holding U+0000 anywhere in the input, as member paths. PostgreSQL cannot store that
 * character (a 500 otherwise); checking the whole input here covers every action, whatever its
 * schema builds strings with (z.string(), text(), z.record…), and file routes reading input alike.
 */
function nulMembers(value: unknown, path: PropertyKey[] = [], out: PropertyKey[][] = []): PropertyKey[][] {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) out.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => nulMembers(v, [...path, i], out));
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) nulMembers(v, [...path, k], out);
  }
  return out;
}

/**
 * The tenant a request names (ABP's HttpHeaderTenantResolveContributor, then the cookie): the
 * Abp.TenantId header, else the cookie. A value that is not a tenant number (`null`, empty,
 * `[object Object]` — what ABP's own clients send before a tenant is chosen) names no tenant: the host.
 */
export function requestedTenant(req: FastifyRequest): TenantId {
  const tenantOf = (raw: string | undefined) => (raw !== undefined && /^\s*\d{1,15}\s*$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);
  for (const h of TENANT_HEADERS) {
    const v = req.headers[h];
    const id = typeof v === 'string' ? tenantOf(v) : null;
    if (id !== null) return id;
  }
  return tenantOf(parseCookies(req.headers.cookie)[TENANT_COOKIE]);
}

export async function authenticate(deps: Deps, req: FastifyRequest): Promise<{ principal: Principal | null; tokenInvalid: boolean }> {
  const header = req.headers.authorization;
  if (!header || !/^Bearer\s+/i.test(header)) return { principal: null, tokenInvalid: false };
  const principal = await deps.tokens.verify(header.replace(/^Bearer\s+/i, '').trim());
  return { principal, tokenInvalid: principal === null };
}

/**
 * Which side may call a service (DOMAIN §1): Front* services are the seller's, Back* services the
 * staff's; otherwise the permission decides (Front.* ⇒ seller, any other ⇒ staff).
 */
export function sideOf(serviceName: string, access: ActionDef['permission']): 0 | 1 | null {
  if (access === 'public' || access === 'authenticated') return null;
  if (access === 'seller' || /^Front/.test(serviceName)) return USER_TYPE.seller;
  if (/^Back/.test(serviceName)) return USER_TYPE.staff;
  return isSellerPermission(access) ? USER_TYPE.seller : USER_TYPE.staff;
}

const ENC_AUTH_COOKIE = 'enc_auth_token';

/**
 * Who is calling, for every registry route: a bearer token whose tenant
 * matches Abp.TenantId. `allowCookie`: GET links opened by <img> or a new window carry the
 * enc_auth_token cookie instead (never for uploads, so a foreign page cannot post with it).
 * `optional`: anonymous callers pass (an invalid token then counts as none). Otherwise 401.
 */
export async function identifyCaller(
  deps: Deps, req: FastifyRequest, options: { allowCookie?: boolean; optional?: boolean; ignoreToken?: boolean } = {},
): Promise<{ tenantId: TenantId; principal: Principal | null }> {
  const tenantId = requestedTenant(req);
  if (options.ignoreToken) return { tenantId, principal: null };
  let { principal, tokenInvalid } = await authenticate(deps, req);
  if (!principal && !tokenInvalid && options.allowCookie) {
    const encrypted = parseCookies(req.headers.cookie)[ENC_AUTH_COOKIE];
    if (encrypted) {
      principal = await deps.tokens.verifyEncrypted(encrypted);
      tokenInvalid = principal === null;
    }
  }
  if (principal && principal.tenantId !== tenantId) throw unauthorized('登录令牌与请求的租户 (Abp.TenantId) 不一致，请重新登录。');
  if (tokenInvalid && !options.optional) throw unauthorized('登录已过期或令牌无效，请重新登录。');
  if (!principal && !options.optional) throw unauthorized();
  (req as FastifyRequest & { principal?: Principal | null }).principal = principal;
  return { tenantId, principal };
}

export function checkAccess(serviceName: string, def: ActionDef, user: CurrentUser | null): void {
  const access = def.permission;
  if (access === 'public') return;
  if (!user) throw unauthorized();
  if (access === 'authenticated') return;
  const side = sideOf(serviceName, access);
  if (access === 'seller') {
    if (user.userType !== USER_TYPE.seller) throw forbidden('此功能仅供卖家使用。');
    return;
  }
  if (user.userType !== side) throw forbidden(side === USER_TYPE.seller ? '此功能仅供卖家使用。' : '此功能仅供仓库后台人员使用。');
  if (!user.permissions.has(access)) throw forbidden(`缺少权限：${access}`);
}

/** The deepest a JSON body may nest: more is a 400 before anything walks it (a 100 000-deep body overflowed the stack). */
export const MAX_JSON_DEPTH = 64;

/** Whether a parsed JSON value nests objects and arrays deeper than `max`; iterative, and it stops at the first too deep. */
function nestsDeeper(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (!v || typeof v !== 'object') continue;
    if (depth > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) if (child && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}

function refuseNul(input: unknown, req: FastifyRequest): void {
  const withNul = nulMembers(input);
  if (withNul.length === 0) return;
  const language = requestLanguage(req);
  throw invalidInput(withNul.map((path) => ({ message: localize(language, '不能包含空字符 (U+0000)'), members: [memberOf(path)] })), language);
}

/**
 * Every JSON body of the server, as its parser hands it over (app.ts), before anyone walks it:
 * nested deeper than MAX_JSON_DEPTH, or holding U+0000 in any text, it is a 400 — whatever route
 * it was sent to, signed in or not.
 */
export function checkJsonBody(body: unknown, req: FastifyRequest): void {
  if (nestsDeeper(body, MAX_JSON_DEPTH)) {
    const details = `请求体嵌套过深（最多 ${MAX_JSON_DEPTH} 层）。`;
    throw new AppError(400, MESSAGES.invalidRequest, details, [{ message: details, members: ['body'] }]);
  }
  refuseNul(body, req);
}

/** The action's input from the query string and the body (whose text the JSON parser has checked already). */
export function readInput(def: ActionDef, req: FastifyRequest): unknown {
  refuseNul(camelKeys(req.query ?? {}), req);
  return mergedInput(def, req);
}

function mergedInput(def: ActionDef, req: FastifyRequest): unknown {
  const query = camelKeys(req.query ?? {}) as Record<string, unknown>;
  const fromQuery = coerceQuery(def.input, query);
  if (def.method === 'GET' || def.method === 'DELETE') return fromQuery;
  const body = req.body;
  if (body === undefined || body === null) return fromQuery;
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw new AppError(400, MESSAGES.invalidRequest, '请求体必须是 JSON 对象。', [{ message: '必须是 JSON 对象', members: ['body'] }]);
  }
  return { ...fromQuery, ...(camelKeys(body) as Record<string, unknown>) };
}

function stableStringify(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : 1));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(',')}}`;
}

export function requestHash(method: string, url: string, input: unknown): string {
  return createHash('sha256').update(`${method} ${url.toLowerCase()}\n${stableStringify(input)}`).digest('hex');
}

export const ok = (result: unknown) => ({ result, targetUrl: null, success: true, error: null, unAuthorizedRequest: false, __abp: true as const });

/**
 * A culture name as ASP.NET Core writes it (`c=en|uic=en`, the .AspNetCore.Culture cookie and ABP's
 * header of the same name) or bare (`en-US`, `zh-Hans`, what ABP's clients put in that header): the
 * UI culture decides. A culture we do not have counts as none, so the next source is asked.
 */
export function cultureLanguage(raw: string | undefined): Language | null {
  if (!raw) return null;
  const parts = raw.split('|').map((p) => p.trim());
  const uic = parts.find((p) => p.startsWith('uic='))?.slice(4);
  const c = parts.find((p) => p.startsWith('c='))?.slice(2);
  const name = (uic || c || (parts.length === 1 && !raw.includes('=') ? parts[0] : '') || '').toLowerCase();
  if (name === 'en' || name.startsWith('en-')) return 'en';
  if (name === 'zh' || name.startsWith('zh-')) return 'zh-Hans';
  return null;
}

const LANGUAGE = new WeakMap<FastifyRequest, Language>();

/**
 * The language of a request's messages, in ABP's order (UseAbpRequestLocalization): the user's own
 * setting, the .AspNetCore.Culture header, the .AspNetCore.Culture cookie, then the
 * Abp.Localization.CultureName cookie (abp.js); simplified Chinese when none names one we have.
 * Accept-Language is not asked: the console is Chinese unless someone chose English.
 */
export function requestLanguage(req: FastifyRequest, user?: CurrentUser | null): Language {
  if (user === undefined) {
    const known = LANGUAGE.get(req);
    if (known) return known;
  }
  const header = req.headers[CULTURE_HEADER];
  const cookies = parseCookies(req.headers.cookie);
  const language = cultureLanguage(user?.language ?? undefined) ?? cultureLanguage(typeof header === 'string' ? header : undefined)
    ?? cultureLanguage(cookies[ASPNET_CULTURE_COOKIE]) ?? cultureLanguage(cookies[CULTURE_COOKIE]) ?? 'zh-Hans';
  if (user !== undefined) LANGUAGE.set(req, language);
  return language;
}

/** withTenant, then the identity changes it committed reach this server's cache at once. */
async function inTransaction<T>(deps: Deps, tenantId: TenantId, fn: (tx: Db) => Promise<T>, scope: DataScope | null = null): Promise<T> {
  let used: Db | undefined;
  const result = await deps.database.withTenant(tenantId, async (tx) => { used = tx; await applyScope(tx, scope); return fn(tx); });
  if (used) deps.currentUsers.afterCommit(used);
  return result;
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

function requestContext(
  deps: Deps, req: FastifyRequest, label: string, tx: Db | null, tenantId: TenantId, user: CurrentUser | null, principal: Principal | null, language: Language,
  answerAlong?: RequestContext['answerAlong'],
): RequestContext {
  return new ActionContext(deps, req, label, tx, tenantId, user, principal, language, answerAlong);
}

type ActionHandler = (input: unknown, ctx: RequestContext, body?: UploadBody) => Promise<unknown>;

export function registerServices(app: FastifyInstance, deps: Deps, implementations: readonly ServiceImplementation[]): void {
  const uploads: RouteOptions[] = [];
  for (const impl of implementations) {
    const service: ServiceDef = impl.service;
    const handlers = impl.build(deps) as Record<string, ActionHandler>;
    for (const [key, def] of Object.entries(service.actions)) {
      const handler = handlers[key];
      if (!handler) throw new Error(`${service.name}.${key} has no implementation`);
      const route = actionRoute(deps, service, key, def, handler);
      if (def.upload) uploads.push(route);
      else app.route(route);
    }
  }
  // Encapsulated: multipart bodies are parsed only for the upload actions.
  if (uploads.length) {
    void app.register(async (scope) => {
      await scope.register(multipart);
      for (const route of uploads) scope.route(route);
    });
  }
}

/** The route of one action: caller → access → validation → the tenant transaction → the answer. */
function actionRoute(deps: Deps, service: ServiceDef, key: string, def: ActionDef, handler: ActionHandler): RouteOptions {
  const url = actionUrl(service, key);
  const label = `${service.name}.${key}`;
  const isGetLike = def.method === 'GET' || def.method === 'DELETE';
  if ((def.upload || def.file) && def.method !== (def.upload ? 'POST' : 'GET')) throw new Error(`${label}: uploads are POST, file answers GET`);
  if (def.upload && def.transaction !== 'manual') throw new Error(`${label}: an upload must not hold a transaction while its bytes arrive (transaction: 'manual')`);
  if (def.allowCookie && !isGetLike) throw new Error(`${label}: only GET links may accept the cookie`);
  /**
   * A GET reads (decision 0034): on PostgreSQL without BEGIN/COMMIT, on a connection that refuses
   * writes. Some of ABP's GETs change things (DeleteGroup…): the first such call is refused by the
   * database before anything is written, runs again in a transaction, and from then on this action
   * always does.
   */
  let getWrites = false;
  const readFirst = async (tenantId: TenantId, run: (tx: Db | null) => Promise<unknown>, req: FastifyRequest) => {
    try {
      return await deps.database.read(tenantId, run);
    } catch (err) {
      if (!refusedAsReadOnly(err)) throw err;
      getWrites = true;
      req.log.info({ action: label }, 'a GET that writes: it runs in a transaction from now on');
      return inTransaction(deps, tenantId, run);
    }
  };
  return {
    method: def.method,
    url,
    schema: {
      tags: [service.name],
      summary: def.summary ?? `${service.name}/${key} — ${def.permission}`,
      ...(isGetLike || def.upload ? { querystring: def.input } : { body: def.input }),
      ...(def.upload ? { consumes: ['multipart/form-data'], body: z.object({ [def.upload.field]: z.file() }) } : {}),
      response: { 200: def.file ? fileResponse(def.file.contentType) : envelope(def.output) },
    },
    // Validation happens in the handler, after authentication and the permission check,
    // so errors come out in the ABP shape with camelCase member names.
    validatorCompiler: () => (data: unknown) => ({ value: data }),
    // GET /metrics counts its answers under these names (plugins/metrics.ts).
    config: { metered: { service: service.name, action: url.slice(url.lastIndexOf('/') + 1) } },
    ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
    ...(def.upload ? { onResponse: drainUnreadBody(def.upload.maxBytes + 1024 * 1024) } : {}),
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      const { tenantId, principal } = await identifyCaller(deps, req, {
        optional: def.permission === 'public', allowCookie: def.allowCookie === true, ignoreToken: def.ignoresToken === true,
      });

      const idemKey = isGetLike || def.upload ? undefined : req.headers[IDEMPOTENCY_HEADER];
      if (typeof idemKey === 'string' && (idemKey.length === 0 || idemKey.length > 64)) {
        throw new AppError(400, MESSAGES.invalidRequest, 'Idempotency-Key 长度必须在 1 到 64 个字符之间。', [{ message: '长度 1–64', members: ['Idempotency-Key'] }]);
      }

      const run = async (tx: Db | null): Promise<unknown> => {
        const user = principal ? await deps.currentUsers.get(principal, tx) : null;
        if (principal && !user) throw unauthorized('用户不存在、已停用，或租户已停用。');
        const language = requestLanguage(req, user);
        checkAccess(service.name, def, user);
        // The member's group scope narrows everything the action reads from here on (decision 0023).
        if (tx && user?.scope) await applyScope(tx, user.scope);
        const parsed = def.input.safeParse(def.upload ? readQuery(def, req) : readInput(def, req), parseOptions(language));
        if (!parsed.success) throw validationError(parsed.error, language);
        if (def.upload) return handler(parsed.data, requestContext(deps, req, label, tx, tenantId, user, principal, language), uploadBody(req, def.upload));
        if (tx && typeof idemKey === 'string') {
          const hash = requestHash(def.method, url, parsed.data);
          const key = { tenantId, userId: user?.id ?? null, key: idemKey, hash };
          // The key's row, once claimed.
          let claimedId: Promise<number> | null = null;
          // The answer the action sent with its last statement (decision 0040), if it did.
          let sentAlong: { answer: unknown } | null = null;
          const answerAlong = async (answer: unknown): Promise<PendingWrite> => {
            const id = await claimedId;
            if (id === null) throw new Error(`${label} sent its answer before its key was claimed`);
            sentAlong = { answer };
            return answerWrite(id, answer);
          };
          const ctx = requestContext(deps, req, label, tx, tenantId, user, principal, language, answerAlong);
          // Stores the action's answer, unless the action sent it with its last statement.
          const answered = async (id: number, result: unknown): Promise<unknown> => {
            const along = sentAlong as { answer: unknown } | null;
            if (along) {
              if (along.answer !== result) throw new Error(`${label} returned another answer than the one it stored with its last statement`);
              return result ?? null;
            }
            // The answer's record is the transaction's last statement: COMMIT goes with it (decision 0037).
            lastStatementNext(tx);
            await storeIdempotentResponse(tx, id, result ?? null);
            return result ?? null;
          };
          const claim = await claimIdempotencyKey(tx, key);
          if (claim.kind === 'replay') {
            reply.header('Idempotent-Replayed', 'true');
            return claim.response;
          }
          claimedId = Promise.resolve(claim.id);
          return answered(claim.id, await handler(parsed.data, ctx));
        }
        return (await handler(parsed.data, requestContext(deps, req, label, tx, tenantId, user, principal, language))) ?? null;
      };

      const result = def.transaction === 'manual' ? await run(null)
        : def.method === 'GET' && !getWrites ? await readFirst(tenantId, run, req)
          : await inTransaction(deps, tenantId, run);
      // A file answer goes out after the transaction has ended: streaming never holds it open.
      if (def.file) return sendFile(req, reply, result as FileAnswer);
      return ok(result);
    },
  };
}


/** PostgreSQL's "cannot execute … in a read-only transaction" (25006), however wrapped. */
const refusedAsReadOnly = (err: unknown): boolean => sqlStateOf(err) === '25006';

// ---------------------------------------------------------------------------------------------
// File answers and uploads (ActionDef.file, ActionDef.upload)

/** OpenAPI: the bytes under each content type the action may answer. */
function fileResponse(contentType: FileAnswerDef['contentType']) {
  const types = typeof contentType === 'string' ? [contentType] : contentType;
  return { description: 'the file', content: Object.fromEntries(types.map((t) => [t, { schema: z.file() }])) };
}

/** Upload actions take their input from the query string only: the body is the file. */
function readQuery(def: ActionDef, req: FastifyRequest): unknown {
  return readInput({ ...def, method: 'GET' }, req);
}

function uploadBody(req: FastifyRequest, upload: UploadDef): UploadBody {
  return {
    isMultipart: req.isMultipart(),
    async file() {
      const part = await req.file({
        limits: { fileSize: upload.maxBytes, files: 1, fields: 10, fieldSize: 1024, fieldNameSize: 100, parts: 12, headerPairs: 32 },
        throwFileSizeLimit: true,
      });
      if (!part) return undefined;
      const stream = part.file;
      return { stream, fileName: part.filename, field: part.fieldname, get truncated() { return stream.truncated; } };
    },
  };
}

/** `inline` or `attachment`, with the name in the plain (ASCII) and the RFC 5987 form. */
export function contentDisposition(kind: FileAnswer['disposition'], fileName: string, asciiName?: string): string {
  const fallback = asciiName ?? fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

function sendFile(req: FastifyRequest, reply: FastifyReply, answer: FileAnswer) {
  reply.header('Cache-Control', answer.cacheControl ?? 'no-store').header('X-Content-Type-Options', 'nosniff');
  if (answer.etag) {
    reply.header('ETag', answer.etag);
    if (req.headers['if-none-match'] === answer.etag) {
      if (!Buffer.isBuffer(answer.body)) answer.body.destroy();
      return reply.code(304).send();
    }
  }
  reply.header('Content-Type', answer.contentType).header('Content-Disposition', contentDisposition(answer.disposition, answer.fileName, answer.asciiName));
  if (answer.size !== undefined) reply.header('Content-Length', String(answer.size));
  return reply.send(answer.body);
}

/**
 * A refused upload is answered before its body has arrived. The rest is read and discarded, so
 * the client can finish sending, read the answer and reuse the connection (closing with unread
 * bytes would reset it and lose the answer); a body beyond any acceptable size ends the connection.
 */
export function drainUnreadBody(limit: number) {
  return async (req: FastifyRequest): Promise<void> => {
    const raw = req.raw;
    if (raw.readableEnded || raw.destroyed) return;
    let seen = 0;
    raw.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > limit) raw.destroy();
    });
    raw.resume();
  };
}
