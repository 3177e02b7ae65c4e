// /back/ynrefusalorder — 越南线拒收 (YNRefusalOrder: the Vietnam line's refused orders, their own records).
import { createFileRoute } from '@tanstack/react-router';
import { fileUrl } from '#shared/file-links.ts';
import { REFUSAL_LINE } from '#shared/enums.ts';
import { StaffRefusalListPage } from '../../../features/returns/refusal-list-pages.tsx';
import { staffRefusalListQuery } from '../../../features/returns/queries.ts';
import { refusalFilters, staffRefusalSearch } from '../../../features/returns/search.ts';
import { ServerExportButton } from '../../../components/server-export.tsx';
import { useAuth } from '../../../lib/use-auth.ts';
import { useT } from '../../../lib/i18n.ts';

export const Route = createFileRoute('/_app/back/ynrefusalorder')({
  validateSearch: staffRefusalSearch,
  staticData: { title: '越南线拒收', permission: 'OrderManage.ExpressShipmentDelivery', side: 'staff', menu: { group: 'back', order: 8, icon: 'truck' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(staffRefusalListQuery(context.api, REFUSAL_LINE.vietnam, deps));
  },
  component: RouteComponent,
});

function RouteComponent() {
  const t = useT();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const auth = useAuth();
  return (
    <StaffRefusalListPage
      line={REFUSAL_LINE.vietnam} search={search} onSearchChange={(next) => void navigate({ search: next })}
      exportSlot={<ServerExportButton source={auth} url={() => fileUrl('getExcelExportYNRefusalOrderInfo', refusalFilters(search))} fileName="越南线拒收订单.xlsx" label={t('导出')} />}
    />
  );
}
