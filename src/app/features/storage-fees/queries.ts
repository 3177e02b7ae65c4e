// Search params and query factory of /warehouse/userstorageconfig: light (no zod, no screen code), as the
// route's validateSearch and loader load with the app's first chunk.
import type { ApiClient } from '#shared/api-client.ts';
import { filter, listSearchSchema, pagingInput, type SearchOf } from '../../components/list-page/list-search.ts';
import { queryOf } from '../../lib/query-of.ts';

export const storageConfigSearch = listSearchSchema({ userCode: filter.text(16) });

export type StorageConfigSearch = SearchOf<typeof storageConfigSearch>;

export const storageConfigListQuery = (api: ApiClient, search: StorageConfigSearch) => {
  const input = { ...pagingInput(search), userCode: search.userCode };
  return queryOf(api, 'UserStorageConfig', 'getList', input);
};
