// renderWithProviders: Mantine, React Query and a fake api (not mocked hooks).
import type { ReactElement, ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createApiClient, type ApiClient, type ApiRequest, type CallOptions } from '#shared/api-client.ts';
import { ApiContext } from '../lib/api.ts';

export type FakeHandler = (request: ApiRequest, options?: CallOptions) => unknown;

/**
 * A fake api: handlers keyed "Service.action" (e.g. "User.getAll") answer calls; an unknown call
 * fails the test loudly. calls records every request in order.
 */
export function createFakeApi(handlers: Record<string, FakeHandler>): { api: ApiClient; calls: ApiRequest[] } {
  const calls: ApiRequest[] = [];
  const api = createApiClient(async (request, options) => {
    calls.push(request);
    const handler = handlers[`${request.service}.${request.action}`];
    if (!handler) throw new Error(`fake api: no handler for ${request.service}.${request.action}`);
    return handler(request, options);
  });
  return { api, calls };
}

export function renderWithProviders(ui: ReactElement, options: { api?: ApiClient; queryClient?: QueryClient } = {}): RenderResult & { queryClient: QueryClient } {
  const queryClient = options.queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const api = options.api ?? createFakeApi({}).api;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <ApiContext.Provider value={api}>{children}</ApiContext.Provider>
      </QueryClientProvider>
    </MantineProvider>
  );
  return Object.assign(render(ui, { wrapper }), { queryClient });
}
