// Shows failed calls as the error catalogue says (spec 000 §8): it watches every query and mutation
// of the QueryClient, so screens and the network layer never open dialogs themselves. The dialog's
// code is loaded on first use (and fetched ahead once a signed-in screen is up) to keep the entry
// small; the sign-in page shows its own failures and leaves the phone's processor alone.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { presentError } from '../../lib/error-catalogue.ts';
import { afterFirstScreen } from '../../lib/first-screen.ts';
import type { ErrorDialogContent } from './error-dialog.tsx';

const loadDialog = () => import('./error-dialog.tsx');
const ErrorDialog = lazy(loadDialog);

export interface ErrorCatalogueHostProps {
  /** A 401: the session is gone. */
  onUnauthorized: (message: string) => void;
  /** Signed in: fetch the dialog's code ahead, once the first screen is up. */
  prefetch?: boolean;
}

export function ErrorCatalogueHost({ onUnauthorized, prefetch = false }: ErrorCatalogueHostProps) {
  const queryClient = useQueryClient();
  const [queue, setQueue] = useState<ErrorDialogContent[]>([]);
  const unauthorized = useRef(onUnauthorized);
  useEffect(() => { unauthorized.current = onUnauthorized; });

  useEffect(() => {
    // Ready before the first failure: when the server is gone, so may be the chunk.
    if (prefetch) afterFirstScreen(() => { loadDialog().catch(() => {}); });
  }, [prefetch]);

  useEffect(() => {
    const show = (error: unknown, local: boolean) => {
      const p = presentError(error);
      if (p.type === 'sign-in') {
        unauthorized.current(p.message);
        return;
      }
      if (local) return;
      // The same failure from several queries at once (the server is down) is one dialog.
      setQueue((q) => (q.some((d) => d.title === p.title && d.content === p.content) ? q : [...q, p]));
    };
    const offQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') {
        show(event.action.error, event.query.meta?.errorHandling === 'local');
      }
    });
    const offMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') {
        show(event.action.error, event.mutation.options.meta?.errorHandling === 'local');
      }
    });
    return () => { offQueries(); offMutations(); };
  }, [queryClient]);

  if (!queue.length) return null;
  return (
    <Suspense fallback={null}>
      <ErrorDialog dialog={queue[0]!} onClose={() => setQueue((q) => q.slice(1))} />
    </Suspense>
  );
}
