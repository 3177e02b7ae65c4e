// The root route: start-up (configuration and session), the access guard for every navigation
// (spec 000 §2), and the hosts every page shares: error dialogs, realtime, the reload prompt.
import { lazy, Suspense, useEffect, useState } from 'react';
import { notifications, useNotifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Outlet, createRootRouteWithContext, lazyRouteComponent, redirect, useRouter, useRouterState, type ErrorComponentProps } from '@tanstack/react-router';
import type { RouterContext } from '../lib/router-context.ts';
import { decideAccess } from '../lib/guard.ts';
import { loadStartUp } from '../lib/start-up.ts';
import { configurationQuery } from '../lib/queries.ts';
import { useApi } from '../lib/http.ts';
import { useT } from '../lib/i18n.ts';
import { useAuth, useSignedIn } from '../lib/use-auth.ts';
import { isChunkLoadError, presentError } from '../lib/error-catalogue.ts';
import { SIGN_IN_PATH } from '../lib/constants.ts';
import { loadConsoleStyles } from '../lib/console-preload.ts';
import { markFirstScreenShown, useAfterFirstScreen } from '../lib/first-screen.ts';
import { StatusPage } from '../components/status-page.tsx';
import { ErrorCatalogueHost } from '../features/shell/error-catalogue-host.tsx';
import { ChunkReloadPrompt, ReloadPromptContent } from '../features/shell/chunk-reload-prompt.tsx';
import plain from '../components/kit/kit.module.css';

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ context, location, matches }) => {
    const state = await loadStartUp(context.queryClient, context.api, context.auth);
    const access = decideAccess({
      pathname: location.pathname,
      searchStr: location.searchStr,
      signedIn: state.signedIn,
      locked: context.auth.isLocked(),
      metas: matches.map((m) => m.staticData ?? {}),
      granted: state.granted,
      side: state.side,
    });
    if (access.type === 'redirect') throw redirect({ href: hrefOf(access.to, access.search), replace: true });
    // Every screen but the sign-in page needs Mantine's whole stylesheet (decision 0030): started
    // here, before any screen's chunk, and waited for by the loader, beside the screen's chunk.
    const styles = location.pathname === SIGN_IN_PATH ? null : loadConsoleStyles();
    return { access, styles };
  },
  loader: async ({ context }) => {
    await context.styles;
  },
  component: RootLayout,
  errorComponent: StartUpError,
  notFoundComponent: lazyRouteComponent(() => import('../features/shell/status-pages.tsx'), 'NotFoundPage'),
});

// Not needed for the first screen: loaded once it is up.
const Toasts = lazy(() => import('../features/shell/toasts.tsx'));
const RealtimeBridge = lazy(() => import('../features/shell/realtime-bridge.tsx').then((m) => ({ default: m.RealtimeBridge })));

function hrefOf(to: string, search?: Record<string, string>): string {
  const query = search ? new URLSearchParams(search).toString() : '';
  return query ? `${to}?${query}` : to;
}

function RootLayout() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const auth = useAuth();
  const signedIn = useSignedIn();
  const api = useApi();
  const t = useT();
  const { data: config } = useQuery(configurationQuery(api));
  const culture = config?.localization.currentLanguage.name;

  useEffect(() => {
    if (culture) document.documentElement.lang = culture;
  }, [culture]);

  // The first screen is up once the first navigation has loaded and rendered (not when this layout
  // first renders: the screen's own chunk may still be on its way).
  const status = useRouterState({ select: (st) => st.status });
  useEffect(() => { if (status === 'idle') markFirstScreenShown(); }, [status]);
  const later = useAfterFirstScreen();
  // The toast container mounts with the first toast (it shows the ones already asked for).
  const asked = useNotifications().notifications.length > 0;
  const [toasts, setToasts] = useState(false);
  if (asked && !toasts) setToasts(true);

  // Another tab locked, unlocked or signed out: run the guard again.
  useEffect(() => auth.onOtherTab(() => { void router.invalidate(); }), [auth, router]);

  const onUnauthorized = async (message: string) => {
    if (!auth.isSignedIn()) return;
    const here = router.state.location.href;
    auth.signOut();
    notifications.show({ color: 'orange', title: t('登录已失效'), message: message || t('请重新登录。') });
    await router.navigate({ href: hrefOf(SIGN_IN_PATH, here && here !== '/' ? { redirect: here } : undefined), replace: true });
    queryClient.clear();
  };

  return (
    <>
      <Outlet />
      {toasts && <Suspense fallback={null}><Toasts /></Suspense>}
      {later && signedIn && <Suspense fallback={null}><RealtimeBridge signedIn /></Suspense>}
      <ErrorCatalogueHost onUnauthorized={(m) => void onUnauthorized(m)} prefetch={signedIn} />
      <ChunkReloadPrompt />
    </>
  );
}

/** The configuration could not be loaded: the server is unreachable or failing. */
function StartUpError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  if (isChunkLoadError(error)) return <StatusPage title="" minHeight="100vh" actions={<ReloadPromptContent />} />;
  const p = presentError(error);
  const detail = p.type === 'dialog' ? [p.title, p.content].filter(Boolean).join('：') : p.message;
  return (
    <StatusPage
      minHeight="100vh"
      code="503"
      title="暂时无法连接海仓服务"
      description={detail}
      actions={<button type="button" className={plain.button} onClick={() => { reset(); void router.invalidate(); }}>重试</button>}
    />
  );
}
