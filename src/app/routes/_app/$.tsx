// Any address no screen answers: the 404 page, inside the shell for a signed-in user (an anonymous
// visitor is sent to sign-in by the guard first).
import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '../../features/shell/status-pages.tsx';

export const Route = createFileRoute('/_app/$')({
  staticData: { tag: false },
  component: NotFoundPage,
});
