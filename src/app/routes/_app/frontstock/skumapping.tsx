// /frontstock/skumapping — SKU 映射 (the spec names no route for it; it sits with the seller's stock).
import { createFileRoute } from '@tanstack/react-router';
import { SkuMappingPage } from '../../../features/sku-mapping/sku-mapping-page.tsx';
import { skuMappingListQuery, skuMappingSearch } from '../../../features/sku-mapping/queries.ts';

export const Route = createFileRoute('/_app/frontstock/skumapping')({
  validateSearch: skuMappingSearch,
  staticData: { title: 'SKU 映射', permission: 'Front.Stock', side: 'seller', menu: { group: 'frontStock', order: 8, icon: 'arrows-exchange' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(skuMappingListQuery(context.api, deps));
  },
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <SkuMappingPage search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
