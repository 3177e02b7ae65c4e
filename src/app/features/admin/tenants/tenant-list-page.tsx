// 租户管理 (/setting/tenant, host only): described with the list-page kit.
import { useState } from 'react';
import { Button, Code, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import type { TenantDto } from '#shared/contracts/identity.ts';
import { useApi } from '../../../lib/api.ts';
import { ListPage, StatusBadge, formatDateTime, type FilterField, type RowAction } from '../../../components/list-page/index.ts';
import { unwrap } from '../../../components/forms/refusal.ts';
import { TenantFormModal } from './tenant-form-modal.tsx';
import { tenantListQuery } from './tenant-queries.ts';
import { useDeleteTenant } from './tenant-mutations.ts';
import { tenantListInput, type TenantListSearch } from './tenant-search.ts';
import { useT, type Translate } from '../../../lib/i18n.ts';

export interface TenantListPageProps {
  search: TenantListSearch;
  onSearchChange: (next: TenantListSearch) => void;
}

const FILTERS = (t: Translate): FilterField<TenantListSearch>[] => [
  { kind: 'text', key: 'keyword', label: t('关键字'), placeholder: t('租户代码 / 名称') },
  { kind: 'select', key: 'isActive', label: t('状态'), options: [{ value: true, label: t('启用') }, { value: false, label: t('停用') }] },
];

const COLUMNS = (t: Translate): DataTableColumn<TenantDto>[] => [
  { accessor: 'id', title: t('编号'), width: 72 },
  { accessor: 'tenancyName', title: t('租户代码'), render: (t) => <Code>{t.tenancyName}</Code> },
  { accessor: 'name', title: t('名称'), render: (t) => <Text size="sm" fw={500}>{t.name}</Text> },
  { accessor: 'adminEmailAddress', title: t('管理员邮箱'), render: (t) => t.adminEmailAddress ?? '—' },
  { accessor: 'isActive', title: t('状态'), render: (t) => <StatusBadge active={t.isActive} /> },
  { accessor: 'creationTime', title: t('创建时间'), render: (t) => formatDateTime(t.creationTime) },
];

export function TenantListPage({ search, onSearchChange }: TenantListPageProps) {
  const t = useT();
  const api = useApi();
  const [dialog, setDialog] = useState<{ tenant: TenantDto | null } | null>(null);
  const remove = useDeleteTenant();

  const rowActions: RowAction<TenantDto>[] = [
    { key: 'edit', label: t('编辑'), icon: <IconPencil size={14} />, onClick: (t) => setDialog({ tenant: t }) },
    {
      key: 'delete', label: t('删除'), icon: <IconTrash size={14} />, color: 'red',
      confirm: (row) => ({
        title: t('删除租户'),
        message: t('确定删除租户 {0}（{1}）吗？删除后该租户的所有用户都无法登录。', row.name, row.tenancyName),
        confirmLabel: t('删除'),
      }),
      onClick: async (t) => unwrap(await remove.mutateAsync(t.id)),
    },
  ];

  return (
    <>
      <ListPage
        label={t('租户列表')}
        search={search}
        onSearchChange={onSearchChange}
        query={tenantListQuery(api, tenantListInput(search))}
        columns={COLUMNS(t)}
        filters={FILTERS(t)}
        rowActions={rowActions}
        toolbar={<Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ tenant: null })}>{t('新建租户')}</Button>}
      />
      {dialog && <TenantFormModal tenant={dialog.tenant} onClose={() => setDialog(null)} />}
    </>
  );
}
