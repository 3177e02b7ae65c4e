// The network layer's face: ApiError, the online transport and the api context. Requests are built
// and their envelopes read by the one request core (request.ts, decision 0022), which the outbox's
// replayer uses too; it is loaded with the first request, so no screen's first load carries it.
// Nothing here shows a toast or redirects (the shell decides, see the error catalogue), and nothing
// knows the service registry, so the sign-in page's first load does not carry every contract
// (lib/lazy-api.ts loads the registry when it is first needed).
import { createContext, useContext } from 'react';
import type { ApiClient, ApiRequest, CallOptions, Transport } from '#shared/api-client.ts';
import { toApiError, type RequestContextSource } from './api-error.ts';

// The error type and the request's context live in a leaf (api-error.ts), so that request.ts, which
// this file loads, does not import this file back.
export { REQUEST_TIMEOUT_MS, ApiError, toApiError } from './api-error.ts';
export type { ApiErrorKind, RequestContextSource } from './api-error.ts';

let core: Promise<typeof import('./request.ts')> | null = null;
const loadCore = () => (core ??= import('./request.ts').catch((e: unknown) => {
  core = null; // a failed chunk load may succeed on the next call
  throw toApiError(e);
}));

export function createHttpTransport(source: RequestContextSource, fetchFn?: typeof fetch): Transport {
  return async (request: ApiRequest, options?: CallOptions) =>
    (await loadCore()).sendRequest(source, request, { ...options, fetch: fetchFn });
}

export const ApiContext = createContext<ApiClient | null>(null);

/** The api the screens call; tests provide a fake through ApiContext. */
export function useApi(): ApiClient {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi() outside <ApiContext.Provider>');
  return api;
}
