// The console's QueryClient: no retry for an answer the server gave on purpose (4xx), one retry for
// a dropped connection. Errors are shown by the shell's error catalogue host, not here.
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './http.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, error) => count < 1 && !(error instanceof ApiError && error.kind === 'http'),
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
