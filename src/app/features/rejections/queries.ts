// Query factories and search params of the rejection screens (ExpressRejection, BackExpressRejectionReturn).
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '#shared/api-client.ts';
import { REJECTION_STATUS } from '#shared/enums.ts';
import { dayRangeInput, filter, listSearchSchema, pagingInput, type SearchOf } from '../../components/list-page/list-search.ts';

const STATUSES = Object.values(REJECTION_STATUS) as [number, ...number[]];

export const sellerRejectionSearch = listSearchSchema({
  shipment: filter.text(64),
  handleStatus: filter.oneOf(STATUSES),
  handleType: filter.oneOf([1, 2] as const),
});
export type SellerRejectionSearch = SearchOf<typeof sellerRejectionSearch>;

export const staffRejectionSearch = listSearchSchema({
  shipment: filter.text(64),
  userCode: filter.text(16),
  handleStatus: filter.oneOf(STATUSES),
  handleType: filter.oneOf([1, 2] as const),
  dateFrom: filter.date(),
  dateTo: filter.date(),
});
export type StaffRejectionSearch = SearchOf<typeof staffRejectionSearch>;

export const sellerRejectionListQuery = (api: ApiClient, search: SellerRejectionSearch) => {
  const input = { ...pagingInput(search), shipment: search.shipment, handleStatus: search.handleStatus, handleType: search.handleType };
  return queryOptions({ queryKey: ['ExpressRejection', 'getExpressRejectionList', input] as const, queryFn: () => api.expressRejection.getExpressRejectionList(input) });
};

export const staffRejectionListQuery = (api: ApiClient, search: StaffRejectionSearch) => {
  const input = {
    ...pagingInput(search), shipment: search.shipment, userCode: search.userCode, handleStatus: search.handleStatus, handleType: search.handleType,
    ...dayRangeInput(search.dateFrom, search.dateTo),
  };
  return queryOptions({ queryKey: ['BackExpressRejectionReturn', 'getBackRejectionReturnList', input] as const, queryFn: () => api.backExpressRejectionReturn.getBackRejectionReturnList(input) });
};
