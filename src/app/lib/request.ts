// The console's one request core (decision 0022): sendRequest() builds every registry call — headers
// (Bearer token, Abp.TenantId, culture, Idempotency-Key), URL and body, the timeout — and reads the
// ABP envelope into the result or an ApiError. The online client (http.ts createHttpTransport) and
// the outbox's replayer both send through it, so they cannot drift apart. Plain fetch: no HTTP
// library in any chunk. Loaded with the first request, not with the first screen.
import type { ApiRequest, CallOptions } from '#shared/api-client.ts';
import { ApiError, REQUEST_TIMEOUT_MS, type RequestContextSource } from './api-error.ts';
import { serverAnswered, serverSilent } from './outbox/reachability.ts';

/** What is sent: a registry action already split into URL, query and body (buildRequest). */
export type SendableRequest = Pick<ApiRequest, 'method' | 'url'> & {
  query?: Record<string, unknown> | undefined;
  body?: Record<string, unknown> | undefined;
};

export interface SendOptions extends CallOptions {
  fetch?: typeof fetch;
}

type ErrorBody = {
  result?: unknown;
  error?: { message?: string; details?: string | null; validationErrors?: { message: string; members: string[] }[] | null } | null;
  unAuthorizedRequest?: boolean;
};

/** The headers every call carries; File/UploadFile sends the same ones (without a JSON body). */
export function requestHeaders(source: RequestContextSource, idempotencyKey?: string): Record<string, string> {
  const culture = source.getCulture();
  const headers: Record<string, string> = { '.AspNetCore.Culture': `c=${culture}|uic=${culture}` };
  const token = source.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const tenantId = source.getTenantId();
  if (tenantId !== null) headers['Abp.TenantId'] = String(tenantId);
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  return headers;
}

/** `?a=1&ids=2&ids=3`: arrays repeat the name (ASP.NET's binding), empty values are left out. */
export function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  const add = (k: string, v: unknown) => {
    if (v === undefined || v === null) return;
    const text = v instanceof Date ? v.toISOString() : typeof v === 'object' ? JSON.stringify(v) : String(v as string | number | boolean);
    params.append(k, text);
  };
  for (const [k, v] of Object.entries(query)) {
    if (Array.isArray(v)) for (const item of v) add(k, item);
    else add(k, v);
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** The envelope of an answer: its result, or an ApiError carrying the server's message. */
export async function readEnvelope(res: Response): Promise<unknown> {
  const body = await res.json().then((b: unknown) => (b && typeof b === 'object' ? b as ErrorBody : null), () => null);
  if (res.ok && body && 'result' in body) return body.result;
  const e = body?.error;
  return Promise.reject(new ApiError(
    e?.message ?? (res.ok ? '服务器的回答无法识别' : `HTTP ${res.status}`), 'http', res.status, e?.details ?? null, e?.validationErrors ?? null,
    // Only a 401 means the session is gone: ABP flags a 403 as unAuthorizedRequest too.
    res.status === 401, res.headers.get('Retry-After'),
  ));
}

/**
 * Sends one registry request and answers its result. Throws ApiError: 'http' when the server
 * answered with an error, 'network' when no answer came, 'timeout' after `timeout` ms.
 */
export async function sendRequest(source: RequestContextSource, request: SendableRequest, options: SendOptions = {}): Promise<unknown> {
  const hasBody = request.method !== 'GET' && request.method !== 'DELETE';
  const headers = requestHeaders(source, options.idempotencyKey);
  if (hasBody) headers['Content-Type'] = 'application/json';
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), options.timeout ?? REQUEST_TIMEOUT_MS);
  const cancel = () => timeout.abort();
  options.signal?.addEventListener('abort', cancel);
  let res: Response;
  try {
    res = await (options.fetch ?? fetch)(`${request.url}${queryString(request.query)}`, {
      method: request.method, headers, credentials: 'same-origin', signal: timeout.signal,
      body: hasBody ? JSON.stringify(request.body ?? {}) : undefined,
    });
  } catch {
    if (options.signal?.aborted) throw new ApiError('请求已取消', 'network', null);
    serverSilent();
    throw timeout.signal.aborted ? new ApiError('请求超时', 'timeout', null) : new ApiError('未知错误', 'network', null);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
  }
  // A gateway answering for a server behind it that is down or hung is not the server answering.
  if (res.status === 502 || res.status === 503 || res.status === 504) serverSilent();
  else serverAnswered();
  return readEnvelope(res);
}

