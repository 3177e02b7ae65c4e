// /front/frontmainlandfreight — 运费试算 (seller): the freight rules in effect and a calculator with
// the breakdown (route not named by the spec; kept in the seller's order area).
import { createFileRoute } from '@tanstack/react-router';
import { FreightCalculatorPage } from '../../../features/fees/freight-calculator-page.tsx';
import { frontFreightListQuery } from '../../../features/fees/fee-queries.ts';
import { frontFreightInput, frontFreightSearch } from '../../../features/fees/fee-search.ts';

export const Route = createFileRoute('/_app/front/frontmainlandfreight')({
  validateSearch: frontFreightSearch,
  staticData: { title: '运费试算', permission: 'Front.Orders', side: 'seller', menu: { group: 'front', order: 4, icon: 'truck-delivery' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(frontFreightListQuery(context.api, frontFreightInput(deps)));
  },
  component: FreightCalculatorRoute,
});

function FreightCalculatorRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <FreightCalculatorPage search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
