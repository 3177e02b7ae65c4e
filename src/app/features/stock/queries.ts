// Query factories of the stock screens, shared by route loaders and components. Keys are
// [service, action, input], so a change invalidates its services only (STOCK_SERVICES).
import type { ApiClient } from '#shared/api-client.ts';
import { dayRangeInput, pagingInput } from '../../components/list-page/list-search.ts';
import {
  historyListInput, holdingSlotListInput, productListInput, recordListInput, sellerRecordFilterInput, shelfListInput,
  type HoldingSlotSearch, type SellerHistorySearch, type SellerProductSearch, type SellerRecordSearch, type ShelfSearch, type StaffHistorySearch,
  type StaffProductSearch, type StaffRecordSearch,
} from './search.ts';
import { queryOf } from '../../lib/query-of.ts';

/** A record's move changes its product and the movements too: every stock list refreshes. */
export const STOCK_SERVICES = ['FrontStock', 'BackStock', 'FrontStockProduct', 'BackStockProduct', 'ListedHistory', 'FrontListedHistory', 'Shelves', 'HoldingSlots'] as const;

export const sellerRecordListQuery = (api: ApiClient, search: SellerRecordSearch) => {
  const input = { ...pagingInput(search), ...sellerRecordFilterInput(search) };
  return queryOf(api, 'FrontStock', 'getStockList', input);
};

export const staffRecordListQuery = (api: ApiClient, search: StaffRecordSearch) => {
  const input = recordListInput(search);
  return queryOf(api, 'BackStock', 'getStockList', input);
};

export const sellerProductListQuery = (api: ApiClient, search: SellerProductSearch) => {
  const input = { ...pagingInput(search), keyword: search.keyword, status: search.status, belowSafe: search.belowSafe };
  return queryOf(api, 'FrontStockProduct', 'getStockProductList', input);
};

/** The seller's combination products (组合商品, FrontStockProduct/GetCombinationList). */
export const combinationListQuery = (api: ApiClient, search: SellerProductSearch) => {
  const input = { ...pagingInput(search), keyword: search.keyword };
  return queryOf(api, 'FrontStockProduct', 'getCombinationList', input);
};

/** Every product of the seller's, to choose a combination's parts from. */
export const sellerProductChoicesQuery = (api: ApiClient) => {
  const input = { currentPage: 1, pageSize: 500 };
  return queryOf(api, 'FrontStockProduct', 'getStockProductList', input);
};

export const staffProductListQuery = (api: ApiClient, search: StaffProductSearch) => {
  const input = productListInput(search);
  return queryOf(api, 'BackStockProduct', 'getStockProductList', input);
};

/** One product's movements (FrontStockProduct/GetInOutStockRecord, stockId: the product's id). */
export const inOutRecordQuery = (api: ApiClient, stockId: number, page: number) => {
  const input = { stockId, currentPage: page, pageSize: 10 };
  return queryOf(api, 'FrontStockProduct', 'getInOutStockRecord', input);
};

export const sellerHistoryListQuery = (api: ApiClient, search: SellerHistorySearch) => {
  const input = {
    ...pagingInput(search), stockProductId: search.stockProductId, type: search.type, tradeNo: search.tradeNo, ...dayRangeInput(search.dateFrom, search.dateTo),
  };
  return queryOf(api, 'FrontListedHistory', 'getList', input);
};

export const staffHistoryListQuery = (api: ApiClient, search: StaffHistorySearch) => {
  const input = historyListInput(search);
  return queryOf(api, 'ListedHistory', 'getList', input);
};

export const shelfListQuery = (api: ApiClient, search: ShelfSearch) => {
  const input = shelfListInput(search);
  return queryOf(api, 'Shelves', 'getList', input);
};

export const holdingSlotListQuery = (api: ApiClient, search: HoldingSlotSearch) => {
  const input = holdingSlotListInput(search);
  return queryOf(api, 'HoldingSlots', 'getList', input);
};

/** Enabled warehouses (the filters, the declare form, new shelves). */
export const stockWarehousesQuery = (api: ApiClient) =>
  queryOf(api, 'WarehouseInfo', 'getWarehouseInfoList', { isEnabled: true, currentPage: 1, pageSize: 500 }, { staleTime: 5 * 60_000 });

/** The seller's own stores (the declare form). */
export const sellerStoresQuery = (api: ApiClient) =>
  queryOf(api, 'FrontOrder', 'getStoreList', undefined, { staleTime: 60_000 });
