// buildApp: the whole HTTP server, used by main.ts and by every API test (app.inject).
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Deps } from './framework.ts';
import { AppError, MESSAGES, TooManyRequestsError, localize, noSuchRoute } from './lib/errors.ts';
import { createTokenService } from './lib/tokens.ts';
import { checkJsonBody, registerServices, requestLanguage } from './plugins/services.ts';
import { clientErrorHandler, frontDoorHeaders, registerCors, registerSecurityHeaders } from './plugins/front-door.ts';
import { registerRealtime } from './plugins/realtime.ts';
import { registerPayment } from './plugins/payment.ts';
import { registerBackupEndpoint } from './plugins/backup.ts';
import { implementations } from './modules/index.ts';
import { APP_VERSION } from './modules/identity/service.ts';
import { createCurrentUsers } from './modules/identity/current-users.ts';
import { registerSignInThrottle } from './plugins/sign-in-throttle.ts';
import { registerShopeeSandbox, sandboxTransport } from './plugins/shopee-sandbox.ts';
import { createSealer } from './lib/sealed.ts';
import { createAnswerSerializerCompiler } from './lib/answer-writer.ts';
import { createShopeeClient, fetchTransport, noPlatform } from './modules/shopee/client.ts';
import { startShopeeJobs } from './modules/shopee/jobs.ts';
import { createMetrics, meterRoutes, registerOperatorRoutes, type Metrics, type Readiness } from './plugins/metrics.ts';

export interface BuildOptions {
  config: Config;
  database: Database;
  tokenSecret: string;
  /** The built console (vite build output); served when it exists. */
  staticDir?: string;
  logger?: boolean;
  /** Run the scheduled work (Shopee token refresh and order sync); main.ts does, tests and the seeder do not. */
  backgroundJobs?: boolean;
  /** Serialize every answer the zod way too and require the same text (decision 0042); the API tests do. */
  checkAnswers?: boolean;
  /** What GET /metrics reports; main.ts shares it with the scheduler. A new one by default. */
  metrics?: Metrics;
  /** What GET /ready answers besides the database (main.ts: starting, serving, draining); serving by default. */
  readiness?: Readiness;
}

type ValidationErrors = { message: string; members: string[] }[] | null;
type Envelope = {
  result: null; targetUrl: null; success: false; unAuthorizedRequest: boolean; __abp: true;
  error: { code: number; message: string; details: string | null; validationErrors: ValidationErrors };
};

/** The error envelope; unAuthorizedRequest is set for 401 and 403 alike, as ABP does. */
export function errorEnvelope(status: number, message: string, details: string | null = null, errors: ValidationErrors = null): Envelope {
  return {
    result: null, targetUrl: null, success: false, error: { code: 0, message, details, validationErrors: errors },
    unAuthorizedRequest: status === 401 || status === 403, __abp: true,
  };
}

/** The envelope in the request's language (the fixed texts and any sentence the Warehouse source has). */
function localizedEnvelope(req: FastifyRequest, status: number, message: string, details: string | null = null,
  errors: ValidationErrors = null) {
  const language = requestLanguage(req);
  return errorEnvelope(status, localize(language, message), details && localize(language, details),
    errors && errors.map((e) => ({ ...e, message: localize(language, e.message) })));
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    // Our own onResponse hook writes the one line per request.
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    // Whose X-Forwarded-For to believe: sign-in throttling is per client address (decision 0017).
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    return503OnClosing: true,
    // Headers over Node's maxHeaderSize (16 KB) and malformed requests: 431/400 in the envelope.
    clientErrorHandler,
    // A URL the router cannot decode (`%zz`) or a path parameter over its length: the envelope too.
    frameworkErrors: (error, req, reply) => {
      const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
      const details = status === 414 ? '请求地址过长。' : '请求地址不是有效的 URL。';
      frontDoorHeaders(req, reply);
      return (reply as FastifyReply).code(status).send(localizedEnvelope(req, status, MESSAGES.invalidRequest, details));
    },
  });
  // Before any route is added: each gets the hook that counts its answers.
  const metrics = options.metrics ?? createMetrics(database);
  meterRoutes(app, metrics);
  // Answers are written from their schemas, as zod would encode them (decision 0042).
  app.setSerializerCompiler(createAnswerSerializerCompiler({ check: options.checkAnswers === true }));
  registerSecurityHeaders(app);
  registerCors(app, config.corsOrigins);

  // POST ?id=… calls often carry no body at all: an empty JSON body is {}.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    jsonParser(req, body as string, (err, value) => {
      if (err) return done(err);
      try {
        checkJsonBody(value, req);
      } catch (refusal) {
        return done(refusal as Error);
      }
      done(null, value);
    });
  });

  // One log line per request.
  app.addHook('onResponse', async (req, reply) => {
    const principal = (req as typeof req & { principal?: { userId: number; tenantId: number | null } | null }).principal;
    req.log.info({ method: req.method, url: req.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10, userId: principal?.userId, tenantId: principal?.tenantId }, 'request');
  });

  app.setErrorHandler((error: FastifyError | AppError | Error, req, reply) => {
    if (error instanceof AppError) {
      if (error instanceof TooManyRequestsError) reply.header('Retry-After', String(error.retryAfterSeconds));
      return reply.code(error.status).send(localizedEnvelope(req, error.status, error.message, error.details, error.validationErrors));
    }
    const fe = error as FastifyError;
    const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Malformed JSON, a body too large, an unsupported media type: the client's fault, said plainly.
      const details = fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError ? '请求体不是有效的 JSON。'
        : fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? '请求体过大。'
        : fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? '不支持的内容类型，请使用 application/json。'
        : error.message;
      const code = status === 413 || status === 415 ? status : 400;
      return reply.code(code).send(localizedEnvelope(req, code, MESSAGES.invalidRequest, details,
        [{ message: details, members: ['body'] }]));
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(localizedEnvelope(req, 500, MESSAGES.internal));
  });

  await app.register(swagger, {
    openapi: {
      info: { title: '海仓 Haicang API', version: APP_VERSION, description: 'ABP-compatible application services of the Haicang console.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  app.get('/swagger/v1/swagger.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, { routePrefix: '/swagger' });

  const currentUsers = createCurrentUsers(database);
  const stopIdentityEvents = await currentUsers.start();
  app.addHook('onClose', async () => { await stopIdentityEvents(); });
  // The Shopee platform: SHOPEE_HOST, or the fake mounted below and reached in-process (decision 0028),
  // or none (the actions that need it answer 409 before calling it).
  const shopee = createShopeeClient({
    partnerId: config.shopee.partnerId, partnerKey: config.shopee.partnerKey,
    transport: config.shopee.mode === 'platform' ? fetchTransport(config.shopee.host!)
      : config.shopee.mode === 'sandbox' ? sandboxTransport(() => app) : noPlatform,
  });
  const deps: Deps = {
    config, database, tokens: createTokenService(options.tokenSecret, config.tokenLifetimeSeconds, config.deviceTokenLifetimeSeconds), currentUsers, shopee,
    shopTokens: createSealer(options.tokenSecret, 'shopee-tokens'), shopeeState: createSealer(options.tokenSecret, 'shopee-state'),
  };
  // Before the routes: it hooks the sign-in route as it is added.
  await registerSignInThrottle(app, deps);
  registerServices(app, deps, implementations);
  await registerRealtime(app, deps);
  await registerPayment(app, deps, options.tokenSecret);
  if (config.shopee.mode === 'sandbox') registerShopeeSandbox(app, deps);
  registerBackupEndpoint(app, deps);
  if (options.backgroundJobs && config.shopee.mode !== 'off') {
    const shopeeJobs = startShopeeJobs(deps, app.log);
    app.addHook('onClose', async () => { await shopeeJobs.stop(); });
  }

  app.get('/health', { schema: { hide: true } }, async () => ({ status: 'ok', database: database.kind }));
  registerOperatorRoutes(app, config, database, metrics, options.readiness ?? { phase: 'serving' });

  const staticDir = options.staticDir;
  const hasApp = !!staticDir && existsSync(path.join(staticDir, 'index.html'));
  if (hasApp) {
    // preCompressed: the build writes .br and .gz copies (sw/compress-assets.ts); the smallest one the
    // browser accepts is sent, the original when there is none.
    await app.register(fastifyStatic, { root: staticDir, prefix: '/', wildcard: false, index: false, cacheControl: false, preCompressed: true,
      setHeaders: (reply, file) => {
        // Hashed assets never change; everything else is revalidated.
        reply.header('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const isApi = /^\/(api|abpuserconfiguration|swagger|signalr|shopee-sandbox)(\/|$)/i.test(req.url);
    // A built file that is not there (a chunk of an older build): a real 404, never index.html
    // with 200, which a browser would try to run as a script.
    const isAsset = /^\/assets\//i.test(req.url);
    if (!isApi && !isAsset && hasApp && (req.method === 'GET' || req.method === 'HEAD')) {
      // Client-side routes: the console's index.html.
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    const route = noSuchRoute(requestLanguage(req), req.method, req.url.split('?')[0]!);
    return reply.code(404).send(localizedEnvelope(req, 404, MESSAGES.notFound, route));
  });

  return app;
}
