// 入库记录 (/back/intologisticsrecord): one row per parcel signed in at a warehouse.
import { Code } from '@mantine/core';
import { ListPage, formatDateTime, type FilterField } from '../../components/list-page/index.ts';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { intoListQuery } from './queries.ts';
import type { IntoListSearch } from './search.ts';

export function IntoLogisticsPage({ search, onSearchChange }: { search: IntoListSearch; onSearchChange: (next: IntoListSearch) => void }) {
  const t = useT();
  const api = useApi();
  const filters: FilterField<IntoListSearch>[] = [
    { kind: 'text', key: 'shipment', label: t('快递单号') },
    { kind: 'dateRange', key: 'dateFrom', toKey: 'dateTo', label: t('入库日期') },
  ];
  return (
    <ListPage
      label={t('入库记录')}
      search={search}
      onSearchChange={onSearchChange}
      query={intoListQuery(api, search)}
      filters={filters}
      columns={[
        { accessor: 'shipment', title: t('快递单号'), render: (r) => <Code>{r.shipment}</Code> },
        { accessor: 'storeName', title: t('店铺'), render: (r) => r.storeName ?? '—' },
        { accessor: 'warehouseName', title: t('仓库'), render: (r) => r.warehouseName ?? '—' },
        { accessor: 'userName', title: t('操作人') },
        { accessor: 'creationTime', title: t('入库时间'), render: (r) => formatDateTime(r.creationTime) },
      ]}
    />
  );
}
