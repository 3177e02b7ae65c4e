import type { FormEvent } from 'react';
import { Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { z } from 'zod';
import type { UserDto } from '#shared/contracts/identity.ts';
import { FormAlert } from '../../../components/forms/form-alert.tsx';
import { ModalActions } from '../../../components/forms/modal-actions.tsx';
import { useZodForm } from '../../../components/forms/use-zod-form.ts';
import { passwordRule } from './user-form-schema.ts';
import { useResetPassword } from './user-mutations.ts';
import { useT } from '../../../lib/i18n.ts';

const resetPasswordForm = z
  .object({
    adminPassword: z.string().min(1, '请输入您自己的登录密码').max(128, '密码过长'),
    newPassword: passwordRule,
    confirmPassword: z.string().min(1, '请再次输入新密码'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: '两次输入的新密码不一致' });

/** 重置密码: the admin confirms with their own password (the server checks it) and sets a new one. */
export function ResetPasswordModal({ user, onClose }: { user: UserDto; onClose: () => void }) {
  const t = useT();
  const form = useZodForm(resetPasswordForm, { adminPassword: '', newPassword: '', confirmPassword: '' });
  const reset = useResetPassword();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const formElement = e.currentTarget as HTMLFormElement;
    const v = form.validate(formElement);
    if (!v) return;
    try {
      const outcome = await reset.mutateAsync({ adminPassword: v.adminPassword, userId: user.id, newPassword: v.newPassword });
      if (!outcome.ok) return form.showRefusal(outcome.refusal, formElement);
      notifications.show({ color: 'teal', message: t('已重置 {0} 的密码', user.userName) });
      onClose();
    } catch {
      // Shown by the shell's error dialog.
    }
  };

  return (
    <Modal opened onClose={reset.isPending ? () => {} : onClose} title={t('重置密码：{0}', user.userName)} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">{t('为确认是您本人操作，请先输入您自己的登录密码。')}</Text>
          <FormAlert message={form.formError} />
          <PasswordInput label={t('您的密码')} withAsterisk autoComplete="current-password" {...form.text('adminPassword')} />
          <PasswordInput label={t('新密码')} withAsterisk autoComplete="new-password" description={t('6–32 个字符')} {...form.text('newPassword')} />
          <PasswordInput label={t('确认新密码')} withAsterisk autoComplete="new-password" {...form.text('confirmPassword')} />
          <ModalActions onCancel={onClose} saving={reset.isPending} submitLabel={t('重置密码')} />
        </Stack>
      </form>
    </Modal>
  );
}
