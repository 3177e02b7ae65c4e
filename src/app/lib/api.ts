// The console's API entry points: useApi() (the registry-derived client, provided by the shell and
// loaded lazily — see lazy-api.ts), ApiError and the http transport. This module must not import the
// registry itself: route files reach it, and they ship in the first chunk.
export { REQUEST_TIMEOUT_MS, ApiError, toApiError, createHttpTransport, ApiContext, useApi } from './http.ts';
export type { ApiErrorKind, RequestContextSource } from './http.ts';
