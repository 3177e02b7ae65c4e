// /warehouse/basecostsetting — 基础费用设置: base cost per warehouse and order type, and the urgent fee.
import { createFileRoute } from '@tanstack/react-router';
import { FREIGHT_COST_RULE } from '../../../lib/menu-rules.ts';
import { BaseCostPage } from '../../../features/fees/base-cost-page.tsx';
import { baseCostListQuery } from '../../../features/fees/fee-queries.ts';
import { baseCostInput, baseCostSearch } from '../../../features/fees/fee-search.ts';

export const Route = createFileRoute('/_app/warehouse/basecostsetting')({
  validateSearch: baseCostSearch,
  staticData: { title: '基础费用设置', permission: 'warehouse.Manages', side: 'staff', menu: { group: 'fees', order: 1, icon: 'receipt' }, ...FREIGHT_COST_RULE },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(baseCostListQuery(context.api, baseCostInput(deps)));
  },
  component: BaseCostRoute,
});

function BaseCostRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <BaseCostPage search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
