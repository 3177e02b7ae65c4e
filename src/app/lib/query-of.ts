// Query options derived from the registry, as the client is (issue 44): queryOf(api, 'User', 'getAll',
// input) keys the query [service, action, input] (#shared/query-key.ts) and calls api.user.getAll(input),
// with the input and the answer typed from the contract. Types only come from the registry: this module
// loads no contract, so a floor screen using it pays for nothing but the client it already has.
import { queryOptions, type DefaultError, type QueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { ApiClient } from '#shared/api-client.ts';
import type { Services } from '#shared/contracts/index.ts';
import { queryKey } from '#shared/query-key.ts';

/** A service as query keys name it: its registry name ('User', 'BackOrder'). */
export type ServiceName = Services[keyof Services]['name'];

/** The client's key for a service name ('User' → 'user'). */
type ClientKeyOf<N extends ServiceName> = { [K in keyof Services]: Services[K]['name'] extends N ? K : never }[keyof Services];
type ClientOf<N extends ServiceName> = ApiClient[ClientKeyOf<N>];

/** The actions of a service the client can call (file links and uploads are not queries). */
export type ActionOf<N extends ServiceName> = keyof ClientOf<N> & string;

type Call<N extends ServiceName, A extends ActionOf<N>> = ClientOf<N>[A] extends (input: infer I, ...rest: never[]) => Promise<infer O>
  ? { input: I; output: O; optional: undefined extends I ? true : false }
  : never;
export type QueryInput<N extends ServiceName, A extends ActionOf<N>> = Call<N, A>['input'];
export type QueryOutput<N extends ServiceName, A extends ActionOf<N>> = Call<N, A>['output'];

/** What a call site may add: staleTime, select, enabled, retry… — never its own key or fn. */
export type QueryExtras<O, TData = O> = Omit<UseQueryOptions<O, DefaultError, TData, QueryKey>, 'queryKey' | 'queryFn'>;

/** Names whose client key is not the name with a lower-case first letter. */
const CLIENT_KEY_EXCEPTIONS = { YNRefusalOrder: 'ynRefusalOrder' } as const;
type DerivedKey<N extends string> = N extends keyof typeof CLIENT_KEY_EXCEPTIONS ? (typeof CLIENT_KEY_EXCEPTIONS)[N] : Uncapitalize<N>;
/** Services whose client key clientKey() would get wrong: must stay never (a new one is a type error below). */
export type ClientKeyMismatch = { [K in keyof Services]: DerivedKey<Services[K]['name']> extends K ? never : K }[keyof Services];
const clientKeysDerive: [ClientKeyMismatch] extends [never] ? true : ClientKeyMismatch = true;

/** The client's key for a service name, without loading the registry. */
export function clientKey<N extends ServiceName>(service: N): ClientKeyOf<N> {
  const exception = (CLIENT_KEY_EXCEPTIONS as Record<string, string>)[service];
  return (clientKeysDerive && exception ? exception : service.charAt(0).toLowerCase() + service.slice(1)) as ClientKeyOf<N>;
}

type Rest<N extends ServiceName, A extends ActionOf<N>, TData> = Call<N, A>['optional'] extends true
  ? [input?: QueryInput<N, A>, extras?: QueryExtras<QueryOutput<N, A>, TData>]
  : [input: QueryInput<N, A>, extras?: QueryExtras<QueryOutput<N, A>, TData>];

/**
 * Query options for one registry call: key queryKey(service, action, input), fn api[service][action](input).
 * An input left out keys the query [service, action] and calls the action without one.
 */
export function queryOf<N extends ServiceName, A extends ActionOf<N>, TData = QueryOutput<N, A>>(
  api: ApiClient, service: N, action: A, ...[input, extras]: Rest<N, A, TData>
) {
  const client = () => api[clientKey(service)] as unknown as Record<string, (input?: unknown) => Promise<QueryOutput<N, A>>>;
  return queryOptions<QueryOutput<N, A>, DefaultError, TData, QueryKey>({
    ...extras,
    queryKey: queryKey(service, action, input),
    // Looked up when the query runs, as a hand-written `() => api.user.getAll(input)` does.
    queryFn: () => (input === undefined ? client()[action]!() : client()[action]!(input)),
  });
}

/**
 * Invalidates every query of one service (key [service]), or of one of its actions (key [service,
 * action]); never everything (STYLE.md "Screens").
 */
export const invalidateService = <N extends ServiceName>(queryClient: QueryClient, service: N, action?: ActionOf<N>): Promise<void> =>
  queryClient.invalidateQueries({ queryKey: queryKey(service, action) });
