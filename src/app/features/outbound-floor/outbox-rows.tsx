// What this floor screen has waiting in the outbox, and what of it reached the server lately: read
// from the outbox itself (IndexedDB), so a reload while offline still shows the rows that wait.
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useT } from '../../lib/i18n.ts';
import { useOutboxState, type OutboxEntry } from '../../lib/outbox/index.ts';

const clock = (ms: number | null) => (ms ? new Date(ms).toLocaleTimeString('zh-CN', { hour12: false }) : '—');

/** `actions`: the screen's own calls as `Service.action` (e.g. `DeliveryReceipt.add`). */
export function OutboxRows({ actions, testId }: { actions: readonly string[]; testId: string }) {
  const t = useT();
  const state = useOutboxState();
  if (!state) return null;
  const mine = (e: OutboxEntry) => actions.includes(`${e.request.service}.${e.request.action}`);
  const open = state.open.filter(mine);
  const recent = state.recent.filter(mine).slice(0, 10);
  if (!open.length && !recent.length) return null;
  const waiting = open.filter((e) => e.status !== 'attention').length;
  const row = (e: OutboxEntry) => (
    <Group key={e.key} justify="space-between" wrap="nowrap" data-testid={`${testId}-row`} data-status={e.status}>
      <Text ff="monospace" size="sm" fw={600}>{e.label}</Text>
      <Group gap={6} wrap="nowrap">
        <Text size="xs" c="dimmed" ff="monospace">{clock(e.doneAt ?? e.createdAt)}</Text>
        {e.status === 'done' && <Badge color="green" variant="light">{t('已同步')}</Badge>}
        {e.status === 'attention' && <Badge color="red" variant="light">{t('需处理')}</Badge>}
        {(e.status === 'pending' || e.status === 'sending') && <Badge color="indigo" variant="light">{t('待同步')}</Badge>}
      </Group>
    </Group>
  );
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Group justify="space-between" mb="xs">
        <Title order={4}>{t('最近同步')}</Title>
        {waiting > 0 && <Badge color="indigo" size="lg" data-testid={`${testId}-waiting`}>{t('{0} 条待同步', waiting)}</Badge>}
      </Group>
      <Stack gap={6}>{[...open, ...recent].map(row)}</Stack>
    </Paper>
  );
}
