// Search params of the points screens (积分明细, 积分流水). Route files import this module for
// validateSearch, so it stays light: the kit's plain parsers, no zod, no registry.
import { FLOW_CHANNEL } from '#shared/enums.ts';
import { dayRangeInput, filter, listSearchSchema, pagingInput, type SearchOf } from '../../components/list-page/list-search.ts';

export const FLOW_CHANNELS = Object.values(FLOW_CHANNEL) as [number, ...number[]];

// ── 积分明细 (the seller's own flows) ──────────────────────────────────────────
export const amountListSearch = listSearchSchema({
  channel: filter.oneOf(FLOW_CHANNELS),
  from: filter.date(),
  to: filter.date(),
  number: filter.text(),
});
export type AmountListSearch = SearchOf<typeof amountListSearch>;
export const amountListInput = (search: AmountListSearch) => ({
  ...pagingInput(search), channel: search.channel, number: search.number, ...dayRangeInput(search.from, search.to),
});

// ── 积分流水 (every seller's flows, staff) ──────────────────────────────────────
export const flowListSearch = listSearchSchema({
  userCode: filter.text(16),
  channel: filter.oneOf(FLOW_CHANNELS),
  from: filter.date(),
  to: filter.date(),
  number: filter.text(),
});
export type FlowListSearch = SearchOf<typeof flowListSearch>;
/** The filters alone: what the xlsx export takes as well. */
export const flowFilters = (search: FlowListSearch) => ({
  userCode: search.userCode, channel: search.channel, number: search.number, ...dayRangeInput(search.from, search.to),
});
export const flowListInput = (search: FlowListSearch) => ({ ...pagingInput(search), ...flowFilters(search) });

// ── 积分充值: back from the payment page with ?rechargeId= ─────────────────────
export const rechargeSearch = (search: Record<string, unknown>): { rechargeId?: number } => {
  const n = typeof search.rechargeId === 'string' ? Number(search.rechargeId) : search.rechargeId;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? { rechargeId: n } : {};
};
