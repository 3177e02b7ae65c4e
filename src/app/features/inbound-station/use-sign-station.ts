// The station's scan loop: each accepted code is signed in through the one offline path
// (offlineApi.logistics.signByScan, decision 0022), which sends it now or queues it in the outbox
// under its own Idempotency-Key. A scan that could be neither sent nor queued keeps its key, so
// retrying it cannot sign twice even if the first request did reach the server. Counters and the
// history are this session's only.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { logistics, SignResultDto } from '#shared/contracts/orders.ts';
import type { InputOf } from '#shared/contracts/define.ts';
import { isTrackingNumber } from '#shared/tracking-number.ts';
import { ApiError } from '../../lib/api.ts';
import { createDedupe, primeFeedback, scanFeedback, type Dedupe, type ScanFeedback } from '../../lib/scanner/index.ts';
import { useOfflineApi } from '../../lib/outbox/offline-api.ts';
import { newIdempotencyKey } from '../../lib/outbox/key.ts';
import { loadOutbox } from '../../lib/outbox/index.ts';
import { afterFirstScreen } from '../../lib/first-screen.ts';
import type { OfflineGuess } from '../../lib/floor-index/index.ts';

export const HISTORY_SIZE = 20;

export type ScanOutcome =
  | { kind: 'pending' }
  /** `replayed`: queued offline, answered by the outbox's replay (the offline verdict it showed, if any). */
  | { kind: 'result'; result: SignResultDto; replayed?: { guess: OfflineGuess | null } }
  /** Not recorded: the request failed on the way (network or timeout). Retry with the same key. */
  | { kind: 'network' }
  /**
   * Offline (or the request failed on the way): saved in the outbox under `key`, sent when the network
   * returns. `guess`: what the station's index says of it (issue 45 item 2), unconfirmed until the replay.
   */
  | { kind: 'queued'; waiting: number; key: string; guess: OfflineGuess | null }
  /** Not recorded: the server refused the request (message from the server). */
  | { kind: 'refused'; message: string }
  /** Not sent: the number cannot be a tracking number. */
  | { kind: 'invalid' }
  /** Not sent: no warehouse chosen yet. */
  | { kind: 'no-warehouse' };

type SignInput = InputOf<typeof logistics.actions.signByScan>;

export interface ScanEntry {
  id: number;
  time: Date;
  shipment: string;
  outcome: ScanOutcome;
  /** What was sent for it (absent when nothing was): a transfer sends it again with `transfer: true`. */
  input?: SignInput;
}

export interface SessionCounts { signed: number; unclaimed: number; repeated: number }

export interface SignExtras { weight?: number | null; note?: string | null }

export interface SignStation {
  /** Newest first, at most HISTORY_SIZE. */
  history: ScanEntry[];
  counts: SessionCounts;
  /** The code most recently ignored as a repeat, for a quiet hint. */
  ignored: string | null;
  /** Answers whether the code was taken (false: ignored as a repeat or not sent). */
  scan: (code: string, warehouseInfoId: number | null, extras?: SignExtras) => Promise<ScanOutcome | null>;
  /**
   * Signs a WRONG_WAREHOUSE parcel here anyway, the picker having confirmed it (issue 45 item 6): the same
   * scan again with `transfer: true`, so under a new Idempotency-Key, and past the repeat window.
   */
  transfer: (entry: ScanEntry) => Promise<ScanOutcome | null>;
}

const FEEDBACK: Record<SignResultDto['action'], ScanFeedback> = {
  SIGNED: 'signed', UNCLAIMED: 'unclaimed', ALREADY: 'already', REJECT: 'reject', WRONG_WAREHOUSE: 'elsewhere',
};

export function useSignStation(
  { dedupe: given, feedback = scanFeedback }: { dedupe?: Dedupe; feedback?: (kind: ScanFeedback) => void } = {},
): SignStation {
  const offlineApi = useOfflineApi();
  const dedupe = useRef<Dedupe>(given ?? createDedupe());
  /** Keys of requests that got no answer, by their exact body: reused when that same scan is retried. */
  const unanswered = useRef(new Map<string, string>());
  const nextId = useRef(1);
  const [history, setHistory] = useState<ScanEntry[]>([]);
  const [counts, setCounts] = useState<SessionCounts>({ signed: 0, unclaimed: 0, repeated: 0 });
  const [ignored, setIgnored] = useState<string | null>(null);

  const put = useCallback((entry: ScanEntry) => {
    setHistory((list) => {
      const i = list.findIndex((e) => e.id === entry.id);
      if (i === -1) return [entry, ...list].slice(0, HISTORY_SIZE);
      const copy = list.slice();
      copy[i] = entry;
      return copy;
    });
  }, []);

  const count = useCallback((result: SignResultDto) => setCounts((c) => ({
    signed: c.signed + (result.action === 'SIGNED' ? 1 : 0),
    unclaimed: c.unclaimed + (result.action === 'UNCLAIMED' ? 1 : 0),
    repeated: c.repeated + (result.action === 'ALREADY' ? 1 : 0),
  })), []);

  // A queued scan's replay answers in the outbox: its real verdict replaces the offline one (which the
  // panel and the log then compare with it); a replay the server refused says why. Loaded after the
  // first screen (./replay-reconcile.ts), with the outbox.
  const historyRef = useRef(history);
  useEffect(() => {
    historyRef.current = history;
  }, [history]);
  const replayed = useRef(new Set<string>());
  useEffect(() => {
    let off = () => {};
    let gone = false;
    afterFirstScreen(() => {
      if (gone) return;
      Promise.all([loadOutbox(), import('./replay-reconcile.ts')]).then(([o, r]) => {
        if (!gone) off = o.observe(r.reconciler(historyRef, replayed.current, put, count));
      }, () => {});
    });
    return () => {
      gone = true;
      off();
    };
  }, [put, count]);

  /** Sends one scan (now, or queued in the outbox) and records its outcome in `entry`'s place. */
  const send = useCallback(async (entry: ScanEntry, input: SignInput): Promise<ScanOutcome> => {
    const code = input.shipment;
    const finish = (outcome: ScanOutcome) => {
      put({ ...entry, outcome });
      return outcome;
    };
    const body = JSON.stringify(input);
    const key = unanswered.current.get(body) ?? newIdempotencyKey();
    put(entry);
    try {
      // Sent now, or queued (offline, or no answer came): never a verdict we do not have.
      const sent = await offlineApi.logistics.signByScan(input, { group: `parcel:${code}`, label: code, key, once: true });
      unanswered.current.delete(body);
      if (sent.kind === 'queued') {
        // What the index says of it: a refusal or another warehouse's parcel gets its own tone; else the
        // neutral double beep (not an error, not yet a verdict).
        // The index's front door loads only when a scan is queued (not in the station's first load).
        const index = await import('../../lib/floor-index/index.ts').catch(() => null);
        const guess = index ? await index.offlineGuess(code, input.warehouseInfoId) : null;
        if (guess) index?.rememberGuess(sent.key, guess);
        feedback(guess?.kind === 'reject' ? 'reject' : guess?.kind === 'elsewhere' ? 'elsewhere' : 'already');
        return finish({ kind: 'queued', waiting: sent.waiting, key: sent.key, guess });
      }
      const { result } = sent;
      count(result);
      feedback(FEEDBACK[result.action]);
      return finish({ kind: 'result', result });
    } catch (err) {
      dedupe.current.forget(code);
      feedback('error');
      if (!(err instanceof ApiError && err.kind === 'http')) {
        // Neither answered nor queued (the outbox itself is unavailable): the same key next time, so
        // it is signed in exactly once whether or not the first request arrived.
        unanswered.current.set(body, key);
        return finish({ kind: 'network' });
      }
      // Refused: nothing was recorded, so the same code must be scannable again at once, and a
      // refused request stores nothing under its key (decision 0005): a fresh key next time.
      unanswered.current.delete(body);
      return finish({ kind: 'refused', message: err.message });
    }
  }, [offlineApi, feedback, put, count]);

  const scan = useCallback<SignStation['scan']>(async (code, warehouseInfoId, extras = {}) => {
    const entry: ScanEntry = { id: nextId.current++, time: new Date(), shipment: code, outcome: { kind: 'pending' } };
    const finish = (outcome: ScanOutcome) => {
      put({ ...entry, outcome });
      return outcome;
    };
    if (warehouseInfoId === null) {
      feedback('error');
      return finish({ kind: 'no-warehouse' });
    }
    if (!isTrackingNumber(code)) {
      feedback('error');
      return finish({ kind: 'invalid' });
    }
    if (dedupe.current.isRepeat(code)) {
      setIgnored(code);
      return null;
    }
    setIgnored(null);
    const input = {
      shipment: code,
      warehouseInfoId,
      ...(extras.weight !== undefined && extras.weight !== null ? { weight: extras.weight } : {}),
      ...(extras.note ? { note: extras.note } : {}),
    };
    return send({ ...entry, input }, input);
  }, [put, feedback, send]);

  const transfer = useCallback<SignStation['transfer']>(async (entry) => {
    if (!entry.input) return null;
    primeFeedback();
    const input = { ...entry.input, transfer: true };
    return send({ id: nextId.current++, time: new Date(), shipment: entry.shipment, outcome: { kind: 'pending' }, input }, input);
  }, [send]);

  return { history, counts, ignored, scan, transfer };
}
