// This session's last scans, newest first: time, number, verdict, seller code, slot. Rows wrap on a
// phone instead of scrolling sideways.
import { Badge, Box, Paper, Text, Title } from '@mantine/core';
import { useT } from '../../lib/i18n.ts';
import { HISTORY_SIZE, type ScanEntry } from './use-sign-station.ts';
import { verdictLook } from './verdict-panel.tsx';
import classes from './inbound-station.module.css';

const time = (d: Date) => d.toLocaleTimeString('zh-CN', { hour12: false });

export function ScanHistory({ entries }: { entries: ScanEntry[] }) {
  const t = useT();
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={4} mb="xs">{t('本次扫描（最近 {0} 条）', HISTORY_SIZE)}</Title>
      {entries.length === 0 ? (
        <Text c="dimmed" size="sm">{t('还没有扫描')}</Text>
      ) : (
        <Box component="ol" m={0} p={0} style={{ listStyle: 'none' }} data-testid="scan-history" aria-label={t('扫描记录')}>
          {entries.map((e) => {
            const look = verdictLook(e.outcome, t);
            const result = e.outcome.kind === 'result' ? e.outcome.result : null;
            return (
              <li key={e.id} className={classes.historyRow} data-testid="scan-history-row">
                <Text size="sm" c="dimmed" ff="monospace">{time(e.time)}</Text>
                <Text className={classes.historyNumber}>{e.shipment}</Text>
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
