// 店铺授权: the seller's authorised Shopee shops (search params, list query) and the changes to them.
// Route files import this module for validateSearch, so it stays light.
import type { ApiClient } from '#shared/api-client.ts';
import { filter, listSearchSchema, pagingInput, type SearchOf } from '../../components/list-page/list-search.ts';
import { queryOf } from '../../lib/query-of.ts';

export const SHOP_SERVICE = ['AuthorizationShop'] as const;

export const shopListSearch = listSearchSchema({
  keyword: filter.text(),
  shopeeStatus: filter.oneOf([1, 2, 3]),
});
export type ShopListSearch = SearchOf<typeof shopListSearch>;

export const shopListQuery = (api: ApiClient, search: ShopListSearch) => {
  const input = { ...pagingInput(search), keyword: search.keyword, shopeeStatus: search.shopeeStatus };
  return queryOf(api, 'AuthorizationShop', 'getAuthorizationShopList', input);
};
