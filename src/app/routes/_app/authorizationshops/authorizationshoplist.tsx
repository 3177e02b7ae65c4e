// /authorizationshops/authorizationshoplist — 店铺授权 (the seller's Shopee shops).
import { createFileRoute } from '@tanstack/react-router';
import { ShopListPage } from '../../../features/shops/shop-list-page.tsx';
import { shopListQuery, shopListSearch } from '../../../features/shops/shop-queries.ts';

export const Route = createFileRoute('/_app/authorizationshops/authorizationshoplist')({
  validateSearch: shopListSearch,
  staticData: { title: '店铺授权', permission: 'Front.Shops', side: 'seller', menu: { group: 'shops', order: 1, icon: 'building-store' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(shopListQuery(context.api, deps));
  },
  component: ShopListRoute,
});

function ShopListRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ShopListPage search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
