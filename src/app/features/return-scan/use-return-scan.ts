// The return scan's loop (退件扫描, DOMAIN §6): each accepted code goes through the one offline path
// (decision 0022) — a refused order's trade number to BackRefusalOrder/Create or YNRefusalOrder/Create,
// a marketplace return's order number to ShopeeOrderReturn/CheckUserCode — sent now or queued in the
// outbox under its own Idempotency-Key, one waiting entry per number (`once`). The server records each
// once whatever happens (a rescan answers the same record); a scan that could be neither sent nor
// queued keeps its key, so retrying it cannot record twice.
import { useCallback, useRef, useState } from 'react';
import type { CheckUserCodeDto, RefusalScanDto } from '#shared/contracts/returns.ts';
import { ApiError } from '../../lib/api.ts';
import { createDedupe, scanFeedback, type Dedupe, type ScanFeedback } from '../../lib/scanner/index.ts';
import { useOfflineApi } from '../../lib/outbox/offline-api.ts';
import { newIdempotencyKey } from '../../lib/outbox/key.ts';

export const RETURN_HISTORY_SIZE = 20;

/** 拒收订单 (BackRefusalOrder), 越南线 (YNRefusalOrder), 平台退货 (ShopeeOrderReturn). */
export type ReturnScanMode = 'refusal' | 'vietnam' | 'return';

/** The services each mode's scans go to (the outbox rows and the synced list tell them apart by these). */
export const MODE_SERVICE: Record<ReturnScanMode, string> = { refusal: 'BackRefusalOrder', vietnam: 'YNRefusalOrder', return: 'ShopeeOrderReturn' };

export type ReturnAnswer = RefusalScanDto | CheckUserCodeDto;

export type ReturnScanOutcome =
  | { kind: 'pending' }
  | { kind: 'done'; result: ReturnAnswer }
  /** Offline (or no answer came): saved in the outbox, sent when the network returns. */
  | { kind: 'queued'; waiting: number }
  /** Not recorded: the server refused (no such order, not shipped, no seller found…). */
  | { kind: 'refused'; message: string }
  /** Not recorded: neither answered nor queued. Retry with the same key. */
  | { kind: 'network' }
  | { kind: 'invalid' }
  | { kind: 'no-warehouse' };

export interface ReturnScanEntry { id: number; time: Date; code: string; mode: ReturnScanMode; outcome: ReturnScanOutcome }

export interface ReturnScanCounts { recorded: number; repeated: number; queued: number }

const FEEDBACK: Record<ReturnScanOutcome['kind'], ScanFeedback | null> = {
  pending: null, done: 'signed', queued: 'already', refused: 'error', network: 'error', invalid: 'error', 'no-warehouse': 'error',
};
const MAX_LENGTH: Record<ReturnScanMode, number> = { refusal: 32, vietnam: 32, return: 64 };

export function useReturnScan({ dedupe: given, feedback = scanFeedback }: { dedupe?: Dedupe; feedback?: (kind: ScanFeedback) => void } = {}) {
  const offlineApi = useOfflineApi();
  const dedupe = useRef<Dedupe>(given ?? createDedupe());
  /** Keys of requests that got no answer, by mode and number: reused when the same scan is retried. */
  const unanswered = useRef(new Map<string, string>());
  const nextId = useRef(1);
  const [history, setHistory] = useState<ReturnScanEntry[]>([]);
  const [counts, setCounts] = useState<ReturnScanCounts>({ recorded: 0, repeated: 0, queued: 0 });
  const [ignored, setIgnored] = useState<string | null>(null);

  const put = useCallback((entry: ReturnScanEntry) => {
    setHistory((list) => {
      const i = list.findIndex((e) => e.id === entry.id);
      if (i === -1) return [entry, ...list].slice(0, RETURN_HISTORY_SIZE);
      return list.map((e) => (e.id === entry.id ? entry : e));
    });
  }, []);

  const scan = useCallback(async (code: string, mode: ReturnScanMode, warehouseInfoId: number | null, reason?: string): Promise<ReturnScanOutcome | null> => {
    const entry: ReturnScanEntry = { id: nextId.current++, time: new Date(), code, mode, outcome: { kind: 'pending' } };
    const finish = (outcome: ReturnScanOutcome) => {
      const tone = FEEDBACK[outcome.kind];
      const repeated = outcome.kind === 'done' && outcome.result.repeated;
      if (tone) feedback(repeated ? 'already' : tone);
      put({ ...entry, outcome });
      return outcome;
    };
    if (!code || code.length > MAX_LENGTH[mode]) return finish({ kind: 'invalid' });
    if (mode === 'return' && warehouseInfoId === null) return finish({ kind: 'no-warehouse' });
    if (dedupe.current.isRepeat(`${mode}:${code}`)) {
      setIgnored(code);
      return null;
    }
    setIgnored(null);
    const slot = `${mode}:${code}`;
    const key = unanswered.current.get(slot) ?? newIdempotencyKey();
    put(entry);
    try {
      const options = { group: `${mode === 'return' ? 'return' : 'refusal'}:${code}`, label: code, key, once: true } as const;
      const sent = mode === 'return'
        ? await offlineApi.shopeeOrderReturn.checkUserCode({ orderNumber: code, warehouseInfoId: warehouseInfoId! }, options)
        : await offlineApi[mode === 'vietnam' ? 'ynRefusalOrder' : 'backRefusalOrder'].create({ tradeNo: code, ...(reason ? { reason } : {}) }, options);
      unanswered.current.delete(slot);
      if (sent.kind === 'queued') {
        setCounts((c) => ({ ...c, queued: c.queued + 1 }));
        return finish({ kind: 'queued', waiting: sent.waiting });
      }
      const repeated = sent.result.repeated;
      setCounts((c) => ({ ...c, recorded: c.recorded + (repeated ? 0 : 1), repeated: c.repeated + (repeated ? 1 : 0) }));
      return finish({ kind: 'done', result: sent.result });
    } catch (err) {
      dedupe.current.forget(`${mode}:${code}`);
      if (!(err instanceof ApiError && err.kind === 'http')) {
        unanswered.current.set(slot, key);
        return finish({ kind: 'network' });
      }
      // Refused: nothing recorded, nothing stored under the key (decision 0005): a fresh key next time.
      unanswered.current.delete(slot);
      return finish({ kind: 'refused', message: err.message });
    }
  }, [offlineApi, feedback, put]);

  return { history, counts, ignored, scan };
}
