// The console's api object, loading the service registry (every contract, with zod) only when the
// first call needs it, so the first screen's JavaScript stays small. The two calls made at start-up,
// GET /AbpUserConfiguration/GetAll and the session, and the sign-in page's own calls (TokenAuth/
// Authenticate, Account/IsTenantAvailable) go straight to the transport: a phone on the sign-in page
// never loads or runs the registry (decision 0030). A test checks those requests against the registry
// so they cannot drift apart.
import type { ApiClient, ApiRequest, CallOptions, Transport } from '#shared/api-client.ts';
import { afterFirstScreen, firstScreenPainted } from './first-screen.ts';

export const CONFIGURATION_REQUEST: ApiRequest = {
  service: 'AbpUserConfiguration', action: 'getAll', method: 'GET', url: '/AbpUserConfiguration/GetAll', query: undefined, body: undefined, offline: false,
};

export const SESSION_REQUEST: ApiRequest = {
  service: 'Session', action: 'getCurrentLoginInformations', method: 'GET', url: '/api/services/app/Session/GetCurrentLoginInformations', query: undefined, body: undefined, offline: false,
};

/** A POST whose whole input is the body, as the registry builds it. */
const postRequest = (service: string, action: string, url: string) => (input: unknown): ApiRequest => ({
  service, action, method: 'POST', url, query: undefined, body: input as Record<string, unknown> | undefined, offline: false,
});

/** The sign-in. */
export const authenticateRequest = postRequest('TokenAuth', 'authenticate', '/api/TokenAuth/Authenticate');
/** The sign-in page's tenant switch. */
export const tenantAvailableRequest = postRequest('Account', 'isTenantAvailable', '/api/services/app/Account/IsTenantAvailable');

/** Calls sent without the registry: `service.action` → the request the registry would build. */
const DIRECT: Record<string, (input: unknown) => ApiRequest> = {
  'abpUserConfiguration.getAll': () => CONFIGURATION_REQUEST,
  'session.getCurrentLoginInformations': () => SESSION_REQUEST,
  'tokenAuth.authenticate': authenticateRequest,
  'account.isTenantAvailable': tenantAvailableRequest,
};

/**
 * Signed out, nothing waits for the configuration: the sign-in page paints with its Chinese literals
 * (decision 0008). So its request, and the request core it loads, wait until that first screen has
 * painted, and take nothing from it on a slow network (decision 0030). Signed in, it goes at once.
 */
export function configurationAfterFirstScreen(transport: Transport, auth: { isSignedIn(): boolean }): Transport {
  return (request, options) => (request === CONFIGURATION_REQUEST && !auth.isSignedIn() && !firstScreenPainted()
    ? new Promise<void>((resolve) => afterFirstScreen(resolve)).then(() => transport(request, options))
    : transport(request, options));
}

type Call = (input?: unknown, options?: CallOptions) => Promise<unknown>;

export interface LazyApi {
  api: ApiClient;
  /** Loads the registry now (idle time after the first screen, before the user needs it). */
  preload(): Promise<void>;
}

export function createLazyApi(transport: Transport, loadRegistry = () => import('#shared/api-client.ts')): LazyApi {
  let client: Promise<ApiClient> | null = null;
  const load = () => (client ??= loadRegistry().then((m) => m.createApiClient(transport)).catch((e: unknown) => {
    client = null; // a failed chunk load may succeed on the next call
    throw e;
  }));
  const services = new Map<string, Record<string, Call>>();
  const serviceProxy = (service: string) => new Proxy({} as Record<string, Call>, {
    get(cache, action) {
      if (typeof action !== 'string') return undefined;
      const direct = DIRECT[`${service}.${action}`];
      cache[action] ??= direct
        ? (input, options) => transport(direct(input), options)
        : async (input, options) => {
          const api = (await load()) as unknown as Record<string, Record<string, Call>>;
          const fn = api[service]?.[action];
          if (!fn) throw new Error(`api.${service}.${action} is not in the service registry`);
          return fn(input, options);
        };
      return cache[action];
    },
  });
  const api = new Proxy({} as Record<string, Record<string, Call>>, {
    get(_target, service) {
      if (typeof service !== 'string') return undefined;
      let s = services.get(service);
      if (!s) services.set(service, (s = serviceProxy(service)));
      return s;
    },
  });
  return { api: api as unknown as ApiClient, preload: () => load().then(() => undefined) };
}
