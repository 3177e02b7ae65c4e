// /back/packStation — 打包称重, the desktop station where floor staff pack and weigh outbound orders
// (DOMAIN §3, §5, §9). Scan the order's trade number; check its lines, parcels and photos; 打包完成
// (with an optional photo); enter or scan the weight and size; 称重 shows the fees, whether they were
// charged or the order now waits for 补运费, and the seller's balance; 下一单 starts over.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { useAfterFirstScreen } from '../../lib/first-screen.ts';
import { ScanField, type ScanFieldHandle } from '../../components/scanner/scan-field.tsx';
import { isRefusal, refusalText } from '../../components/forms/refusal.ts';
import { KitAlert, KitCard, KitText, KitTitle, kit } from '../../components/kit/kit.tsx';
import { checkGoodsQuery } from './queries.ts';
import { usePreloadRegistry } from '../../lib/registry-preload.ts';
import { scanFeedback } from '../../lib/scanner/index.ts';
import { gotNoAnswer, needsNetwork, unreachable } from '../../lib/outbox/needs-network.ts';
import classes from './pack-station.module.css';

// Inline: the kit's own rules for the card would otherwise win or lose by stylesheet order.
const EMPTY = { padding: 'var(--mantine-spacing-xl)', borderStyle: 'dashed', textAlign: 'center', fontSize: 'var(--mantine-font-size-xl)' } as const;

// Shown after a scan: out of the first load, fetched once the first screen is up.
const loadOrder = () => import('./pack-order.tsx');
const PackOrder = lazy(loadOrder);

export function PackStationPage() {
  usePreloadRegistry();
  const t = useT();
  const api = useApi();
  const containerRef = useRef<HTMLDivElement | null>(null);
  const [tradeNo, setTradeNo] = useState('');
  /** One order panel per scan: a new scan (even of the same number) starts with an empty form. */
  const [scans, setScans] = useState(0);
  const query = useQuery(checkGoodsQuery(api, tradeNo));
  const later = useAfterFirstScreen();
  useEffect(() => { if (later) void loadOrder(); }, [later]);

  /** The number scanned while the station could not reach the server (打包称重 is not queued: it charges). */
  const [offlineScan, setOfflineScan] = useState<string | null>(null);
  const reset = (next: string) => {
    setOfflineScan(null);
    setTradeNo(next);
    setScans((n) => n + 1);
  };
  const onScan = (code: string) => {
    if (unreachable()) {
      scanFeedback('error');
      reset('');
      setOfflineScan(code);
      return;
    }
    reset(code);
  };
  const noAnswer = query.isError && gotNoAnswer(query.error);
  useEffect(() => { if (noAnswer) scanFeedback('error'); }, [noAnswer]);

  const scanRef = useRef<ScanFieldHandle | null>(null);

  const info = query.data;
  const next = () => {
    reset('');
    scanRef.current?.focus();
  };

  return (
    <div ref={containerRef} className={`${kit.col} ${classes.station}`} data-testid="pack-station">
      <KitTitle order={2}>{t('打包称重')}</KitTitle>
      <ScanField
        ref={scanRef} containerRef={containerRef} onScan={onScan} testId="pack-scan-input"
        label={t('订单号')} placeholder={t('扫描或输入订单号')}
      />

      {offlineScan !== null && (
        <KitAlert color="red" title={offlineScan} data-testid="station-offline">{needsNetwork(t, '打包称重', '扫描此单')}</KitAlert>
      )}
      {tradeNo === '' && offlineScan === null && (
        <KitCard style={EMPTY}>
          <KitText dimmed>{t('请扫描订单号')}</KitText>
        </KitCard>
      )}
      {query.isLoading && (
        <div className={kit.row} style={{ justifyContent: 'center', padding: 'var(--mantine-spacing-xl)' }}><span className={kit.spinner} /></div>
      )}
      {noAnswer && (
        <KitAlert color="red" title={tradeNo} data-testid="station-offline">{needsNetwork(t, '打包称重', '扫描此单')}</KitAlert>
      )}
      {query.isError && !noAnswer && (
        <KitAlert color="red" title={t('找不到订单 {0}', tradeNo)} data-testid="station-error">
          {isRefusal(query.error) ? (query.error.status === 404 && query.error.details ? query.error.details : refusalText(query.error)) : t('加载失败，请重试')}
        </KitAlert>
      )}

      {info && (
        <Suspense fallback={<div className={kit.row} style={{ justifyContent: 'center' }}><span className={kit.spinner} /></div>}>
          <PackOrder key={scans} info={info} onNext={next} onDone={() => scanRef.current?.focus()} />
        </Suspense>
      )}
    </div>
  );
}
