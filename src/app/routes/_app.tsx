// The signed-in layout (pathless): every signed-in screen is a child under routes/_app/. The root
// route's guard has already decided; a missing permission is thrown here so the 403 page shows
// inside the frame without running the screen's loader. Floor screens on a phone (or in the
// installed app) get the floor app's light frame; everything else the console shell, a chunk of its
// own that starts loading here, alongside the screen's.
import { lazy, Suspense, type ReactNode } from 'react';
import { Outlet, createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import kit from '../components/kit/kit.module.css';
import { ForbiddenError } from '../lib/guard.ts';
import { floorFrameFor, useFloorFrame } from '../lib/floor-layout.ts';
import { FloorFrame } from '../features/floor/floor-frame.tsx';
import { loadShell } from '../lib/console-preload.ts';
const AppShellLayout = lazy(() => loadShell().then((m) => ({ default: m.AppShellLayout })));
// Shown only when a screen fails or is forbidden: loaded then, not in every screen's first load (a
// floor screen's first load is budgeted, issue 45).
const ForbiddenPage = lazy(() => import('../features/shell/status-pages.tsx').then((m) => ({ default: m.ForbiddenPage })));
const RouteError = lazy(() => import('../features/shell/route-error.tsx').then((m) => ({ default: m.RouteError })));

export const Route = createFileRoute('/_app')({
  beforeLoad: ({ context, matches }) => {
    if (!floorFrameFor(matches.map((m) => m.staticData))) void loadShell().catch(() => {});
    if (context.access?.type === 'forbidden') throw new ForbiddenError(context.access.missing);
  },
  component: AppLayout,
  errorComponent: AppLayoutError,
});

function Frame({ children, tagCurrentPage = true }: { children: ReactNode; tagCurrentPage?: boolean }) {
  if (useFloorFrame()) return <FloorFrame>{children}</FloorFrame>;
  return (
    <Suspense fallback={<div className={kit.center} style={{ minHeight: '100vh' }}><div className={kit.spinner} role="progressbar" aria-label="加载中" /></div>}>
      <AppShellLayout tagCurrentPage={tagCurrentPage}>{children}</AppShellLayout>
    </Suspense>
  );
}

function AppLayout() {
  return <Frame><Outlet /></Frame>;
}

function AppLayoutError(props: ErrorComponentProps) {
  const forbidden = props.error instanceof ForbiddenError ? props.error : null;
  return (
    <Frame tagCurrentPage={false}>
      <Suspense fallback={null}>{forbidden ? <ForbiddenPage missing={forbidden.missing} /> : <RouteError {...props} />}</Suspense>
    </Frame>
  );
}
