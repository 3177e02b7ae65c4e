// 打包称重's panel for the order in hand (pack-station-page.tsx): its lines and parcels, 打包完成 with
// an optional photo, the weight and size, 称重's answer. Shown only after a scan, so it is not in the
// station's first load (decision 0015); the page preloads it once the first screen is up. One panel
// per scan (keyed by the page): a new scan starts with an empty form.
import { useCallback, useId, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { IconCamera, IconPackage, IconScale, IconX } from '@tabler/icons-react';
import { labelKey, PACKAGE_STATUS } from '#shared/enums.ts';
import { plainPoints as money } from '#shared/money.ts';
import { canOrder } from '#shared/rules/orders.ts';
import type { CheckGoodsInfoDto } from '#shared/contracts/back-order.ts';
import type { WeighResultDto } from '#shared/contracts/processing.ts';
import { useT, type Translate } from '../../lib/i18n.ts';
import { scanFeedback } from '../../lib/scanner/index.ts';
import { gotNoAnswer, needsNetwork, unreachable } from '../../lib/outbox/needs-network.ts';
import { refusalText } from '../../components/forms/refusal.ts';
import { KitAlert, KitBadge, KitButton, KitCard, KitText, KitTextInput, KitTitle, kit, type KitTextInputProps } from '../../components/kit/kit.tsx';
import { PlainTable } from '../../components/plain-table.tsx';
import { Columns } from '../../components/columns.tsx';
import { parseDecimal } from '../../lib/decimal.ts';
import { usePackOrder, useWeighOrder } from './queries.ts';
import { photoToBase64 } from './photo.ts';
import classes from './pack-station.module.css';

const KG = { max: 1000, scale: 3 };
const CM = { max: 1000, scale: 1 };
const CARD = { '--kit-pad': 'var(--mantine-spacing-md)' } as CSSProperties;
const gap = (space: string) => ({ '--kit-gap': `var(--mantine-spacing-${space})` }) as CSSProperties;

function Field({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div>
      <KitText size="xs" dimmed>{label}</KitText>
      <div className={classes.value} data-testid={testId}>{value}</div>
    </div>
  );
}

/** A weight or a side: a text box with the phone's decimal keypad, kept as typed; lib/decimal.ts reads it on 称重. */
function DecimalField(props: KitTextInputProps) {
  return <KitTextInput inputMode="decimal" autoComplete="off" maxLength={12} size="lg" {...props} />;
}

/** The packing photo, picked like a field (Mantine's FileInput): the file's name, or the placeholder; ✕ clears it. */
function PhotoPicker({ value, onChange, t }: { value: File | null; onChange: (file: File | null) => void; t: Translate }) {
  const id = useId();
  const input = useRef<HTMLInputElement | null>(null);
  const sections = { '--kit-section': '36px', '--kit-left': '36px', ...(value ? { '--kit-right': '36px' } : {}) } as CSSProperties;
  return (
    <div className={classes.picker}>
      <label className={kit.label} htmlFor={id}>{t('打包照片（可选）')}</label>
      <div className={kit.inputWrap} style={sections}>
        <div className={kit.sectionLeft}><IconCamera size={18} /></div>
        <button type="button" id={id} className={`${kit.input} ${classes.pickerButton}`} onClick={() => input.current?.click()}
          data-testid="packed-photo">
          {value ? value.name : <span className={kit.dim}>{t('选择或拍摄照片')}</span>}
        </button>
        {value && (
          <div className={kit.sectionRight}>
            <button type="button" className={kit.bare} aria-label={t('删除')} onClick={() => onChange(null)}><IconX size={16} /></button>
          </div>
        )}
      </div>
      <input ref={input} type="file" accept="image/jpeg,image/png,image/webp,image/heic" style={{ display: 'none' }}
        onChange={(e) => { const file = e.currentTarget.files?.[0]; e.currentTarget.value = ''; if (file) onChange(file); }} />
    </div>
  );
}

function OrderSummary({ info, t }: { info: CheckGoodsInfoDto; t: Translate }) {
  const { order, seller } = info;
  return (
    <KitCard style={CARD}>
      <div className={kit.between} style={{ ...gap('md'), alignItems: 'flex-start', marginBottom: 'var(--mantine-spacing-sm)' }}>
        <div className={kit.row}>
          <div className={`${classes.big} ${classes.mono}`} data-testid="station-trade-no">{order.tradeNo}</div>
          {order.isUrgent && <KitBadge color="red" variant="filled" size="lg">{t('加急')}</KitBadge>}
          <KitBadge size="lg" data-testid="station-order-status">{t(labelKey('OrderStatus', order.orderStatus))}</KitBadge>
          <KitBadge color="teal" size="lg" data-testid="station-package-status">{t(labelKey('PackageStatus', order.packageStatus))}</KitBadge>
        </div>
        <div className={classes.big} data-testid="station-slot">{order.shelfNumber ?? '—'}</div>
      </div>
      <Columns cols={{ base: 2, sm: 4 }} spacing="sm">
        <Field label={t('卖家')} value={`${seller.userCode} ${seller.name}`} />
        <Field label={t('余额（积分）')} value={money(seller.balance)} testId="station-balance" />
        <Field label={t('订单号')} value={order.orderNumber} />
        <Field label={t('店铺 / 站点')} value={`${order.storeName} / ${order.site}`} />
      </Columns>
      {order.holdReason && <KitAlert color="orange" style={{ marginTop: 'var(--mantine-spacing-sm)' }}>{t('问题件原因：{0}', order.holdReason)}</KitAlert>}
    </KitCard>
  );
}

function Goods({ info, t }: { info: CheckGoodsInfoDto; t: Translate }) {
  return (
    <Columns cols={{ base: 1, md: 2 }} spacing="md">
      <KitCard style={CARD}>
        <KitTitle order={4} style={{ marginBottom: 'var(--mantine-spacing-xs)' }}>{t('商品')}</KitTitle>
        <PlainTable striped data-testid="station-lines">
          <thead>
            <tr><th>{t('商品名称')}</th><th>SKU</th><th>{t('数量')}</th><th>{t('快递单号')}</th></tr>
          </thead>
          <tbody>
            {info.order.orderProductInfosList.map((l) => (
              <tr key={l.id}>
                <td>{l.productName}{l.specification ? ` (${l.specification})` : ''}</td>
                <td>{l.productSku || '—'}</td>
                <td style={{ fontWeight: 700 }}>{l.quantity}</td>
                <td style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>{l.shipment}</td>
              </tr>
            ))}
          </tbody>
        </PlainTable>
      </KitCard>
      <KitCard style={CARD}>
        <KitTitle order={4} style={{ marginBottom: 'var(--mantine-spacing-xs)' }}>{t('包裹')}</KitTitle>
        <div className={kit.col} style={gap('xs')} data-testid="station-parcels">
          {info.parcels.map((p) => (
            <div key={p.id} className={`${kit.between} ${kit.rowNowrap}`} style={gap('md')}>
              <div>
                <div className={classes.mono}>{p.shipment}</div>
                <KitText size="xs" dimmed>{t(labelKey('ReceiveStatus', p.receiveStatus))}{p.weight ? ` · ${p.weight} kg` : ''}</KitText>
              </div>
              <div className={kit.row} style={{ '--kit-gap': '4px' } as CSSProperties}>
                {p.photoLinks.map((link) => (
                  <a key={link} href={link} target="_blank" rel="noreferrer">
                    <img src={link} width={48} height={48} className={classes.thumb} alt={t('包裹照片')} />
                  </a>
                ))}
              </div>
            </div>
          ))}
          {info.parcels.length === 0 && <KitText dimmed>{t('没有包裹')}</KitText>}
        </div>
      </KitCard>
    </Columns>
  );
}

function WeighAnswer({ result, t }: { result: WeighResultDto; t: Translate }) {
  const color = result.charged ? 'green' : 'orange';
  return (
    <KitCard style={{ ...CARD, background: `var(--mantine-color-${color}-0)` }} data-testid="weigh-result">
      <div className={kit.between} style={{ ...gap('md'), marginBottom: 'var(--mantine-spacing-sm)' }}>
        <div className={classes.big} style={{ color: `var(--mantine-color-${color}-8)` }} data-testid="weigh-verdict">
          {result.charged ? t('已扣费') : t('待补运费')}
        </div>
        <div>{t('重量 {0} kg，计费重 {1} kg', result.weight, result.chargeableWeight)}</div>
      </div>
      <PlainTable>
        <tbody>
          {result.fees.map((f) => (
            <tr key={f.channel}><td>{t(labelKey('FlowChannel', f.channel))}</td><td style={{ textAlign: 'right' }}>{money(f.amount)}</td></tr>
          ))}
          <tr><td style={{ fontWeight: 700 }}>{t('合计')}</td><td style={{ textAlign: 'right', fontWeight: 700 }} data-testid="weigh-total">{money(result.total)}</td></tr>
        </tbody>
      </PlainTable>
      <div className={kit.row} style={{ ...gap('xl'), marginTop: 'var(--mantine-spacing-sm)' }}>
        {!result.charged && <Field label={t('待补金额')} value={money(result.owed)} testId="weigh-owed" />}
        <Field label={t('卖家余额')} value={money(result.balance)} testId="weigh-balance" />
      </div>
      {!result.charged && (
        <KitText size="sm" style={{ marginTop: 'var(--mantine-spacing-xs)' }}>{t('余额不足，费用未扣：订单已转为待补运费，卖家充值后补运费即可出库。')}</KitText>
      )}
    </KitCard>
  );
}

/** onDone: a weighing was recorded; the page hands the focus back to its scan box (the next order). */
export default function PackOrder({ info, onNext, onDone }: { info: CheckGoodsInfoDto; onNext: () => void; onDone?: () => void }) {
  const t = useT();
  /** One weighing per press (issue 45 §8): a second Enter while the first is on its way does nothing. */
  const weighing = useRef(false);
  /** A weighed order is weighed again only when the picker says so: the press then asks first. */
  const [askReweigh, setAskReweigh] = useState(false);
  const resultRef = useRef<HTMLDivElement | null>(null);
  const weightRef = useRef<HTMLInputElement | null>(null);
  /** Set by a successful 打包完成: the weight field takes the focus as soon as it is on screen. */
  const focusWeightOnMount = useRef(false);
  const weightInput = useCallback((el: HTMLInputElement | null) => {
    weightRef.current = el;
    if (el && focusWeightOnMount.current) {
      focusWeightOnMount.current = false;
      el.focus();
    }
  }, []);
  const [photo, setPhoto] = useState<File | null>(null);
  // As typed (a phone's decimal keypad); read when 称重 is pressed.
  const [weight, setWeight] = useState('');
  const [dims, setDims] = useState<{ long: string; wide: string; high: string }>({ long: '', wide: '', high: '' });
  // The value is read from the event now: the updater runs later, when React has let go of currentTarget.
  const setSide = (side: 'long' | 'wide' | 'high', value: string) => setDims((d) => ({ ...d, [side]: value }));
  const [result, setResult] = useState<WeighResultDto | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const pack = usePackOrder();
  const weigh = useWeighOrder();

  const status = info.order;
  const canPack = canOrder('pack', status);
  const canWeigh = canOrder('weigh', status);

  const onPack = async () => {
    setMessage(null);
    let photoBase64: string | null;
    try {
      photoBase64 = photo ? await photoToBase64(photo) : null;
    } catch {
      setMessage(t('照片读取失败，请重新选择'));
      return;
    }
    if (unreachable()) {
      scanFeedback('error');
      setMessage(needsNetwork(t, '打包', '确认打包'));
      return;
    }
    let outcome: Awaited<ReturnType<typeof pack.mutateAsync>>;
    try {
      outcome = await pack.mutateAsync({ tradeNo: info.order.tradeNo, photoBase64 });
    } catch (err) {
      if (!gotNoAnswer(err)) throw err;
      scanFeedback('error');
      setMessage(needsNetwork(t, '打包', '重新扫描此单，查看是否已打包'));
      return;
    }
    if (!outcome.ok) {
      scanFeedback('error');
      setMessage(refusalText(outcome.refusal));
      return;
    }
    scanFeedback('signed');
    setPhoto(null);
    // The refreshed order may or may not be on screen yet: focus now, or when the field mounts.
    if (weightRef.current) weightRef.current.focus();
    else focusWeightOnMount.current = true;
  };

  const weighed = status.packageStatus === PACKAGE_STATUS.weighed || result !== null;

  const onWeigh = async (confirmed = false) => {
    if (weighing.current || weigh.isPending) return;
    if (weighed && !confirmed) {
      setAskReweigh(true);
      return;
    }
    setAskReweigh(false);
    const kg = parseDecimal(weight, KG);
    if (kg === null || kg === 'invalid' || kg <= 0) {
      setMessage(kg === 'invalid' ? t('重量须为 0–1000 之间的数字，最多三位小数') : t('请输入重量（kg）'));
      weightRef.current?.focus();
      return;
    }
    const sides = [dims.long, dims.wide, dims.high].map((v) => parseDecimal(v, CM));
    if (sides.includes('invalid')) {
      setMessage(t('长宽高须为 0–1000 之间的数字，最多一位小数'));
      return;
    }
    const side = (i: number) => { const v = sides[i]; return typeof v === 'number' && v > 0 ? v : undefined; };
    setMessage(null);
    // A weighing charges the seller: it is not queued (a replay would charge on a stale order).
    if (unreachable()) {
      scanFeedback('error');
      setMessage(needsNetwork(t, '打包称重', '称重'));
      return;
    }
    weighing.current = true;
    let outcome: Awaited<ReturnType<typeof weigh.mutateAsync>>;
    try {
      outcome = await weigh.mutateAsync({ tradeNo: info.order.tradeNo, weight: kg, long: side(0), wide: side(1), high: side(2) });
    } catch (err) {
      if (!gotNoAnswer(err)) throw err;
      // The server may have weighed it: the order, scanned again once online, says so (a re-weigh asks).
      scanFeedback('error');
      setMessage(needsNetwork(t, '打包称重', '重新扫描此单，查看是否已称重'));
      return;
    } finally {
      weighing.current = false;
    }
    if (!outcome.ok) {
      scanFeedback('error');
      setMessage(refusalText(outcome.refusal));
      return;
    }
    scanFeedback(outcome.value.charged ? 'signed' : 'unclaimed');
    setResult(outcome.value);
    // The fees in view at once, and the next scan (the next order) to the box, not to this field.
    requestAnimationFrame(() => resultRef.current?.scrollIntoView?.({ block: 'nearest' }));
    onDone?.();
  };

  const weighOnEnter = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      // While the question is open, Enter does not answer it: re-weighing moves money, a tap does.
      if (event.repeat || askReweigh) return;
      void onWeigh();
    }
  };

  return (
    <>
      <OrderSummary info={info} t={t} />
      {result && <div ref={resultRef}><WeighAnswer result={result} t={t} /></div>}
      <Goods info={info} t={t} />

      {message && <KitAlert color="red" data-testid="station-message">{message}</KitAlert>}

      {canPack && (
        <KitCard style={CARD}>
          <div className={kit.row} style={{ ...gap('md'), alignItems: 'flex-end' }}>
            <PhotoPicker value={photo} onChange={setPhoto} t={t} />
            <KitButton size="lg" leftSection={<IconPackage size={20} />} onClick={() => void onPack()} loading={pack.isPending} data-testid="pack-button">
              {t('打包完成')}
            </KitButton>
          </div>
        </KitCard>
      )}

      {info.packedImageLink && (
        <div className={kit.row}>
          <KitText size="sm" dimmed>{t('打包照片')}</KitText>
          <a href={info.packedImageLink} target="_blank" rel="noreferrer">
            <img src={info.packedImageLink} width={64} height={64} className={classes.thumb} alt={t('打包照片')} />
          </a>
          {info.processing.packedUserName && <KitText size="sm">{t('打包人：{0}', info.processing.packedUserName)}</KitText>}
        </div>
      )}

      {canWeigh && (
        <KitCard style={CARD}>
          <Columns cols={{ base: 2, sm: 5 }} spacing="sm" style={{ alignItems: 'end' }}>
            <DecimalField
              ref={weightInput} label={t('重量（kg）')} value={weight} onChange={(e) => setWeight(e.currentTarget.value)}
              onKeyDown={weighOnEnter} data-testid="weigh-weight"
            />
            <DecimalField label={t('长（cm）')} value={dims.long} onKeyDown={weighOnEnter}
              onChange={(e) => setSide('long', e.currentTarget.value)} data-testid="weigh-long" />
            <DecimalField label={t('宽（cm）')} value={dims.wide} onKeyDown={weighOnEnter}
              onChange={(e) => setSide('wide', e.currentTarget.value)} data-testid="weigh-wide" />
            <DecimalField label={t('高（cm）')} value={dims.high} onKeyDown={weighOnEnter}
              onChange={(e) => setSide('high', e.currentTarget.value)} data-testid="weigh-high" />
            <KitButton size="lg" leftSection={<IconScale size={20} />} onClick={() => void onWeigh()} loading={weigh.isPending} data-testid="weigh-button">
              {weighed ? t('重新称重') : t('称重')}
            </KitButton>
          </Columns>
          {askReweigh && (
            <KitAlert color="orange" style={{ marginTop: 'var(--mantine-spacing-sm)' }} data-testid="reweigh-confirm" role="alertdialog">
              <div>{t('该订单已称重：重新称重会冲回原费用并按新重量计费。确定重新称重？')}</div>
              <div className={kit.row} style={{ ...gap('sm'), marginTop: 'var(--mantine-spacing-xs)' }}>
                <KitButton size="md" color="orange" onClick={() => void onWeigh(true)} data-testid="reweigh-yes">{t('确定重新称重')}</KitButton>
                <KitButton size="md" variant="default" onClick={() => setAskReweigh(false)}>{t('取消')}</KitButton>
              </div>
            </KitAlert>
          )}
          {status.packageStatus === PACKAGE_STATUS.weighed && !result && (
            <KitText size="sm" dimmed style={{ marginTop: 'var(--mantine-spacing-xs)' }}>
              {t('已称重 {0} kg，费用 {1}（{2}）；重新称重会冲回原费用并按新重量计费。', info.processing.weight ?? 0, money(info.processing.total), info.processing.charged ? t('已扣费') : t('待补运费'))}
            </KitText>
          )}
        </KitCard>
      )}

      {!canPack && !canWeigh && !result && (
        <KitAlert color="gray" data-testid="station-not-ready">
          {status.packageStatus < PACKAGE_STATUS.complete ? t('货物尚未到齐，不能打包。') : t('该订单当前不能打包或称重。')}
        </KitAlert>
      )}

      <div className={kit.row} style={{ justifyContent: 'flex-end' }}>
        <KitButton variant="default" size="lg" onClick={onNext} data-testid="next-order">{t('下一单')}</KitButton>
      </div>
    </>
  );
}
