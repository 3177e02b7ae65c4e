// The signed-in layout (pathless): every signed-in screen is a child under routes/_app/. The root
// route's guard has already decided; a missing permission is thrown here so the 403 page shows
// inside the shell without running the screen's loader.
import { Outlet, createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { ForbiddenError } from '../lib/guard.ts';
import { AppShellLayout } from '../features/shell/app-shell.tsx';
import { ForbiddenPage } from '../features/shell/status-pages.tsx';
import { RouteError } from '../features/shell/route-error.tsx';

export const Route = createFileRoute('/_app')({
  beforeLoad: ({ context }) => {
    if (context.access?.type === 'forbidden') throw new ForbiddenError(context.access.missing);
  },
  component: AppLayout,
  errorComponent: AppLayoutError,
});

function AppLayout() {
  return (
    <AppShellLayout>
      <Outlet />
    </AppShellLayout>
  );
}

function AppLayoutError(props: ErrorComponentProps) {
  const forbidden = props.error instanceof ForbiddenError ? props.error : null;
  return (
    <AppShellLayout tagCurrentPage={false}>
      {forbidden ? <ForbiddenPage missing={forbidden.missing} /> : <RouteError {...props} />}
    </AppShellLayout>
  );
}
