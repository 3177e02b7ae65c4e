// 最近同步: scans that were queued offline and have since reached the server, with the verdict the
// server gave (the station showed only 已离线，已排队 at the time). Also how many still wait.
import { Badge, Box, Group, Paper, Text, Title } from '@mantine/core';
import type { SignResultDto } from '#shared/contracts/orders.ts';
import { useT } from '../../lib/i18n.ts';
import { useOutboxState } from '../../lib/outbox/index.ts';
import { verdictLook } from './verdict-panel.tsx';
import classes from './inbound-station.module.css';

const time = (ms: number | null) => (ms ? new Date(ms).toLocaleTimeString('zh-CN', { hour12: false }) : '—');

export function SyncedScans() {
  const t = useT();
  const state = useOutboxState();
  if (!state) return null;
  const isScan = (e: { request: { service: string; action: string } }) => e.request.service === 'Logistics' && e.request.action === 'signByScan';
  const recent = state.recent.filter(isScan).slice(0, 10);
  const waiting = state.open.filter((e) => isScan(e) && e.status !== 'attention').length;
  if (!recent.length && !waiting) return null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="synced-scans">
      <Group justify="space-between" mb="xs">
        <Title order={4}>{t('最近同步')}</Title>
        {waiting > 0 && <Badge color="indigo" size="lg" data-testid="station-waiting">{t('{0} 条待同步', waiting)}</Badge>}
      </Group>
      {recent.length === 0 ? (
        <Text c="dimmed" size="sm">{t('联网后，排队的扫描会自动签收并显示在这里')}</Text>
      ) : (
        <Box component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
          {recent.map((e) => {
            const result = e.result as SignResultDto | null;
            const look = result ? verdictLook({ kind: 'result', result }, t) : { color: 'gray', title: t('已同步') };
            return (
              <li key={e.key} className={classes.historyRow} data-testid="synced-row" data-verdict={result?.action ?? 'done'}>
                <Text size="sm" c="dimmed" ff="monospace">{time(e.doneAt)}</Text>
                <Text className={classes.historyNumber}>{e.label}</Text>
                <Badge color={look.color} variant="filled" size="lg" radius="sm">{look.title}</Badge>
                <Text size="sm"><Text span c="dimmed" size="sm">{t('卖家')} </Text><Text span fw={700}>{result?.userCode ?? '—'}</Text></Text>
                <Text size="sm"><Text span c="dimmed" size="sm">{t('库位')} </Text><Text span fw={700}>{result?.shelfNumber ?? '—'}</Text></Text>
              </li>
            );
          })}
        </Box>
      )}
    </Paper>
  );
}
