// /back/mainlandPackage — 大陆包 (BackMainLandPackage; the spec implies the screen without naming its
// route). Paging and filters are the URL's search params; the loader starts the list request.
import { createFileRoute } from '@tanstack/react-router';
import { PackageListPage } from '../../../features/mainland-package/package-list-page.tsx';
import { packageListQuery, packageListSearch } from '../../../features/mainland-package/queries.ts';

export const Route = createFileRoute('/_app/back/mainlandPackage')({
  validateSearch: packageListSearch,
  staticData: { title: '大陆包', permission: 'OrderManage.MainLandOrderManage', side: 'staff', menu: { group: 'back', order: 15, icon: 'packages' } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(packageListQuery(context.api, deps));
  },
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <PackageListPage search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
