// The return scan's lists, loaded after the first screen (they are not needed to scan): 最近同步 (scans
// queued offline that have since reached the server, with the answer it gave) and this session's scans.
import { Badge, Box, Group, Paper, Text, Title } from '@mantine/core';
import { useT } from '../../lib/i18n.ts';
import { useOutboxState } from '../../lib/outbox/index.ts';
import { returnLook } from './return-look.ts';
import { MODE_SERVICE, RETURN_HISTORY_SIZE, type ReturnAnswer, type ReturnScanEntry } from './use-return-scan.ts';
import classes from './return-scan.module.css';

function Row({ time, code, color, title, seller, testId, verdict }: { time: string; code: string; color: string; title: string; seller: string | null; testId: string; verdict?: string }) {
  const t = useT();
  return (
    <li className={classes.row} data-testid={testId} data-verdict={verdict}>
      <Text size="sm" c="dimmed" ff="monospace">{time}</Text>
      <Text ff="monospace" fw={600}>{code}</Text>
      <Badge color={color} variant="filled" size="lg" radius="sm">{title}</Badge>
      <Text size="sm"><Text span c="dimmed" size="sm">{t('卖家')} </Text><Text span fw={700}>{seller ?? '—'}</Text></Text>
    </li>
  );
}

const clock = (d: Date) => d.toLocaleTimeString('zh-CN', { hour12: false });
const SERVICES = new Set(Object.values(MODE_SERVICE));

/** Scans queued offline that have since reached the server, with the answer it gave. */
function SyncedReturns() {
  const t = useT();
  const state = useOutboxState();
  if (!state) return null;
  const mine = (e: { request: { service: string } }) => SERVICES.has(e.request.service);
  const recent = state.recent.filter(mine).slice(0, 10);
  const waiting = state.open.filter((e) => mine(e) && e.status !== 'attention').length;
  if (!recent.length && !waiting) return null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="return-synced">
      <Group justify="space-between" mb="xs">
        <Title order={4}>{t('最近同步')}</Title>
        {waiting > 0 && <Badge color="indigo" size="lg" data-testid="return-waiting">{t('{0} 条待同步', waiting)}</Badge>}
      </Group>
      <Box component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
        {recent.map((e) => {
          const result = e.result as ReturnAnswer | null;
          const look = result ? returnLook({ kind: 'done', result }, t) : { color: 'gray', title: t('已同步') };
          return <Row key={e.key} time={e.doneAt ? clock(new Date(e.doneAt)) : '—'} code={e.label} color={look.color} title={look.title}
            seller={result?.userCode ?? null} testId="return-synced-row" verdict={result ? (result.repeated ? 'repeated' : 'recorded') : 'done'} />;
        })}
      </Box>
    </Paper>
  );
}

export default function ReturnScanLists({ history }: { history: ReturnScanEntry[] }) {
  const t = useT();
  return (
    <>
      <SyncedReturns />
      <Paper withBorder radius="md" p="md">
        <Title order={4} mb="xs">{t('本次扫描（最近 {0} 条）', RETURN_HISTORY_SIZE)}</Title>
        {history.length === 0 ? <Text c="dimmed" size="sm">{t('还没有扫描')}</Text> : (
          <Box component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
            {history.map((e) => {
              const look = returnLook(e.outcome, t);
              return <Row key={e.id} time={clock(e.time)} code={e.code} color={look.color}
                title={look.title} seller={e.outcome.kind === 'done' ? e.outcome.result.userCode : null} testId="return-history-row" />;
            })}
          </Box>
        )}
      </Paper>
    </>
  );
}
