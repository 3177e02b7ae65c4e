import { useState, type FormEvent } from 'react';
import { Checkbox, Group, Input, Modal, PasswordInput, SegmentedControl, SimpleGrid, Skeleton, Stack, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { USER_TYPE, type UserType } from '#shared/permissions.ts';
import type { UserDto } from '#shared/contracts/identity.ts';
import { useApi } from '../../../lib/api.ts';
import { FormAlert } from '../../../components/forms/form-alert.tsx';
import { ModalActions } from '../../../components/forms/modal-actions.tsx';
import { useZodForm } from '../../../components/forms/use-zod-form.ts';
import { userTypeOptions } from './user-labels.ts';
import { createUserForm, editUserForm, initialUserValues, toUserInput } from './user-form-schema.ts';
import { assignableRolesQuery } from './user-queries.ts';
import { useCreateUser, useUpdateUser } from './user-mutations.ts';
import { useT } from '../../../lib/i18n.ts';

/** The Seller role's normalized name (the static role every seller gets, shared/permissions.ts). */
const SELLER_ROLE = 'SELLER';

export interface UserFormModalProps {
  /** null: a new user. */
  user: UserDto | null;
  onClose: () => void;
}

/** 新建用户 / 编辑用户. Mounted only while open, so every opening starts from the row's values. */
export function UserFormModal({ user, onClose }: UserFormModalProps) {
  const t = useT();
  const api = useApi();
  const creating = user === null;
  const form = useZodForm(creating ? createUserForm : editUserForm, initialUserValues(user));
  const roles = useQuery(assignableRolesQuery(api));
  const create = useCreateUser();
  const update = useUpdateUser();
  const saving = create.isPending || update.isPending;
  // A new user's roles follow the type (卖家 brings the Seller role) until the admin picks roles.
  const [rolesPicked, setRolesPicked] = useState(!creating);
  const changeType = (type: UserType) => {
    form.setValue('userType', type);
    if (!rolesPicked) form.setValue('roleNames', type === USER_TYPE.seller ? [SELLER_ROLE] : []);
  };
  const pickRoles = (names: string[]) => {
    setRolesPicked(true);
    form.setValue('roleNames', names);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const formElement = e.currentTarget as HTMLFormElement;
    const v = form.validate(formElement);
    if (!v) return;
    try {
      const outcome = creating
        ? await create.mutateAsync({ ...toUserInput(v), password: v.password })
        : await update.mutateAsync({ id: user.id, ...toUserInput(v) });
      if (!outcome.ok) return form.showRefusal(outcome.refusal, formElement);
      notifications.show({ color: 'teal', message: creating ? t('已创建用户 {0}', v.userName) : t('已保存') });
      onClose();
    } catch {
      // Unexpected failures are shown by the shell's error dialog; the form stays open to retry.
    }
  };

  const selectedRoles = form.values.roleNames ?? [];
  return (
    <Modal opened onClose={saving ? () => {} : onClose} title={creating ? t('新建用户') : t('编辑用户 {0}', user.userName)} size="lg" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <FormAlert message={form.formError} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
            <TextInput label={t('用户名')} withAsterisk autoComplete="off" {...form.text('userName')} description={t('登录时使用，字母、数字和 _ . @ -')} />
            <TextInput label={t('姓名')} withAsterisk description={t('显示在列表与单据上')} {...form.text('name')} />
            <TextInput label={t('姓氏')} {...form.text('surname')} description={t('选填；中文姓名可全部填在“姓名”中')} />
            <TextInput label={t('手机号')} inputMode="tel" {...form.text('phoneNumber')} description={t('选填')} />
            <TextInput label={t('邮箱')} type="email" {...form.text('emailAddress')} description={t('选填')} />
            {creating && (
              <PasswordInput label={t('密码')} withAsterisk autoComplete="new-password" {...form.text('password')} description={t('6–32 个字符')} />
            )}
          </SimpleGrid>

          <Group gap="xl" align="flex-end" wrap="wrap">
            <Input.Wrapper label={t('用户类型')} description={form.values.userType === USER_TYPE.seller ? t('卖家保存后自动获得卖家编码') : undefined}>
              <div>
                <SegmentedControl
                  aria-label={t('用户类型')}
                  data={userTypeOptions(t).map((o) => ({ value: String(o.value), label: o.label }))}
                  value={String(form.values.userType)}
                  onChange={(v) => changeType(Number(v) as UserType)}
                />
              </div>
            </Input.Wrapper>
            <Switch label={t('启用')} checked={form.values.isActive ?? true} onChange={(e) => form.setValue('isActive', e.currentTarget.checked)} mb={6} />
          </Group>

          {/* roleNames are normalized names (ADMIN), as ABP's UserDto carries them. */}
          <Checkbox.Group label={t('角色')} value={selectedRoles} onChange={pickRoles} error={form.errors.roleNames}>
            {roles.isPending ? (
              <Stack gap={6} mt="xs"><Skeleton h={20} /><Skeleton h={20} /></Stack>
            ) : roles.data?.items.length ? (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
                {roles.data.items.map((r) => (
                  <Checkbox key={r.id} value={r.normalizedName} label={r.displayName} description={r.description ?? undefined} />
                ))}
              </SimpleGrid>
            ) : (
              <Text size="sm" c="dimmed" mt="xs">{roles.isError ? t('角色加载失败') : t('暂无角色')}</Text>
            )}
          </Checkbox.Group>

          <ModalActions onCancel={onClose} saving={saving} submitLabel={creating ? t('创建') : t('保存')} />
        </Stack>
      </form>
    </Modal>
  );
}
