// The network layer over axios: headers (Bearer token, Abp.TenantId, culture), the 30 s timeout, the
// ABP envelope, and errors as ApiError values. It never shows a toast or redirects (the shell decides,
// see the error catalogue). It knows nothing of the service registry, so the sign-in page's first
// load does not carry every contract (lib/lazy-api.ts loads the registry when it is first needed),
// and axios itself is loaded with the first request, so the sign-in page paints without it.
import type { AxiosError, AxiosInstance } from 'axios';
import { createContext, useContext } from 'react';
import type { ApiClient, ApiRequest, CallOptions, Transport } from '#shared/api-client.ts';

export const REQUEST_TIMEOUT_MS = 30_000;

export type ApiErrorKind = 'http' | 'network' | 'timeout';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    readonly status: number | null,
    readonly details: string | null = null,
    readonly validationErrors: { message: string; members: string[] }[] | null = null,
    readonly unAuthorizedRequest = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestContextSource {
  /** The bearer token, if signed in. */
  getToken(): string | null;
  /** The chosen tenant (Abp.TenantId); null is the host. */
  getTenantId(): number | null;
  /** The culture name, e.g. zh-Hans. */
  getCulture(): string;
}

type ErrorBody = { error?: { message?: string; details?: string | null; validationErrors?: { message: string; members: string[] }[] | null } | null; unAuthorizedRequest?: boolean };

const isAxiosError = (err: unknown): err is AxiosError =>
  !!err && typeof err === 'object' && (err as { isAxiosError?: unknown }).isAxiosError === true;

let sharedInstance: Promise<AxiosInstance> | null = null;
const defaultInstance = () => (sharedInstance ??= import('axios').then((m) => m.default.create()).catch((e: unknown) => {
  sharedInstance = null;
  throw e;
}));

export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (isAxiosError(err)) {
    if (err.code === 'ECONNABORTED' || err.code === 'ETIMEDOUT') return new ApiError('请求超时', 'timeout', null);
    if (!err.response) return new ApiError('未知错误', 'network', null);
    const body = (err.response.data ?? {}) as ErrorBody;
    const e = body.error;
    // ABP flags 403 as unAuthorizedRequest too; only a 401 means the session is gone.
    const { status } = err.response;
    return new ApiError(e?.message ?? `HTTP ${status}`, 'http', status, e?.details ?? null, e?.validationErrors ?? null, status === 401);
  }
  return new ApiError(err instanceof Error ? err.message : String(err), 'network', null);
}

export function createHttpTransport(source: RequestContextSource, instance?: AxiosInstance): Transport {
  return async (request: ApiRequest, options?: CallOptions) => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', '.AspNetCore.Culture': `c=${source.getCulture()}|uic=${source.getCulture()}` };
    const token = source.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    const tenantId = source.getTenantId();
    if (tenantId !== null) headers['Abp.TenantId'] = String(tenantId);
    if (options?.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
    try {
      const http = instance ?? (await defaultInstance());
      const res = await http.request({
        method: request.method, url: request.url, params: request.query, data: request.body ?? (request.method === 'GET' || request.method === 'DELETE' ? undefined : {}),
        headers, timeout: options?.timeout ?? REQUEST_TIMEOUT_MS, signal: options?.signal,
        paramsSerializer: { indexes: null },
      });
      return (res.data as { result: unknown }).result;
    } catch (err) {
      throw toApiError(err);
    }
  };
}

export const ApiContext = createContext<ApiClient | null>(null);

/** The api the screens call; tests provide a fake through ApiContext. */
export function useApi(): ApiClient {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi() outside <ApiContext.Provider>');
  return api;
}
