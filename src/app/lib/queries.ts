// Query factories shared by route loaders and components (STYLE.md "Screens").
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '#shared/api-client.ts';

export const configurationQuery = (api: ApiClient) =>
  queryOptions({ queryKey: ['AbpUserConfiguration', 'getAll'], queryFn: () => api.abpUserConfiguration.getAll(), staleTime: 5 * 60_000 });

export const sessionQuery = (api: ApiClient) =>
  queryOptions({ queryKey: ['Session', 'getCurrentLoginInformations'], queryFn: () => api.session.getCurrentLoginInformations(), staleTime: 5 * 60_000 });
