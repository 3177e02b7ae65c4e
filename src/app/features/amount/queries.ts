// Query factories of the points screens, shared by route loaders and components. Keys are
// [service, action, input]: a recharge invalidates ['Recharge'] and ['Flow'] and nothing else.
import type { ApiClient } from '#shared/api-client.ts';
import { amountListInput, flowListInput, type AmountListSearch, type FlowListSearch } from './search.ts';
import { queryOf } from '../../lib/query-of.ts';

/** Every query a posting can change. */
export const LEDGER_SERVICES = ['Recharge', 'Flow'] as const;

export const amountListQuery = (api: ApiClient, search: AmountListSearch) => {
  const input = amountListInput(search);
  return queryOf(api, 'Recharge', 'getAmountList', input);
};

export const balanceQuery = (api: ApiClient) =>
  queryOf(api, 'Recharge', 'getBalance');

export const flowListQuery = (api: ApiClient, search: FlowListSearch) => {
  const input = flowListInput(search);
  return queryOf(api, 'Flow', 'getFlowList', input);
};

export const sellerBalancesQuery = (api: ApiClient, input: { keyword?: string; userId?: number }) =>
  queryOf(api, 'Flow', 'getSellerBalances', input);
