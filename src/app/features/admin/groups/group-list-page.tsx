// 分组管理 (/setting/group): the groups with their sites, overseas warehouses and members, described
// with the list-page kit. A member without 仓库管理 sees only his group's sites and warehouses (DOMAIN §1).
import { useState } from 'react';
import { Badge, Button, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import type { GroupDto } from '#shared/contracts/groups.ts';
import { useApi } from '../../../lib/api.ts';
import { ListPage, formatDateTime, type FilterField, type RowAction } from '../../../components/list-page/index.ts';
import { unwrap } from '../../../components/forms/refusal.ts';
import { GroupFormModal } from './group-form-modal.tsx';
import { groupListQuery, overseasWarehousesQuery, staffUsersQuery, useDeleteGroup } from './group-queries.ts';
import type { GroupListSearch } from './group-search.ts';
import { useT } from '../../../lib/i18n.ts';

export interface GroupListPageProps {
  search: GroupListSearch;
  onSearchChange: (next: GroupListSearch) => void;
}

type Dialog = { group: GroupDto | null } | null;

const names = (ids: readonly number[], byId: ReadonlyMap<number, string>) => ids.map((id) => byId.get(id) ?? `#${id}`).join('、') || '—';

export function GroupListPage({ search, onSearchChange }: GroupListPageProps) {
  const t = useT();
  const api = useApi();
  const [dialog, setDialog] = useState<Dialog>(null);
  const remove = useDeleteGroup();
  const warehouses = new Map((useQuery(overseasWarehousesQuery(api)).data?.items ?? []).map((w) => [w.id, w.warehouseName]));
  const staff = new Map((useQuery(staffUsersQuery(api)).data?.items ?? []).map((u) => [u.id, u.name || u.userName]));

  const filters: FilterField<GroupListSearch>[] = [{ kind: 'text', key: 'keyword', label: t('关键字'), placeholder: t('分组名称') }];

  const columns: DataTableColumn<GroupDto>[] = [
    { accessor: 'groupName', title: t('分组名称'), render: (g) => <Text size="sm" fw={500}>{g.groupName}</Text> },
    { accessor: 'crossBorderSite', title: t('跨境站点'), render: (g) => g.crossBorderSite || '—' },
    { accessor: 'nativeSite', title: t('本土站点'), render: (g) => g.nativeSite || '—' },
    { accessor: 'abroadWarehouse', title: t('海外仓'), render: (g) => names(g.abroadWarehouses, warehouses) },
    { accessor: 'groupPersonnel', title: t('组员'), render: (g) => names(g.groupPersonnels, staff) },
    {
      accessor: 'isOk', title: t('状态'),
      render: (g) => <Badge variant="light" radius="sm" color={g.isOk ? 'teal' : 'gray'}>{g.isOk ? t('启用') : t('停用')}</Badge>,
    },
    { accessor: 'creationTime', title: t('创建时间'), render: (g) => formatDateTime(g.creationTime) },
  ];

  const rowActions: RowAction<GroupDto>[] = [
    { key: 'rename', label: t('重命名'), icon: <IconPencil size={14} />, onClick: (g) => setDialog({ group: g }) },
    {
      key: 'delete', label: t('删除'), icon: <IconTrash size={14} />, color: 'red',
      confirm: (g) => ({ title: t('删除分组'), message: t('确定删除分组 {0} 吗？组员将不再受本组的数据范围限制。', g.groupName), confirmLabel: t('删除') }),
      onClick: async (g) => unwrap(await remove.mutateAsync(g.id)),
    },
  ];

  return (
    <>
      <ListPage
        label={t('分组列表')}
        search={search}
        onSearchChange={onSearchChange}
        query={groupListQuery(api, search)}
        columns={columns}
        filters={filters}
        rowActions={rowActions}
        toolbar={<Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ group: null })}>{t('新建分组')}</Button>}
      />
      {dialog && <GroupFormModal group={dialog.group} onClose={() => setDialog(null)} />}
    </>
  );
}
