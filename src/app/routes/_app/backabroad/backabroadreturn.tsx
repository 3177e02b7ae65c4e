// /backabroad/backabroadreturn — 海外仓退件 (staff): buyers' returns to put into stock or destroy.
import { createFileRoute } from '@tanstack/react-router';
import { StaffReturnListPage } from '../../../features/overseas/return-list-pages.tsx';
import { staffReturnListQuery } from '../../../features/overseas/queries.ts';
import { abroadReturnSearch } from '../../../features/overseas/search.ts';
import { useAuth } from '../../../lib/use-auth.ts';

export const Route = createFileRoute('/_app/backabroad/backabroadreturn')({
  validateSearch: abroadReturnSearch,
  staticData: { title: '海外仓退件', permission: 'warehouse.Stock', side: 'staff', menu: { group: 'backAbroad', order: 4, icon: 'truck' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(staffReturnListQuery(context.api, deps));
  },
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const auth = useAuth();
  return <StaffReturnListPage search={search} onSearchChange={(next) => void navigate({ search: next })} exportSource={auth} />;
}
