// /setting/group — 分组管理 (see setting/user.tsx for how search params and the loader work).
import { createFileRoute } from '@tanstack/react-router';
import { GroupListPage } from '../../../features/admin/groups/group-list-page.tsx';
import { groupListQuery } from '../../../features/admin/groups/group-queries.ts';
import { groupListSearch } from '../../../features/admin/groups/group-search.ts';

export const Route = createFileRoute('/_app/setting/group')({
  validateSearch: groupListSearch,
  staticData: { title: '分组管理', permission: 'Pages.Users', side: 'staff', menu: { group: 'setting', order: 3, icon: 'users-group' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(groupListQuery(context.api, deps));
  },
  component: GroupRoute,
});

function GroupRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <GroupListPage search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
