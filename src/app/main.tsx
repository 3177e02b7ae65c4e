// Start-up (spec 000 §2): the culture cookie, the api over the request core (lib/http.ts), the query client and the router.
// The configuration and session are loaded by the root route before the first screen renders.
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import './styles/first-screen.css';
import './lib/theme.css';
import { routeTree } from './route-tree.gen.ts';
import { ApiContext, createHttpTransport } from './lib/http.ts';
import { configurationAfterFirstScreen, createLazyApi } from './lib/lazy-api.ts';
import { createAuthStore, ensureCultureCookie } from './lib/auth.ts';
import { revalidateStartUp } from './lib/start-up.ts';
import { afterFirstScreen } from './lib/first-screen.ts';
import { setRegistryPreload } from './lib/registry-preload.ts';
import { createQueryClient } from './lib/query-client.ts';
import { theme } from './lib/theme.ts';
import { RouteError } from './features/shell/route-error.tsx';
import { setupPwa, startPwaWhenIdle } from './lib/pwa/index.ts';
import { UpdatePromptHost } from './lib/pwa/update-prompt-host.tsx';
import plain from './components/kit/kit.module.css';

ensureCultureCookie();

const auth = createAuthStore();
const { api, preload: preloadRegistry } = createLazyApi(configurationAfterFirstScreen(createHttpTransport(auth), auth));
// Screens that will call soon load the registry once they are up (lib/registry-preload.ts).
setRegistryPreload(preloadRegistry);
const queryClient = createQueryClient();
// The last visit's start-up reads (the first screen paints from them; offline they are all there
// is) and the outbox's token source.
const restored = setupPwa(queryClient, auth);

const router = createRouter({
  routeTree,
  context: { queryClient, api, auth },
  defaultPreload: 'intent',
  // Loaders read through the query cache; the router keeps nothing of its own.
  defaultPreloadStaleTime: 0,
  defaultErrorComponent: RouteError,
  defaultPendingComponent: () => <div className={plain.center}><div className={plain.spinner} role="progressbar" aria-label="加载中" /></div>,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register { router: typeof router }
}

// A transition: the first render is time-sliced (React yields to the browser every few ms), so a
// phone's main thread never sits in one long task while the first screen is built (decision 0030).
const root = createRoot(document.getElementById('root')!);
startTransition(() => root.render(
  <StrictMode>
    {/* The theme's variables are in lib/theme.css, not computed at start-up. */}
    <MantineProvider theme={theme} withCssVariables={false}>
      <QueryClientProvider client={queryClient}>
        <ApiContext.Provider value={api}>
          <RouterProvider router={router} />
          <UpdatePromptHost />
        </ApiContext.Provider>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
));

// Painted from the last visit's answers: ask the server now, and run the guard again if it says
// something else (a revoked token signs out; changed permissions take effect).
// After the first screen has rendered, so the check does not delay it.
if (restored && navigator.onLine !== false) {
  afterFirstScreen(() => {
    void revalidateStartUp(queryClient, api, auth).then((r) => { if (r === 'changed' || r === 'signed-out') void router.invalidate(); });
  });
}
// The service worker, storage persistence and the outbox runner, after the first screen.
startPwaWhenIdle(auth);
