// The group list's search params (light: the route file imports it). Groups are few: the server
// answers them all (BackGroup/GetAllList) and the screen pages and filters them itself.
import { filter, listSearchSchema, type SearchOf } from '../../../components/list-page/list-search.ts';

export const groupListSearch = listSearchSchema({ keyword: filter.text() });
export type GroupListSearch = SearchOf<typeof groupListSearch>;
