// The user list's search params. Route files import this module (validateSearch) and the query
// factories, which are part of the app's first chunk, so both stay light: no kit, no registry.
import { USER_TYPE } from '#shared/user-type.ts';
import type { GetUsersInput } from '#shared/contracts/identity.ts';
import { filter, listSearchSchema, pagingInput, type SearchOf } from '../../../components/list-page/list-search.ts';

export const userListSearch = listSearchSchema({
  keyword: filter.text(),
  isActive: filter.boolean(),
  userType: filter.oneOf([USER_TYPE.staff, USER_TYPE.seller]),
});
export type UserListSearch = SearchOf<typeof userListSearch>;
export type UserListInput = import('zod').input<typeof GetUsersInput>;

export const userListInput = (search: UserListSearch): UserListInput => ({
  ...pagingInput(search), keyword: search.keyword, isActive: search.isActive, userType: search.userType,
});
