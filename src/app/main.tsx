// Start-up (spec 000 §2): the culture cookie, the api over axios, the query client and the router.
// The configuration and session are loaded by the root route before the first screen renders.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { MantineProvider, Center, Loader } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { routeTree } from './route-tree.gen.ts';
import { ApiContext, createHttpTransport } from './lib/http.ts';
import { createLazyApi } from './lib/lazy-api.ts';
import { createAuthStore, ensureCultureCookie } from './lib/auth.ts';
import { createQueryClient } from './lib/query-client.ts';
import { theme } from './lib/theme.ts';
import { RouteError } from './features/shell/route-error.tsx';
import { setupPwa, startPwaWhenIdle } from './lib/pwa/index.ts';
import { UpdatePromptHost } from './lib/pwa/update-prompt-host.tsx';

ensureCultureCookie();

const auth = createAuthStore();
const { api, preload: preloadRegistry } = createLazyApi(createHttpTransport(auth));
const queryClient = createQueryClient();
// The floor's reads from the last online visit (so it opens offline) and the outbox's token source.
setupPwa(queryClient, auth);

const router = createRouter({
  routeTree,
  context: { queryClient, api, auth },
  defaultPreload: 'intent',
  // Loaders read through the query cache; the router keeps nothing of its own.
  defaultPreloadStaleTime: 0,
  defaultErrorComponent: RouteError,
  defaultPendingComponent: () => <Center py="xl"><Loader size="sm" /></Center>,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register { router: typeof router }
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <ApiContext.Provider value={api}>
          <RouterProvider router={router} />
          <UpdatePromptHost />
        </ApiContext.Provider>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);

// The registry (every contract) is needed for the first real call: fetch it once the page is idle.
const idle = window.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 200));
idle(() => { preloadRegistry().catch(() => {}); });
// The service worker, storage persistence and the outbox runner, after the first paint.
startPwaWhenIdle(auth);
