// The role list's search params (light: route files import it, see users/user-search.ts).
import type { InputOf } from '#shared/contracts/define.ts';
import type { role } from '#shared/contracts/identity.ts';
import { filter, listSearchSchema, pagingInput, type SearchOf } from '../../../components/list-page/list-search.ts';

export const roleListSearch = listSearchSchema({ keyword: filter.text(), permission: filter.text(128) });
export type RoleListSearch = SearchOf<typeof roleListSearch>;
export type RoleListInput = InputOf<(typeof role.actions)['getAll']>;

export const roleListInput = (search: RoleListSearch): RoleListInput => ({
  ...pagingInput(search), keyword: search.keyword, permission: search.permission,
});
