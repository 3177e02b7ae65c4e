// The search params of the back-office order, parcel, store, log and urge screens. Route files
// import this module (validateSearch) and the query factories, so both stay light.
import type { z } from 'zod';
import { ENUM_CODES, SITES, URGENT_REQUEST_STATUS } from '#shared/enums.ts';
import { ORDER_SORT_FIELDS, PARCEL_SORT_FIELDS } from '#shared/sorting.ts';
import type { AuditEntity, BackOrderListInput, ParcelListInput } from '#shared/contracts/orders.ts';
import { dateRangeSearch as dateRange, dayRangeInput, filter, listSearchSchema, pagingInput, type SearchOf } from '../../components/list-page/list-search.ts';


// ── 订单管理 ────────────────────────────────────────────────────────────────
export const orderListSearch = listSearchSchema({
  orderStatus: filter.oneOf(ENUM_CODES.OrderStatus),
  packageStatus: filter.oneOf(ENUM_CODES.PackageStatus),
  userCode: filter.text(16),
  site: filter.oneOf(SITES),
  number: filter.text(),
  ...dateRange,
  sorting: filter.sorting(ORDER_SORT_FIELDS),
});
export type OrderListSearch = SearchOf<typeof orderListSearch>;
export type OrderListInput = z.input<typeof BackOrderListInput>;

/** The filters alone (what the xlsx exports take as well). */
export const orderFilters = (search: OrderListSearch) => ({
  orderStatus: search.orderStatus, packageStatus: search.packageStatus, userCode: search.userCode, site: search.site, number: search.number,
  ...dayRangeInput(search.dateFrom, search.dateTo),
});
export const orderListInput = (search: OrderListSearch): OrderListInput => ({ ...pagingInput(search), ...orderFilters(search), sorting: search.sorting });

// ── 包裹 (包裹列表 / 已签收 / 异常件) ─────────────────────────────────────────
export const parcelListSearch = listSearchSchema({
  receiveStatus: filter.oneOf(ENUM_CODES.ReceiveStatus),
  userCode: filter.text(16),
  shipment: filter.text(),
  ...dateRange,
  sorting: filter.sorting(PARCEL_SORT_FIELDS),
});
export type ParcelListSearch = SearchOf<typeof parcelListSearch>;
export type ParcelInput = z.input<typeof ParcelListInput>;

export const parcelFilters = (search: ParcelListSearch) => ({
  receiveStatus: search.receiveStatus, userCode: search.userCode, shipment: search.shipment, ...dayRangeInput(search.dateFrom, search.dateTo),
});
export const parcelListInput = (search: ParcelListSearch): ParcelInput => ({ ...pagingInput(search), ...parcelFilters(search), sorting: search.sorting });

// ── 入库记录 ────────────────────────────────────────────────────────────────
export const intoListSearch = listSearchSchema({ shipment: filter.text(), ...dateRange });
export type IntoListSearch = SearchOf<typeof intoListSearch>;
export const intoListInput = (search: IntoListSearch) => ({ ...pagingInput(search), shipment: search.shipment, ...dayRangeInput(search.dateFrom, search.dateTo) });

// ── 店铺地址 ────────────────────────────────────────────────────────────────
export const storeListSearch = listSearchSchema({ keyword: filter.text(), site: filter.oneOf(SITES), whetherEffective: filter.boolean() });
export type StoreListSearch = SearchOf<typeof storeListSearch>;
export const storeListInput = (search: StoreListSearch) => ({
  ...pagingInput(search), keyword: search.keyword, site: search.site, whetherEffective: search.whetherEffective,
});

// ── 操作日志 ────────────────────────────────────────────────────────────────
/** What an audit row can be about (the contract's AUDIT_ENTITIES, kept here by type so the route stays light). */
export const ENTITIES = ['order', 'parcel', 'stock', 'rejection', 'refusal', 'advanceOrder', 'orderReturn', 'return'] as const satisfies readonly AuditEntity[];
export const operateListSearch = listSearchSchema({ entity: filter.oneOf(ENTITIES), number: filter.text(), ...dateRange });
export type OperateListSearch = SearchOf<typeof operateListSearch>;
export const operateListInput = (search: OperateListSearch) => ({
  ...pagingInput(search), entity: search.entity, number: search.number, ...dayRangeInput(search.dateFrom, search.dateTo),
});

// ── 催单 ────────────────────────────────────────────────────────────────────
export const urgentListSearch = listSearchSchema({
  status: filter.oneOf([URGENT_REQUEST_STATUS.pending, URGENT_REQUEST_STATUS.replied]), number: filter.text(),
});
export type UrgentListSearch = SearchOf<typeof urgentListSearch>;
export const urgentListInput = (search: UrgentListSearch) => ({ ...pagingInput(search), status: search.status, number: search.number });
