// /back/flow — 积分流水: every seller's flows, the xlsx export and 系统充值 (Amount.Manages).
import { createFileRoute } from '@tanstack/react-router';
import { FlowListPage } from '../../../features/amount/flow-list-page.tsx';
import { flowListQuery } from '../../../features/amount/queries.ts';
import { flowListSearch } from '../../../features/amount/search.ts';
import { useAuth } from '../../../lib/use-auth.ts';

export const Route = createFileRoute('/_app/back/flow')({
  validateSearch: flowListSearch,
  staticData: { title: '积分流水', permission: 'Amount.Manages', side: 'staff', menu: { group: 'back', order: 20, icon: 'coin' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(flowListQuery(context.api, deps));
  },
  component: FlowRoute,
});

function FlowRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const auth = useAuth();
  // The route needs Amount.Manages, so whoever sees it may also recharge.
  return <FlowListPage search={search} onSearchChange={(next) => void navigate({ search: next })} exportSource={auth} canRecharge />;
}
