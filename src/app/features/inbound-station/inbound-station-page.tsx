// /back/intoLogistics — 包裹签收, the desktop sign-in station (DOMAIN §4 "the scan"). A scanner
// types the tracking number into the always-focused box and presses Enter; each scan is signed in
// at once and answered with a large verdict, a tone and (on phones) a vibration.
import { lazy, Suspense, useEffect, useRef, useState, type ChangeEvent, type CSSProperties, type KeyboardEvent } from 'react';
import { ScanField, type ScanFieldHandle } from '../../components/scanner/scan-field.tsx';
import { Columns } from '../../components/columns.tsx';
import { KitAlert, KitCard, KitSelect, KitText, KitTextInput, KitTitle, kit } from '../../components/kit/kit.tsx';
import { useT } from '../../lib/i18n.ts';
import { useSignStation, type ScanEntry } from './use-sign-station.ts';
import { parseDecimal } from '../../lib/decimal.ts';
import { useStationWarehouse } from '../../lib/station-warehouse.ts';
import classes from './inbound-station.module.css';
import { usePreloadRegistry } from '../../lib/registry-preload.ts';
import { useAfterFirstScreen } from '../../lib/first-screen.ts';

// The lists below the counters wait for the first screen: scanning does not need them. The verdict
// panel is not needed before the first scan; it is fetched as soon as the first screen is up.
const InboundStationLists = lazy(() => import('./inbound-station-lists.tsx'));
const loadVerdictPanel = () => import('./verdict-panel.tsx');
const VerdictPanel = lazy(() => loadVerdictPanel().then((m) => ({ default: m.VerdictPanel })));

/** The verdict's place before the first scan (and, without its words, while the panel loads). */
function IdleVerdict({ waiting }: { waiting?: boolean }) {
  const t = useT();
  return (
    <KitCard className={classes.idle} style={{ padding: 'var(--mantine-spacing-xl)' }} data-testid={waiting ? undefined : 'scan-verdict'}>
      {!waiting && <KitText dimmed style={{ textAlign: 'center', fontSize: 'var(--mantine-font-size-xl)' }}>{t('请扫描快递单号')}</KitText>}
    </KitCard>
  );
}

function Counter({ label, value, color, testId }: { label: string; value: number; color: string; testId: string }) {
  return (
    <KitCard className={classes.counter}>
      <KitText size="sm" dimmed>{label}</KitText>
      <div className={classes.counterValue} style={{ color: `var(--mantine-color-${color})` }} data-testid={testId}>{value}</div>
    </KitCard>
  );
}

export interface InboundStationProps {
  /** 2: the overseas station (海外仓签收, /backabroad/intoabroadLogistics): overseas warehouses only. */
  kind?: 2;
}

export function InboundStationPage({ kind }: InboundStationProps = {}) {
  usePreloadRegistry();
  const t = useT();
  const station = useSignStation();
  const later = useAfterFirstScreen();
  useEffect(() => {
    if (later) void loadVerdictPanel();
  }, [later]);
  const { warehouses, isLoading, isError, warehouseId, choose } = useStationWarehouse(kind);
  const warehouseName = (id: number | null) => warehouses.find((w) => w.id === id)?.warehouseName ?? null;
  // Typed as text (a phone's decimal keypad); checked when a scan takes it.
  const [weight, setWeight] = useState('');
  const [weightError, setWeightError] = useState(false);
  const [note, setNote] = useState('');
  const containerRef = useRef<HTMLDivElement | null>(null);
  // Camera mode (issue 45 §5): the verdict is shown over the picture, where the picker is looking.
  const [camera, setCamera] = useState(false);
  // The floor's one scan box (wedge, typed, or the camera behind its toggle; this device's scanner
  // settings). The station keeps its own 2 s repeat window (use-sign-station.ts), so the box does not.
  const scanRef = useRef<ScanFieldHandle | null>(null);
  const scanBox = {
    focus: () => scanRef.current?.focus(),
    restore: (code: string) => scanRef.current?.restore(code),
  };

  function onCode(code: string) {
    // The box is cleared at once so the next parcel can be scanned while this one is answered; a scan
    // that was not recorded puts its number back, selected, so Enter retries and a new scan replaces it.
    const parsed = parseDecimal(weight, { max: 1000, scale: 3 });
    if (parsed === 'invalid') {
      // Not signed in with a weight nobody meant: the number stays in the box, Enter retries.
      setWeightError(true);
      scanBox.restore(code);
      return;
    }
    const extras = { weight: parsed, note: note.trim() || null };
    void station.scan(code, warehouseId, extras).then((outcome) => {
      if (!outcome) return;
      if (outcome.kind === 'result' || outcome.kind === 'queued') {
        setWeight('');
        setNote('');
        return;
      }
      if (outcome.kind === 'pending') return;
      scanBox.restore(code);
    });
  }

  const transfer = (entry: ScanEntry) => {
    void station.transfer(entry);
    scanRef.current?.focus();
  };

  const backToScan = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      scanBox.focus();
    }
  };

  // The kit, not Mantine's Stack, InputBase, TextInput, Button and Alert: a floor screen's first load (decision 0015).
  return (
    <div ref={containerRef} className={`${kit.col} ${classes.station}`} data-testid="inbound-station">
      <div className={kit.between} style={{ '--kit-gap': 'var(--mantine-spacing-sm)', alignItems: 'flex-end' } as CSSProperties}>
        <KitTitle order={2}>{kind === 2 ? t('海外仓签收') : t('包裹签收')}</KitTitle>
        {/* The phone's own picker; a station keeps its choice (remembered on this device). */}
        <KitSelect
          label={t('签收仓库')} size="md" wrapperProps={{ className: classes.warehouse }}
          value={warehouseId === null ? '' : String(warehouseId)}
          onChange={(e: ChangeEvent<HTMLSelectElement>) => { choose(e.currentTarget.value ? Number(e.currentTarget.value) : null); setTimeout(scanBox.focus, 0); }}
          disabled={isLoading} data-testid="station-warehouse"
        >
          {warehouseId === null && <option value="" disabled>{t('选择仓库')}</option>}
          {warehouses.map((w) => <option key={w.id} value={String(w.id)}>{w.warehouseName}</option>)}
        </KitSelect>
      </div>
      {isError && <KitAlert color="red">{t('仓库列表加载失败')}</KitAlert>}
      {!isLoading && !isError && warehouses.length === 0 && <KitAlert color="orange">{t('没有启用的仓库，请先在仓库设置中启用')}</KitAlert>}

      <ScanField
        ref={scanRef} containerRef={containerRef} dedupe={false} onScan={(code) => onCode(code)} className={classes.scanInput}
        label={t('快递单号')} placeholder={t('扫描或输入单号')} onCameraChange={setCamera}
        cameraOverlay={camera && station.history[0] ? (
          <Suspense fallback={null}><VerdictPanel entry={station.history[0]} ignored={station.ignored} warehouseName={warehouseName} onCamera onTransfer={transfer} /></Suspense>
        ) : null}
      />
      {/* The verdict on the last scan, right under the box: on a 360×640 phone its seller code and slot are
          within the first screen (issue 45 §11); the optional weight and note come after it. In camera mode
          the verdict is over the camera's picture instead (issue 45 §5). */}
      {camera ? null : station.history[0] ? (
        <Suspense fallback={<IdleVerdict waiting />}><VerdictPanel entry={station.history[0]} ignored={station.ignored} warehouseName={warehouseName} onTransfer={transfer} /></Suspense>
      ) : <IdleVerdict />}

      <Columns cols={{ base: 1, sm: 2 }} spacing="sm">
        {/* A decimal keypad on a phone; lib/decimal.ts reads what was typed when a scan takes it. */}
        <KitTextInput
          label={t('重量（kg，可选）')} value={weight} size="md" onKeyDown={backToScan} inputMode="decimal" autoComplete="off" maxLength={12}
          onChange={(e) => { setWeight(e.currentTarget.value); setWeightError(false); }}
          error={weightError ? t('重量须为 0–1000 之间的数字，最多三位小数') : undefined} data-testid="station-weight"
        />
        <KitTextInput label={t('备注（可选）')} value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={512} size="md" onKeyDown={backToScan} />
      </Columns>

      <Columns cols={3} spacing="sm">
        <Counter label={t('已签收')} value={station.counts.signed} color="green-8" testId="count-signed" />
        <Counter label={t('无主件')} value={station.counts.unclaimed} color="grape-8" testId="count-unclaimed" />
        <Counter label={t('重复')} value={station.counts.repeated} color="gray-7" testId="count-repeated" />
      </Columns>

      {later && <Suspense fallback={null}><InboundStationLists history={station.history} /></Suspense>}
    </div>
  );
}
