// /back/refusalorder — 拒收订单 (BackRefusalOrder: refused orders shipped back, DOMAIN §6).
import { createFileRoute } from '@tanstack/react-router';
import { fileUrl } from '#shared/file-links.ts';
import { REFUSAL_LINE } from '#shared/enums.ts';
import { StaffRefusalListPage } from '../../../features/returns/refusal-list-pages.tsx';
import { staffRefusalListQuery } from '../../../features/returns/queries.ts';
import { refusalFilters, staffRefusalSearch } from '../../../features/returns/search.ts';
import { ServerExportButton } from '../../../components/server-export.tsx';
import { useAuth } from '../../../lib/use-auth.ts';
import { useT } from '../../../lib/i18n.ts';

export const Route = createFileRoute('/_app/back/refusalorder')({
  validateSearch: staffRefusalSearch,
  staticData: { title: '拒收订单', permission: 'OrderManage.ExpressShipmentDelivery', side: 'staff', menu: { group: 'back', order: 7, icon: 'truck' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(staffRefusalListQuery(context.api, REFUSAL_LINE.general, deps));
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
      line={REFUSAL_LINE.general} search={search} onSearchChange={(next) => void navigate({ search: next })}
      exportSlot={<ServerExportButton source={auth} url={() => fileUrl('getExcelExporRefusalOrderInfo', refusalFilters(search))} fileName="拒收订单.xlsx" label={t('导出')} />}
    />
  );
}
