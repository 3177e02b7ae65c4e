// /amount/recharge — 积分充值. ?rechargeId= is the recharge order being paid (the payment page's 返回 link sets it).
import { createFileRoute } from '@tanstack/react-router';
import { RechargePage } from '../../../features/amount/recharge-page.tsx';
import { balanceQuery } from '../../../features/amount/queries.ts';
import { rechargeSearch } from '../../../features/amount/search.ts';

export const Route = createFileRoute('/_app/amount/recharge')({
  validateSearch: rechargeSearch,
  staticData: { title: '积分充值', permission: 'Front.Amount', side: 'seller', menu: { group: 'amount', order: 1, icon: 'coin' } },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(balanceQuery(context.api));
  },
  component: RechargeRoute,
});

function RechargeRoute() {
  const { rechargeId } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <RechargePage rechargeId={rechargeId} onRechargeChange={(id) => void navigate({ search: id ? { rechargeId: id } : {} })} />;
}
