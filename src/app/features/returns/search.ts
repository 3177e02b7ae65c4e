// The search params of the returns screens (the route files' validateSearch, in the first chunk:
// plain parsers, no query factories) and the filters they give the lists and exports.
import { ENUM_CODES } from '#shared/enums.ts';
import { dateRangeSearch, dayRangeInput, filter, listSearchSchema, type SearchOf } from '../../components/list-page/list-search.ts';

export const staffRefusalSearch = listSearchSchema({
  tradeNo: filter.text(32),
  orderNumber: filter.text(64),
  userCode: filter.text(16),
  handleStatus: filter.oneOf(ENUM_CODES.RefusalStatus),
  ...dateRangeSearch,
});
export type StaffRefusalSearch = SearchOf<typeof staffRefusalSearch>;

/** The list's filters as the list action and its xlsx export take them. */
export const refusalFilters = (s: StaffRefusalSearch) => ({
  tradeNo: s.tradeNo, orderNumber: s.orderNumber, userCode: s.userCode, handleStatus: s.handleStatus, ...dayRangeInput(s.dateFrom, s.dateTo),
});

export const sellerRefusalSearch = listSearchSchema({
  tradeNo: filter.text(32),
  line: filter.oneOf(ENUM_CODES.RefusalLine),
  handleStatus: filter.oneOf(ENUM_CODES.RefusalStatus),
});
export type SellerRefusalSearch = SearchOf<typeof sellerRefusalSearch>;

export const advanceSearch = listSearchSchema({
  shipment: filter.text(64),
  userCode: filter.text(16),
  expressCompany: filter.text(64),
  handleStatus: filter.oneOf(ENUM_CODES.AdvanceStatus),
  ...dateRangeSearch,
});
export type AdvanceSearch = SearchOf<typeof advanceSearch>;

export const advanceFilters = (s: AdvanceSearch) => ({
  shipment: s.shipment, userCode: s.userCode, expressCompany: s.expressCompany, handleStatus: s.handleStatus, ...dayRangeInput(s.dateFrom, s.dateTo),
});

export const staffReturnSearch = listSearchSchema({
  orderNumber: filter.text(64),
  userCode: filter.text(16),
  whetherHandle: filter.oneOf(ENUM_CODES.OrderReturnStatus),
  handleType: filter.oneOf(ENUM_CODES.OrderReturnHandleType),
  ...dateRangeSearch,
});
export type StaffReturnSearch = SearchOf<typeof staffReturnSearch>;

export const sellerReturnSearch = listSearchSchema({
  orderNumber: filter.text(64),
  whetherHandle: filter.oneOf(ENUM_CODES.OrderReturnStatus),
  handleType: filter.oneOf(ENUM_CODES.OrderReturnHandleType),
});
export type SellerReturnSearch = SearchOf<typeof sellerReturnSearch>;
