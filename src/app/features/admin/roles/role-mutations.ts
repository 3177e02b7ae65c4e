// The role screen's changes.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '#shared/api-client.ts';
import type { InputOf } from '#shared/contracts/define.ts';
import type { role } from '#shared/contracts/identity.ts';
import { useApi } from '../../../lib/api.ts';
import { configurationQuery } from '../../../lib/queries.ts';
import { refusalsAsValues } from '../../../components/forms/refusal.ts';
import { invalidateService } from '../../../lib/query-of.ts';

type RoleActions = typeof role.actions;

/**
 * After a role changes: the Role queries; the User queries (the user list shows role names and the
 * user dialog offers the roles); and the configuration, whose granted permissions change when the
 * admin edits a role they hold themselves (the menu follows without a reload).
 */
function useRoleMutation<I, O>(call: (api: ApiClient, input: I) => Promise<O>) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => refusalsAsValues(call(api, input)),
    onSuccess: (outcome) => {
      if (!outcome.ok) return;
      return Promise.all([
        invalidateService(queryClient, 'Role'),
        invalidateService(queryClient, 'User'),
        queryClient.invalidateQueries({ queryKey: configurationQuery(api).queryKey }),
      ]);
    },
  });
}

export const useCreateRole = () => useRoleMutation((api, input: InputOf<RoleActions['create']>) => api.role.create(input));
export const useUpdateRole = () => useRoleMutation((api, input: InputOf<RoleActions['update']>) => api.role.update(input));
export const useDeleteRole = () => useRoleMutation((api, id: number) => api.role.delete({ id }));
