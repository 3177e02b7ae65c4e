// 用户管理 (/setting/user): described with the list-page kit.
import { useState } from 'react';
import { Badge, Button, Code, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconKey, IconPencil, IconPlayerPause, IconPlayerPlay, IconPlus, IconTrash } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import type { UserDto } from '#shared/contracts/identity.ts';
import { USER_TYPE } from '#shared/permissions.ts';
import { useApi } from '../../../lib/api.ts';
import { sessionQuery } from '../../../lib/queries.ts';
import {
  ExportButton, ListPage, StatusBadge, fetchAllPages, formatDateTime,
  type BulkAction, type ExportColumn, type FilterField, type RowAction,
} from '../../../components/list-page/index.ts';
import { unwrap } from '../../../components/forms/refusal.ts';
import { ResetPasswordModal } from './reset-password-modal.tsx';
import { UserFormModal } from './user-form-modal.tsx';
import { userTypeLabel, userTypeOptions } from './user-labels.ts';
import { assignableRolesQuery, userListQuery } from './user-queries.ts';
import { useBulkUserAction, useDeleteUser, useSetUserActive } from './user-mutations.ts';
import { userListInput, type UserListSearch } from './user-search.ts';
import { useT, type Translate } from '../../../lib/i18n.ts';

export interface UserListPageProps {
  search: UserListSearch;
  onSearchChange: (next: UserListSearch) => void;
}

type Dialog = { type: 'create' } | { type: 'edit'; user: UserDto } | { type: 'reset'; user: UserDto } | null;

const FILTERS = (t: Translate): FilterField<UserListSearch>[] => [
  { kind: 'text', key: 'keyword', label: t('关键字'), placeholder: t('用户名 / 姓名 / 邮箱 / 卖家编码') },
  { kind: 'select', key: 'isActive', label: t('状态'), options: [{ value: true, label: t('启用') }, { value: false, label: t('停用') }] },
  { kind: 'select', key: 'userType', label: t('用户类型'), options: userTypeOptions(t) },
];

export function UserListPage({ search, onSearchChange }: UserListPageProps) {
  const t = useT();
  const api = useApi();
  const [dialog, setDialog] = useState<Dialog>(null);
  const me = useQuery(sessionQuery(api)).data?.user?.id;
  const roleNames = new Map((useQuery(assignableRolesQuery(api)).data?.items ?? []).map((r) => [r.normalizedName, r.displayName]));
  const setActive = useSetUserActive();
  const remove = useDeleteUser();
  const bulk = useBulkUserAction();
  const isMe = (u: UserDto) => me !== undefined && u.id === me;

  const columns: DataTableColumn<UserDto>[] = [
    { accessor: 'userName', title: t('用户名'), render: (u) => <Text size="sm" fw={500}>{u.userName}</Text> },
    { accessor: 'fullName', title: t('姓名') },
    { accessor: 'userCode', title: t('卖家编码'), render: (u) => (u.userCode ? <Code>{u.userCode}</Code> : '—') },
    {
      accessor: 'userType', title: t('类型'),
      render: (u) => <Badge variant="light" radius="sm" color={u.userType === USER_TYPE.seller ? 'grape' : 'blue'}>{userTypeLabel(t, u.userType)}</Badge>,
    },
    { accessor: 'emailAddress', title: t('邮箱'), render: (u) => u.emailAddress ?? '—' },
    {
      accessor: 'roleNames', title: t('角色'),
      render: (u) => (u.roleNames.length ? (
        <Group gap={4} wrap="nowrap">
          {/* A role's display name is the tenant's (seeded for the static roles, editable on the roles page): data, not translated. */}
          {u.roleNames.map((n) => <Badge key={n} variant="outline" color="gray" radius="sm" tt="none" data-value>{roleNames.get(n) ?? n}</Badge>)}
        </Group>
      ) : '—'),
    },
    { accessor: 'isActive', title: t('状态'), render: (u) => <StatusBadge active={u.isActive} /> },
    { accessor: 'lastLoginTime', title: t('最后登录'), render: (u) => formatDateTime(u.lastLoginTime) },
    { accessor: 'creationTime', title: t('创建时间'), render: (u) => formatDateTime(u.creationTime) },
  ];

  const rowActions: RowAction<UserDto>[] = [
    { key: 'edit', label: t('编辑'), icon: <IconPencil size={14} />, onClick: (u) => setDialog({ type: 'edit', user: u }) },
    {
      key: 'deactivate', label: t('停用'), icon: <IconPlayerPause size={14} />, color: 'orange',
      hidden: (u) => !u.isActive,
      disabled: (u) => (isMe(u) ? t('不能停用自己的账号') : false),
      onClick: async (u) => unwrap(await setActive.mutateAsync({ id: u.id, active: false })),
    },
    {
      key: 'activate', label: t('启用'), icon: <IconPlayerPlay size={14} />, color: 'teal',
      hidden: (u) => u.isActive,
      onClick: async (u) => unwrap(await setActive.mutateAsync({ id: u.id, active: true })),
    },
    { key: 'reset', label: t('重置密码'), icon: <IconKey size={14} />, onClick: (u) => setDialog({ type: 'reset', user: u }) },
    {
      key: 'delete', label: t('删除'), icon: <IconTrash size={14} />, color: 'red',
      disabled: (u) => (isMe(u) ? t('不能删除自己的账号') : false),
      confirm: (u) => ({ title: t('删除用户'), message: t('确定删除用户 {0}（{1}）吗？删除后该用户将无法登录。', u.userName, u.fullName), confirmLabel: t('删除') }),
      onClick: async (u) => unwrap(await remove.mutateAsync(u.id)),
    },
  ];

  const runBulk = async (rows: UserDto[], run: Parameters<typeof bulk.mutateAsync>[0]['run']) => {
    const result = await bulk.mutateAsync({ ids: rows.map((u) => u.id), run });
    if (result.refused.length) throw new Error(`${result.done} 项成功，${result.refused.length} 项失败：${[...new Set(result.refused)].join('；')}`);
  };
  const bulkActions: BulkAction<UserDto>[] = [
    { key: 'activate', label: t('批量启用'), icon: <IconPlayerPlay size={14} />, color: 'teal', onClick: (rows) => runBulk(rows, (a, id) => a.user.activate({ id })) },
    { key: 'deactivate', label: t('批量停用'), icon: <IconPlayerPause size={14} />, color: 'orange', onClick: (rows) => runBulk(rows, (a, id) => a.user.deActivate({ id })) },
    {
      key: 'delete', label: t('批量删除'), icon: <IconTrash size={14} />, color: 'red',
      confirm: (rows) => ({ title: t('批量删除用户'), message: t('确定删除选中的 {0} 个用户吗？删除后他们将无法登录。', rows.length), confirmLabel: t('删除') }),
      onClick: (rows) => runBulk(rows, (a, id) => a.user.delete({ id })),
    },
  ];

  const exportColumns: ExportColumn<UserDto>[] = [
    { title: t('用户名'), value: (u) => u.userName },
    { title: t('姓名'), value: (u) => u.fullName },
    { title: t('卖家编码'), value: (u) => u.userCode },
    { title: t('类型'), value: (u) => userTypeLabel(t, u.userType) },
    { title: t('邮箱'), value: (u) => u.emailAddress },
    { title: t('手机号'), value: (u) => u.phoneNumber },
    { title: t('角色'), value: (u) => u.roleNames.map((n) => roleNames.get(n) ?? n).join('、') },
    { title: t('状态'), value: (u) => (u.isActive ? t('启用') : t('停用')) },
    { title: t('最后登录'), value: (u) => formatDateTime(u.lastLoginTime) },
    { title: t('创建时间'), value: (u) => formatDateTime(u.creationTime) },
  ];

  return (
    <>
      <ListPage
        label={t('用户列表')}
        search={search}
        onSearchChange={onSearchChange}
        query={userListQuery(api, userListInput(search))}
        columns={columns}
        filters={FILTERS(t)}
        rowActions={rowActions}
        bulkActions={bulkActions}
        isRecordSelectable={(u) => !isMe(u)}
        toolbar={<Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ type: 'create' })}>{t('新建用户')}</Button>}
        exportSlot={
          <ExportButton
            fileName="用户列表"
            columns={exportColumns}
            fetchRows={() => fetchAllPages((paging) => api.user.getAll({ ...userListInput(search), ...paging }))}
          />
        }
      />
      {dialog?.type === 'create' && <UserFormModal user={null} onClose={() => setDialog(null)} />}
      {dialog?.type === 'edit' && <UserFormModal user={dialog.user} onClose={() => setDialog(null)} />}
      {dialog?.type === 'reset' && <ResetPasswordModal user={dialog.user} onClose={() => setDialog(null)} />}
    </>
  );
}
