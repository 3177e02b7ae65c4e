// 仓库管理 (/warehouse/warehouseinfo): described with the list-page kit.
import { useState } from 'react';
import { Button, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconPower } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import type { WarehouseInfoDto } from '#shared/contracts/warehouse.ts';
import { labelKey } from '#shared/enums.ts';
import { useApi } from '../../lib/api.ts';
import { useT, type Translate } from '../../lib/i18n.ts';
import { ListPage, StatusBadge, formatDateTime, type FilterField, type RowAction } from '../../components/list-page/index.ts';
import { unwrap } from '../../components/forms/refusal.ts';
import { WarehouseFormModal } from './warehouse-form-modal.tsx';
import { useToggleWarehouse, warehouseListQuery } from './warehouse-queries.ts';
import { warehouseListInput, type WarehouseListSearch } from './warehouse-search.ts';

const FILTERS = (t: Translate): FilterField<WarehouseListSearch>[] => [
  { kind: 'text', key: 'keyword', label: t('关键字'), placeholder: t('仓库名称 / 地址') },
  { kind: 'select', key: 'kind', label: t('类型'), options: [{ value: 1, label: t('大陆仓') }, { value: 2, label: t('海外仓') }] },
  { kind: 'select', key: 'isEnabled', label: t('状态'), options: [{ value: true, label: t('启用') }, { value: false, label: t('停用') }] },
];

export function WarehouseListPage({ search, onSearchChange }: { search: WarehouseListSearch; onSearchChange: (next: WarehouseListSearch) => void }) {
  const api = useApi();
  const t = useT();
  const [dialog, setDialog] = useState<{ warehouse: WarehouseInfoDto | null } | null>(null);
  const toggle = useToggleWarehouse();

  const columns: DataTableColumn<WarehouseInfoDto>[] = [
    { accessor: 'warehouseName', title: t('仓库名称'), render: (w) => <Text size="sm" fw={500}>{w.warehouseName}</Text> },
    { accessor: 'kind', title: t('类型'), render: (w) => (w.kind === 2 ? t('海外仓') : t('大陆仓')) },
    { accessor: 'place', title: t('城市 / 站点'), render: (w) => (w.kind === 2 && w.site ? t(labelKey('Site', w.site)) : w.cityName ?? '—') },
    { accessor: 'address', title: t('地址'), render: (w) => w.address || '—' },
    { accessor: 'contactName', title: t('联系人'), render: (w) => [w.contactName, w.phone].filter(Boolean).join(' ') || '—' },
    { accessor: 'isEnabled', title: t('状态'), render: (w) => <StatusBadge active={w.isEnabled} /> },
    { accessor: 'creationTime', title: t('创建时间'), render: (w) => formatDateTime(w.creationTime) },
  ];

  const rowActions: RowAction<WarehouseInfoDto>[] = [
    { key: 'edit', label: t('编辑'), icon: <IconPencil size={14} />, onClick: (w) => setDialog({ warehouse: w }) },
    {
      key: 'toggle', label: t('启用/停用'), icon: <IconPower size={14} />,
      confirm: (w) => ({
        title: w.isEnabled ? t('停用仓库') : t('启用仓库'),
        message: w.isEnabled ? t('停用 {0} 后，卖家不能再选它下单，扫码也不能再签收到这个仓库。', w.warehouseName) : t('启用 {0}？', w.warehouseName),
        confirmLabel: w.isEnabled ? t('停用') : t('启用'),
      }),
      onClick: async (w) => unwrap(await toggle.mutateAsync(w.id)),
    },
  ];

  return (
    <>
      <ListPage
        label={t('仓库列表')}
        search={search}
        onSearchChange={onSearchChange}
        query={warehouseListQuery(api, warehouseListInput(search))}
        columns={columns}
        filters={FILTERS(t)}
        rowActions={rowActions}
        toolbar={<Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ warehouse: null })}>{t('新建仓库')}</Button>}
      />
      {dialog && <WarehouseFormModal warehouse={dialog.warehouse} onClose={() => setDialog(null)} />}
    </>
  );
}
