// 注册 on the sign-in page (issue 44 1d; spec 000 Account/Register): a seller opens an account in a
// tenant (a warehouse company), then is signed in. The tenant is checked by name as 切换 does and
// becomes the page's tenant; the server's refusals (a name taken: 409; a field: 400) show in the form.
import { useState, type FormEvent } from 'react';
import { Modal, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { z } from 'zod';
import { TENANT_AVAILABILITY } from '#shared/constants.ts';
import { ApiError, useApi } from '../../lib/http.ts';
import { writeTenantId } from '../../lib/auth.ts';
import { useT } from '../../lib/i18n.ts';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import { ModalActions } from '../../components/forms/modal-actions.tsx';
import { useZodForm } from '../../components/forms/use-zod-form.ts';
import { passwordRule } from '../admin/users/user-form-schema.ts';
import '../../lib/console-styles.ts'; // Mantine's whole stylesheet: this opens over the sign-in page

const emailCheck = z.email();
const registerForm = z.object({
  tenancyName: z.string().trim().min(1, '请输入租户名称').max(64, '租户名称最多 64 个字符'),
  userName: z.string().trim().min(1, '请输入用户名').min(2, '用户名至少 2 个字符').max(64, '用户名最多 64 个字符')
    .regex(/^[A-Za-z0-9_.@-]+$/, '用户名只能包含字母、数字和 _ . @ -'),
  password: passwordRule,
  confirmPassword: z.string().min(1, '请再次输入密码'),
  name: z.string().trim().min(1, '请输入姓名').max(64, '姓名最多 64 个字符'),
  emailAddress: z.string().trim().max(256, '邮箱最多 256 个字符').refine((v) => v === '' || emailCheck.safeParse(v).success, '邮箱格式不正确'),
  phoneNumber: z.string().trim().max(32, '手机号最多 32 个字符').regex(/^[0-9+\-\s()]*$/, '手机号只能包含数字、空格和 + - ( )'),
}).refine((v) => v.confirmPassword === '' || v.password === v.confirmPassword, { message: '两次输入的密码不一致', path: ['confirmPassword'] });

export interface RegisterModalProps {
  /** The tenant the page is on, offered first. */
  tenancyName: string | null;
  onClose: () => void;
  /** The tenant chosen in the form, kept as the page's (Abp.TenantId). */
  onTenant: (tenantId: number) => Promise<void>;
  /** Registered: sign in with these. */
  onRegistered: (userName: string, password: string) => Promise<void>;
}

export function RegisterModal({ tenancyName, onClose, onTenant, onRegistered }: RegisterModalProps) {
  const t = useT();
  const api = useApi();
  const form = useZodForm(registerForm, {
    tenancyName: tenancyName ?? '', userName: '', password: '', confirmPassword: '', name: '', emailAddress: '', phoneNumber: '',
  });
  const [tenantError, setTenantError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const formElement = e.currentTarget as HTMLFormElement;
    setTenantError(null);
    const v = form.validate(formElement);
    if (!v) return;
    setSaving(true);
    try {
      const tenant = await api.account.isTenantAvailable({ tenancyName: v.tenancyName });
      if (tenant.state !== TENANT_AVAILABILITY.available || tenant.tenantId === null) {
        setTenantError(tenant.state === TENANT_AVAILABILITY.inActive ? t('租户 {0} 未激活', v.tenancyName) : t('没有名为 {0} 的租户', v.tenancyName));
        return;
      }
      writeTenantId(tenant.tenantId);
      await onTenant(tenant.tenantId);
      await api.account.register({
        userName: v.userName, password: v.password, name: v.name, emailAddress: v.emailAddress || null, phoneNumber: v.phoneNumber || null,
      });
      await onRegistered(v.userName, v.password);
    } catch (err) {
      if (err instanceof ApiError) form.showRefusal(err, formElement);
      else throw err;
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={saving ? () => {} : onClose} title={t('注册卖家账号')} size="lg" centered>
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="register-form">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">{t('注册后即以卖家身份登录，并获得卖家编码。')}</Text>
          <FormAlert message={form.formError} />
          <TextInput label={t('租户')} withAsterisk autoComplete="organization" description={t('您的仓储服务商，例如 Default')}
            {...form.text('tenancyName')} error={tenantError ?? form.errors.tenancyName} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
            <TextInput label={t('用户名')} withAsterisk autoComplete="username" {...form.text('userName')} description={t('登录时使用，字母、数字和 _ . @ -')} />
            <TextInput label={t('姓名')} withAsterisk autoComplete="name" {...form.text('name')} />
            <PasswordInput label={t('密码')} withAsterisk autoComplete="new-password" {...form.text('password')} description={t('6–32 个字符')} />
            <PasswordInput label={t('确认密码')} withAsterisk autoComplete="new-password" {...form.text('confirmPassword')} />
            <TextInput label={t('邮箱')} type="email" autoComplete="email" {...form.text('emailAddress')} description={t('选填')} />
            <TextInput label={t('手机号')} inputMode="tel" autoComplete="tel" {...form.text('phoneNumber')} description={t('选填')} />
          </SimpleGrid>
          <ModalActions onCancel={onClose} saving={saving} submitLabel={t('注册')} />
        </Stack>
      </form>
    </Modal>
  );
}
