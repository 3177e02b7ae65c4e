// The user screen's changes. Each one invalidates the User service's queries and nothing else.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ApiClient } from '#shared/api-client.ts';
import type { CreateUserInput, UpdateUserInput } from '#shared/contracts/identity.ts';
import { useApi } from '../../../lib/api.ts';
import { refusalsAsValues } from '../../../components/forms/refusal.ts';

const USER_SERVICE = ['User'] as const;

function useUserMutation<I, O>(call: (api: ApiClient, input: I) => Promise<O>) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => refusalsAsValues(call(api, input)),
    onSuccess: (outcome) => {
      if (outcome.ok) return queryClient.invalidateQueries({ queryKey: USER_SERVICE });
    },
  });
}

export const useCreateUser = () => useUserMutation((api, input: z.input<typeof CreateUserInput>) => api.user.create(input));
export const useUpdateUser = () => useUserMutation((api, input: z.input<typeof UpdateUserInput>) => api.user.update(input));
export const useDeleteUser = () => useUserMutation((api, id: number) => api.user.delete({ id }));
export const useSetUserActive = () =>
  useUserMutation((api, { id, active }: { id: number; active: boolean }) => (active ? api.user.activate({ id }) : api.user.deActivate({ id })));
export const useResetPassword = () =>
  useUserMutation((api, input: { adminPassword: string; userId: number; newPassword: string }) => api.user.resetPassword(input));

/**
 * Several users at once (the server has no batch action): one call each, in order. Refusals are
 * collected; the list is refreshed once at the end, whatever happened.
 */
export function useBulkUserAction() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ ids, run }: { ids: number[]; run: (api: ApiClient, id: number) => Promise<unknown> }) => {
      const refused: string[] = [];
      for (const id of ids) {
        const outcome = await refusalsAsValues(run(api, id));
        if (!outcome.ok) refused.push(outcome.refusal.message);
      }
      return { done: ids.length - refused.length, refused };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: USER_SERVICE }),
  });
}
