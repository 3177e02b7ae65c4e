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

export interface RoleListPageProps {
  search: RoleListSearch;
  onSearchChange: (next: RoleListSearch) => void;
}

type Dialog = { role: RoleDto | null } | null;

export function RoleListPage({ search, onSearchChange }: RoleListPageProps) {
  const api = useApi();
  const [dialog, setDialog] = useState<Dialog>(null);
  const permissions = useQuery(allPermissionsQuery(api)).data?.items ?? [];
  const permissionLabel = new Map(permissions.map((p) => [p.name, p.displayName]));
  const remove = useDeleteRole();

  const filters: FilterField<RoleListSearch>[] = [
    { kind: 'text', key: 'keyword', label: '关键字', placeholder: '角色名 / 显示名称' },
    {
      kind: 'select', key: 'permission', label: '拥有权限', searchable: true,
      options: permissions.map((p) => ({ value: p.name, label: `${'　'.repeat(p.level)}${p.displayName}` })),
    },
  ];

  const columns: DataTableColumn<RoleDto>[] = [
    { accessor: 'name', title: '角色名', render: (r) => <Text size="sm" fw={500}>{r.name}</Text> },
    { accessor: 'displayName', title: '显示名称' },
    {
      accessor: 'isStatic', title: '类型',
      render: (r) => (
        <Group gap={4} wrap="nowrap">
          <Badge variant="light" radius="sm" color={r.isStatic ? 'blue' : 'gray'}>{r.isStatic ? '内置' : '自定义'}</Badge>
          {r.isDefault && <Badge variant="outline" radius="sm" color="teal">默认</Badge>}
        </Group>
      ),
    },
    {
      accessor: 'grantedPermissions', title: '权限',
      render: (r) => (
        <Tooltip
          label={r.grantedPermissions.map((n) => permissionLabel.get(n) ?? n).join('、') || '无'}
          multiline w={280} withArrow disabled={!r.grantedPermissions.length}
        >
          <Text size="sm" span>{r.grantedPermissions.length} 项</Text>
        </Tooltip>
      ),
    },
    { accessor: 'description', title: '描述', ellipsis: true, width: 260, render: (r) => r.description || '—' },
  ];

  const rowActions: RowAction<RoleDto>[] = [
    { key: 'edit', label: '编辑', icon: <IconPencil size={14} />, onClick: (r) => setDialog({ role: r }) },
    {
      key: 'delete', label: '删除', icon: <IconTrash size={14} />, color: 'red',
      disabled: (r) => (r.isStatic ? '内置角色不能删除' : false),
      confirm: (r) => ({ title: '删除角色', message: `确定删除角色 ${r.displayName}（${r.name}）吗？拥有该角色的用户将失去它的权限。`, confirmLabel: '删除' }),
      onClick: async (r) => unwrap(await remove.mutateAsync(r.id)),
    },
  ];

  return (
    <>
      <ListPage
        label="角色列表"
        search={search}
        onSearchChange={onSearchChange}
        query={roleListQuery(api, roleListInput(search))}
        columns={columns}
        filters={filters}
        rowActions={rowActions}
        toolbar={<Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ role: null })}>新建角色</Button>}
      />
      {dialog && <RoleFormModal role={dialog.role} onClose={() => setDialog(null)} />}
    </>
  );
}
