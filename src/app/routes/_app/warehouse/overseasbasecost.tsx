// /warehouse/overseasbasecost — 海外仓费用: the per-store base cost of overseas orders (OverseasBaseCostSetting).
import { createFileRoute } from '@tanstack/react-router';
import { FREIGHT_COST_RULE } from '../../../lib/menu-rules.ts';
import { OverseasBaseCostPage } from '../../../features/fees/overseas-base-cost-page.tsx';
import { overseasBaseCostListQuery } from '../../../features/fees/fee-queries.ts';
import { overseasBaseCostInput, overseasBaseCostSearch } from '../../../features/fees/fee-search.ts';

export const Route = createFileRoute('/_app/warehouse/overseasbasecost')({
  validateSearch: overseasBaseCostSearch,
  staticData: { title: '海外仓费用', permission: 'warehouse.Manages', side: 'staff', menu: { group: 'fees', order: 4, icon: 'receipt' }, ...FREIGHT_COST_RULE },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(overseasBaseCostListQuery(context.api, overseasBaseCostInput(deps)));
  },
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <OverseasBaseCostPage search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
