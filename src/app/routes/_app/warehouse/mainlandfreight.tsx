// /warehouse/mainlandfreight — 大陆运费: freight rules per warehouse, site and cargo category (route not
// named by the spec; kept next to the other fee settings).
import { createFileRoute } from '@tanstack/react-router';
import { FREIGHT_COST_RULE } from '../../../lib/menu-rules.ts';
import { FreightPage } from '../../../features/fees/freight-page.tsx';
import { freightListQuery } from '../../../features/fees/fee-queries.ts';
import { freightInput, freightSearch } from '../../../features/fees/fee-search.ts';

export const Route = createFileRoute('/_app/warehouse/mainlandfreight')({
  validateSearch: freightSearch,
  staticData: { title: '大陆运费', permission: 'warehouse.Manages', side: 'staff', menu: { group: 'fees', order: 2, icon: 'truck' }, ...FREIGHT_COST_RULE },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(freightListQuery(context.api, freightInput(deps)));
  },
  component: FreightRoute,
});

function FreightRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <FreightPage search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
