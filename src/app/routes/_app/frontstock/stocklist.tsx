// /frontstock/stocklist — 囤货单: the seller's stock records, the declare form (DOMAIN §7) and their xlsx
// export (File/GetFrontExcelExportStockList).
import { createFileRoute } from '@tanstack/react-router';
import { SellerRecordListPage } from '../../../features/stock/record-list-pages.tsx';
import { sellerRecordListQuery } from '../../../features/stock/queries.ts';
import { sellerRecordFilterInput, sellerRecordSearch } from '../../../features/stock/search.ts';
import { ServerExportButton } from '../../../components/server-export.tsx';
import { fileUrl } from '#shared/file-links.ts';
import { useAuth } from '../../../lib/use-auth.ts';
import { useT } from '../../../lib/i18n.ts';
import { useUploader } from '../../../lib/upload.ts';

export const Route = createFileRoute('/_app/frontstock/stocklist')({
  validateSearch: sellerRecordSearch,
  staticData: { title: '囤货单', permission: 'Front.Stock', side: 'seller', menu: { group: 'frontStock', order: 1, icon: 'packages' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(sellerRecordListQuery(context.api, deps));
  },
  component: RouteComponent,
});

function RouteComponent() {
  const t = useT();
  const auth = useAuth();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const upload = useUploader();
  return (
    <SellerRecordListPage
      search={search}
      onSearchChange={(next) => void navigate({ search: next })}
      upload={upload}
      exportSlot={(
        <ServerExportButton
          source={auth} url={() => fileUrl('getFrontExcelExportStockList', sellerRecordFilterInput(search))} fileName="囤货单.xlsx" label={t('导出')}
        />
      )}
    />
  );
}
