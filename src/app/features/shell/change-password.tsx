// 修改密码 (spec 000 §3, §5): both fields required, masked, at most 32 characters. Each field shows
// its own message (当前密码不能为空 / 新密码不能为空): the spec records the old console's crossed
// messages, a defect fixed on purpose (spec README).
import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { PASSWORD_MAX, PASSWORD_MIN } from '#shared/constants.ts';
import { ApiError, useApi } from '../../lib/http.ts';
import { createTranslator, useT, type Translate } from '../../lib/i18n.ts';

export interface PasswordErrors { currentPassword?: string; newPassword?: string }

/** The form's own rules; the server checks the current password. */
export function validatePasswordChange(values: { currentPassword: string; newPassword: string }, t: Translate = createTranslator(undefined)): PasswordErrors {
  const errors: PasswordErrors = {};
  if (!values.currentPassword) errors.currentPassword = t('当前密码不能为空');
  else if (values.currentPassword.length > PASSWORD_MAX) errors.currentPassword = t('当前密码不能超过 {0} 个字符', PASSWORD_MAX);
  if (!values.newPassword) errors.newPassword = t('新密码不能为空');
  else if (values.newPassword.length > PASSWORD_MAX) errors.newPassword = t('新密码不能超过 {0} 个字符', PASSWORD_MAX);
  else if (values.newPassword.length < PASSWORD_MIN) errors.newPassword = t('新密码至少 {0} 个字符', PASSWORD_MIN);
  return errors;
}

export function ChangePasswordForm({ onDone, onCancel }: { onDone: () => void; onCancel?: () => void }) {
  const api = useApi();
  const t = useT();
  const [values, setValues] = useState({ currentPassword: '', newPassword: '' });
  const [errors, setErrors] = useState<PasswordErrors>({});
  const change = useMutation({
    mutationFn: () => api.user.changePassword(values),
    meta: { errorHandling: 'local' },
    onSuccess: () => {
      // The server has ended this session's token with the password: the caller signs out.
      notifications.show({ color: 'green', message: t('密码已修改，请用新密码重新登录') });
      onDone();
    },
    onError: (error) => {
      // A wrong current password belongs under that field; anything else is said in the form.
      const message = error instanceof ApiError ? (error.details && error.status === 400 ? error.details : error.message) : t('未知错误');
      if (error instanceof ApiError && error.status === 409) setErrors({ currentPassword: message });
      else setErrors({ newPassword: message });
    },
  });

  const set = (key: keyof typeof values) => (e: { currentTarget: HTMLInputElement }) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((er) => ({ ...er, [key]: undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validatePasswordChange(values, t);
    setErrors(found);
    if (!found.currentPassword && !found.newPassword) change.mutate();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <PasswordInput label={t('当前密码')} required withAsterisk maxLength={PASSWORD_MAX} autoComplete="current-password"
          value={values.currentPassword} onChange={set('currentPassword')} error={errors.currentPassword} data-autofocus />
        <PasswordInput label={t('新密码')} required withAsterisk maxLength={PASSWORD_MAX} autoComplete="new-password"
          value={values.newPassword} onChange={set('newPassword')} error={errors.newPassword} />
        <Group justify="flex-end" mt="xs">
          {onCancel && <Button variant="default" onClick={onCancel}>{t('取消')}</Button>}
          <Button type="submit" loading={change.isPending}>{t('保存')}</Button>
        </Group>
      </Stack>
    </form>
  );
}

/** `onChanged`: the password was changed, which ended the session: sign out. */
export function ChangePasswordModal({ opened, onClose, onChanged }: { opened: boolean; onClose: () => void; onChanged: () => void }) {
  const t = useT();
  const done = () => {
    onClose();
    onChanged();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('修改密码')} centered>
      {opened && <ChangePasswordForm onDone={done} onCancel={onClose} />}
    </Modal>
  );
}
