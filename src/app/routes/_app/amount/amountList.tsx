// /amount/amountList — 积分明细: the seller's own flows and balance.
import { createFileRoute } from '@tanstack/react-router';
import { AmountListPage } from '../../../features/amount/amount-list-page.tsx';
import { amountListQuery } from '../../../features/amount/queries.ts';
import { amountListSearch } from '../../../features/amount/search.ts';

export const Route = createFileRoute('/_app/amount/amountList')({
  validateSearch: amountListSearch,
  staticData: { title: '积分明细', permission: 'Front.Amount', side: 'seller', menu: { group: 'amount', order: 2, icon: 'receipt' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(amountListQuery(context.api, deps));
  },
  component: AmountListRoute,
});

function AmountListRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AmountListPage
      search={search}
      onSearchChange={(next) => void navigate({ search: next })}
      onRecharge={() => void navigate({ to: '/amount/recharge' })}
    />
  );
}
