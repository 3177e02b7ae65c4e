// /back/advanceorder — 预报单 (AdvanceOrder: pre-alerted parcels, imported from xlsx, DOMAIN §6).
import { createFileRoute } from '@tanstack/react-router';
import type { AdvanceImportResultDto } from '#shared/contracts/returns.ts';
import { fileUrl } from '#shared/file-links.ts';
import { AdvanceOrderPage } from '../../../features/returns/advance-order-page.tsx';
import { advanceListQuery } from '../../../features/returns/queries.ts';
import { advanceFilters, advanceSearch } from '../../../features/returns/search.ts';
import { ServerExportButton } from '../../../components/server-export.tsx';
import { downloadServerFile } from '../../../lib/download.ts';
import { postFile } from '../../../lib/upload.ts';
import { useAuth } from '../../../lib/use-auth.ts';
import { useT } from '../../../lib/i18n.ts';

export const Route = createFileRoute('/_app/back/advanceorder')({
  validateSearch: advanceSearch,
  staticData: { title: '预报单', permission: 'OrderManage.ExpressShipmentDelivery', side: 'staff', menu: { group: 'back', order: 9, icon: 'file-invoice' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(advanceListQuery(context.api, deps));
  },
  component: RouteComponent,
});

function RouteComponent() {
  const t = useT();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const auth = useAuth();
  return (
    <AdvanceOrderPage
      search={search} onSearchChange={(next) => void navigate({ search: next })}
      importFile={(file) => postFile<AdvanceImportResultDto>(auth, fileUrl('importAdvanceOrder'), file, 120_000)}
      downloadTemplate={() => downloadServerFile(auth, fileUrl('getAdvanceOrderImportTemplate'), '预报单导入模板.xlsx')}
      exportSlot={<ServerExportButton source={auth} url={() => fileUrl('getExcelExportAdvanceOrderInfo', advanceFilters(search))} fileName="预报单.xlsx" label={t('导出')} />}
    />
  );
}
