// The search params of the stock screens (囤货, DOMAIN §7) and the service inputs built from them.
// Route files import this module (validateSearch) and the query factories, so it stays light: no zod.
import { ENUM_CODES } from '#shared/enums.ts';
import { STOCK_SORT_FIELDS } from '#shared/sorting.ts';
import {
  dateRangeSearch as dateRange, dayRangeInput, filter, listSearchSchema, pagingInput, type FieldParser, type SearchOf,
} from '../../components/list-page/list-search.ts';

/** A row id in the URL (?stockProductId=12); absent when it is not a positive whole number. */
const rowId: FieldParser<number> = (raw) => {
  const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : undefined;
};

// ── 囤货单 (stock records) ──────────────────────────────────────────────────
const recordFilters = { number: filter.text(64), keyword: filter.text(128), productStatus: filter.oneOf(ENUM_CODES.StockStatus), ...dateRange };

export const sellerRecordSearch = listSearchSchema(recordFilters);
export type SellerRecordSearch = SearchOf<typeof sellerRecordSearch>;

/** The seller's filters alone: the list and its xlsx export (File/GetFrontExcelExportStockList). */
export const sellerRecordFilterInput = (search: SellerRecordSearch) => ({
  number: search.number, keyword: search.keyword, productStatus: search.productStatus, ...dayRangeInput(search.dateFrom, search.dateTo),
});

export const staffRecordSearch = listSearchSchema({ ...recordFilters, userCode: filter.text(16), warehouseInfoId: rowId, sorting: filter.sorting(STOCK_SORT_FIELDS) });
export type StaffRecordSearch = SearchOf<typeof staffRecordSearch>;

/** The filters alone: the list and the xlsx export (File/GetExcelExportStockList) take the same. */
export const recordFilterInput = (search: StaffRecordSearch) => ({
  number: search.number, keyword: search.keyword, productStatus: search.productStatus, userCode: search.userCode, warehouseInfoId: search.warehouseInfoId,
  ...dayRangeInput(search.dateFrom, search.dateTo),
});
export const recordListInput = (search: StaffRecordSearch) => ({ ...pagingInput(search), ...recordFilterInput(search), sorting: search.sorting });

// ── 囤货商品 (stock products) ───────────────────────────────────────────────
const productFilters = { keyword: filter.text(128), status: filter.oneOf(ENUM_CODES.StockProductStatus), belowSafe: filter.boolean() };

/** The seller's screen has two tabs: the products, and (view=combinations) their combinations. */
export const sellerProductSearch = listSearchSchema({ ...productFilters, view: filter.oneOf(['combinations'] as const) });
export type SellerProductSearch = SearchOf<typeof sellerProductSearch>;

export const staffProductSearch = listSearchSchema({ ...productFilters, userCode: filter.text(16), shelfPosition: filter.text(32), warehouseInfoId: rowId });
export type StaffProductSearch = SearchOf<typeof staffProductSearch>;

export const productListInput = (search: StaffProductSearch) => ({
  ...pagingInput(search), keyword: search.keyword, status: search.status, belowSafe: search.belowSafe,
  userCode: search.userCode, shelfPosition: search.shelfPosition, warehouseInfoId: search.warehouseInfoId,
});

// ── 出入库记录 (ListedHistory) ──────────────────────────────────────────────
const historyFilters = { stockProductId: rowId, type: filter.oneOf(ENUM_CODES.ListedType), tradeNo: filter.text(32), ...dateRange };

export const sellerHistorySearch = listSearchSchema(historyFilters);
export type SellerHistorySearch = SearchOf<typeof sellerHistorySearch>;

export const staffHistorySearch = listSearchSchema({ ...historyFilters, userCode: filter.text(16), warehouseInfoId: rowId });
export type StaffHistorySearch = SearchOf<typeof staffHistorySearch>;

export const historyListInput = (search: StaffHistorySearch) => ({
  ...pagingInput(search), stockProductId: search.stockProductId, type: search.type, tradeNo: search.tradeNo,
  userCode: search.userCode, warehouseInfoId: search.warehouseInfoId, ...dayRangeInput(search.dateFrom, search.dateTo),
});

// ── 货架 (shelves) ──────────────────────────────────────────────────────────
export const shelfSearch = listSearchSchema({ warehouseInfoId: rowId, shelfPosition: filter.text(32), free: filter.boolean() });
export type ShelfSearch = SearchOf<typeof shelfSearch>;

export const shelfListInput = (search: ShelfSearch) => ({
  ...pagingInput(search), warehouseInfoId: search.warehouseInfoId, shelfPosition: search.shelfPosition, free: search.free,
});

export const holdingSlotSearch = listSearchSchema({ warehouseInfoId: rowId, shelfNumber: filter.text(16), occupied: filter.boolean() });
export type HoldingSlotSearch = SearchOf<typeof holdingSlotSearch>;

export const holdingSlotListInput = (search: HoldingSlotSearch) => ({
  ...pagingInput(search), warehouseInfoId: search.warehouseInfoId, shelfNumber: search.shelfNumber, occupied: search.occupied,
});
