// /backstock/holdingslots — 库位占用: each warehouse's holding slots and what sits in each (decision 0062).
import { createFileRoute } from '@tanstack/react-router';
import { HoldingSlotPage } from '../../../features/stock/holding-slot-page.tsx';
import { holdingSlotListQuery } from '../../../features/stock/queries.ts';
import { holdingSlotSearch } from '../../../features/stock/search.ts';

export const Route = createFileRoute('/_app/backstock/holdingslots')({
  validateSearch: holdingSlotSearch,
  staticData: { title: '库位占用', permission: 'warehouse.Stock', side: 'staff', menu: { group: 'backStock', order: 5, icon: 'building-warehouse' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(holdingSlotListQuery(context.api, deps));
  },
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <HoldingSlotPage search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
