// The tenant screen's changes; each invalidates the Tenant service's queries.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '#shared/api-client.ts';
import type { InputOf } from '#shared/contracts/define.ts';
import type { tenant } from '#shared/contracts/identity.ts';
import { useApi } from '../../../lib/api.ts';
import { refusalsAsValues } from '../../../components/forms/refusal.ts';
import { invalidateService } from '../../../lib/query-of.ts';

type TenantActions = typeof tenant.actions;

function useTenantMutation<I, O>(call: (api: ApiClient, input: I) => Promise<O>) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => refusalsAsValues(call(api, input)),
    onSuccess: (outcome) => {
      if (outcome.ok) return invalidateService(queryClient, 'Tenant');
    },
  });
}

export const useCreateTenant = () => useTenantMutation((api, input: InputOf<TenantActions['create']>) => api.tenant.create(input));
export const useUpdateTenant = () => useTenantMutation((api, input: InputOf<TenantActions['update']>) => api.tenant.update(input));
export const useDeleteTenant = () => useTenantMutation((api, id: number) => api.tenant.delete({ id }));
