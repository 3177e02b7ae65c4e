// What the first signed-in screen needs, fetched while the sign-in request is on its way (decision
// 0030). The sign-in page's own first load carries none of it: a phone opening `/` cold downloads and
// runs only the page itself; the console's code starts on the sign-in button, and its round trips
// overlap the server's password check instead of following it.
import type { AnyRouter } from '@tanstack/react-router';
import { floorFrameFor } from './floor-layout.ts';
import type { RouteMeta } from './route-meta.ts';
import { preloadRegistryNow } from './registry-preload.ts';

/** The console shell (menu, page tags, notices): a chunk of its own, see routes/_app.tsx. */
export const loadShell = () => import('../features/shell/app-shell.tsx');

/**
 * Mantine's whole stylesheet (lib/console-styles.ts). Started before any screen's chunk, so its
 * <link> comes first and the screens' own styles keep coming after Mantine's.
 */
export const loadConsoleStyles = () => import('./console-styles.ts');

/**
 * Starts fetching Mantine's whole stylesheet, the chunks of the screen at `href` (its routes' components), the console shell
 * unless the screen opens in the floor frame, and then the service registry the shell's screens
 * call through. Nothing runs a loader or the guard: this is code only.
 */
export function preloadSignedInScreen(router: AnyRouter, href: string): void {
  void loadConsoleStyles().catch(() => {});
  const pathname = href.split(/[?#]/)[0] || '/';
  const [routes] = router.getMatchedRoutes(pathname);
  for (const route of routes) void router.loadRouteChunk(route)?.catch(() => {});
  if (floorFrameFor(routes.map((r) => r.options.staticData as RouteMeta | undefined))) return;
  void loadShell().catch(() => {});
  preloadRegistryNow();
}
