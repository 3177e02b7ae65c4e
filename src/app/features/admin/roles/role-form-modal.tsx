import { useState, type FormEvent } from 'react';
import { Alert, Input, Modal, SimpleGrid, Skeleton, Stack, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { IconLock } from '@tabler/icons-react';
import { z } from 'zod';
import type { PermissionTreeNode, RoleDto } from '#shared/contracts/identity.ts';
import { useApi } from '../../../lib/api.ts';
import { FormAlert } from '../../../components/forms/form-alert.tsx';
import { ModalActions } from '../../../components/forms/modal-actions.tsx';
import { useZodForm } from '../../../components/forms/use-zod-form.ts';
import { PermissionTree } from './permission-tree.tsx';
import { grantedIn, toGrantedPermissions } from './permission-tree-model.ts';
import { permissionTreeQuery } from './role-queries.ts';
import { useCreateRole, useUpdateRole } from './role-mutations.ts';
import { useT } from '../../../lib/i18n.ts';

const roleForm = z.object({
  name: z.string().trim().min(1, '请输入角色名').max(32, '角色名最多 32 个字符').regex(/^[A-Za-z0-9_.-]+$/, '角色名只能包含字母、数字和 _ . -'),
  displayName: z.string().trim().min(1, '请输入显示名称').max(64, '显示名称最多 64 个字符'),
  description: z.string().trim().max(256, '描述最多 256 个字符'),
});

export interface RoleFormModalProps {
  /** null: a new role. */
  role: RoleDto | null;
  onClose: () => void;
}

/** 新建角色 / 编辑角色 with the permission tree of Role/GetAllPermissionManager?id. */
export function RoleFormModal({ role, onClose }: RoleFormModalProps) {
  const t = useT();
  const api = useApi();
  const tree = useQuery(permissionTreeQuery(api, role?.id));
  return (
    <Modal opened onClose={onClose} title={role ? t('编辑角色 {0}', role.displayName) : t('新建角色')} size="lg" centered>
      {tree.data ? (
        <RoleForm role={role} tree={tree.data.items} onClose={onClose} />
      ) : tree.isError ? (
        <Alert color="red" variant="light">{t('权限列表加载失败，请关闭后重试。')}</Alert>
      ) : (
        <Stack gap="sm"><Skeleton h={36} /><Skeleton h={36} /><Skeleton h={220} /></Stack>
      )}
    </Modal>
  );
}

/** Mounted once the tree has arrived, so the granted set starts from it without an effect. */
function RoleForm({ role, tree, onClose }: { role: RoleDto | null; tree: PermissionTreeNode[]; onClose: () => void }) {
  const t = useT();
  const form = useZodForm(roleForm, { name: role?.name ?? '', displayName: role?.displayName ?? '', description: role?.description ?? '' });
  const [granted, setGranted] = useState(() => grantedIn(tree));
  const create = useCreateRole();
  const update = useUpdateRole();
  const saving = create.isPending || update.isPending;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const formElement = e.currentTarget as HTMLFormElement;
    const v = form.validate(formElement);
    if (!v) return;
    const input = { name: v.name, displayName: v.displayName, description: v.description || null, grantedPermissions: toGrantedPermissions(tree, granted) };
    try {
      const outcome = role ? await update.mutateAsync({ id: role.id, ...input }) : await create.mutateAsync(input);
      if (!outcome.ok) return form.showRefusal(outcome.refusal, formElement);
      notifications.show({ color: 'teal', message: role ? t('已保存') : t('已创建角色 {0}', v.displayName) });
      onClose();
    } catch {
      // Shown by the shell's error dialog.
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <FormAlert message={form.formError} />
        {role?.isStatic && (
          <Alert color="blue" variant="light" icon={<IconLock size={18} />}>{t('内置角色：可以修改显示名称、描述和权限，不能改名或删除。')}</Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t('角色名')} withAsterisk description={t('英文标识，字母、数字和 _ . -')} disabled={role?.isStatic} {...form.text('name')} />
          <TextInput label={t('显示名称')} withAsterisk {...form.text('displayName')} />
        </SimpleGrid>
        <Textarea label={t('描述')} rows={3} {...form.text('description')} />
        <Input.Wrapper label={t('权限')}>
          <PermissionTree nodes={tree} granted={granted} onChange={setGranted} />
        </Input.Wrapper>
        <ModalActions onCancel={onClose} saving={saving} submitLabel={role ? t('保存') : t('创建')} />
      </Stack>
    </form>
  );
}
