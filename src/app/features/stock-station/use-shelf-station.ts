// The 上架 station's steps, out of the component: a product barcode (its labelled stock waiting to be
// shelved and the suggested shelf come from BackStock/ShelfUpCheck when the network is there), then
// the shelf code, then the quantity; 确认上架 goes through the one offline path
// (offlineApi.backStock.shelfUp, decision 0022), so with no network it is queued in the outbox and
// replayed once (one Idempotency-Key per shelving). A shelving that could be neither sent nor queued
// keeps its key, so pressing 确认上架 again cannot shelve twice.
import { useCallback, useRef, useState } from 'react';
import type { ShelfUpCheckDto, ShelfUpResultDto } from '#shared/contracts/stock.ts';
import { ApiError, useApi } from '../../lib/api.ts';
import { useOptionalT } from '../../lib/i18n.ts';
import { scanFeedback } from '../../lib/scanner/index.ts';
import { useOfflineApi } from '../../lib/outbox/offline-api.ts';
import { newIdempotencyKey } from '../../lib/outbox/key.ts';

/** What the contract's shelfPosition accepts (contracts/inventory.ts), without loading zod. */
export const SHELF_CODE = /^[A-Z0-9]+(-[A-Z0-9]+)*$/;
/** A product barcode (Code 128, printable ASCII), as contracts/inventory.ts has it. */
const BARCODE = /^[\x21-\x7e]{1,64}$/;

export type Lookup =
  | { kind: 'looking' }
  | { kind: 'found'; check: ShelfUpCheckDto }
  /** No answer (offline): shelved by barcode all the same, without a suggestion. */
  | { kind: 'offline' };

export interface Pending { barCode: string; lookup: Lookup; shelf: string | null }

export type ShelfOutcome =
  | { kind: 'sent'; barCode: string; shelf: string; quantity: number; result: ShelfUpResultDto }
  | { kind: 'queued'; barCode: string; shelf: string; quantity: number; waiting: number }
  /** Refused by the server, or not a code this step takes: nothing changed. */
  | { kind: 'refused'; message: string }
  /** Neither answered nor queued: the same key is kept for the retry. */
  | { kind: 'network' };

export interface ShelfStation {
  pending: Pending | null;
  /** The last thing that happened, for the big panel. */
  outcome: ShelfOutcome | null;
  /** A scan ignored because a shelving is half done. */
  hint: string | null;
  busy: boolean;
  /** A code from the scan box: the product first, then the shelf. */
  scan: (code: string) => void;
  /** Puts the suggested shelf (or one typed) in, as a scan would. */
  chooseShelf: (code: string) => void;
  confirm: (quantity: number) => Promise<ShelfOutcome | null>;
  /** Forgets the shelf (重扫货架). */
  rescanShelf: () => void;
  /** Gives up the shelving in hand (取消). */
  cancel: () => void;
}

export function useShelfStation(): ShelfStation {
  const api = useApi();
  const offlineApi = useOfflineApi();
  const t = useOptionalT();
  const [pending, setPending] = useState<Pending | null>(null);
  const [outcome, setOutcome] = useState<ShelfOutcome | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** Keys of shelvings that got no answer, by their exact body: reused when the same one is retried. */
  const unanswered = useRef(new Map<string, string>());
  /** The barcode being looked up: a late answer for a product given up since is dropped. */
  const current = useRef<string | null>(null);

  const lookUp = useCallback(async (barCode: string) => {
    try {
      const check = await api.backStock.shelfUpCheck({ barCode });
      if (current.current !== barCode) return;
      scanFeedback('signed');
      setPending((p) => (p && p.barCode === barCode ? { ...p, lookup: { kind: 'found', check } } : p));
    } catch (err) {
      if (current.current !== barCode) return;
      if (err instanceof ApiError && err.kind === 'http') {
        // Not ours to shelve (no such barcode, nothing labelled waiting): say why and start over.
        scanFeedback('reject');
        current.current = null;
        setPending(null);
        setOutcome({ kind: 'refused', message: err.message });
        return;
      }
      scanFeedback('already');
      setPending((p) => (p && p.barCode === barCode ? { ...p, lookup: { kind: 'offline' } } : p));
    }
  }, [api]);

  const chooseShelf = useCallback((code: string) => {
    const shelf = code.trim().toUpperCase();
    if (!SHELF_CODE.test(shelf) || shelf.length > 32) {
      scanFeedback('error');
      setHint(t('不是货架号：{0}', shelf));
      return;
    }
    setHint(null);
    setPending((p) => (p ? { ...p, shelf } : p));
  }, [t]);

  const scan = useCallback((code: string) => {
    if (busy) return;
    if (!pending) {
      if (!BARCODE.test(code)) {
        scanFeedback('error');
        setOutcome({ kind: 'refused', message: t('条码只能包含英文字母、数字和符号：{0}', code) });
        return;
      }
      setHint(null);
      setOutcome(null);
      current.current = code;
      const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
      setPending({ barCode: code, lookup: offline ? { kind: 'offline' } : { kind: 'looking' }, shelf: null });
      if (offline) scanFeedback('already');
      else void lookUp(code);
      return;
    }
    if (!pending.shelf) return chooseShelf(code);
    scanFeedback('error');
    setHint(t('请先确认或取消当前上架，再扫下一个'));
  }, [busy, pending, lookUp, chooseShelf, t]);

  const rescanShelf = useCallback(() => {
    setHint(null);
    setPending((p) => (p ? { ...p, shelf: null } : p));
  }, []);

  const cancel = useCallback(() => {
    setHint(null);
    current.current = null;
    setPending(null);
  }, []);

  const confirm = useCallback<ShelfStation['confirm']>(async (quantity) => {
    if (!pending?.shelf || busy) return null;
    const { barCode, shelf } = pending;
    const input = { barCode, shelfPosition: shelf, quantity };
    const body = JSON.stringify(input);
    const key = unanswered.current.get(body) ?? newIdempotencyKey();
    setBusy(true);
    let next: ShelfOutcome;
    try {
      const sent = await offlineApi.backStock.shelfUp(input, { group: `stock:${barCode}`, label: `${barCode} → ${shelf} × ${quantity}`, key });
      unanswered.current.delete(body);
      current.current = null;
      setPending(null);
      if (sent.kind === 'queued') {
        scanFeedback('already');
        next = { kind: 'queued', barCode, shelf, quantity, waiting: sent.waiting };
      } else {
        scanFeedback('signed');
        next = { kind: 'sent', barCode, shelf, quantity, result: sent.result };
      }
    } catch (err) {
      scanFeedback('error');
      if (err instanceof ApiError && err.kind === 'http') {
        // Refused: nothing was shelved, and a refusal stores nothing under its key (decision 0005).
        unanswered.current.delete(body);
        next = { kind: 'refused', message: err.message };
      } else {
        unanswered.current.set(body, key);
        next = { kind: 'network' };
      }
    } finally {
      setBusy(false);
    }
    setOutcome(next);
    return next;
  }, [pending, busy, offlineApi]);

  return { pending, outcome, hint, busy, scan, chooseShelf, confirm, rescanShelf, cancel };
}
