// /setting/user — 用户管理. Paging and filters are the URL's search params (validateSearch); the
// loader starts the list request with the same query factory the screen reads, without waiting for
// it, so the page shows at once with the list's loading flag.
import { createFileRoute } from '@tanstack/react-router';
import { UserListPage } from '../../../features/admin/users/user-list-page.tsx';
import { userListQuery } from '../../../features/admin/users/user-queries.ts';
import { userListInput, userListSearch } from '../../../features/admin/users/user-search.ts';

export const Route = createFileRoute('/_app/setting/user')({
  validateSearch: userListSearch,
  staticData: { title: '用户管理', permission: 'Pages.Users', side: 'staff', menu: { group: 'setting', order: 1, icon: 'users' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(userListQuery(context.api, userListInput(deps)));
  },
  component: UserRoute,
});

function UserRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <UserListPage search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
