// The three phone photo screens (spec 000 §2 "Phone photo upload", DOMAIN §4.3), one flow:
//   scan or type the tracking number → the parcel is looked up (Logistics/IntoLogisticsCheck) →
//   take a photo with the camera or pick a file → it is compressed and stored on the phone (Dexie)
//   → preview, retake → 上传 through the one offline path (offlineApi, decision 0022): now, File/
//   UploadFile gives a guid and the screen's Set* action links it; offline (or no answer), the photos
//   move into the outbox with the action and are uploaded and linked when the network returns.
// /takephone/uploadpackageimg  包裹拍照: package and goods photos by tracking number (SetTakePictureByPhone)
// /takephone/logisticsphoto    待拍照包裹: the parcels sellers asked a photo of (GetNeedTakePictureList),
//                              photographed by id (SetTakePicture)
// /takephone/abnormalphoto     异常拍照: a damaged or wrong parcel, photo and reason (SetTakePictureAbnormal)
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { IconCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ParcelDto } from '#shared/contracts/orders.ts';
import { ApiError, useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { scanFeedback } from '../../lib/scanner/index.ts';
import { ScanField } from '../../components/scanner/scan-field.tsx';
import { KitAlert, KitButton, KitCard, KitText, KitTitle, kit } from '../../components/kit/kit.tsx';
import { photoDb, storePhoto, type StoredPhoto } from './photo-db.ts';
import { compressPhoto, type Compressor } from '../../lib/compress-photo.ts';
import { UploadError, type Uploader } from '../../lib/upload.ts';
import { useOfflineApi, type OfflineFile, type OfflineResult } from '../../lib/outbox/offline-api.ts';
import { usePreloadRegistry } from '../../lib/registry-preload.ts';
import { gotNoAnswer, needsNetwork, unreachable } from '../../lib/outbox/needs-network.ts';
import { useReach } from '../../lib/outbox/reachability.ts';
import { afterFirstScreen, useAfterFirstScreen } from '../../lib/first-screen.ts';
import { isUnconfirmed, type PhotoTarget, type Slot, type SlotPhoto } from './photo-slots.ts';
import classes from './photo-station.module.css';
import { reasonComplete } from './abnormal-reasons.ts';
import { queryOf } from '../../lib/query-of.ts';

export type PhotoScreen = 'uploadpackageimg' | 'logisticsphoto' | 'abnormalphoto';

interface ScreenConfig {
  title: string; hint: string; slots: { slot: Slot; label: string }[]; reason: boolean;
  /** Offline, a parcel not looked up is photographed by its number (SetTakePictureByPhone, resolved at
   *  replay); false: the step names the network instead (SetTakePictureAbnormal takes the parcel's id). */
  byNumberOffline: boolean;
}

const SCREENS: Record<PhotoScreen, ScreenConfig> = {
  uploadpackageimg: {
    title: '包裹拍照', hint: '扫描包裹单号，拍下包裹外观和商品',
    slots: [{ slot: 'imageGuid', label: '包裹照片' }, { slot: 'goodsImageGuid', label: '商品照片' }], reason: false, byNumberOffline: true,
  },
  logisticsphoto: {
    title: '待拍照包裹', hint: '卖家要求拍照的包裹：扫描单号或在列表中选择',
    slots: [{ slot: 'imageGuid', label: '包裹照片' }, { slot: 'goodsImageGuid', label: '商品照片' }], reason: false, byNumberOffline: true,
  },
  abnormalphoto: {
    title: '异常拍照', hint: '破损或错发的包裹：拍照并写明原因，包裹将标记为异常',
    slots: [{ slot: 'imageGuid', label: '异常照片' }], reason: true, byNumberOffline: false,
  },
};

const HEIC = /image\/hei[cf]|\.hei[cf]$/i;
// The contract's trackingNumber rule, without importing zod into the screen's first load.
const TRACKING_NUMBER = /^[A-Za-z0-9-]{4,64}$/;

export interface PhotoStationProps {
  screen: PhotoScreen;
  upload: Uploader;
  /** Injected for tests; the real one shrinks in a worker. */
  compress?: Compressor;
}

type Status =
  | { kind: 'idle' }
  | { kind: 'looking' }
  | { kind: 'error'; message: string }
  | { kind: 'uploading' }
  | { kind: 'done'; parcel: ParcelDto }
  /** Saved in the outbox: uploaded and linked once the network returns. */
  | { kind: 'queued'; shipment: string; waiting: number };

const objectUrl = (bytes: ArrayBuffer, type: string) =>
  typeof URL.createObjectURL === 'function' ? URL.createObjectURL(new Blob([bytes], { type })) : '';

function messageOf(err: unknown): string {
  if (err instanceof UploadError) return err.message;
  if (err instanceof ApiError) {
    if (err.kind !== 'http') return '网络异常，请稍后重试';
    if (err.status === 400 && err.validationErrors?.length) return err.validationErrors.map((e) => e.message).join('；');
    return err.message;
  }
  return err instanceof Error ? err.message : String(err);
}

const GAP_6 = { '--kit-gap': '6px' } as CSSProperties;

// What a scan opens (the parcel, its photo slots, 上传) waits for the first screen: it is not needed
// to scan (decision 0015's first-load budget). It is fetched once the screen is up.
const loadParcel = () => import('./photo-parcel.tsx');
const PhotoParcel = lazy(loadParcel);

export function PhotoStation({ screen, upload, compress = compressPhoto }: PhotoStationProps) {
  usePreloadRegistry();
  const t = useT();
  const api = useApi();
  const offlineApi = useOfflineApi(upload);
  const config = SCREENS[screen];
  const containerRef = useRef<HTMLDivElement | null>(null);
  const [parcel, setParcel] = useState<PhotoTarget | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [photos, setPhotos] = useState<Partial<Record<Slot, SlotPhoto>>>({});
  const [busySlot, setBusySlot] = useState<Slot | null>(null);
  const [reason, setReason] = useState('');
  const photosRef = useRef(photos);
  useLayoutEffect(() => {
    photosRef.current = photos;
  }, [photos]);

  // Asked once the screen has painted: the call loads the service registry (zod and the contracts),
  // which would otherwise count against the floor's first-load budget.
  const later = useAfterFirstScreen();
  const reach = useReach();
  const needList = useQuery(queryOf(api, 'Logistics', 'getNeedTakePictureList', { skipCount: 0, maxResultCount: 50 }, {
    enabled: screen === 'logisticsphoto' && later,
  }));

  // Preview URLs are released with the screen.
  useEffect(() => () => {
    for (const p of Object.values(photosRef.current)) if (p?.url) URL.revokeObjectURL?.(p.url);
  }, []);

  const dropPhotos = useCallback(async (list: Partial<Record<Slot, SlotPhoto>>) => {
    for (const p of Object.values(list)) {
      if (!p) continue;
      if (p.url) URL.revokeObjectURL?.(p.url);
      await (await photoDb()).photos.delete(p.id);
    }
  }, []);

  /** Finds the parcel of a number; answers whether it was found (the verdict is on screen). */
  const lookup = useCallback(async (code: string): Promise<boolean> => {
    if (!TRACKING_NUMBER.test(code)) {
      scanFeedback('error');
      setStatus({ kind: 'error', message: t('单号只能包含字母、数字和 -，长度 4–64') });
      return false;
    }
    // Not looked up: photographed by its number where the screen can queue that, else one sentence.
    const offline = () => {
      if (config.byNumberOffline) {
        scanFeedback('already');
        setParcel({ shipment: code, unconfirmed: true });
        setStatus({ kind: 'idle' });
        return true;
      }
      scanFeedback('error');
      setStatus({ kind: 'error', message: `${code}：${needsNetwork(t, config.title, '拍照')}` });
      return false;
    };
    if (unreachable()) return offline();
    setStatus({ kind: 'looking' });
    try {
      const check = await api.logistics.intoLogisticsCheck({ shipment: code });
      if (!check.parcel) {
        scanFeedback('reject');
        setStatus({ kind: 'error', message: t('没有找到单号 {0} 的包裹', code) });
        return false;
      }
      scanFeedback('signed');
      setParcel(check.parcel);
      setStatus({ kind: 'idle' });
      return true;
    } catch (err) {
      if (gotNoAnswer(err)) return offline();
      scanFeedback('error');
      setStatus({ kind: 'error', message: t(messageOf(err)) });
      return false;
    }
  }, [api, t, config]);

  const choose = useCallback(async (code: string) => {
    // Photos already taken are never thrown away by a stray scan: upload or cancel them first.
    if (Object.values(photosRef.current).some(Boolean)) {
      scanFeedback('reject');
      setStatus({ kind: 'error', message: t('请先上传或取消当前包裹的照片，再扫下一个') });
      return;
    }
    setPhotos({});
    setReason('');
    setParcel(null);
    await lookup(code);
  }, [lookup, t]);

  useEffect(() => afterFirstScreen(() => void loadParcel()), []);

  // Photos still on the phone from an earlier visit (a reload, a crash, no network at 上传): looked
  // up once the screen is up (Dexie is not needed to paint it).
  const [leftover, setLeftover] = useState<StoredPhoto[]>([]);
  useEffect(() => {
    let gone = false;
    afterFirstScreen(() => {
      if (gone) return;
      void photoDb().then((db) => db.photos.where('screen').equals(screen).sortBy('createdAt')).then((rows) => {
        if (!gone) setLeftover(rows);
      }, () => {});
    });
    return () => {
      gone = true;
    };
  }, [screen]);

  const resume = async () => {
    const shipment = leftover[leftover.length - 1]!.shipment;
    const rows = leftover.filter((r) => r.shipment === shipment);
    const others = leftover.filter((r) => r.shipment !== shipment);
    setLeftover([]);
    const db = await photoDb();
    await db.photos.bulkDelete(others.map((r) => r.id!));
    if (!(await lookup(shipment))) return;
    const restored: Partial<Record<Slot, SlotPhoto>> = {};
    for (const r of rows) {
      const slot = r.slot as Slot;
      const previous = restored[slot];
      if (previous) await db.photos.delete(previous.id);
      const heic = !r.compressed && HEIC.test(`${r.type} ${r.fileName}`);
      restored[slot] = { id: r.id!, url: heic ? '' : objectUrl(r.bytes, r.type), size: r.bytes.byteLength, originalSize: r.originalSize, compressed: r.compressed, heic };
    }
    setPhotos(restored);
  };

  const discardLeftover = async () => {
    const db = await photoDb();
    await db.photos.bulkDelete(leftover.map((r) => r.id!));
    setLeftover([]);
  };

  const take = async (slot: Slot, file: File | null) => {
    if (!file || !parcel) return;
    setBusySlot(slot);
    try {
      const { blob, compressed } = await compress(file);
      const heic = !compressed && HEIC.test(`${file.type} ${file.name}`);
      const { id, bytes, type } = await storePhoto({ slot, screen, shipment: parcel.shipment, original: file, blob, compressed });
      const previous = photosRef.current[slot];
      if (previous) await dropPhotos({ [slot]: previous });
      setPhotos((list) => ({ ...list, [slot]: { id, url: heic ? '' : objectUrl(bytes, type), size: bytes.byteLength, originalSize: file.size, compressed, heic } }));
      if (status.kind === 'error' || status.kind === 'done') setStatus({ kind: 'idle' });
    } catch (err) {
      setStatus({ kind: 'error', message: t(messageOf(err)) });
    } finally {
      setBusySlot(null);
    }
  };

  const submit = async () => {
    if (!parcel) return;
    const taken = config.slots.filter((s) => photos[s.slot]);
    if (taken.length === 0) return;
    if (config.reason && !reasonComplete(reason)) {
      setStatus({ kind: 'error', message: t('请填写异常原因') });
      return;
    }
    setStatus({ kind: 'uploading' });
    try {
      const db = await photoDb();
      const files: OfflineFile<Slot>[] = [];
      for (const { slot } of taken) {
        const stored = await db.photos.get(photos[slot]!.id);
        if (!stored) throw new Error('照片已不在本机，请重拍');
        files.push({ field: slot, name: stored.fileName, type: stored.type, bytes: stored.bytes, guid: stored.guid });
      }
      const options = {
        group: `parcel:${parcel.shipment}`, label: `${parcel.shipment}（${t(config.title)}）`,
        // A refused link keeps the drafts: their guids spare a second upload on the next try.
        onUploaded: (slot: Slot, guid: string) => { void db.photos.update(photos[slot]!.id, { guid }); },
      };
      let sent: OfflineResult<ParcelDto>;
      if (screen === 'uploadpackageimg' || isUnconfirmed(parcel)) {
        sent = await offlineApi.logistics.setTakePictureByPhone({ shipment: parcel.shipment }, { ...options, files });
      } else if (screen === 'logisticsphoto') {
        sent = await offlineApi.logistics.setTakePicture({ id: parcel.id }, { ...options, files });
      } else {
        const abnormal = files.filter((f): f is OfflineFile<'imageGuid'> => f.field === 'imageGuid');
        sent = await offlineApi.backOrder.setTakePictureAbnormal({ id: parcel.id, reason: reason.trim() }, { ...options, files: abnormal });
      }
      // Sent or queued, the drafts are done with: the outbox keeps its own copy of what it sends.
      await dropPhotos(photos);
      setPhotos({});
      setReason('');
      setParcel(null);
      if (sent.kind === 'queued') {
        scanFeedback('already');
        setStatus({ kind: 'queued', shipment: parcel.shipment, waiting: sent.waiting });
        return;
      }
      scanFeedback('signed');
      setStatus({ kind: 'done', parcel: sent.result });
      if (screen === 'logisticsphoto') void needList.refetch();
    } catch (err) {
      scanFeedback('error');
      setStatus({ kind: 'error', message: t(messageOf(err)) });
    }
  };

  const uploading = status.kind === 'uploading';
  const ready = !!parcel && config.slots.some((s) => photos[s.slot]) && (!config.reason || reasonComplete(reason));

  // The kit, not Mantine's components: this is a floor screen's first load (decision 0015).
  return (
    <div ref={containerRef} className={`${kit.col} ${classes.station}`} data-testid="photo-station" data-screen={screen}>
      <div>
        <KitTitle order={2}>{t(config.title)}</KitTitle>
        <KitText size="sm" dimmed>{t(config.hint)}</KitText>
      </div>
      <ScanField onScan={(code) => void choose(code)} enabled={!parcel && !uploading} containerRef={containerRef} />

      {leftover.length > 0 && !parcel && (
        <KitAlert color="orange" data-testid="photo-leftover">
          <div className={kit.small} style={{ marginBottom: 'var(--mantine-spacing-xs)' }}>
            {t('本机有 {0} 张未上传的照片（{1}）', leftover.length, leftover[leftover.length - 1]!.shipment)}
          </div>
          <div className={kit.row}>
            <KitButton size="md" onClick={() => void resume()} data-testid="photo-resume">{t('继续上传')}</KitButton>
            <KitButton size="md" variant="default" onClick={() => void discardLeftover()}>{t('丢弃')}</KitButton>
          </div>
        </KitAlert>
      )}
      {status.kind === 'looking' && <KitText dimmed>{t('正在查找包裹…')}</KitText>}
      {status.kind === 'error' && <KitAlert color="red" data-testid="photo-error">{status.message}</KitAlert>}
      {status.kind === 'done' && (
        <KitAlert color="green" icon={<IconCheck size={20} />} data-testid="photo-done">
          {t('已上传：{0}', status.parcel.shipment)}
        </KitAlert>
      )}
      {status.kind === 'queued' && (
        <KitAlert color="indigo" data-testid="photo-queued">
          {t('已排队：{0} 的照片已存在本机，联网后自动上传（{1} 条待同步）', status.shipment, status.waiting)}
        </KitAlert>
      )}

      {parcel && (
        <Suspense fallback={null}>
          <PhotoParcel
            parcel={parcel} slots={config.slots} withReason={config.reason} photos={photos} busySlot={busySlot} uploading={uploading} ready={ready}
            reason={reason} onReason={setReason} onTake={(slot, file) => void take(slot, file)} onSubmit={() => void submit()}
            onCancel={() => { void dropPhotos(photos); setPhotos({}); setParcel(null); setStatus({ kind: 'idle' }); }}
          />
        </Suspense>
      )}

      {screen === 'logisticsphoto' && !parcel && (
        <div className={kit.col} style={GAP_6} data-testid="need-photo-list">
          <div style={{ fontWeight: 600 }}>{t('卖家要求拍照的包裹')}{needList.data ? `（${needList.data.totalCount}）` : ''}</div>
          {reach !== 'online' && !needList.data
            ? <KitAlert color="orange" data-testid="need-photo-offline">{t('待拍照列表需要联网：离线时请直接扫描单号拍照，联网后自动上传')}</KitAlert>
            : needList.isError && <KitAlert color="red">{t('列表加载失败')}</KitAlert>}
          {needList.data?.items.length === 0 && <KitText dimmed size="sm">{t('没有待拍照的包裹')}</KitText>}
          {needList.data?.items.map((p) => (
            <button type="button" key={p.id} className={kit.bare} onClick={() => void choose(p.shipment)} data-testid="need-photo-row">
              <KitCard>
                <div className={classes.needShipment}>{p.shipment}</div>
                <KitText size="sm" dimmed data-value>{[p.userCode, p.warehouseName].filter(Boolean).join(' · ')}</KitText>
              </KitCard>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
