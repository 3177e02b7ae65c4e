// What every route's beforeLoad and loader receive (createRootRouteWithContext).
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '#shared/api-client.ts';
import type { AuthStore } from './auth.ts';
import type { AccessDecision } from './guard.ts';

export interface RouterContext {
  queryClient: QueryClient;
  api: ApiClient;
  auth: AuthStore;
  /** Set by the root route's guard for the routes below it. */
  access?: AccessDecision;
}
