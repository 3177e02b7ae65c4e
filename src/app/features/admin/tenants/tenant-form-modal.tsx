import type { FormEvent } from 'react';
import { Alert, Code, Modal, Stack, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { z } from 'zod';
import type { TenantDto } from '#shared/contracts/identity.ts';
import { TENANT_STATIC_ROLES } from '#shared/permissions.ts';
import { FormAlert } from '../../../components/forms/form-alert.tsx';
import { ModalActions } from '../../../components/forms/modal-actions.tsx';
import { useZodForm } from '../../../components/forms/use-zod-form.ts';
import { useCreateTenant, useUpdateTenant } from './tenant-mutations.ts';
import { useT } from '../../../lib/i18n.ts';

/** The admin the server creates in every new tenant (DOMAIN §1 seed; src/server provisioning). */
const NEW_TENANT_ADMIN = { userName: 'admin', password: '123qwe' } as const;

const emailCheck = z.email();
const tenantForm = z.object({
  tenancyName: z.string().trim()
    .min(1, '请输入租户代码')
    .min(2, '租户代码至少 2 个字符')
    .max(64, '租户代码最多 64 个字符')
    .regex(/^[A-Za-z][A-Za-z0-9_-]*$/, '租户代码以字母开头，只能包含字母、数字、_ 和 -'),
  name: z.string().trim().min(1, '请输入租户名称').max(128, '租户名称最多 128 个字符'),
  adminEmailAddress: z.string().trim().max(256, '邮箱最多 256 个字符').refine((v) => v === '' || emailCheck.safeParse(v).success, '邮箱格式不正确'),
  isActive: z.boolean(),
});

export function TenantFormModal({ tenant, onClose }: { tenant: TenantDto | null; onClose: () => void }) {
  const t = useT();
  const creating = tenant === null;
  const form = useZodForm(tenantForm, {
    tenancyName: tenant?.tenancyName ?? '', name: tenant?.name ?? '', adminEmailAddress: tenant?.adminEmailAddress ?? '', isActive: tenant?.isActive ?? true,
  });
  const create = useCreateTenant();
  const update = useUpdateTenant();
  const saving = create.isPending || update.isPending;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const formElement = e.currentTarget as HTMLFormElement;
    const v = form.validate(formElement);
    if (!v) return;
    try {
      const outcome = creating
        ? await create.mutateAsync({ tenancyName: v.tenancyName, name: v.name, adminEmailAddress: v.adminEmailAddress || null, isActive: v.isActive })
        : await update.mutateAsync({ id: tenant.id, tenancyName: v.tenancyName, name: v.name, isActive: v.isActive });
      if (!outcome.ok) return form.showRefusal(outcome.refusal, formElement);
      notifications.show({ color: 'teal', message: creating ? t('已创建租户 {0}', v.tenancyName) : t('已保存') });
      onClose();
    } catch {
      // Shown by the shell's error dialog.
    }
  };

  return (
    <Modal opened onClose={saving ? () => {} : onClose} title={creating ? t('新建租户') : t('编辑租户 {0}', tenant.tenancyName)} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <FormAlert message={form.formError} />
          <TextInput label={t('租户代码')} withAsterisk description={t('登录时填写，以字母开头')} autoComplete="off" {...form.text('tenancyName')} />
          <TextInput label={t('租户名称')} withAsterisk {...form.text('name')} />
          {creating && <TextInput label={t('管理员邮箱')} type="email" description={t('选填')} {...form.text('adminEmailAddress')} />}
          <Switch label={t('启用')} checked={form.values.isActive} onChange={(e) => form.setValue('isActive', e.currentTarget.checked)} />
          {creating && (
            <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} title={t('创建后系统会自动完成')}>
              <Text size="sm">
                {t('为新租户创建管理员账号')} <Code>{NEW_TENANT_ADMIN.userName}</Code>{t('，初始密码')} <Code>{NEW_TENANT_ADMIN.password}</Code>{t('，')}
                {t('以及内置角色（{0}）。请通知租户管理员登录后立即修改密码。', TENANT_STATIC_ROLES.map((r) => r.displayName).join('、'))}
              </Text>
            </Alert>
          )}
          <ModalActions onCancel={onClose} saving={saving} submitLabel={creating ? t('创建') : t('保存')} />
        </Stack>
      </form>
    </Modal>
  );
}
