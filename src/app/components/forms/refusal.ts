// Who shows a failed call. A business refusal the server answers on purpose (400 with field errors,
// 404 gone, 409 refused) belongs to the form or dialog that made the call: it is returned as a value
// so the shell's error catalogue never sees it. Anything unexpected (5xx, no answer, timeout) still
// throws, reaches the QueryClient's mutation cache, and the shell shows its error dialog.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '#shared/api-client.ts';
import { ApiError, useApi } from '../../lib/api.ts';
import { invalidateService, type ServiceName } from '../../lib/query-of.ts';

export type Outcome<T> = { ok: true; value: T } | { ok: false; refusal: ApiError };

const REFUSALS = new Set([400, 404, 409]);

export function isRefusal(err: unknown): err is ApiError {
  return err instanceof ApiError && err.kind === 'http' && err.status !== null && REFUSALS.has(err.status);
}

export async function refusalsAsValues<T>(call: Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await call };
  } catch (err) {
    if (isRefusal(err)) return { ok: false, refusal: err };
    throw err;
  }
}

/** For list actions: the kit shows a thrown error next to the action (confirm dialog or alert). */
export function unwrap<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw outcome.refusal;
  return outcome.value;
}

/** The sentence of a refusal: the server's field messages for a 400, else its message. */
export function refusalText(err: ApiError): string {
  if (err.status === 400 && err.validationErrors?.length) return err.validationErrors.map((e) => e.message).join('；');
  return err.message;
}

/**
 * A change that refreshes the given services' queries (and nothing else) when it went through.
 * Service keys are the first element of every query key, e.g. ['BackOrder'].
 */
export function useServiceMutation<I, O>(services: readonly ServiceName[], call: (api: ApiClient, input: I) => Promise<O>) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => refusalsAsValues(call(api, input)),
    onSuccess: async (outcome) => {
      if (outcome.ok) await Promise.all(services.map((s) => invalidateService(queryClient, s)));
    },
  });
}
