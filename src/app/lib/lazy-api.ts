// The console's api object, loading the service registry (every contract, with zod) only when the
// first call needs it, so the first screen's JavaScript stays small. The two calls made at start-up,
// GET /AbpUserConfiguration/GetAll and the session, go straight to the transport; a test checks
// those requests against the registry so they cannot drift apart.
import type { ApiClient, ApiRequest, CallOptions, Transport } from '#shared/api-client.ts';

export const CONFIGURATION_REQUEST: ApiRequest = {
  service: 'AbpUserConfiguration', action: 'getAll', method: 'GET', url: '/AbpUserConfiguration/GetAll', query: undefined, body: undefined, offline: false,
};

export const SESSION_REQUEST: ApiRequest = {
  service: 'Session', action: 'getCurrentLoginInformations', method: 'GET', url: '/api/services/app/Session/GetCurrentLoginInformations', query: undefined, body: undefined, offline: false,
};

/** Start-up calls sent without the registry: `service.action` → the request the registry would build. */
const DIRECT: Record<string, ApiRequest> = {
  'abpUserConfiguration.getAll': CONFIGURATION_REQUEST,
  'session.getCurrentLoginInformations': SESSION_REQUEST,
};

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
        ? (_input, options) => transport(direct, options)
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
