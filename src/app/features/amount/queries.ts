// Query factories of the points screens, shared by route loaders and components. Keys are
// [service, action, input]: a recharge invalidates ['Recharge'] and ['Flow'] and nothing else.
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '#shared/api-client.ts';
import { amountListInput, flowListInput, type AmountListSearch, type FlowListSearch } from './search.ts';

/** Every query a posting can change. */
export const LEDGER_SERVICES = ['Recharge', 'Flow'] as const;

export const amountListQuery = (api: ApiClient, search: AmountListSearch) => {
  const input = amountListInput(search);
  return queryOptions({ queryKey: ['Recharge', 'getAmountList', input] as const, queryFn: () => api.recharge.getAmountList(input) });
};

export const balanceQuery = (api: ApiClient) =>
  queryOptions({ queryKey: ['Recharge', 'getBalance'] as const, queryFn: () => api.recharge.getBalance({}) });

export const flowListQuery = (api: ApiClient, search: FlowListSearch) => {
  const input = flowListInput(search);
  return queryOptions({ queryKey: ['Flow', 'getFlowList', input] as const, queryFn: () => api.flow.getFlowList(input) });
};

export const sellerBalancesQuery = (api: ApiClient, input: { keyword?: string; userId?: number }) =>
  queryOptions({ queryKey: ['Flow', 'getSellerBalances', input] as const, queryFn: () => api.flow.getSellerBalances(input) });
