// 店铺地址 (/warehousestore/backstore): every seller's stores; create/edit, 启用/停用, delete.
import { useState } from 'react';
import { Badge, Button, Code } from '@mantine/core';
import { IconPencil, IconPlayerPause, IconPlayerPlay, IconPlus, IconTrash } from '@tabler/icons-react';
import type { StoreDto } from '#shared/contracts/orders.ts';
import { labelKey } from '#shared/enums.ts';
import { ListPage, StatusBadge, formatDateTime, type FilterField, type RowAction } from '../../components/list-page/index.ts';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { siteOptions } from './labels.ts';
import { storeListQuery } from './queries.ts';
import { unwrap, useServiceMutation } from '../../components/forms/refusal.ts';
import type { StoreListSearch } from './search.ts';
import { StoreFormModal } from './store-form-modal.tsx';

const STORE = ['BackStoreAddress'] as const;

export function StoreListPage({ search, onSearchChange }: { search: StoreListSearch; onSearchChange: (next: StoreListSearch) => void }) {
  const t = useT();
  const api = useApi();
  const [dialog, setDialog] = useState<{ store: StoreDto | null } | null>(null);
  const toggle = useServiceMutation(STORE, (a, id: number) => a.backStoreAddress.editStatus({ id }));
  const remove = useServiceMutation(STORE, (a, id: number) => a.backStoreAddress.delete({ id }));

  const filters: FilterField<StoreListSearch>[] = [
    { kind: 'text', key: 'keyword', label: t('关键字'), placeholder: t('店铺名称 / 卖家编码') },
    { kind: 'select', key: 'site', label: t('站点'), options: siteOptions(t), searchable: true },
    { kind: 'select', key: 'whetherEffective', label: t('状态'), options: [{ value: true, label: t('启用') }, { value: false, label: t('停用') }] },
  ];
  const rowActions: RowAction<StoreDto>[] = [
    { key: 'edit', label: t('编辑'), icon: <IconPencil size={14} />, onClick: (s) => setDialog({ store: s }) },
    {
      key: 'disable', label: t('停用'), icon: <IconPlayerPause size={14} />, color: 'orange', hidden: (s) => !s.whetherEffective,
      onClick: async (s) => unwrap(await toggle.mutateAsync(s.id)),
    },
    {
      key: 'enable', label: t('启用'), icon: <IconPlayerPlay size={14} />, color: 'teal', hidden: (s) => s.whetherEffective,
      onClick: async (s) => unwrap(await toggle.mutateAsync(s.id)),
    },
    {
      key: 'delete', label: t('删除'), icon: <IconTrash size={14} />, color: 'red',
      confirm: (s) => ({ title: t('删除店铺'), message: t('确定删除店铺 {0} 吗？', s.storeName), confirmLabel: t('删除') }),
      onClick: async (s) => unwrap(await remove.mutateAsync(s.id)),
    },
  ];
  return (
    <>
      <ListPage
        label={t('店铺列表')}
        search={search}
        onSearchChange={onSearchChange}
        query={storeListQuery(api, search)}
        filters={filters}
        rowActions={rowActions}
        maxInlineActions={2}
        toolbar={<Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ store: null })}>{t('新建店铺')}</Button>}
        columns={[
          { accessor: 'storeName', title: t('店铺名称') },
          { accessor: 'userCode', title: t('卖家编码'), render: (s) => (s.userCode ? <Code>{s.userCode}</Code> : '—') },
          { accessor: 'userName', title: t('卖家'), render: (s) => s.userName ?? '—' },
          { accessor: 'site', title: t('站点'), render: (s) => t(labelKey('Site', s.site)) },
          { accessor: 'contactName', title: t('联系人'), render: (s) => s.contactName || '—' },
          { accessor: 'contactPhone', title: t('联系电话'), render: (s) => s.contactPhone || '—' },
          { accessor: 'storeAddress', title: t('店铺地址'), render: (s) => s.storeAddress || '—' },
          { accessor: 'whetherLocal', title: t('本地店铺'), render: (s) => (s.whetherLocal ? <Badge variant="light" radius="sm">{t('是')}</Badge> : '—') },
          { accessor: 'whetherEffective', title: t('状态'), render: (s) => <StatusBadge active={s.whetherEffective} on={t('启用')} off={t('停用')} /> },
          { accessor: 'creationTime', title: t('创建时间'), render: (s) => formatDateTime(s.creationTime) },
        ]}
      />
      {dialog && <StoreFormModal store={dialog.store} onClose={() => setDialog(null)} />}
    </>
  );
}
