// What a failed call throws (ApiError), the request's timeout and where a request reads its token,
// tenant and culture. A leaf: the request core (request.ts), the transport (http.ts) and the outbox
// import it without importing each other.
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
    /** The server's Retry-After header, as sent (seconds or an HTTP date). */
    readonly retryAfter: string | null = null,
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

export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  return new ApiError(err instanceof Error ? err.message : String(err), 'network', null);
}
