// /back/returnScan — 退件扫描, the floor's phone screen for things that come back (DOMAIN §6): a refused
// order's trade number (拒收订单 or 越南线) or a marketplace return's order number (平台退货, at the
// station's mainland warehouse) is scanned in once, through the one offline path (use-return-scan.ts).
import { lazy, Suspense, useRef, useState, type ChangeEvent, type CSSProperties } from 'react';
import { ScanField, type ScanFieldHandle } from '../../components/scanner/scan-field.tsx';
import { verdictFill } from '../../components/verdict-tone.ts';
import { KitButton, KitCard, KitSelect, KitText, KitTextInput, KitTitle, kit } from '../../components/kit/kit.tsx';
import { useT } from '../../lib/i18n.ts';
import { useAfterFirstScreen } from '../../lib/first-screen.ts';
import { usePreloadRegistry } from '../../lib/registry-preload.ts';
import { useStationWarehouse } from '../../lib/station-warehouse.ts';
import { useReturnScan, type ReturnScanEntry, type ReturnScanMode } from './use-return-scan.ts';
import { returnLook } from './return-look.ts';
import classes from './return-scan.module.css';

// The lists below the verdict wait for the first screen: scanning does not need them.
const ReturnScanLists = lazy(() => import('./return-scan-lists.tsx'));

const MODES: { mode: ReturnScanMode; label: string; what: string }[] = [
  { mode: 'refusal', label: '拒收订单', what: '扫描交易号' },
  { mode: 'vietnam', label: '越南线拒收', what: '扫描交易号' },
  { mode: 'return', label: '平台退货', what: '扫描平台订单号' },
];

function Verdict({ entry, ignored }: { entry: ReturnScanEntry | undefined; ignored: string | null }) {
  const t = useT();
  if (!entry) {
    return (
      <KitCard className={classes.verdict} style={{ padding: 'var(--mantine-spacing-xl)' }} data-testid="return-verdict" data-verdict="idle">
        <KitText dimmed style={{ textAlign: 'center', fontSize: 'var(--mantine-font-size-xl)' }}>{t('请扫描退回的包裹')}</KitText>
      </KitCard>
    );
  }
  const look = returnLook(entry.outcome, t);
  const result = entry.outcome.kind === 'done' ? entry.outcome.result : null;
  const verdict = result ? (result.repeated ? 'repeated' : 'recorded') : entry.outcome.kind;
  return (
    <div className={`${classes.verdict} ${classes.verdictFilled}`} style={{ background: verdictFill(look.color) }}
      data-testid="return-verdict" data-verdict={verdict} role="status" aria-live="assertive">
      <div className={kit.col} style={{ '--kit-gap': 'var(--mantine-spacing-sm)' } as CSSProperties}>
        <div className={kit.between}>
          <div className={classes.verdictTitle}>{look.title}</div>
          <div className={classes.code} data-testid="return-verdict-code">{entry.code}</div>
        </div>
        {look.hint && <div style={{ fontSize: 'var(--mantine-font-size-lg)', fontWeight: 500 }}>{look.hint}</div>}
        {result && (
          <div>
            <div className={kit.small} style={{ fontWeight: 600, opacity: 0.85 }}>{t('卖家编码')}</div>
            <div className={classes.bigValue} data-testid="return-verdict-seller">{result.userCode}</div>
          </div>
        )}
      </div>
      {ignored && <div className={kit.small} style={{ marginTop: 'var(--mantine-spacing-sm)' }} data-testid="return-ignored">{t('{0} 2 秒内重复扫描，已忽略', ignored)}</div>}
    </div>
  );
}

export function ReturnScanPage() {
  usePreloadRegistry();
  const t = useT();
  const station = useReturnScan();
  const later = useAfterFirstScreen();
  const { warehouses, warehouseId: chosen, choose } = useStationWarehouse();
  const mainland = warehouses.filter((w) => w.kind === 1);
  const warehouseId = chosen !== null && mainland.some((w) => w.id === chosen) ? chosen : mainland.length === 1 ? mainland[0]!.id : null;
  const [mode, setMode] = useState<ReturnScanMode>('refusal');
  const [reason, setReason] = useState('');
  const containerRef = useRef<HTMLDivElement | null>(null);
  // The floor's one scan box; the station keeps its own repeat window per mode (use-return-scan.ts).
  const scanRef = useRef<ScanFieldHandle | null>(null);
  const scanBox = { focus: () => scanRef.current?.focus() };

  function onCode(code: string) {
    void station.scan(code, mode, warehouseId, mode === 'return' ? undefined : reason.trim() || undefined).then((outcome) => {
      if (!outcome || outcome.kind === 'pending') return;
      if (outcome.kind === 'done' || outcome.kind === 'queued') return setReason('');
      // Not recorded: the number goes back in the box, selected, so Enter retries and a new scan replaces it.
      scanRef.current?.restore(code);
    });
  }

  const what = MODES.find((m) => m.mode === mode)!.what;
  return (
    <div ref={containerRef} className={`${kit.col} ${classes.station}`} data-testid="return-scan">
      <KitTitle order={2}>{t('退件扫描')}</KitTitle>
      <div className={kit.grow}>
        {MODES.map((m) => (
          <KitButton key={m.mode} size="md" style={{ padding: '0 6px' }} variant={m.mode === mode ? 'filled' : 'light'} aria-pressed={m.mode === mode} data-testid={`return-mode-${m.mode}`}
            onClick={() => { setMode(m.mode); setTimeout(scanBox.focus, 0); }}>
            {t(m.label)}
          </KitButton>
        ))}
      </div>
      {mode === 'return' ? (
        <KitSelect
          id="return-warehouse" label={t('退货仓库')} size="md" value={warehouseId === null ? '' : String(warehouseId)} data-testid="return-warehouse"
          onChange={(e: ChangeEvent<HTMLSelectElement>) => { choose(e.currentTarget.value ? Number(e.currentTarget.value) : null); setTimeout(scanBox.focus, 0); }}
        >
          {warehouseId === null && <option value="" disabled>{t('选择仓库')}</option>}
          {mainland.map((w) => <option key={w.id} value={String(w.id)}>{w.warehouseName}</option>)}
        </KitSelect>
      ) : (
        <KitTextInput
          id="return-reason" label={t('退回说明（可选）')} size="md" value={reason} maxLength={512} onChange={(e) => setReason(e.currentTarget.value)}
          onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); scanBox.focus(); } }}
        />
      )}
      <ScanField
        ref={scanRef} containerRef={containerRef} dedupe={false} onScan={(code) => onCode(code)} id="return-scan-input"
        label={t(what)} placeholder={t('扫描或输入单号')} className={classes.scanInput}
      />

      <Verdict entry={station.history[0]} ignored={station.ignored} />

      <div className={kit.grid} style={{ '--kit-cols': 3 } as CSSProperties}>
        {([['已登记', station.counts.recorded, 'green.8', 'return-count-recorded'], ['重复', station.counts.repeated, 'gray.7', 'return-count-repeated'],
          ['已排队', station.counts.queued, 'indigo.7', 'return-count-queued']] as const).map(([label, value, color, testId]) => (
          <KitCard key={testId}>
            <KitText size="sm" dimmed>{t(label)}</KitText>
            <div className={kit.big} style={{ color: `var(--mantine-color-${color.replace('.', '-')})` }} data-testid={testId}>{value}</div>
          </KitCard>
        ))}
      </div>

      {later && <Suspense fallback={null}><ReturnScanLists history={station.history} /></Suspense>}
    </div>
  );
}
