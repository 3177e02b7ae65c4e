// The 退件入库 screen's answers: what a scanned return is (its seller, order and lines with the counts
// to confirm), what became of the confirmation (已入库 / 已离线，已排队 / refused), and the returns queued
// here that have since reached the server. Loaded just after the scan box shows (return-scan-station.tsx).
import type { ReactNode } from 'react';
import { Box, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { AbroadReturnDto } from '#shared/contracts/overseas.ts';
import { labelKey } from '#shared/enums.ts';
import { useT } from '../../lib/i18n.ts';
import { useOutboxState } from '../../lib/outbox/index.ts';
import type { ReturnScan, ReturnScanState } from './use-return-scan.ts';

/** A number as the floor reads it: monospace, bold. */
function No({ children, size = 'md', testId }: { children: ReactNode; size?: string; testId?: string }) {
  return <Text span ff="monospace" fw={700} fz={size} data-testid={testId}>{children}</Text>;
}

const time = (ms: number | null) => (ms ? new Date(ms).toLocaleTimeString('zh-CN', { hour12: false }) : '—');

export function ReturnVerdict({ state, counts, countError, setCount, onConfirm }: ReturnScan & { onConfirm: () => void }) {
  const t = useT();
  const box = (color: string, dataState: ReturnScanState['kind'], children: ReactNode) => (
    <Paper withBorder radius="md" p="md" bg={`${color}.0`} data-testid="return-verdict" data-state={dataState}>{children}</Paper>
  );
  switch (state.kind) {
    case 'idle':
      return null;
    case 'looking':
    case 'sending':
      return box('gray', state.kind, <Text>{state.kind === 'looking' ? t('正在核对 {0}…', state.returnNumber) : t('正在提交 {0}…', state.returnNumber)}</Text>);
    case 'error':
      return box('red', 'error', <><Text fw={700} c="red.8">{t(state.message)}</Text>{state.returnNumber && <No>{state.returnNumber}</No>}</>);
    case 'offline':
      return box('orange', 'offline', (
        <Stack gap="sm">
          <Text fw={700}>{t('离线：无法核对退件 {0}', state.returnNumber)}</Text>
          <Text size="sm">{t('可以整单入库：联网后自动提交，按订单中尚未退回的商品入库。')}</Text>
          <Button size="lg" color="orange" onClick={onConfirm} data-testid="return-confirm-all">{t('整单入库（排队）')}</Button>
        </Stack>
      ));
    case 'closed':
      return box('gray', 'closed', (
        <Stack gap={4}>
          <Group gap="xs"><No size="lg">{state.check.returnNumber}</No><Text fw={700}>{t(labelKey('AbroadReturnStatus', state.check.returnStatus))}</Text></Group>
          <Text>{t('该退件不是待入库状态，无需入库。')}</Text>
        </Stack>
      ));
    case 'found': {
      const c = state.check;
      return box('blue', 'found', (
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <No size="lg" testId="return-number">{c.returnNumber}</No>
            <Text fz={32} fw={800} data-testid="return-user-code">{c.userCode ?? '—'}</Text>
          </Group>
          <Text size="sm">{t('订单')} <No size="sm">{c.tradeNo}</No> · {c.orderNumber}</Text>
          {c.orderItems.map((l) => (
            <Group key={l.stockProductId} justify="space-between" wrap="nowrap" data-testid="return-line">
              <Box style={{ minWidth: 0 }}>
                <Text fw={600} truncate>{l.productSku}</Text>
                <Text size="xs" c="dimmed">{t('订单 {0} 件，已退 {1} 件', l.quantity, l.returned)}</Text>
                {/* Where the item goes (issue 45 §12): its shelf, or the shelving area when it has none yet. */}
                {l.shelfPosition
                  ? <Text size="sm" fw={700} data-testid="return-line-place">{t('放回库位')} <No size="lg">{l.shelfPosition}</No></Text>
                  : <Text size="sm" fw={700} c="orange.9" data-testid="return-line-place">{t('无库位：放到待上架区')}</Text>}
              </Box>
              <TextInput w={96} size="md" inputMode="numeric" aria-label={t('{0} 本次入库', l.productSku)}
                value={counts[l.stockProductId] ?? ''} onChange={(e) => setCount(l.stockProductId, e.currentTarget.value.replace(/\D/g, ''))} />
            </Group>
          ))}
          {countError && <Text c="red" size="sm">{t(countError)}</Text>}
          <Button size="lg" onClick={onConfirm} data-testid="return-confirm">{t('确认入库')}</Button>
        </Stack>
      ));
    }
    case 'stocked':
      return box('green', 'stocked', <Stocked result={state.result} />);
    case 'queued':
      return box('indigo', 'queued', (
        <Stack gap={4}>
          <Text fw={700}>{t('已离线，已排队')}</Text>
          <No>{state.returnNumber}</No>
          <Text size="sm" data-testid="return-waiting">{t('{0} 条待同步', state.waiting)}</Text>
        </Stack>
      ));
  }
}

function Stocked({ result }: { result: AbroadReturnDto }) {
  const t = useT();
  const total = result.items.reduce((s, i) => s + i.quantity, 0);
  return (
    <Stack gap={4}>
      <Text fw={800} fz="xl" c="green.8">{t('已入库 {0} 件', total)}</Text>
      <Text size="sm"><No size="sm">{result.returnNumber}</No> · {t('卖家')} {result.userCode}</Text>
    </Stack>
  );
}

/** Returns queued here that have since reached the server, and how many still wait. */
export function SyncedReturns() {
  const t = useT();
  const state = useOutboxState();
  if (!state) return null;
  const mine = (e: { request: { service: string; action: string } }) => e.request.service === 'AbroadStockReturn' && e.request.action === 'confirmReturnWarehousing';
  const recent = state.recent.filter(mine).slice(0, 10);
  const waiting = state.open.filter((e) => mine(e) && e.status !== 'attention').length;
  if (!recent.length && !waiting) return null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="synced-returns">
      <Group justify="space-between" mb="xs">
        <Title order={4}>{t('最近同步')}</Title>
        {waiting > 0 && <Text fw={700} c="indigo" data-testid="returns-waiting">{t('{0} 条待同步', waiting)}</Text>}
      </Group>
      {recent.map((e) => {
        const result = e.result as AbroadReturnDto | null;
        return (
          <Group key={e.key} gap="sm" data-testid="synced-return-row" data-status={result?.returnStatus ?? 'done'}>
            <Text size="sm" c="dimmed" ff="monospace">{time(e.doneAt)}</Text>
            <No size="sm">{e.label}</No>
            <Text size="sm" fw={700} c="green.8">{result ? t('已入库 {0} 件', result.items.reduce((s, i) => s + i.quantity, 0)) : t('已同步')}</Text>
          </Group>
        );
      })}
    </Paper>
  );
}
