// 切换租户 (spec 000 §7 Account/IsTenantAvailable): the tenancy name is checked with the server and the
// tenant id kept in the Abp.TenantId cookie, as ABP clients do. An empty name switches to the host.
import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { TENANT_AVAILABILITY } from '#shared/constants.ts';
import { useApi } from '../../lib/http.ts';
import { useT } from '../../lib/i18n.ts';
import '../../lib/console-styles.ts'; // Mantine's whole stylesheet: this can open over the sign-in page

export interface TenantSwitchProps {
  opened: boolean;
  currentName: string | null;
  onClose: () => void;
  /** null = the host. */
  onSwitched: (tenantId: number | null) => void;
}

export function TenantSwitchModal({ opened, currentName, onClose, onSwitched }: TenantSwitchProps) {
  const t = useT();
  return (
    <Modal opened={opened} onClose={onClose} title={t('切换租户')} centered>
      {opened && <TenantSwitchForm currentName={currentName} onClose={onClose} onSwitched={onSwitched} />}
    </Modal>
  );
}

function TenantSwitchForm({ currentName, onClose, onSwitched }: Omit<TenantSwitchProps, 'opened'>) {
  const api = useApi();
  const t = useT();
  const [name, setName] = useState(currentName ?? '');
  const [error, setError] = useState<string | null>(null);
  const check = useMutation({
    mutationFn: (tenancyName: string) => api.account.isTenantAvailable({ tenancyName }),
    onSuccess: (r, tenancyName) => {
      if (r.state === TENANT_AVAILABILITY.available && r.tenantId !== null) onSwitched(r.tenantId);
      else if (r.state === TENANT_AVAILABILITY.inActive) setError(t('租户 {0} 未激活', tenancyName));
      else setError(t('没有名为 {0} 的租户', tenancyName));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = name.trim();
    if (!value) {
      onSwitched(null);
      return;
    }
    setError(null);
    check.mutate(value);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label={t('租户名称')} placeholder={t('例如 Default')} value={name} maxLength={64} autoComplete="organization"
          onChange={(e) => { setName(e.currentTarget.value); setError(null); }} error={error} data-autofocus />
        <Text size="xs" c="dimmed">{t('留空表示登录主机（平台管理）。')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('取消')}</Button>
          <Button type="submit" loading={check.isPending}>{t('确定')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
