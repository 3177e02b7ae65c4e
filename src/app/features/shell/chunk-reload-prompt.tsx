// After a deploy, the files an open page was built against are gone and a lazily loaded screen fails
// to load. Instead of a broken page the user gets a friendly prompt to reload (spec 000 §9: chunk
// load timeout 120000 ms). Three signals: Vite's vite:preloadError, a route that failed with a
// dynamic-import error, and a navigation still pending after the timeout. This file is part of the
// entry chunk on purpose: it must work when no other chunk can be loaded.
import { useEffect, useState } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useRouterState } from '@tanstack/react-router';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../lib/constants.ts';
import { useT } from '../../lib/i18n.ts';

const EVENT = 'haicang:chunk-error';

/** Any part of the console that sees a failed chunk calls this. */
export function reportChunkError(): void {
  window.dispatchEvent(new Event(EVENT));
}

export function ReloadPromptContent({ onLater }: { onLater?: () => void }) {
  const t = useT();
  return (
    <Stack gap={6}>
      <Text fw={600}>{t('系统已更新')}</Text>
      <Text size="sm" c="dimmed">{t('控制台刚刚发布了新版本，当前页面需要刷新后才能继续使用。未保存的输入会丢失。')}</Text>
      <Group justify="flex-end" gap="xs" mt={4}>
        {onLater && <Button size="xs" variant="default" onClick={onLater}>{t('稍后')}</Button>}
        <Button size="xs" onClick={() => window.location.reload()}>{t('刷新页面')}</Button>
      </Group>
    </Stack>
  );
}

export function ChunkReloadPrompt() {
  const [opened, setOpened] = useState(false);
  const pending = useRouterState({ select: (s) => s.status === 'pending' });

  useEffect(() => {
    const open = (event: Event) => {
      // Vite rethrows the error unless told it is handled.
      event.preventDefault();
      setOpened(true);
    };
    window.addEventListener('vite:preloadError', open);
    window.addEventListener(EVENT, open);
    return () => {
      window.removeEventListener('vite:preloadError', open);
      window.removeEventListener(EVENT, open);
    };
  }, []);

  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setOpened(true), CHUNK_LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [pending]);

  if (!opened) return null;
  return (
    <Paper role="alertdialog" aria-live="assertive" shadow="xl" radius="md" p="md" withBorder data-testid="reload-prompt"
      style={{ position: 'fixed', zIndex: 1100, left: '50%', bottom: 24, transform: 'translateX(-50%)', width: 'min(420px, calc(100vw - 24px))' }}>
      <ReloadPromptContent onLater={() => setOpened(false)} />
    </Paper>
  );
}
