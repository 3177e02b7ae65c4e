// "有新版本" — shown when a new service worker is waiting. The switch (and its reload) happens only
// when the user agrees, and never while the outbox is sending: a reload then would abandon a request
// whose answer we want to record (its key makes a resend safe, but the verdict would be lost).
import { useState, useSyncExternalStore } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useT } from '../i18n.ts';
import { peekOutbox } from '../outbox/index.ts';
import { updateStore } from './update-store.ts';

const WAIT_STEP_MS = 300;

/** Resolves once no outbox request is on its way. */
export async function outboxIdle(isSending: () => boolean): Promise<void> {
  while (isSending()) await new Promise((r) => setTimeout(r, WAIT_STEP_MS));
}

const outboxSending = () => peekOutbox()?.isSending() ?? false;

export function PwaPrompts({ isSending = outboxSending }: { isSending?: () => boolean } = {}) {
  const t = useT();
  const waiting = useSyncExternalStore(updateStore.subscribe, updateStore.waiting, () => false);
  const [dismissed, setDismissed] = useState(false);
  const [applying, setApplying] = useState(false);
  if (!waiting || dismissed) return null;
  const apply = async () => {
    setApplying(true);
    await outboxIdle(isSending);
    await updateStore.apply();
  };
  return (
    <Paper withBorder shadow="md" radius="md" p="sm" role="alertdialog" aria-label={t('有新版本')} data-testid="pwa-update"
      style={{ position: 'fixed', bottom: 16, left: 16, right: 16, maxWidth: 420, marginInline: 'auto', zIndex: 1300 }}>
      <Text fw={600}>{t('有新版本')}</Text>
      <Text size="sm" c="dimmed">{applying ? t('正在等待同步完成，随后自动刷新…') : t('海仓已更新，刷新后使用新版本。待同步的操作不会丢失。')}</Text>
      <Group justify="flex-end" gap="xs" mt={6}>
        <Button size="xs" variant="default" onClick={() => setDismissed(true)} disabled={applying}>{t('稍后')}</Button>
        <Button size="xs" onClick={() => void apply()} loading={applying}>{t('立即更新')}</Button>
      </Group>
    </Paper>
  );
}
