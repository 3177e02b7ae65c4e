// The routes derived from the service registry: URL, caller, access, input, one tenant-scoped
// transaction per call (Idempotency-Key), the envelope or the file.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { actionUrl, type ActionDef, type ServiceDef } from '#shared/contracts/define.ts';
import { envelope } from '#shared/contracts/common.ts';
import { applyScope, type Db, type TenantId } from '../../db/client.ts';
import type { Deps, FileAnswer, ServiceImplementation } from '../../framework.ts';
import { AppError, MESSAGES, sqlStateOf, unauthorized } from '../../lib/errors.ts';
import { checkAccess } from './access.ts';
import { identifyCaller, requestLanguage } from './caller.ts';
import { inTransaction, requestContext, type ActionHandler } from './context.ts';
import { drainUnreadBody, fileResponse, sendFile, uploadBody } from './files.ts';
import { IDEMPOTENCY_HEADER, runWithKey } from './idempotency.ts';
import { parseOptions, readInput, readQuery, validationError } from './input.ts';

export const ok = (result: unknown) => ({ result, targetUrl: null, success: true, error: null, unAuthorizedRequest: false, __abp: true as const });

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
          return runWithKey({ deps, req, reply, label, url, def, handler, tx, tenantId, user, principal, language, idemKey, parsed });
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
