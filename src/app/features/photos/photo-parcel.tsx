// The parcel being photographed, once a scan found it: the parcel, a photo slot each (camera, album,
// preview, retake), the reason (异常拍照), 上传 and 取消. Loaded after the first screen: nothing here
// is needed before the first scan (decision 0015's first-load budget). The state is PhotoStation's.
import { useId, useRef, type CSSProperties } from 'react';
import { IconCamera, IconPhoto, IconRefresh, IconUpload } from '@tabler/icons-react';
import { labelKey } from '#shared/enums.ts';
import { useT } from '../../lib/i18n.ts';
import { Columns } from '../../components/columns.tsx';
import { KitBadge, KitButton, KitCard, KitText, kit, type KitButtonProps } from '../../components/kit/kit.tsx';
import { isUnconfirmed, type PhotoTarget, type Slot, type SlotPhoto } from './photo-slots.ts';
import classes from './photo-station.module.css';
import { ABNORMAL_REASONS, chosenReasons, toggleReason } from './abnormal-reasons.ts';

const kb = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

const GAP_6 = { '--kit-gap': '6px' } as CSSProperties;

/** Mantine's FileButton on a kit button: the button opens a hidden file input (a phone's camera with `capture`). */
function FileButton({ onFile, accept, capture, ...button }: KitButtonProps & { onFile: (file: File | null) => void; accept: string; capture?: 'environment' }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <KitButton {...button} onClick={() => input.current?.click()} />
      <input ref={input} type="file" accept={accept} capture={capture} style={{ display: 'none' }} onChange={(e) => onFile(e.currentTarget.files?.[0] ?? null)} />
    </>
  );
}

export interface PhotoParcelProps {
  parcel: PhotoTarget;
  slots: { slot: Slot; label: string }[];
  withReason: boolean;
  photos: Partial<Record<Slot, SlotPhoto>>;
  busySlot: Slot | null;
  uploading: boolean;
  /** 上传 can be pressed: a photo, and the reason where one is asked for. */
  ready: boolean;
  reason: string;
  onReason: (reason: string) => void;
  onTake: (slot: Slot, file: File | null) => void;
  onSubmit: () => void;
  onCancel: () => void;
}

export default function PhotoParcel({ parcel, slots, withReason, photos, busySlot, uploading, ready, reason, onReason, onTake, onSubmit, onCancel }: PhotoParcelProps) {
  const t = useT();
  const reasonField = useId();
  const chosen = chosenReasons(reason);
  return (
    <>
        {isUnconfirmed(parcel) ? (
          <KitCard style={{ '--kit-pad': 'var(--mantine-spacing-md)' } as CSSProperties} data-testid="photo-parcel" data-unconfirmed="">
            <div className={kit.between} style={{ flexWrap: 'nowrap' }}>
              <div className={classes.shipment}>{parcel.shipment}</div>
              <KitBadge size="lg" color="orange">{t('未核对')}</KitBadge>
            </div>
            <KitText size="sm">{t('离线：照片按单号排队，联网后上传并由服务器核对包裹')}</KitText>
          </KitCard>
        ) : (
          <KitCard style={{ '--kit-pad': 'var(--mantine-spacing-md)' } as CSSProperties} data-testid="photo-parcel">
            <div className={kit.between} style={{ flexWrap: 'nowrap' }}>
              <div className={classes.shipment}>{parcel.shipment}</div>
              <KitBadge size="lg">{t(labelKey('ReceiveStatus', parcel.receiveStatus))}</KitBadge>
            </div>
            <KitText size="sm" dimmed>
              {[parcel.userCode, parcel.warehouseName, parcel.shelfNumber].filter(Boolean).join(' · ') || t('无主件')}
            </KitText>
            {parcel.isNeedTakePicture && <KitBadge color="orange" style={{ marginTop: 4 }}>{t('需拍照')}</KitBadge>}
          </KitCard>
        )}

        {(
          <Columns cols={{ base: 1, xs: slots.length }} spacing="sm">
            {slots.map(({ slot, label }) => {
              const photo = photos[slot];
              return (
                <KitCard key={slot} data-testid={`photo-slot-${slot}`}>
                  <div style={{ fontWeight: 600, marginBottom: 6 }}>{t(label)}</div>
                  {photo ? (
                    <div className={kit.col} style={GAP_6}>
                      {photo.url
                        ? <img src={photo.url} alt={t(label)} className={classes.preview} data-testid="photo-preview" />
                        : <div className={classes.noPreview} data-testid="photo-preview"><KitText size="sm">{t('HEIC 照片无法预览，将按原样上传')}</KitText></div>}
                      <KitText size="xs" dimmed data-testid="photo-size">
                        {photo.compressed ? t('已压缩：{0} → {1}', kb(photo.originalSize), kb(photo.size)) : t('原图：{0}', kb(photo.size))}
                      </KitText>
                      <FileButton onFile={(f) => onTake(slot, f)} accept="image/*" capture="environment"
                        size="md" variant="light" leftSection={<IconRefresh size={20} />} disabled={uploading} data-testid="photo-retake">
                        {t('重拍')}
                      </FileButton>
                    </div>
                  ) : (
                    <div className={kit.col} style={GAP_6}>
                      <FileButton onFile={(f) => onTake(slot, f)} accept="image/*" capture="environment"
                        size="lg" leftSection={<IconCamera size={22} />} loading={busySlot === slot} data-testid="photo-capture">
                        {t('拍照')}
                      </FileButton>
                      <FileButton onFile={(f) => onTake(slot, f)} accept="image/*"
                        size="md" variant="default" leftSection={<IconPhoto size={20} />} disabled={busySlot === slot} data-testid="photo-pick">
                        {t('从相册选择')}
                      </FileButton>
                    </div>
                  )}
                </KitCard>
              );
            })}
          </Columns>
        )}

        {withReason && (
          <div>
            <label className={kit.label} htmlFor={reasonField}>{t('异常原因')}<span className={classes.required} aria-hidden> *</span></label>
            {/* Preset reasons, one tap each (issue 45 §12); 其他 asks for words in the box below. */}
            <div className={kit.row} role="group" aria-label={t('常见原因')} style={{ '--kit-gap': '8px', marginBottom: 8 } as CSSProperties}>
              {ABNORMAL_REASONS.map((preset) => {
                const on = chosen.has(preset);
                return (
                  <KitButton key={preset} size="md" variant={on ? 'filled' : 'default'} aria-pressed={on} data-testid="reason-chip"
                    onClick={() => {
                      onReason(toggleReason(reason, preset));
                      if (preset === '其他' && !on) requestAnimationFrame(() => document.getElementById(reasonField)?.focus());
                    }}>
                    {t(preset)}
                  </KitButton>
                );
              })}
            </div>
            <textarea id={reasonField} className={kit.input} data-size="md" value={reason} onChange={(e) => onReason(e.currentTarget.value)}
              maxLength={512} rows={2} placeholder={t('补充说明（选“其他”时必填）')} data-testid="photo-reason" />
          </div>
        )}

        {(
          <div className={kit.grow}>
            <KitButton size="xl" leftSection={<IconUpload size={24} />} onClick={onSubmit} loading={uploading} disabled={!ready} data-testid="photo-submit">
              {t('上传')}
            </KitButton>
            <KitButton size="xl" variant="default" onClick={onCancel} disabled={uploading}>
              {t('取消')}
            </KitButton>
          </div>
        )}
    </>
  );
}
