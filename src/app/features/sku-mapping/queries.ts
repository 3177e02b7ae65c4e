// Search params and query factory of /frontstock/skumapping: light (no zod, no screen code), as the route's
// validateSearch and loader load with the app's first chunk.
import type { ApiClient } from '#shared/api-client.ts';
import { filter, listSearchSchema, pagingInput, type SearchOf } from '../../components/list-page/list-search.ts';
import { queryOf } from '../../lib/query-of.ts';

export const skuMappingSearch = listSearchSchema({ keyword: filter.text(128) });

export type SkuMappingSearch = SearchOf<typeof skuMappingSearch>;

export const skuMappingListQuery = (api: ApiClient, search: SkuMappingSearch) => {
  const input = { ...pagingInput(search), keyword: search.keyword };
  return queryOf(api, 'FrontSkuMapping', 'getList', input);
};
