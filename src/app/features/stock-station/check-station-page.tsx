// 囤货验货 (/backstock/checkStation), a floor screen for the phone: the stock records that have arrived
// (1 已到货) wait in a list kept for offline use; scan the box's logistics number or the record's
// SR number (or tap it in the list), count what is in it, take a photo, and pass or fail it
// (BackStock/IsCheckPass) through the one offline path: sent now, or queued with its photo and
// replayed once when the network is back (decision 0022).
import { lazy, Suspense, useEffect, useRef, useState, type CSSProperties } from 'react';
import { IconCheck } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { StockRecordDto } from '#shared/contracts/stock.ts';
import { STOCK_STATUS, labelKey } from '#shared/enums.ts';
import { ApiError, useApi } from '../../lib/api.ts';
import { compressPhoto, type Compressor } from '../../lib/compress-photo.ts';
import { useT } from '../../lib/i18n.ts';
import { newIdempotencyKey } from '../../lib/outbox/key.ts';
import { useOfflineApi } from '../../lib/outbox/offline-api.ts';
import { gotNoAnswer, unreachable } from '../../lib/outbox/needs-network.ts';
import { usePreloadRegistry } from '../../lib/registry-preload.ts';
import { scanFeedback } from '../../lib/scanner/index.ts';
import type { Uploader } from '../../lib/upload.ts';
import { ScanField, type ScanFieldHandle } from '../../components/scanner/scan-field.tsx';
import { KitAlert, KitCard, KitLoader, KitText, KitTitle, kit } from '../../components/kit/kit.tsx';
import { useAfterFirstScreen } from '../../lib/first-screen.ts';
import { SyncedActions } from './synced-actions.tsx';
import classes from './stock-station.module.css';
import { invalidateService, queryOf } from '../../lib/query-of.ts';

/** The arrived records of the tenant, newest first: the station's list, kept by the service worker for offline use. */
const ARRIVED = { productStatus: STOCK_STATUS.arrived, currentPage: 1, pageSize: 100 } as const;
const WHOLE = /^\d+$/;
const LIST = { '--kit-gap': '6px' } as CSSProperties;
// Only after a scan: out of the first load, fetched once the first screen is up.
const loadForm = () => import('./check-record-form.tsx');
const CheckRecordForm = lazy(loadForm);

type Status =
  | { kind: 'idle' }
  | { kind: 'looking' }
  | { kind: 'error'; message: string }
  | { kind: 'sending' }
  | { kind: 'done'; record: StockRecordDto }
  | { kind: 'queued'; tradeNo: string; pass: boolean; waiting: number };

interface Photo { blob: Blob; name: string; url: string }

const objectUrl = (blob: Blob) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob) : '');

export interface CheckStationProps {
  upload: Uploader;
  /** Injected for tests; the real one shrinks in a worker. */
  compress?: Compressor;
}

export function CheckStationPage({ upload, compress = compressPhoto }: CheckStationProps) {
  usePreloadRegistry();
  const t = useT();
  const api = useApi();
  const offlineApi = useOfflineApi(upload);
  const queryClient = useQueryClient();
  const scanRef = useRef<ScanFieldHandle | null>(null);
  const containerRef = useRef<HTMLDivElement | null>(null);
  // Asked once the screen has painted: the call loads the service registry (zod and the contracts),
  // which would otherwise count against the floor's first-load budget.
  const later = useAfterFirstScreen();
  const arrived = useQuery(queryOf(api, 'BackStock', 'getStockList', ARRIVED, {
    // Opened offline: asked all the same, so the service worker answers from what it kept.
    networkMode: 'offlineFirst',
    enabled: later,
  }));
  /** Records checked (or queued) in this session: off the list before the server says so. */
  const [handled, setHandled] = useState<ReadonlySet<number>>(new Set());
  const [matches, setMatches] = useState<StockRecordDto[]>([]);
  const [record, setRecord] = useState<StockRecordDto | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [count, setCount] = useState('');
  const [remark, setRemark] = useState('');
  const [photo, setPhoto] = useState<Photo | null>(null);
  const [shrinking, setShrinking] = useState(false);
  /** A check that got no answer keeps its key, by its exact body, for the retry. */
  const unanswered = useRef(new Map<string, string>());
  useEffect(() => { if (later) void loadForm(); }, [later]);

  const waitingList = (arrived.data?.items ?? []).filter((r) => !handled.has(r.id));

  const choose = (r: StockRecordDto) => {
    if (photo?.url) URL.revokeObjectURL?.(photo.url);
    setRecord(r);
    setMatches([]);
    setCount('');
    setRemark('');
    setPhoto(null);
    setStatus({ kind: 'idle' });
  };

  const find = async (code: string) => {
    if (record) {
      scanFeedback('reject');
      setStatus({ kind: 'error', message: t('请先提交或取消当前验货，再扫下一个') });
      return;
    }
    const same = (r: StockRecordDto) => r.logisticsNumber.toUpperCase() === code || r.tradeNo.toUpperCase() === code;
    const local = waitingList.filter(same);
    if (local.length) {
      scanFeedback('signed');
      return local.length === 1 ? choose(local[0]!) : (setMatches(local), setStatus({ kind: 'idle' }));
    }
    // Offline, or the server known silent: the device's list is all there is (issue 45 §7).
    const notHere = () => {
      scanFeedback('reject');
      setStatus({ kind: 'error', message: t('离线：本机没有 {0} 的待验货囤货单', code) });
    };
    if (unreachable()) return notHere();
    setStatus({ kind: 'looking' });
    try {
      // The rule table is read only here, online, after a miss: fetched beside the lookup, not in the first load.
      const rules = import('#shared/rules/stock.ts');
      const found = (await api.backStock.getStockList({ keyword: code, currentPage: 1, pageSize: 20 })).items.filter(same);
      const { canStock } = await rules;
      const open = found.filter((r) => canStock('pass', r) && !handled.has(r.id));
      if (open.length) {
        scanFeedback('signed');
        return open.length === 1 ? choose(open[0]!) : (setMatches(open), setStatus({ kind: 'idle' }));
      }
      scanFeedback('reject');
      const first = found[0];
      setStatus({
        kind: 'error',
        message: first ? t('囤货单 {0} 当前为“{1}”，不能验货', first.tradeNo, t(labelKey('StockStatus', first.productStatus))) : t('没有找到 {0} 的囤货单', code),
      });
    } catch (err) {
      if (gotNoAnswer(err)) return notHere();
      scanFeedback('error');
      setStatus({ kind: 'error', message: err instanceof ApiError && err.kind === 'http' ? err.message : t('网络异常，请稍后重试') });
    }
  };

  const takePhoto = async (file: File | null) => {
    if (!file) return;
    setShrinking(true);
    try {
      const { blob } = await compress(file);
      if (photo?.url) URL.revokeObjectURL?.(photo.url);
      setPhoto({ blob, name: file.name || 'check.jpg', url: objectUrl(blob) });
    } finally {
      setShrinking(false);
    }
  };

  const submit = async (pass: boolean) => {
    if (!record) return;
    const text = count.trim();
    if (!WHOLE.test(text)) {
      setStatus({ kind: 'error', message: t('请填写实收数量（整数）') });
      return;
    }
    if (!pass && !remark.trim()) {
      setStatus({ kind: 'error', message: t('验货不通过请写明原因') });
      return;
    }
    const input = { id: record.id, ispass: pass, checkNums: Number(text), checkRemark: remark.trim() || null };
    const body = JSON.stringify(input);
    const key = unanswered.current.get(body) ?? newIdempotencyKey();
    setStatus({ kind: 'sending' });
    try {
      const files = photo
        ? [{ field: 'checkImageGuid' as const, name: photo.name, type: photo.blob.type || 'image/jpeg', bytes: await photo.blob.arrayBuffer() }]
        : [];
      const sent = await offlineApi.backStock.isCheckPass<'checkImageGuid'>(input, {
        group: `stock:${record.tradeNo}`, label: `${record.tradeNo}（${pass ? t('验货通过') : t('验货不通过')}）`, key, files,
      });
      unanswered.current.delete(body);
      setHandled((s) => new Set(s).add(record.id));
      if (photo?.url) URL.revokeObjectURL?.(photo.url);
      setPhoto(null);
      setRecord(null);
      if (sent.kind === 'queued') {
        scanFeedback('already');
        setStatus({ kind: 'queued', tradeNo: record.tradeNo, pass, waiting: sent.waiting });
      } else {
        scanFeedback('signed');
        setStatus({ kind: 'done', record: sent.result });
        void invalidateService(queryClient, 'BackStock');
      }
      requestAnimationFrame(() => scanRef.current?.focus());
    } catch (err) {
      scanFeedback('error');
      if (err instanceof ApiError && err.kind === 'http') {
        unanswered.current.delete(body);
        setStatus({ kind: 'error', message: err.message });
      } else {
        unanswered.current.set(body, key);
        setStatus({ kind: 'error', message: err instanceof ApiError ? t('网络异常，未提交：再按一次重试（不会重复验货）') : t((err as Error).message) });
      }
    }
  };

  const sending = status.kind === 'sending';
  return (
    <div ref={containerRef} className={`${kit.col} ${classes.station}`} data-testid="check-station">
      <div>
        <KitTitle order={2}>{t('囤货验货')}</KitTitle>
        <KitText size="sm" dimmed>{t('扫描物流单号或囤货单号，清点数量、拍照，通过或不通过')}</KitText>
      </div>
      <ScanField ref={scanRef} containerRef={containerRef} onScan={(code) => void find(code)} enabled={!record && !sending}
        label={t('物流单号 / 囤货单号')} placeholder={t('扫描或输入单号')} />

      {status.kind === 'looking' && <KitText dimmed>{t('正在查找囤货单…')}</KitText>}
      {status.kind === 'error' && <KitAlert color="red" data-testid="check-error">{status.message}</KitAlert>}
      {status.kind === 'done' && (
        <KitAlert color={status.record.productStatus === STOCK_STATUS.passed ? 'green' : 'orange'} icon={<IconCheck />} data-testid="check-done">
          {status.record.tradeNo}：{t(labelKey('StockStatus', status.record.productStatus))}
        </KitAlert>
      )}
      {status.kind === 'queued' && (
        <KitAlert color="indigo" data-testid="check-queued">
          {t('已离线保存：{0} {1}，联网后自动提交（{2} 条待同步）', status.tradeNo, status.pass ? t('验货通过') : t('验货不通过'), status.waiting)}
        </KitAlert>
      )}

      {matches.length > 1 && (
        <div className={kit.col} style={LIST} data-testid="check-matches">
          <div style={{ fontWeight: 600 }}>{t('这个单号下有 {0} 个囤货单，请选择', matches.length)}</div>
          {matches.map((r) => <RecordButton key={r.id} record={r} onClick={() => choose(r)} />)}
        </div>
      )}

      {record && (
        <Suspense fallback={<KitLoader />}>
          <CheckRecordForm
            record={record} count={count} onCount={setCount} remark={remark} onRemark={setRemark} photo={photo} shrinking={shrinking}
            sending={sending} onPhoto={(f) => void takePhoto(f)} onSubmit={(pass) => void submit(pass)}
            onCancel={() => { setRecord(null); setPhoto(null); setStatus({ kind: 'idle' }); }}
          />
        </Suspense>
      )}

      {!record && matches.length <= 1 && (
        <div className={kit.col} style={LIST} data-testid="check-list">
          <div style={{ fontWeight: 600 }}>{t('待验货')}{arrived.data ? `（${waitingList.length}）` : ''}</div>
          {arrived.isError && <KitAlert color="red">{t('列表加载失败')}</KitAlert>}
          {arrived.data && waitingList.length === 0 && <KitText dimmed size="sm">{t('没有待验货的囤货单')}</KitText>}
          {waitingList.map((r) => <RecordButton key={r.id} record={r} onClick={() => choose(r)} />)}
        </div>
      )}
      <SyncedActions action="isCheckPass" />
    </div>
  );
}

function RecordButton({ record, onClick }: { record: StockRecordDto; onClick: () => void }) {
  return (
    <button type="button" className={kit.bare} onClick={onClick} data-testid="check-row">
      <KitCard>
        <div className={`${kit.between} ${kit.rowNowrap}`} style={{ '--kit-gap': 'var(--mantine-spacing-md)' } as CSSProperties}>
          <div className={classes.code} style={{ fontWeight: 600 }}>{record.logisticsNumber}</div>
          <KitText size="sm" style={{ fontWeight: 700 }}>{record.productNums}</KitText>
        </div>
        <KitText size="sm" dimmed>{[record.tradeNo, record.userCode, record.productSku].filter(Boolean).join(' · ')}</KitText>
      </KitCard>
    </button>
  );
}
