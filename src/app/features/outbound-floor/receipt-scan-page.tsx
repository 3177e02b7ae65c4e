// /backstock/backDeliveryreceiptScan — 交接扫描 (DOMAIN §7 delivery receipts), the floor's phone screen:
// pick the store and logistic method, scan outbound trade numbers into the open batch, see the count
// grow, close the batch (its orders ship). Works offline through the one offline path.
import { useRef, useState, type ChangeEvent, type CSSProperties } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fileUrl } from '#shared/file-links.ts';
import { useApi } from '../../lib/api.ts';
import { useAfterFirstScreen } from '../../lib/first-screen.ts';
import { useT } from '../../lib/i18n.ts';
import { usePreloadRegistry } from '../../lib/registry-preload.ts';
import { OutboxRows } from './outbox-rows.tsx';
import { VerdictCard } from './scan-box.tsx';
import { ScanField, type ScanFieldHandle } from '../../components/scanner/scan-field.tsx';
import { KitBadge, KitButton, KitCard, KitSelect, KitTextInput, KitTitle, kit } from '../../components/kit/kit.tsx';
import { useReceiptScan } from './use-receipt-scan.ts';
import { queryOf } from '../../lib/query-of.ts';

const METHODS = ['7-11', '全家', '莱尔富', 'OK', '黑猫', '宅配'];

export function ReceiptScanPage() {
  usePreloadRegistry();
  const t = useT();
  const api = useApi();
  const station = useReceiptScan(t);
  const containerRef = useRef<HTMLDivElement | null>(null);
  const scanRef = useRef<ScanFieldHandle | null>(null);
  // 关闭批次并出库 ships every order of the batch and cannot be undone: it asks first, naming the count
  // (online and offline alike, issue 45 §10).
  const [asking, setAsking] = useState(false);
  const shipNow = () => {
    setAsking(false);
    void station.close().finally(() => scanRef.current?.focus());
  };
  // Asked once the screen has painted: the call loads the service registry (zod and the contracts).
  const later = useAfterFirstScreen();
  const stores = useQuery(queryOf(api, 'DeliveryReceipt', 'getStoreOptions', {}, { staleTime: 5 * 60_000, enabled: later }));
  const [method, setMethod] = useState(station.choice?.logisticMethod ?? '7-11');
  const options = stores.data?.items ?? [];
  // Offline, the list may not load: the remembered choice still shows.
  const known = station.choice && !options.some((s) => s.id === station.choice!.storeId) ? [{ id: station.choice.storeId, storeName: station.choice.storeName, userCode: null }] : [];

  const pickStore = (id: string) => {
    const store = [...options, ...known].find((s) => String(s.id) === id);
    station.choose(store ? { storeId: store.id, storeName: store.storeName, logisticMethod: method.trim() || '7-11' } : null);
    // Back to the box: a wedge's keys on a focused select would pick another store by type-ahead.
    setTimeout(() => scanRef.current?.focus(), 0);
  };
  const pickMethod = (value: string) => {
    setMethod(value);
    if (station.choice && value.trim()) station.choose({ ...station.choice, logisticMethod: value.trim() });
  };

  return (
    <div ref={containerRef} className={kit.col} style={{ maxWidth: 640, marginInline: 'auto' }} data-testid="receipt-scan">
      <KitTitle order={2}>{t('交接扫描')}</KitTitle>
      <KitSelect
        id="receipt-store" label={t('店铺')} size="md" value={station.choice ? String(station.choice.storeId) : ''} data-testid="receipt-store"
        onChange={(e: ChangeEvent<HTMLSelectElement>) => pickStore(e.currentTarget.value)}
      >
        <option value="">{t('选择店铺')}</option>
        {[...options, ...known].map((s) => <option key={s.id} value={String(s.id)}>{s.userCode ? `${s.userCode} · ${s.storeName}` : s.storeName}</option>)}
      </KitSelect>
      <KitTextInput label={t('物流方式')} size="md" value={method} list="receipt-methods" data-testid="receipt-method" onChange={(e) => pickMethod(e.currentTarget.value)} />
      <datalist id="receipt-methods">{METHODS.map((m) => <option key={m} value={m} />)}</datalist>

      {/* Focused from the start: a scan before the store is chosen is answered (请先选择店铺), not lost. */}
      <ScanField ref={scanRef} label={t('订单号')} placeholder={t('扫描出库订单号')} containerRef={containerRef} onScan={(code) => void station.scan(code)} />
      <VerdictCard verdict={station.verdict} testId="receipt-verdict" />

      <KitCard style={{ padding: 'var(--mantine-spacing-md)' }}>
        <div className={kit.between}>
          <div style={{ fontWeight: 600 }}>{t('本批已扫')}</div>
          <div style={{ fontSize: 36, fontWeight: 800 }} data-testid="receipt-count">{station.scans.length}</div>
        </div>
        <div className={kit.row} style={{ '--kit-gap': '6px', marginTop: 'var(--mantine-spacing-xs)' } as CSSProperties}>
          {station.scans.slice(0, 30).map((n) => <KitBadge key={n} className={kit.mono}>{n}</KitBadge>)}
        </div>
      </KitCard>
      <KitButton size="lg" color="green" disabled={!station.choice || station.scans.length === 0 || asking} loading={station.closing}
        onClick={() => setAsking(true)} data-testid="receipt-close">
        {t('关闭批次并出库')}
      </KitButton>
      {asking && station.choice && (
        <KitCard role="alertdialog" aria-label={t('关闭批次并出库')} data-testid="receipt-close-ask"
          ref={(el: HTMLDivElement | null) => el?.scrollIntoView?.({ block: 'center' })}
          style={{ padding: 'var(--mantine-spacing-md)', borderColor: 'var(--mantine-color-orange-6)' }}>
          <div style={{ fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' }}>
            {t('关闭 {0} · {1} 的批次，将出库 {2} 单，出库后不能撤回。', station.choice.storeName, station.choice.logisticMethod, station.scans.length)}
          </div>
          <div className={kit.grow} style={{ marginTop: 'var(--mantine-spacing-sm)', '--kit-gap': 'var(--mantine-spacing-md)' } as CSSProperties}>
            <KitButton size="lg" variant="default" onClick={() => { setAsking(false); scanRef.current?.focus(); }} data-testid="receipt-close-cancel">{t('取消')}</KitButton>
            <KitButton size="lg" color="green" onClick={shipNow} data-testid="receipt-close-confirm">{t('确定')}</KitButton>
          </div>
        </KitCard>
      )}
      {station.closed && (
        <a className={kit.btn} data-variant="light" data-size="sm" target="_blank" rel="noopener"
          href={fileUrl('getDeliveryReceip', { storeId: station.closed.storeId, batchName: station.closed.batchName })}>
          {t('打印交接单 {0}', station.closed.batchName)}
        </a>
      )}
      <OutboxRows actions={['DeliveryReceipt.add', 'DeliveryReceipt.closeBatch']} testId="receipt-outbox" />
    </div>
  );
}
