// /warehouse/thirdpartyparameter — 第三方参数: the bulky parameter of third-party lines (route not
// named by the spec; kept next to the other fee settings).
import { createFileRoute } from '@tanstack/react-router';
import { FREIGHT_COST_RULE } from '../../../lib/menu-rules.ts';
import { ThirdPartyPage } from '../../../features/fees/third-party-page.tsx';
import { thirdPartyListQuery } from '../../../features/fees/fee-queries.ts';
import { thirdPartyInput, thirdPartySearch } from '../../../features/fees/fee-search.ts';

export const Route = createFileRoute('/_app/warehouse/thirdpartyparameter')({
  validateSearch: thirdPartySearch,
  staticData: { title: '第三方参数', permission: 'warehouse.Manages', side: 'staff', menu: { group: 'fees', order: 3, icon: 'truck' }, ...FREIGHT_COST_RULE },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(thirdPartyListQuery(context.api, thirdPartyInput(deps)));
  },
  component: ThirdPartyRoute,
});

function ThirdPartyRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ThirdPartyPage search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
