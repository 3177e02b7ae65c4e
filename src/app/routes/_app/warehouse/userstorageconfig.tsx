// /warehouse/userstorageconfig — 仓储费设置 (features/storage-fees/storage-config-page.tsx).
import { createFileRoute } from '@tanstack/react-router';
import { StorageConfigPage } from '../../../features/storage-fees/storage-config-page.tsx';
import { storageConfigListQuery, storageConfigSearch } from '../../../features/storage-fees/queries.ts';

export const Route = createFileRoute('/_app/warehouse/userstorageconfig')({
  validateSearch: storageConfigSearch,
  staticData: { title: '仓储费设置', permission: 'warehouse.Manages', side: 'staff', menu: { group: 'fees', order: 30, icon: 'receipt' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(storageConfigListQuery(context.api, deps));
  },
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <StorageConfigPage search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
