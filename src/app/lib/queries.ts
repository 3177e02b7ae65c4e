// Query factories shared by route loaders and components (STYLE.md "Screens").
import type { ApiClient } from '#shared/api-client.ts';
import { queryOf } from './query-of.ts';

export const configurationQuery = (api: ApiClient) =>
  queryOf(api, 'AbpUserConfiguration', 'getAll', undefined, { staleTime: 5 * 60_000 });

export const sessionQuery = (api: ApiClient) =>
  queryOf(api, 'Session', 'getCurrentLoginInformations', undefined, { staleTime: 5 * 60_000 });
