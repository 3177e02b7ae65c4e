// /backstock/backshelves — 货架管理: the shelves of each warehouse and their labels.
import { createFileRoute } from '@tanstack/react-router';
import { ShelfListPage } from '../../../features/stock/shelf-list-page.tsx';
import { shelfListQuery } from '../../../features/stock/queries.ts';
import { shelfSearch } from '../../../features/stock/search.ts';

export const Route = createFileRoute('/_app/backstock/backshelves')({
  validateSearch: shelfSearch,
  staticData: { title: '货架管理', permission: 'warehouse.Stock', side: 'staff', menu: { group: 'backStock', order: 4, icon: 'building-warehouse' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(shelfListQuery(context.api, deps));
  },
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ShelfListPage search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
