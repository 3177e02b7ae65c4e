// 囤货验货's form for the record in hand (count, photo, remark, pass or fail): shown only after a scan,
// so it loads after the station's first screen (check-station-page.tsx preloads it).
import { useId, useRef, type CSSProperties } from 'react';
import { IconCamera, IconCheck, IconX } from '@tabler/icons-react';
import type { StockRecordDto } from '#shared/contracts/stock.ts';
import { KitBadge, KitButton, KitCard, KitText, KitTextInput, kit, type KitButtonProps } from '../../components/kit/kit.tsx';
import { useT } from '../../lib/i18n.ts';
import classes from './stock-station.module.css';

const WHOLE = /^\d+$/;
const CARD = { '--kit-pad': 'var(--mantine-spacing-md)' } as CSSProperties;
const SPACED = { marginTop: 'var(--mantine-spacing-sm)' };

/** Mantine's FileButton: a button that opens the camera through a hidden file input. */
function PhotoButton({ onFile, ...rest }: KitButtonProps & { onFile: (file: File | null) => void }) {
  const input = useRef<HTMLInputElement | null>(null);
  return (
    <>
      <KitButton {...rest} onClick={() => input.current?.click()} />
      <input ref={input} type="file" accept="image/*" capture="environment" style={{ display: 'none' }}
        onChange={(e) => { onFile(e.currentTarget.files?.[0] ?? null); e.currentTarget.value = ''; }} />
    </>
  );
}

export interface CheckRecordFormProps {
  record: StockRecordDto;
  count: string;
  onCount: (value: string) => void;
  remark: string;
  onRemark: (value: string) => void;
  photo: { url: string } | null;
  /** The photo is being shrunk. */
  shrinking: boolean;
  sending: boolean;
  onPhoto: (file: File | null) => void;
  onSubmit: (pass: boolean) => void;
  onCancel: () => void;
}

export default function CheckRecordForm(
  { record, count, onCount, remark, onRemark, photo, shrinking, sending, onPhoto, onSubmit, onCancel }: CheckRecordFormProps,
) {
  const t = useT();
  const remarkId = useId();
  const counted = WHOLE.test(count.trim()) ? Number(count.trim()) : null;
  return (
    <>
      <KitCard style={CARD} data-testid="check-record">
        <div className={`${kit.between} ${kit.rowNowrap}`} style={{ '--kit-gap': 'var(--mantine-spacing-md)' } as CSSProperties}>
          <div className={classes.code} style={{ fontSize: 'var(--mantine-font-size-lg)' }}>{record.tradeNo}</div>
          <KitBadge size="lg">{record.userCode ?? '—'}</KitBadge>
        </div>
        <KitText size="sm">{record.productSku} · {record.productName}</KitText>
        <KitText size="sm" dimmed>{t('物流单号 {0}', record.logisticsNumber)}</KitText>
        <div className={classes.strong} style={{ marginTop: 4 }} data-testid="check-declared">
          {t('申报 {0} 件，{1} 箱', record.productNums, record.packageNums)}
        </div>
        <KitTextInput
          wrapperProps={{ style: SPACED }} label={t('实收数量（件）')} size="lg" inputMode="numeric" autoFocus value={count} maxLength={7}
          placeholder={t('输入实收数量')} onChange={(e) => onCount(e.currentTarget.value)} data-testid="check-count"
        />
        {/* Fewer than declared (issue 45 §12): said loudly, with how many are missing. */}
        {counted !== null && counted < record.productNums && (
          <div className={classes.shortfall} role="alert" data-testid="check-shortfall">
            {t('短少 {0} 件：申报 {1} 件，实收 {2} 件。请复点，通过后按实收数量上架', record.productNums - counted, record.productNums, counted)}
          </div>
        )}
        {counted !== null && counted > record.productNums && (
          <div className={classes.warn}>{t('与申报数量不同：通过后按实收数量上架')}</div>
        )}
        <div className={kit.row} style={{ ...SPACED, '--kit-gap': 'var(--mantine-spacing-sm)', alignItems: 'flex-start' } as CSSProperties}>
          <PhotoButton onFile={onPhoto} size="lg" variant="light" leftSection={<IconCamera size={22} />} loading={shrinking}
            data-testid="check-photo">
            {photo ? t('重拍') : t('拍照')}
          </PhotoButton>
          {photo?.url && <img src={photo.url} alt={t('验货照片')} className={classes.photo} data-testid="check-photo-preview" />}
        </div>
        <div style={SPACED}>
          <label className={kit.label} htmlFor={remarkId}>{t('备注（不通过时必填）')}</label>
          <textarea id={remarkId} className={kit.input} data-size="md" value={remark} rows={2} maxLength={512}
            onChange={(e) => onRemark(e.currentTarget.value)} data-testid="check-remark" />
        </div>
      </KitCard>
      <div className={kit.grow} style={{ '--kit-gap': 'var(--mantine-spacing-md)' } as CSSProperties}>
        <KitButton
          size="lg" color="green" leftSection={<IconCheck size={22} />} onClick={() => onSubmit(true)} loading={sending} disabled={shrinking}
          data-testid="check-pass"
        >
          {t('通过')}
        </KitButton>
        <KitButton
          size="lg" color="red" leftSection={<IconX size={22} />} onClick={() => onSubmit(false)} disabled={sending || shrinking}
          data-testid="check-fail"
        >
          {t('不通过')}
        </KitButton>
      </div>
      <KitButton variant="default" size="md" onClick={onCancel} disabled={sending}>
        {t('取消')}
      </KitButton>
    </>
  );
}
