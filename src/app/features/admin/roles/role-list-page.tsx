// 角色管理 (/setting/role): described with the list-page kit.
import { useState } from 'react';
import { Badge, Button, Group, Text, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import type { RoleDto } from '#shared/contracts/identity.ts';
import { useApi } from '../../../lib/api.ts';
import { ListPage, type FilterField, type RowAction } from '../../../components/list-page/index.ts';
import { unwrap } from '../../../components/forms/refusal.ts';
import { RoleFormModal } from './role-form-modal.tsx';
import { allPermissionsQuery, roleListQuery } from './role-queries.ts';
import { useDeleteRole } from './role-mutations.ts';
import { roleListInput, type RoleListSearch } from './role-search.ts';
import { useT } from '../../../lib/i18n.ts';

export interface RoleListPageProps {
  search: RoleListSearch;
  onSearchChange: (next: RoleListSearch) => void;
}

type Dialog = { role: RoleDto | null } | null;

export function RoleListPage({ search, onSearchChange }: RoleListPageProps) {
  const t = useT();
  const api = useApi();
  const [dialog, setDialog] = useState<Dialog>(null);
  const permissions = useQuery(allPermissionsQuery(api)).data?.items ?? [];
  const permissionLabel = new Map(permissions.map((p) => [p.name, p.displayName]));
  const remove = useDeleteRole();

  const filters: FilterField<RoleListSearch>[] = [
    { kind: 'text', key: 'keyword', label: t('关键字'), placeholder: t('角色名 / 显示名称') },
    {
      kind: 'select', key: 'permission', label: t('拥有权限'), searchable: true,
      options: permissions.map((p) => ({ value: p.name, label: `${'　'.repeat(p.level)}${p.displayName}` })),
    },
  ];

  const columns: DataTableColumn<RoleDto>[] = [
    { accessor: 'name', title: t('角色名'), render: (r) => <Text size="sm" fw={500}>{r.name}</Text> },
    { accessor: 'displayName', title: t('显示名称') },
    {
      accessor: 'isStatic', title: t('类型'),
      render: (r) => (
        <Group gap={4} wrap="nowrap">
          <Badge variant="light" radius="sm" color={r.isStatic ? 'blue' : 'gray'}>{r.isStatic ? t('内置') : t('自定义')}</Badge>
          {r.isDefault && <Badge variant="outline" radius="sm" color="teal">{t('默认')}</Badge>}
        </Group>
      ),
    },
    {
      accessor: 'grantedPermissions', title: t('权限'),
      render: (r) => (
        <Tooltip
          label={r.grantedPermissions.map((n) => permissionLabel.get(n) ?? n).join('、') || t('无')}
          multiline w={280} withArrow disabled={!r.grantedPermissions.length}
        >
          <Text size="sm" span>{t('{0} 项', r.grantedPermissions.length)}</Text>
        </Tooltip>
      ),
    },
    { accessor: 'description', title: t('描述'), render: (r) => r.description || '—' },
  ];

  const rowActions: RowAction<RoleDto>[] = [
    { key: 'edit', label: t('编辑'), icon: <IconPencil size={14} />, onClick: (r) => setDialog({ role: r }) },
    {
      key: 'delete', label: t('删除'), icon: <IconTrash size={14} />, color: 'red',
      disabled: (r) => (r.isStatic ? t('内置角色不能删除') : false),
      confirm: (r) => ({ title: t('删除角色'), message: t('确定删除角色 {0}（{1}）吗？拥有该角色的用户将失去它的权限。', r.displayName, r.name), confirmLabel: t('删除') }),
      onClick: async (r) => unwrap(await remove.mutateAsync(r.id)),
    },
  ];

  return (
    <>
      <ListPage
        label={t('角色列表')}
        search={search}
        onSearchChange={onSearchChange}
        query={roleListQuery(api, roleListInput(search))}
        columns={columns}
        filters={filters}
        rowActions={rowActions}
        toolbar={<Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ role: null })}>{t('新建角色')}</Button>}
      />
      {dialog && <RoleFormModal role={dialog.role} onClose={() => setDialog(null)} />}
    </>
  );
}
