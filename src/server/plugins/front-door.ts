// The server's front door, before any route: CORS for the configured origins, the security headers
// (CSP and friends) and the envelope for the errors Node's HTTP parser answers itself (decision 0019).
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../lib/errors.ts';

/** Request headers a cross-origin client may send: what ABP's clients send, and ours. */
export const CORS_ALLOWED_HEADERS = [
  'Authorization', 'Content-Type', 'Accept', 'Accept-Language', 'Abp.TenantId', 'Abp-TenantId', '.AspNetCore.Culture',
  'Idempotency-Key', 'X-Requested-With', 'Cache-Control', 'Pragma', 'Expires',
];
/** Response headers such a client may read: file names of downloads, idempotent replays, back-off. */
const CORS_EXPOSED_HEADERS = ['Content-Disposition', 'Idempotent-Replayed', 'Retry-After'];
const CORS_METHODS = 'GET, POST, PUT, DELETE, OPTIONS';

/**
 * CORS for the origins listed in CORS_ORIGINS, as ABP's templates configure it (listed origins,
 * credentials allowed, never `*`). Another origin gets no CORS header at all, so its browser refuses
 * to hand our answer to its page; its preflight falls through to the 404.
 */
export function registerCors(app: FastifyInstance, origins: readonly string[]): void {
  if (origins.length === 0) return;
  const allowed = new Set(origins.map((o) => o.toLowerCase()));
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    const origin = req.headers.origin;
    if (!origin) return;
    reply.header('Vary', 'Origin');
    if (!allowed.has(origin.toLowerCase())) return;
    reply.header('Access-Control-Allow-Origin', origin).header('Access-Control-Allow-Credentials', 'true');
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      return reply.code(204)
        .header('Access-Control-Allow-Methods', CORS_METHODS)
        .header('Access-Control-Allow-Headers', CORS_ALLOWED_HEADERS.join(', '))
        .header('Access-Control-Max-Age', '600')
        .send();
    }
    reply.header('Access-Control-Expose-Headers', CORS_EXPOSED_HEADERS.join(', '));
  });
}

/**
 * The console's policy. Scripts, workers and the zxing wasm come from us ('wasm-unsafe-eval' lets
 * WebAssembly compile, nothing else); the photo compression worker is a blob: URL that loads our
 * copy of its library; Mantine writes its CSS variables in <style> elements, hence 'unsafe-inline'
 * for styles only. Photos preview from blob: URLs, barcodes draw as data: images.
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Swagger UI (its own bundle): the same, with data: images and inline styles of its own. */
const SWAGGER_CSP = [
  "default-src 'self'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data:", "font-src 'self' data:",
  "connect-src 'self'", "object-src 'none'", "base-uri 'self'", "form-action 'self'", "frame-ancestors 'none'",
].join('; ');

/** JSON answers are data, never a document: nothing may load from or frame them. */
const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * Headers on every answer: no sniffing, no framing, a referrer that never leaves the origin with a
 * path, and the JSON policy until the answer turns out to be something else (see below). HSTS only
 * when the request came over TLS (X-Forwarded-Proto, trustProxy). Also called where Fastify answers
 * without running hooks (frameworkErrors).
 */
export function frontDoorHeaders(req: FastifyRequest, reply: FastifyReply): void {
  reply.header('X-Content-Type-Options', 'nosniff')
    .header('X-Frame-Options', 'DENY')
    // Not no-referrer: that also turns a same-origin POST's Origin header into "null".
    .header('Referrer-Policy', 'strict-origin-when-cross-origin')
    .header('Content-Security-Policy', API_CSP);
  if (req.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000');
}

/**
 * The CSP by what is sent: HTML documents (the console, Swagger UI, the test payment page) get
 * theirs, JSON keeps the API policy, and a PDF, an image or a script opened in a tab is held to
 * none (Chromium's PDF viewer would be blocked by object-src 'none').
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => frontDoorHeaders(req, reply));
  app.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const type = String(reply.getHeader('content-type') ?? '');
    const isSwagger = /^\/swagger(\/|$)/i.test(req.url);
    if (type.startsWith('text/html')) reply.header('Content-Security-Policy', isSwagger ? SWAGGER_CSP : CONSOLE_CSP);
    else if (!type.startsWith('application/json')) reply.removeHeader('Content-Security-Policy');
    return payload;
  });
}

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

/**
 * Errors Node's HTTP parser meets before Fastify sees a request (headers over maxHeaderSize, a
 * malformed request line, a client too slow): the envelope instead of Fastify's own JSON. There is
 * no request to read a language from, so the text is the default one.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const details = status === 431 ? '请求头过大。' : status === 408 ? '请求超时。' : '请求格式错误。';
  const body = JSON.stringify({
    result: null, targetUrl: null, success: false, unAuthorizedRequest: false, __abp: true,
    error: { code: 0, message: MESSAGES.invalidRequest, details, validationErrors: null },
  });
  if (!socket.writable) return void socket.destroy(err);
  socket.end(`HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nContent-Type: application/json; charset=utf-8\r\n`
    + `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}
