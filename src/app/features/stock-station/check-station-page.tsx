// 囤货验货 (/backstock/checkStation), a floor screen for the phone: the stock records that have arrived
// (1 已到货) wait in a list kept for offline use; scan the box's logistics number or the record's
// SR number (or tap it in the list), count what is in it, take a photo, and pass or fail it
// (BackStock/IsCheckPass) through the one offline path: sent now, or queued with its photo and
// replayed once when the network is back (decision 0022).
import { useRef, useState, type ChangeEvent } from 'react';
import { Alert, Badge, Button, FileButton, Group, Image, InputBase, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconCamera, IconCheck, IconX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { StockRecordDto } from '#shared/contracts/stock.ts';
import { STOCK_STATUS, labelKey } from '#shared/enums.ts';
import { canStock } from '#shared/rules/stock.ts';
import { ApiError, useApi } from '../../lib/api.ts';
import { compressPhoto, type Compressor } from '../../lib/compress-photo.ts';
import { useT } from '../../lib/i18n.ts';
import { newIdempotencyKey } from '../../lib/outbox/key.ts';
import { useOfflineApi } from '../../lib/outbox/offline-api.ts';
import { usePreloadRegistry } from '../../lib/registry-preload.ts';
import { scanFeedback } from '../../lib/scanner/index.ts';
import type { Uploader } from '../../lib/upload.ts';
import { ScanField, type ScanFieldHandle } from '../../components/scanner/scan-field.tsx';
import { SyncedActions } from './synced-actions.tsx';

/** The arrived records of the tenant, newest first: the station's list, kept by the service worker for offline use. */
const ARRIVED = { productStatus: STOCK_STATUS.arrived, currentPage: 1, pageSize: 100 } as const;
const WHOLE = /^\d+$/;

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
  const arrived = useQuery({
    queryKey: ['BackStock', 'getStockList', ARRIVED], queryFn: () => api.backStock.getStockList(ARRIVED),
    // Opened offline: asked all the same, so the service worker answers from what it kept.
    networkMode: 'offlineFirst',
  });
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
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      scanFeedback('reject');
      setStatus({ kind: 'error', message: t('离线：本机没有 {0} 的待验货囤货单', code) });
      return;
    }
    setStatus({ kind: 'looking' });
    try {
      const found = (await api.backStock.getStockList({ keyword: code, currentPage: 1, pageSize: 20 })).items.filter(same);
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
        void queryClient.invalidateQueries({ queryKey: ['BackStock'] });
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
    <Stack ref={containerRef} gap="md" maw={560} mx="auto" data-testid="check-station">
      <div>
        <Title order={2}>{t('囤货验货')}</Title>
        <Text size="sm" c="dimmed">{t('扫描物流单号或囤货单号，清点数量、拍照，通过或不通过')}</Text>
      </div>
      <ScanField ref={scanRef} containerRef={containerRef} onScan={(code) => void find(code)} enabled={!record && !sending}
        label={t('物流单号 / 囤货单号')} placeholder={t('扫描或输入单号')} />

      {status.kind === 'looking' && <Text c="dimmed">{t('正在查找囤货单…')}</Text>}
      {status.kind === 'error' && <Alert color="red" data-testid="check-error">{status.message}</Alert>}
      {status.kind === 'done' && (
        <Alert color={status.record.productStatus === STOCK_STATUS.passed ? 'green' : 'orange'} icon={<IconCheck />} data-testid="check-done">
          {status.record.tradeNo}：{t(labelKey('StockStatus', status.record.productStatus))}
        </Alert>
      )}
      {status.kind === 'queued' && (
        <Alert color="indigo" data-testid="check-queued">
          {t('已离线保存：{0} {1}，联网后自动提交（{2} 条待同步）', status.tradeNo, status.pass ? t('验货通过') : t('验货不通过'), status.waiting)}
        </Alert>
      )}

      {matches.length > 1 && (
        <Stack gap={6} data-testid="check-matches">
          <Text fw={600}>{t('这个单号下有 {0} 个囤货单，请选择', matches.length)}</Text>
          {matches.map((r) => <RecordButton key={r.id} record={r} onClick={() => choose(r)} />)}
        </Stack>
      )}

      {record && (
        <Paper withBorder radius="md" p="md" data-testid="check-record">
          <Group justify="space-between" wrap="nowrap">
            <Text fw={800} size="lg" ff="monospace">{record.tradeNo}</Text>
            <Badge size="lg" variant="light">{record.userCode ?? '—'}</Badge>
          </Group>
          <Text size="sm">{record.productSku} · {record.productName}</Text>
          <Text size="sm" c="dimmed">{t('物流单号 {0}', record.logisticsNumber)}</Text>
          <Text fw={700} mt={4} data-testid="check-declared">{t('申报 {0} 件，{1} 箱', record.productNums, record.packageNums)}</Text>
          <InputBase
            mt="sm" label={t('实收数量（件）')} size="lg" inputMode="numeric" autoFocus value={count} maxLength={7} placeholder={String(record.productNums)}
            onChange={(e: ChangeEvent<HTMLInputElement>) => setCount(e.currentTarget.value)} data-testid="check-count"
          />
          {count.trim() !== '' && WHOLE.test(count.trim()) && Number(count) !== record.productNums && (
            <Text size="sm" c="orange.8">{t('与申报数量不同：通过后按实收数量上架')}</Text>
          )}
          <Group mt="sm" gap="sm" align="flex-start">
            <FileButton onChange={(f) => void takePhoto(f)} accept="image/*" capture="environment">
              {(props) => (
                <Button {...props} size="lg" variant="light" leftSection={<IconCamera size={22} />} loading={shrinking} data-testid="check-photo">
                  {photo ? t('重拍') : t('拍照')}
                </Button>
              )}
            </FileButton>
            {photo?.url && <Image src={photo.url} alt={t('验货照片')} h={96} w={96} radius="sm" fit="cover" data-testid="check-photo-preview" />}
          </Group>
          {/* A plain textarea (InputBase is loaded already; Mantine's Textarea brings its autosize code). */}
          <InputBase component="textarea" mt="sm" label={t('备注（不通过时必填）')} value={remark} rows={2} maxLength={512} size="md"
            onChange={(e: ChangeEvent<HTMLTextAreaElement>) => setRemark(e.currentTarget.value)} data-testid="check-remark"
            styles={{ input: { paddingTop: 8, paddingBottom: 8, height: 'auto' } }} />
        </Paper>
      )}
      {record && (
        <Group grow>
          <Button
            size="lg" color="green" leftSection={<IconCheck size={22} />} onClick={() => void submit(true)} loading={sending} disabled={shrinking}
            data-testid="check-pass"
          >
            {t('通过')}
          </Button>
          <Button
            size="lg" color="red" leftSection={<IconX size={22} />} onClick={() => void submit(false)} disabled={sending || shrinking}
            data-testid="check-fail"
          >
            {t('不通过')}
          </Button>
        </Group>
      )}
      {record && (
        <Button variant="default" size="md" onClick={() => { setRecord(null); setPhoto(null); setStatus({ kind: 'idle' }); }} disabled={sending}>
          {t('取消')}
        </Button>
      )}

      {!record && matches.length <= 1 && (
        <Stack gap={6} data-testid="check-list">
          <Text fw={600}>{t('待验货')}{arrived.data ? `（${waitingList.length}）` : ''}</Text>
          {arrived.isError && <Alert color="red">{t('列表加载失败')}</Alert>}
          {arrived.data && waitingList.length === 0 && <Text c="dimmed" size="sm">{t('没有待验货的囤货单')}</Text>}
          {waitingList.map((r) => <RecordButton key={r.id} record={r} onClick={() => choose(r)} />)}
        </Stack>
      )}
      <SyncedActions action="isCheckPass" />
    </Stack>
  );
}

function RecordButton({ record, onClick }: { record: StockRecordDto; onClick: () => void }) {
  return (
    <UnstyledButton onClick={onClick} data-testid="check-row">
      <Paper withBorder p="sm" radius="md">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} ff="monospace" style={{ wordBreak: 'break-all' }}>{record.logisticsNumber}</Text>
          <Text size="sm" fw={700}>{record.productNums}</Text>
        </Group>
        <Text size="sm" c="dimmed">{[record.tradeNo, record.userCode, record.productSku].filter(Boolean).join(' · ')}</Text>
      </Paper>
    </UnstyledButton>
  );
}
