// The typed client, derived from the registry: api.user.getAll(input) → Promise<output>.
// Transport-agnostic: the console plugs in its request core (app/lib/http.ts), tests can plug in app.inject.
import { actionUrl, isFileAction, type ActionDef, type InputOf, type OutputOf, type ServiceDef } from './contracts/define.ts';
import { services, type Services } from './contracts/index.ts';

export interface ApiRequest {
  service: string;
  action: string;
  method: ActionDef['method'];
  url: string;
  query: Record<string, unknown> | undefined;
  body: Record<string, unknown> | undefined;
  /** Present when the registry allows the floor app to queue this action offline. */
  offline: boolean;
}

export type Transport = (request: ApiRequest, options?: CallOptions) => Promise<unknown>;
export interface CallOptions { idempotencyKey?: string; signal?: AbortSignal; timeout?: number }

type ClientAction<A extends ActionDef> = {} extends InputOf<A>
  ? (input?: InputOf<A>, options?: CallOptions) => Promise<OutputOf<A>>
  : (input: InputOf<A>, options?: CallOptions) => Promise<OutputOf<A>>;
// File answers and uploads are not calls that answer JSON: the console reaches them by link
// (fileUrl() in file-links.ts), so they are not in the client.
type CallKeys<S extends ServiceDef> = { [K in keyof S['actions']]: S['actions'][K] extends { file: object } | { upload: object } ? never : K }[keyof S['actions']];
type ClientService<S extends ServiceDef> = { [K in CallKeys<S>]: ClientAction<S['actions'][K]> };
export type ApiClient = { [K in keyof Services]: ClientService<Services[K]> };

/** Splits an input into query string and body the way the server reads them. */
export function buildRequest(service: ServiceDef, key: string, input: Record<string, unknown> | undefined): ApiRequest {
  const def = service.actions[key]!;
  const url = actionUrl(service, key);
  const base = { service: service.name, action: key, method: def.method, url, offline: def.offline === true };
  if (def.method === 'GET' || def.method === 'DELETE') return { ...base, query: input, body: undefined };
  if (!def.query?.length || !input) return { ...base, query: undefined, body: input };
  const query: Record<string, unknown> = {};
  const body: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) (def.query.includes(k) ? query : body)[k] = v;
  return { ...base, query, body: Object.keys(body).length ? body : undefined };
}

export function createApiClient(transport: Transport): ApiClient {
  const client: Record<string, Record<string, unknown>> = {};
  for (const [serviceKey, service] of Object.entries(services) as [string, ServiceDef][]) {
    const actions: Record<string, unknown> = {};
    for (const [key, def] of Object.entries(service.actions)) {
      if (isFileAction(def)) continue;
      actions[key] = (input?: Record<string, unknown>, options?: CallOptions) => transport(buildRequest(service, key, input), options);
    }
    client[serviceKey] = actions;
  }
  return client as ApiClient;
}

export { queryKey } from './query-key.ts';

