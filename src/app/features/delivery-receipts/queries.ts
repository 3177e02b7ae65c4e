// Search params and query factories of the delivery-receipt screens: light (no zod, no screen code), as the
// routes' validateSearch and loaders load with the app's first chunk.
import type { ApiClient } from '#shared/api-client.ts';
import { filter, listSearchSchema, pagingInput, type SearchOf } from '../../components/list-page/list-search.ts';
import { queryOf } from '../../lib/query-of.ts';

export const receiptListSearch = listSearchSchema({ batchName: filter.text(48), logisticMethod: filter.text(32), isClosed: filter.boolean() });

export type ReceiptListSearch = SearchOf<typeof receiptListSearch>;

export const receiptListQuery = (api: ApiClient, search: ReceiptListSearch) => {
  const input = { ...pagingInput(search), batchName: search.batchName, logisticMethod: search.logisticMethod, isClosed: search.isClosed };
  return queryOf(api, 'DeliveryReceipt', 'getList', input);
};

export const batchSearch = (search: Record<string, unknown>) => {
  const storeId = Number(search.storeId);
  return { storeId: Number.isInteger(storeId) && storeId > 0 ? storeId : undefined, batchName: typeof search.batchName === 'string' ? search.batchName : undefined };
};

export const batchNumbersQuery = (api: ApiClient, storeId: number, batchName: string) =>
  queryOf(api, 'DeliveryReceipt', 'getBatchNumberList', { storeId, batchName });
