// The offline verdict (issue 45 item 2): what the station's index says of a scanned number while the scan
// waits in the outbox, and how the replay's real answer differs from it. Pure and small: the verdict
// panel and the scan log import it; Dexie stays in sync.ts.
import type { SignResultDto } from '#shared/contracts/orders.ts';

export type GuessKind = 'expected' | 'stock' | 'reject' | 'elsewhere' | 'unknown';

export interface OfflineGuess {
  kind: GuessKind;
  userCode: string | null;
  tradeNo: string | null;
  /** The order's holding slot; null: the order has none yet (a new one is given at sign-in). */
  shelfNumber: string | null;
  /** The declared warehouse (elsewhere: the one it belongs to). */
  warehouseId: number | null;
  /** The order is on hold (问题件, issue 45 §12): its reason ('' when none was given). Absent otherwise. */
  hold?: string;
}

/** What the index holds of a number (db.ts StoredRow, unpacked). */
export interface IndexEntry { u: string | null; t: string | null; s: string | null; k: 'd' | 's'; w: number | null; h?: string | undefined }

/**
 * The verdict the server would give, as far as the index knows, in the server's order (orders/logistics.ts
 * signAt): declared for another warehouse first, then a pending refusal, then the parcel's seller and slot.
 */
export function guessVerdict(entry: IndexEntry | undefined, refused: boolean, station: number | null): OfflineGuess {
  const base = {
    userCode: entry?.u ?? null, tradeNo: entry?.t ?? null, shelfNumber: entry?.s ?? null, warehouseId: entry?.w ?? null,
    ...(entry?.h !== undefined ? { hold: entry.h } : {}),
  };
  if (entry && station !== null && entry.w !== null && entry.w !== station) return { ...base, kind: 'elsewhere', shelfNumber: null };
  if (refused) return { ...base, kind: 'reject', shelfNumber: null };
  if (!entry) return { ...base, kind: 'unknown' };
  return { ...base, kind: entry.k === 's' ? 'stock' : 'expected' };
}

type Words = (text: string, ...args: (string | number)[]) => string;

/** A guess in a few words: S00003 / H0007, S00003 / 新库位, 拒收, 非本仓, 无主件. */
export function describeGuess(g: OfflineGuess, t: Words): string {
  switch (g.kind) {
    case 'reject': return t('拒收');
    case 'elsewhere': return t('非本仓');
    case 'unknown': return t('无主件');
    case 'stock': return `${g.userCode ?? '—'} / ${t('备货')}`;
    case 'expected': return `${g.userCode ?? '—'} / ${g.shelfNumber ?? t('新库位')}`;
  }
}

/** The real answer in the same words. */
export function describeResult(r: Pick<SignResultDto, 'action' | 'userCode' | 'shelfNumber'>, t: Words): string {
  switch (r.action) {
    case 'REJECT': return t('拒收');
    case 'WRONG_WAREHOUSE': return t('非本仓');
    case 'UNCLAIMED': return t('无主件');
    case 'ALREADY': return t('已签收过');
    case 'SIGNED': return `${r.userCode ?? '—'} / ${r.shelfNumber ?? '—'}`;
  }
}

/**
 * Whether the replay's answer differs from what was shown offline: another verdict, another seller, or
 * another slot than the one shown (a slot given where the guess said 新库位 is what it announced).
 */
export function guessDiffers(g: OfflineGuess, r: Pick<SignResultDto, 'action' | 'userCode' | 'shelfNumber' | 'order'>): boolean {
  switch (g.kind) {
    case 'reject': return r.action !== 'REJECT';
    case 'elsewhere': return r.action !== 'WRONG_WAREHOUSE';
    case 'unknown': return r.action !== 'UNCLAIMED';
    case 'stock':
    case 'expected':
      if (r.action !== 'SIGNED') return true;
      if ((r.userCode ?? null) !== g.userCode) return true;
      return g.shelfNumber !== null && (r.shelfNumber ?? null) !== g.shelfNumber;
  }
}

/** 「离线判断 S00003 / H0007，实际 S00003 / H0012」: the line the scan log shows for a differing replay. */
export function differenceLine(g: OfflineGuess, r: Pick<SignResultDto, 'action' | 'userCode' | 'shelfNumber'>, t: Words): string {
  return t('离线判断 {0}，实际 {1}', describeGuess(g, t), describeResult(r, t));
}
