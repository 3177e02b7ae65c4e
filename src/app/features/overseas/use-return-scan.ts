// The 退件入库 floor screen's workflow: a scanned return number is identified online
// (AbroadStockReturn/CheckReturnWarehousing: the seller, the order, the lines it may bring back);
// the picker confirms the quantities that came back, through the one offline path
// (offlineApi.abroadStockReturn.confirmReturnWarehousing, decision 0022) — sent now, or queued under
// its own Idempotency-Key and replayed exactly once. With no network the return cannot be checked:
// the picker may queue it as a whole (no items: every line of the order not yet returned), and the
// server decides when the queue is replayed.
import { useCallback, useRef, useState } from 'react';
import type { AbroadReturnDto, CheckReturnDto } from '#shared/contracts/overseas.ts';
import { ABROAD_RETURN_STATUS } from '#shared/enums.ts';
import { isTrackingNumber } from '#shared/tracking-number.ts';
import { ApiError, useApi } from '../../lib/api.ts';
import { scanFeedback } from '../../lib/scanner/index.ts';
import { useOfflineApi } from '../../lib/outbox/offline-api.ts';
import { newIdempotencyKey } from '../../lib/outbox/key.ts';

export type ReturnScanState =
  | { kind: 'idle' }
  | { kind: 'looking'; returnNumber: string }
  /** Identified and still 待入库: quantities to confirm. */
  | { kind: 'found'; check: CheckReturnDto }
  /** Identified, but already 已入库 / 待销毁 / 已销毁: nothing to put into stock. */
  | { kind: 'closed'; check: CheckReturnDto }
  /** No network: not checked; may be queued whole. */
  | { kind: 'offline'; returnNumber: string }
  | { kind: 'sending'; returnNumber: string }
  | { kind: 'stocked'; result: AbroadReturnDto }
  | { kind: 'queued'; returnNumber: string; waiting: number }
  | { kind: 'error'; returnNumber: string | null; message: string };

const noAnswer = (err: unknown) => !(err instanceof ApiError && err.kind === 'http');

export interface ReturnScan {
  state: ReturnScanState;
  /** Per stock product: what the picker counted (defaults to what may still come back). */
  counts: Record<number, string>;
  /** Why the counted quantities cannot be sent (none, or not whole numbers). */
  countError: string | null;
  setCount: (stockProductId: number, value: string) => void;
  scan: (code: string) => Promise<void>;
  /** Puts the found return's counted quantities into stock (or, offline, the whole return). */
  confirm: () => Promise<void>;
}

export function useReturnScan(): ReturnScan {
  const api = useApi();
  const offlineApi = useOfflineApi();
  const [state, setState] = useState<ReturnScanState>({ kind: 'idle' });
  const [counts, setCounts] = useState<Record<number, string>>({});
  const [countError, setCountError] = useState<string | null>(null);
  /** Keys of confirmations that got no answer and could not be queued, by body: reused on retry. */
  const unanswered = useRef(new Map<string, string>());

  const scan = useCallback(async (code: string) => {
    if (!isTrackingNumber(code)) {
      scanFeedback('error');
      setState({ kind: 'error', returnNumber: code, message: '单号只能包含字母、数字和 -，长度 4–64' });
      return;
    }
    setCountError(null);
    setState({ kind: 'looking', returnNumber: code });
    try {
      const check = await api.abroadStockReturn.checkReturnWarehousing({ returnNumber: code });
      setCounts(Object.fromEntries(check.orderItems.map((l) => [l.stockProductId, String(Math.max(0, l.quantity - l.returned))])));
      const open = check.returnStatus === ABROAD_RETURN_STATUS.awaiting;
      scanFeedback(open ? 'signed' : 'already');
      setState({ kind: open ? 'found' : 'closed', check });
    } catch (err) {
      if (noAnswer(err)) {
        scanFeedback('already');
        setState({ kind: 'offline', returnNumber: code });
        return;
      }
      scanFeedback('reject');
      setState({ kind: 'error', returnNumber: code, message: err instanceof ApiError && err.status === 404 ? '没有登记这个退件，请核对单号或联系卖家登记' : (err as Error).message });
    }
  }, [api]);

  const confirm = useCallback(async () => {
    const returnNumber = state.kind === 'found' ? state.check.returnNumber : state.kind === 'offline' ? state.returnNumber : null;
    if (!returnNumber || state.kind === 'sending') return;
    const items = state.kind === 'found'
      ? state.check.orderItems.map((l) => ({ stockProductId: l.stockProductId, quantity: Number(counts[l.stockProductId] ?? 0) })).filter((i) => i.quantity > 0)
      : undefined;
    if (items && (items.length === 0 || items.some((i) => !Number.isInteger(i.quantity)))) {
      setCountError('请填写入库数量（整数，至少一件）');
      scanFeedback('error');
      return;
    }
    setCountError(null);
    const input = items ? { returnNumber, items } : { returnNumber };
    const body = JSON.stringify(input);
    const key = unanswered.current.get(body) ?? newIdempotencyKey();
    setState({ kind: 'sending', returnNumber });
    try {
      const sent = await offlineApi.abroadStockReturn.confirmReturnWarehousing(input, { group: `return:${returnNumber}`, label: returnNumber, key, once: true });
      unanswered.current.delete(body);
      if (sent.kind === 'queued') {
        scanFeedback('already');
        setState({ kind: 'queued', returnNumber, waiting: sent.waiting });
        return;
      }
      scanFeedback('signed');
      setState({ kind: 'stocked', result: sent.result });
    } catch (err) {
      scanFeedback('error');
      if (noAnswer(err)) unanswered.current.set(body, key);
      else unanswered.current.delete(body);
      setState({ kind: 'error', returnNumber, message: noAnswer(err) ? '网络中断，未能提交也未能排队：请重试（不会重复入库）' : (err as Error).message });
    }
  }, [state, counts, offlineApi]);

  const setCount = useCallback((id: number, value: string) => setCounts((c) => ({ ...c, [id]: value })), []);

  return { state, counts, countError, setCount, scan, confirm };
}
