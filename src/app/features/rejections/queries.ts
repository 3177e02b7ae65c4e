// Query factories and search params of the rejection screens (ExpressRejection, BackExpressRejectionReturn).
import type { ApiClient } from '#shared/api-client.ts';
import { ENUM_CODES } from '#shared/enums.ts';
import { dateRangeSearch, dayRangeInput, filter, listSearchSchema, pagingInput, type SearchOf } from '../../components/list-page/list-search.ts';
import { queryOf } from '../../lib/query-of.ts';

export const sellerRejectionSearch = listSearchSchema({
  shipment: filter.text(64),
  handleStatus: filter.oneOf(ENUM_CODES.RejectionStatus),
  handleType: filter.oneOf(ENUM_CODES.RejectionHandleType),
});
export type SellerRejectionSearch = SearchOf<typeof sellerRejectionSearch>;

export const staffRejectionSearch = listSearchSchema({
  shipment: filter.text(64),
  userCode: filter.text(16),
  handleStatus: filter.oneOf(ENUM_CODES.RejectionStatus),
  handleType: filter.oneOf(ENUM_CODES.RejectionHandleType),
  ...dateRangeSearch,
});
export type StaffRejectionSearch = SearchOf<typeof staffRejectionSearch>;

export const sellerRejectionListQuery = (api: ApiClient, search: SellerRejectionSearch) => {
  const input = { ...pagingInput(search), shipment: search.shipment, handleStatus: search.handleStatus, handleType: search.handleType };
  return queryOf(api, 'ExpressRejection', 'getExpressRejectionList', input);
};

/** The staff's queue: requests at mainland warehouses, or with `overseas` at overseas ones. */
export const staffRejectionListQuery = (api: ApiClient, search: StaffRejectionSearch, overseas = false) => {
  const input = {
    ...pagingInput(search), shipment: search.shipment, userCode: search.userCode, handleStatus: search.handleStatus, handleType: search.handleType,
    ...dayRangeInput(search.dateFrom, search.dateTo),
  };
  const action: 'getBackOverseasReturnList' | 'getBackRejectionReturnList' = overseas ? 'getBackOverseasReturnList' : 'getBackRejectionReturnList';
  return queryOf(api, 'BackExpressRejectionReturn', action, input);
};
