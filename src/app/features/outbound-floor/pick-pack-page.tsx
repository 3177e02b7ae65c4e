// /backstock/pickpack — 拣货打包 (DOMAIN §7 StockOrderBale), the floor's phone screen: scan a stock
// order's trade number, then each product barcode; confirm when every line is complete. Works offline.
import { useRef, type CSSProperties } from 'react';
import { PlainTable } from '../../components/plain-table.tsx';
import { KitBadge, KitButton, KitCard, KitText, KitTitle, kit } from '../../components/kit/kit.tsx';
import { useT } from '../../lib/i18n.ts';
import { usePreloadRegistry } from '../../lib/registry-preload.ts';
import { OutboxRows } from './outbox-rows.tsx';
import { VerdictCard } from './scan-box.tsx';
import { ScanField, type ScanFieldHandle } from '../../components/scanner/scan-field.tsx';
import { usePickPack } from './use-pick-pack.ts';

export function PickPackPage() {
  usePreloadRegistry();
  const t = useT();
  const pick = usePickPack(t);
  const containerRef = useRef<HTMLDivElement | null>(null);
  const scanRef = useRef<ScanFieldHandle | null>(null);
  // After 确认打包 or 换一单 the next scan (the next order) goes to the box, wherever the tap left focus.
  const confirm = () => void pick.confirm().finally(() => scanRef.current?.focus());
  const reset = () => { pick.reset(); scanRef.current?.focus(); };
  return (
    <div ref={containerRef} className={kit.col} style={{ maxWidth: 640, marginInline: 'auto' }} data-testid="pick-pack">
      <div className={kit.between}>
        <KitTitle order={2}>{t('拣货打包')}</KitTitle>
        <KitBadge size="lg" data-testid="pick-waiting">{t('待拣 {0} 单', pick.orders.length)}</KitBadge>
      </div>
      {/* Each unit of a product is scanned: the same barcode twice in a row is two units, not a repeat. */}
      <ScanField
        ref={scanRef} containerRef={containerRef} dedupe={false}
        label={pick.current ? t('商品条码') : t('订单号')} placeholder={pick.current ? t('逐件扫描商品条码') : t('扫描囤货订单号')}
        onScan={(code) => pick.scan(code)}
      />
      <VerdictCard verdict={pick.verdict} testId="pick-verdict" />
      {pick.current && (
        <KitCard data-testid="pick-order">
          <div className={kit.between} style={{ marginBottom: 'var(--mantine-spacing-xs)' }}>
            <div className={kit.mono} style={{ fontWeight: 700 }}>{pick.current.tradeNo}</div>
            <KitText size="sm" dimmed>{pick.current.userCode} · {pick.current.storeName}</KitText>
          </div>
          <PlainTable>
            {/* The pick list in walking order (shelf by shelf, issue 45 §12): where to go first, then what to take. */}
            <thead><tr><th>#</th><th>{t('货架')}</th><th>{t('商品')}</th><th>{t('已拣/应拣')}</th></tr></thead>
            <tbody>
              {pick.lines.map((l, i) => (
                <tr key={l.barCode} data-testid="pick-line" data-complete={l.picked === l.quantity}>
                  <td style={{ fontWeight: 700 }}>{i + 1}</td>
                  <td className={kit.mono} style={{ fontWeight: 800, fontSize: 'var(--mantine-font-size-lg)', whiteSpace: 'nowrap' }} data-testid="pick-line-place">
                    {l.shelfPosition ?? '—'}
                  </td>
                  <td><div style={{ fontWeight: 600 }}>{l.productSku}</div><KitText size="xs" dimmed>{l.productName} · {l.barCode}</KitText></td>
                  <td><div style={{ fontWeight: 700, color: l.picked === l.quantity ? 'var(--mantine-color-green-8)' : undefined }}>{l.picked}/{l.quantity}</div></td>
                </tr>
              ))}
            </tbody>
          </PlainTable>
          <div className={kit.grow} style={{ marginTop: 'var(--mantine-spacing-sm)', '--kit-gap': 'var(--mantine-spacing-md)' } as CSSProperties}>
            <KitButton variant="default" size="md" onClick={reset}>{t('换一单')}</KitButton>
            <KitButton size="md" color="green" disabled={!pick.complete} loading={pick.confirming} onClick={confirm} data-testid="pick-confirm">
              {t('确认打包')}
            </KitButton>
          </div>
        </KitCard>
      )}
      <OutboxRows actions={['BackStockOrder.stockOrderBale']} testId="pick-outbox" />
    </div>
  );
}
