// /backstock/backstockList — 囤货入库: the warehouse's stock records (arrive, inspect, label, shelve,
// shelving fee) and their xlsx export (File/GetExcelExportStockList).
import { createFileRoute } from '@tanstack/react-router';
import { fileUrl } from '#shared/file-links.ts';
import { StaffRecordListPage } from '../../../features/stock/record-list-pages.tsx';
import { staffRecordListQuery } from '../../../features/stock/queries.ts';
import { recordFilterInput, staffRecordSearch } from '../../../features/stock/search.ts';
import { ServerExportButton } from '../../../components/server-export.tsx';
import { useAuth } from '../../../lib/use-auth.ts';
import { useT } from '../../../lib/i18n.ts';

export const Route = createFileRoute('/_app/backstock/backstockList')({
  validateSearch: staffRecordSearch,
  staticData: { title: '囤货入库', permission: 'warehouse.Stock', side: 'staff', menu: { group: 'backStock', order: 1, icon: 'packages' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(staffRecordListQuery(context.api, deps));
  },
  component: RouteComponent,
});

function RouteComponent() {
  const t = useT();
  const auth = useAuth();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <StaffRecordListPage
      search={search}
      onSearchChange={(next) => void navigate({ search: next })}
      exportSlot={(
        <ServerExportButton
          source={auth} url={() => fileUrl('getExcelExportStockList', recordFilterInput(search))} fileName="囤货单.xlsx" label={t('导出')}
        />
      )}
    />
  );
}
