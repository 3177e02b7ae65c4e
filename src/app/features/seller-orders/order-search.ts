// Search params of the seller's lists (我的订单, 我的快递, 催单记录). Route files import this module for
// validateSearch, so it stays light: plain parsers from the kit, no zod, no registry.
import { ENUM_CODES, SITES, URGENT_REQUEST_STATUS } from '#shared/enums.ts';
import { ORDER_SORT_FIELDS } from '#shared/sorting.ts';
import { dateRangeSearch, dayRangeInput, filter, listSearchSchema, pagingInput, type SearchOf } from '../../components/list-page/list-search.ts';

export const ORDER_STATUSES = ENUM_CODES.OrderStatus;
export const RECEIVE_STATUSES = ENUM_CODES.ReceiveStatus;

const positiveId = (raw: unknown): number | undefined => {
  const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : undefined;
};

export const orderListSearch = listSearchSchema({
  orderStatus: filter.oneOf(ORDER_STATUSES),
  number: filter.text(),
  storeId: positiveId,
  site: filter.oneOf(SITES),
  // 创建日期: whole days in the tenant's zone, sent as timeFrom/timeTo.
  ...dateRangeSearch,
  sorting: filter.sorting(ORDER_SORT_FIELDS),
});
export type OrderListSearch = SearchOf<typeof orderListSearch>;

/** The filters of the list (without paging): also what the export sends. */
export const orderFilters = (search: OrderListSearch) => ({
  orderStatus: search.orderStatus, number: search.number, storeId: search.storeId, site: search.site,
  ...dayRangeInput(search.dateFrom, search.dateTo),
});
export const orderListInput = (search: OrderListSearch) => ({ ...pagingInput(search), ...orderFilters(search), sorting: search.sorting });
export type OrderListInput = ReturnType<typeof orderListInput>;

export const expressListSearch = listSearchSchema({
  receiveStatus: filter.oneOf(RECEIVE_STATUSES),
  shipment: filter.text(),
});
export type ExpressListSearch = SearchOf<typeof expressListSearch>;
export const expressListInput = (search: ExpressListSearch) => ({
  ...pagingInput(search), receiveStatus: search.receiveStatus, shipment: search.shipment,
});

export const urgentListSearch = listSearchSchema({
  status: filter.oneOf([URGENT_REQUEST_STATUS.pending, URGENT_REQUEST_STATUS.replied]),
  number: filter.text(),
});
export type UrgentListSearch = SearchOf<typeof urgentListSearch>;
export const urgentListInput = (search: UrgentListSearch) => ({ ...pagingInput(search), status: search.status, number: search.number });

/** `?id=` of the form and the detail page. */
export const idSearch = (search: Record<string, unknown>): { id?: number } => {
  const id = positiveId(search.id);
  return id === undefined ? {} : { id };
};
