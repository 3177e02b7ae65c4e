// 退件入库 (/backabroad/abroadreturnscan) — the floor's phone screen at an overseas warehouse: scan a
// buyer's return, see whose it is and what it may hold, count, confirm: its goods go back into stock.
// Offline it queues (the one offline path) and the outbox replays it exactly once. Kept to the floor's
// first-load budget (≤ 170 KB gzipped with the shell): the scan box paints first; the answers
// (return-verdict.tsx) load right after, before anyone has scanned.
import { lazy, Suspense, useRef } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { ScanField } from '../../components/scanner/scan-field.tsx';
import { useAfterFirstScreen } from '../../lib/first-screen.ts';
import { useT } from '../../lib/i18n.ts';
import { usePreloadRegistry } from '../../lib/registry-preload.ts';
import { useReturnScan } from './use-return-scan.ts';

const loadVerdict = () => import('./return-verdict.tsx');
const ReturnVerdict = lazy(() => loadVerdict().then((m) => ({ default: m.ReturnVerdict })));
const SyncedReturns = lazy(() => loadVerdict().then((m) => ({ default: m.SyncedReturns })));

export function ReturnScanStation() {
  usePreloadRegistry();
  const t = useT();
  const containerRef = useRef<HTMLDivElement | null>(null);
  const flow = useReturnScan();
  // The answers' code (and the Mantine parts only they use) is asked for once the scan box has
  // painted; a lazy component rendered with the first screen would fetch it with that screen. A scan
  // made sooner shows its answer at once.
  const later = useAfterFirstScreen() || flow.state.kind !== 'idle';
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return (
    <Stack ref={containerRef} gap="md" maw={640} mx="auto" data-testid="return-scan-station">
      <Title order={2}>{t('退件入库')}</Title>
      <ScanField onScan={(code) => void flow.scan(code)} containerRef={containerRef} label={t('退件单号')} placeholder={t('扫描或输入退件单号')}
        enabled={flow.state.kind !== 'found'} />
      {flow.state.kind === 'idle' && (
        <Text c={offline ? 'orange.8' : 'dimmed'} fw={offline ? 600 : undefined} data-testid="return-verdict" data-state="idle">
          {offline ? t('当前离线：扫描的退件将整单排队，联网后自动入库') : t('扫描买家退件的快递单号')}
        </Text>
      )}
      {later && (
        <Suspense fallback={null}>
          <ReturnVerdict {...flow} onConfirm={() => void flow.confirm()} />
          <SyncedReturns />
        </Suspense>
      )}
    </Stack>
  );
}
