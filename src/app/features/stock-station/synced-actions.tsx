// 最近同步: the station's actions that were queued offline and have since reached the server (the
// screen showed only 已离线，已排队 at the time), and how many still wait or need attention.
import { Badge, Box, Group, Paper, Text, Title } from '@mantine/core';
import { useT } from '../../lib/i18n.ts';
import { useOutboxState, type OutboxEntry } from '../../lib/outbox/index.ts';

const time = (ms: number | null) => (ms ? new Date(ms).toLocaleTimeString('zh-CN', { hour12: false }) : '—');

export function SyncedActions({ action }: { action: 'shelfUp' | 'isCheckPass' }) {
  const t = useT();
  const state = useOutboxState();
  if (!state) return null;
  const mine = (e: OutboxEntry) => e.request.service === 'BackStock' && e.request.action === action;
  const recent = state.recent.filter(mine).slice(0, 10);
  const waiting = state.open.filter((e) => mine(e) && e.status !== 'attention').length;
  const attention = state.open.filter((e) => mine(e) && e.status === 'attention').length;
  if (!recent.length && !waiting && !attention) return null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="synced-actions">
      <Group justify="space-between" mb="xs">
        <Title order={4}>{t('最近同步')}</Title>
        <Group gap="xs">
          {waiting > 0 && <Badge color="indigo" size="lg" data-testid="station-waiting">{t('{0} 条待同步', waiting)}</Badge>}
          {attention > 0 && <Badge color="red" size="lg">{t('{0} 条需处理', attention)}</Badge>}
        </Group>
      </Group>
      {recent.length === 0 ? (
        <Text c="dimmed" size="sm">{t('联网后，排队的操作会自动提交并显示在这里')}</Text>
      ) : (
        <Box component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
          {recent.map((e) => (
            <Group key={e.key} component="li" gap="sm" wrap="nowrap" py={4} data-testid="synced-row">
              <Text size="sm" c="dimmed" ff="monospace">{time(e.doneAt)}</Text>
              <Text size="sm" fw={600} style={{ wordBreak: 'break-all' }}>{e.label}</Text>
              <Badge color="green" variant="light" ml="auto">{t('已同步')}</Badge>
            </Group>
          ))}
        </Box>
      )}
    </Paper>
  );
}
