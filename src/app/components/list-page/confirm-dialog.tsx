import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ConfirmSpec } from './types.ts';
import { errorMessage } from './errors.ts';
import { useOptionalT } from '../../lib/i18n.ts';

export interface PendingConfirm {
  spec: ConfirmSpec;
  run: () => unknown;
}

/**
 * Asks before a destructive action and keeps itself open while it runs. A refusal (409, 400…)
 * stays in the dialog next to the question, so the user sees why nothing happened.
 */
export function ConfirmDialog({ pending, onClose }: { pending: PendingConfirm | null; onClose: () => void }) {
  const t = useOptionalT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const spec = pending?.spec;
  const close = () => {
    if (busy) return;
    setError(null);
    onClose();
  };
  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    setError(null);
    try {
      await pending.run();
      setBusy(false);
      onClose();
    } catch (err) {
      setBusy(false);
      setError(errorMessage(err));
    }
  };
  return (
    <Modal opened={pending !== null} onClose={close} title={spec?.title} centered size="sm" closeOnClickOutside={!busy}>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconAlertTriangle size={22} color="var(--mantine-color-orange-6)" style={{ flexShrink: 0 }} />
          <Text size="sm">{spec?.message}</Text>
        </Group>
        {error && <Alert color="red" variant="light" role="alert">{error}</Alert>}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={busy}>{t('取消')}</Button>
          <Button color={spec?.danger === false ? undefined : 'red'} loading={busy} onClick={confirm}>
            {spec?.confirmLabel ?? t('确定')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
