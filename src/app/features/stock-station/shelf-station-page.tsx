// 囤货上架 (/backstock/shelfStation), a floor screen for the phone: scan (or type) a product's barcode,
// see what waits to be shelved and the suggested shelf (BackStock/ShelfUpCheck), scan or type the
// shelf's code, enter the quantity, 确认上架. Sent now, or queued in the outbox when the network is
// gone and replayed once when it is back (use-shelf-station.ts). Kept light: it is a floor screen's
// first load (≤ 170 KB gzipped, decision 0015).
import { useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { Alert, Button, Group, InputBase, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconStack2 } from '@tabler/icons-react';
import { ScanField, type ScanFieldHandle } from '../../components/scanner/scan-field.tsx';
import { useT, type Translate } from '../../lib/i18n.ts';
import { usePreloadRegistry } from '../../lib/registry-preload.ts';
import { SyncedActions } from './synced-actions.tsx';
import { useShelfStation, type Pending, type ShelfOutcome } from './use-shelf-station.ts';

const WHOLE = /^\d+$/;

function OutcomePanel({ outcome, t }: { outcome: ShelfOutcome; t: Translate }) {
  const look = {
    sent: { color: 'green', title: t('已上架') },
    queued: { color: 'indigo', title: t('已离线，已排队') },
    refused: { color: 'red', title: t('未上架') },
    network: { color: 'red', title: t('网络异常，未上架') },
  }[outcome.kind];
  return (
    <Paper radius="md" p="md" bg={`${look.color}.7`} c="white" data-testid="shelf-outcome" data-outcome={outcome.kind} role="status" aria-live="assertive">
      <Text fz={28} fw={800} lh={1.2}>{look.title}</Text>
      {(outcome.kind === 'sent' || outcome.kind === 'queued') && (
        <Text size="lg" fw={600} ff="monospace" style={{ wordBreak: 'break-all' }} data-testid="shelf-outcome-line">
          {outcome.barCode} → {outcome.shelf} × {outcome.quantity}
        </Text>
      )}
      {outcome.kind === 'sent' && (
        <Text size="md">{t('库存 {0} 件，可用 {1} 件', outcome.result.product.inventory, outcome.result.product.available)}</Text>
      )}
      {outcome.kind === 'queued' && <Text size="md">{t('{0} 条待同步：联网后自动上架，结果见“最近同步”', outcome.waiting)}</Text>}
      {outcome.kind === 'refused' && <Text size="md">{outcome.message}</Text>}
      {outcome.kind === 'network' && <Text size="md">{t('再按确认上架重试（不会重复上架）')}</Text>}
    </Paper>
  );
}

function ProductCard({ pending, t, onUseShelf }: { pending: Pending; t: Translate; onUseShelf: (shelf: string) => void }) {
  const { lookup } = pending;
  const check = lookup.kind === 'found' ? lookup.check : null;
  const suggestion = check?.suggestedShelfPosition ?? null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="shelf-product">
      <Text fz={22} fw={800} ff="monospace" style={{ wordBreak: 'break-all' }} data-testid="shelf-barcode">{pending.barCode}</Text>
      {lookup.kind === 'looking' && <Group gap="xs" mt={4}><Loader size="xs" /><Text size="sm" c="dimmed">{t('正在查询待上架的货物…')}</Text></Group>}
      {lookup.kind === 'offline' && <Text size="sm" c="orange.8" mt={4} data-testid="shelf-offline">{t('离线：查不到建议货架，请直接扫描要放的货架')}</Text>}
      {check && (
        <Stack gap={4} mt={4}>
          <Text size="sm">{check.record.productSku} · {check.record.productName}</Text>
          <Text size="sm" c="dimmed">{[check.record.userCode, check.record.warehouseName, check.record.tradeNo].filter(Boolean).join(' · ')}</Text>
          <Text fw={700} data-testid="shelf-remaining">{t('待上架 {0} 件', check.remainingNums)}</Text>
          {!pending.shelf && (
            suggestion ? (
              <Group gap="sm" align="center" wrap="wrap">
                <Text size="sm" c="dimmed">{check.haveShelf ? t('商品现有货架') : t('建议空闲货架')}</Text>
                <Text fz={32} fw={800} ff="monospace" data-testid="shelf-suggestion">{suggestion}</Text>
                <Button size="md" variant="light" onClick={() => onUseShelf(suggestion)} data-testid="shelf-use-suggestion">{t('用这个货架')}</Button>
              </Group>
            ) : <Text size="sm" c="red">{t('没有空闲货架：请先在货架管理中新增')}</Text>
          )}
        </Stack>
      )}
    </Paper>
  );
}

export function ShelfStationPage() {
  usePreloadRegistry();
  const t = useT();
  const station = useShelfStation();
  const containerRef = useRef<HTMLDivElement | null>(null);
  const scanRef = useRef<ScanFieldHandle | null>(null);
  const { pending } = station;
  const check = pending?.lookup.kind === 'found' ? pending.lookup.check : null;
  // As typed; until then the quantity still waiting to be shelved, when the server said so.
  const [typed, setTyped] = useState<{ barCode: string; value: string } | null>(null);
  const quantity = typed && typed.barCode === pending?.barCode ? typed.value : check ? String(check.remainingNums) : '';
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    const text = quantity.trim();
    if (!WHOLE.test(text) || Number(text) < 1) {
      setError(t('上架数量须为至少 1 的整数'));
      return;
    }
    if (check && Number(text) > check.remainingNums) {
      setError(t('超过待上架数量 {0} 件', check.remainingNums));
      return;
    }
    setError(null);
    const outcome = await station.confirm(Number(text));
    if (outcome && (outcome.kind === 'sent' || outcome.kind === 'queued')) setTyped(null);
    requestAnimationFrame(() => scanRef.current?.focus());
  };
  const onQuantityKey = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    void submit();
  };
  const step = !pending ? 'product' : !pending.shelf ? 'shelf' : 'quantity';

  return (
    <Stack ref={containerRef} gap="md" maw={560} mx="auto" data-testid="shelf-station">
      <div>
        <Title order={2}>{t('囤货上架')}</Title>
        <Text size="sm" c="dimmed">{t('扫商品条码，再扫货架，填数量确认')}</Text>
      </div>
      <ScanField
        ref={scanRef} containerRef={containerRef} onScan={(code) => station.scan(code)}
        label={step === 'product' ? t('商品条码') : t('货架号')}
        placeholder={step === 'product' ? t('扫描或输入商品条码') : t('扫描或输入货架号')}
      />
      {station.hint && <Text size="sm" c="red" data-testid="shelf-hint">{station.hint}</Text>}
      {station.outcome && !pending && <OutcomePanel outcome={station.outcome} t={t} />}

      {pending && <ProductCard pending={pending} t={t} onUseShelf={station.chooseShelf} />}

      {pending?.shelf && (
        <Paper withBorder radius="md" p="md" data-testid="shelf-chosen">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" c="dimmed">{t('货架')}</Text>
            <Button size="compact-md" variant="subtle" leftSection={<IconArrowBackUp size={16} />} onClick={station.rescanShelf} disabled={station.busy}>
              {t('重扫货架')}
            </Button>
          </Group>
          <Text fz={28} fw={800} ff="monospace" style={{ wordBreak: 'break-all' }} data-testid="shelf-position">{pending.shelf}</Text>
          {check?.haveShelf && check.suggestedShelfPosition && check.suggestedShelfPosition !== pending.shelf && (
            <Text size="sm" c="orange.8">{t('注意：商品现有货架是 {0}', check.suggestedShelfPosition)}</Text>
          )}
          {/* A plain input in Mantine's frame (NumberInput brings its formatter): the phone's number keypad. */}
          <InputBase
            mt="sm" label={t('上架数量（件）')} size="lg" inputMode="numeric" autoFocus value={quantity} maxLength={7}
            onChange={(e: ChangeEvent<HTMLInputElement>) => { setTyped({ barCode: pending.barCode, value: e.currentTarget.value }); setError(null); }}
            onKeyDown={onQuantityKey} error={error} data-testid="shelf-quantity"
          />
        </Paper>
      )}
      {pending?.shelf && station.outcome && station.outcome.kind !== 'sent' && station.outcome.kind !== 'queued' && (
        <OutcomePanel outcome={station.outcome} t={t} />
      )}

      {pending?.shelf && (
        <Button
          size="xl" fullWidth color="green" leftSection={<IconCheck size={24} />} onClick={() => void submit()} loading={station.busy}
          data-testid="shelf-confirm"
        >
          {t('确认上架')}
        </Button>
      )}
      {pending && (
        <Button size="md" fullWidth variant="default" onClick={() => { setTyped(null); setError(null); station.cancel(); }} disabled={station.busy}>
          {t('取消')}
        </Button>
      )}

      {!pending && !station.outcome && (
        <Alert color="gray" variant="light" icon={<IconStack2 />}>{t('请扫描商品条码')}</Alert>
      )}
      <SyncedActions action="shelfUp" />
    </Stack>
  );
}
