// /setting/role — 角色管理 (see setting/user.tsx for how search params and the loader work).
import { createFileRoute } from '@tanstack/react-router';
import { RoleListPage } from '../../../features/admin/roles/role-list-page.tsx';
import { roleListQuery } from '../../../features/admin/roles/role-queries.ts';
import { roleListInput, roleListSearch } from '../../../features/admin/roles/role-search.ts';

export const Route = createFileRoute('/_app/setting/role')({
  validateSearch: roleListSearch,
  staticData: { title: '角色管理', permission: 'Pages.Roles', side: 'staff', menu: { group: 'setting', order: 2, icon: 'shield-lock' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(roleListQuery(context.api, roleListInput(deps)));
  },
  component: RoleRoute,
});

function RoleRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <RoleListPage search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
