// The tenant list's search params (light: route files import it, see users/user-search.ts).
import type { InputOf } from '#shared/contracts/define.ts';
import type { tenant } from '#shared/contracts/identity.ts';
import { filter, listSearchSchema, pagingInput, type SearchOf } from '../../../components/list-page/list-search.ts';

export const tenantListSearch = listSearchSchema({ keyword: filter.text(), isActive: filter.boolean() });
export type TenantListSearch = SearchOf<typeof tenantListSearch>;
export type TenantListInput = InputOf<(typeof tenant.actions)['getAll']>;

export const tenantListInput = (search: TenantListSearch): TenantListInput => ({
  ...pagingInput(search), keyword: search.keyword, isActive: search.isActive,
});
