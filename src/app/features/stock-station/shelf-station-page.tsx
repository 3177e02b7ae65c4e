// 囤货上架 (/backstock/shelfStation), a floor screen for the phone: scan (or type) a product's barcode,
// see what waits to be shelved and the suggested shelf (BackStock/ShelfUpCheck), scan or type the
// shelf's code, enter the quantity, 确认上架. Sent now, or queued in the outbox when the network is
// gone and replayed once when it is back (use-shelf-station.ts). Kept light: it is a floor screen's
// first load (≤ 170 KB gzipped, decision 0015).
import { useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { IconArrowBackUp, IconCheck, IconStack2 } from '@tabler/icons-react';
import { ScanField, type ScanFieldHandle } from '../../components/scanner/scan-field.tsx';
import { verdictFill } from '../../components/verdict-tone.ts';
import { KitAlert, KitButton, KitCard, KitText, KitTextInput, KitTitle, kit } from '../../components/kit/kit.tsx';
import { useT, type Translate } from '../../lib/i18n.ts';
import { usePreloadRegistry } from '../../lib/registry-preload.ts';
import { SyncedActions } from './synced-actions.tsx';
import { useShelfStation, type Pending, type ShelfOutcome } from './use-shelf-station.ts';
import classes from './stock-station.module.css';

const WHOLE = /^\d+$/;
const gap = (space: string) => ({ '--kit-gap': space }) as CSSProperties;
const CARD = { '--kit-pad': 'var(--mantine-spacing-md)' } as CSSProperties;

function OutcomePanel({ outcome, t }: { outcome: ShelfOutcome; t: Translate }) {
  const look = {
    sent: { color: 'green', title: t('已上架') },
    queued: { color: 'indigo', title: t('已离线，已排队') },
    refused: { color: 'red', title: t('未上架') },
    network: { color: 'red', title: t('网络异常，未上架') },
  }[outcome.kind];
  return (
    <div className={classes.outcome} style={{ '--outcome-bg': verdictFill(look.color) } as CSSProperties}
      data-testid="shelf-outcome" data-outcome={outcome.kind} role="status" aria-live="assertive">
      <div className={classes.outcomeTitle}>{look.title}</div>
      {(outcome.kind === 'sent' || outcome.kind === 'queued') && (
        <div className={classes.outcomeLine} data-testid="shelf-outcome-line">
          {outcome.barCode} → {outcome.shelf} × {outcome.quantity}
        </div>
      )}
      {outcome.kind === 'sent' && (
        <div>{t('库存 {0} 件，可用 {1} 件', outcome.result.product.inventory, outcome.result.product.available)}</div>
      )}
      {outcome.kind === 'queued' && <div>{t('{0} 条待同步：联网后自动上架，结果见“最近同步”', outcome.waiting)}</div>}
      {outcome.kind === 'refused' && <div>{outcome.message}</div>}
      {outcome.kind === 'network' && <div>{t('再按确认上架重试（不会重复上架）')}</div>}
    </div>
  );
}

function ProductCard({ pending, t, onUseShelf }: { pending: Pending; t: Translate; onUseShelf: (shelf: string) => void }) {
  const { lookup } = pending;
  const check = lookup.kind === 'found' ? lookup.check : null;
  const suggestion = check?.suggestedShelfPosition ?? null;
  return (
    <KitCard style={CARD} data-testid="shelf-product">
      <div className={classes.code} style={{ fontSize: 22 }} data-testid="shelf-barcode">{pending.barCode}</div>
      {lookup.kind === 'looking' && (
        <div className={kit.row} style={{ marginTop: 4 }}>
          <span className={kit.spinnerSm} aria-hidden />
          <KitText size="sm" dimmed>{t('正在查询待上架的货物…')}</KitText>
        </div>
      )}
      {lookup.kind === 'offline' && (
        <div className={classes.warn} style={{ marginTop: 4 }} data-testid="shelf-offline">{t('离线：查不到建议货架，请直接扫描要放的货架')}</div>
      )}
      {check && (
        <div className={kit.col} style={{ ...gap('4px'), marginTop: 4 }}>
          <KitText size="sm">{check.record.productSku} · {check.record.productName}</KitText>
          <KitText size="sm" dimmed>{[check.record.userCode, check.record.warehouseName, check.record.tradeNo].filter(Boolean).join(' · ')}</KitText>
          <div className={classes.strong} data-testid="shelf-remaining">{t('待上架 {0} 件', check.remainingNums)}</div>
          {!pending.shelf && (
            suggestion ? (
              <div className={kit.row} style={gap('var(--mantine-spacing-sm)')}>
                <KitText size="sm" dimmed>{check.haveShelf ? t('商品现有货架') : t('建议空闲货架')}</KitText>
                <div className={classes.code} style={{ fontSize: 32 }} data-testid="shelf-suggestion">{suggestion}</div>
                <KitButton size="md" variant="light" onClick={() => onUseShelf(suggestion)} data-testid="shelf-use-suggestion">
                  {t('用这个货架')}
                </KitButton>
              </div>
            ) : <KitText size="sm" color="red">{t('没有空闲货架：请先在货架管理中新增')}</KitText>
          )}
        </div>
      )}
    </KitCard>
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
    <div ref={containerRef} className={`${kit.col} ${classes.station}`} data-testid="shelf-station">
      <div>
        <KitTitle order={2}>{t('囤货上架')}</KitTitle>
        <KitText size="sm" dimmed>{t('扫商品条码，再扫货架，填数量确认')}</KitText>
      </div>
      <ScanField
        ref={scanRef} containerRef={containerRef} onScan={(code) => station.scan(code)}
        label={step === 'product' ? t('商品条码') : t('货架号')}
        placeholder={step === 'product' ? t('扫描或输入商品条码') : t('扫描或输入货架号')}
      />
      {station.hint && <KitText size="sm" color="red" data-testid="shelf-hint">{station.hint}</KitText>}
      {station.outcome && !pending && <OutcomePanel outcome={station.outcome} t={t} />}

      {pending && <ProductCard pending={pending} t={t} onUseShelf={station.chooseShelf} />}

      {pending?.shelf && (
        <KitCard style={CARD} data-testid="shelf-chosen">
          <div className={`${kit.between} ${kit.rowNowrap}`}>
            <KitText size="sm" dimmed>{t('货架')}</KitText>
            <KitButton size="xs" variant="subtle" leftSection={<IconArrowBackUp size={16} />} onClick={station.rescanShelf} disabled={station.busy}>
              {t('重扫货架')}
            </KitButton>
          </div>
          <div className={classes.code} style={{ fontSize: 28 }} data-testid="shelf-position">{pending.shelf}</div>
          {check?.haveShelf && check.suggestedShelfPosition && check.suggestedShelfPosition !== pending.shelf && (
            <div className={classes.warn}>{t('注意：商品现有货架是 {0}', check.suggestedShelfPosition)}</div>
          )}
          {/* A plain input (no number formatter): the phone's number keypad. */}
          <KitTextInput
            wrapperProps={{ style: { marginTop: 'var(--mantine-spacing-sm)' } }} label={t('上架数量（件）')} size="lg" inputMode="numeric" autoFocus
            value={quantity} maxLength={7} onKeyDown={onQuantityKey} error={error} data-testid="shelf-quantity"
            onChange={(e) => { setTyped({ barCode: pending.barCode, value: e.currentTarget.value }); setError(null); }}
          />
        </KitCard>
      )}
      {pending?.shelf && station.outcome && station.outcome.kind !== 'sent' && station.outcome.kind !== 'queued' && (
        <OutcomePanel outcome={station.outcome} t={t} />
      )}

      {pending?.shelf && (
        <KitButton
          size="xl" fullWidth color="green" leftSection={<IconCheck size={24} />} onClick={() => void submit()} loading={station.busy}
          data-testid="shelf-confirm"
        >
          {t('确认上架')}
        </KitButton>
      )}
      {pending && (
        <KitButton size="md" fullWidth variant="default" onClick={() => { setTyped(null); setError(null); station.cancel(); }} disabled={station.busy}>
          {t('取消')}
        </KitButton>
      )}

      {!pending && !station.outcome && (
        <KitAlert color="gray" icon={<IconStack2 />}>{t('请扫描商品条码')}</KitAlert>
      )}
      <SyncedActions action="shelfUp" />
    </div>
  );
}
