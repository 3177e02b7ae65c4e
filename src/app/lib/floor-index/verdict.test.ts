import { describe, expect, it } from 'vitest';
import { describeGuess, differenceLine, guessDiffers, guessVerdict, type OfflineGuess } from './verdict.ts';

const t = (text: string, ...args: (string | number)[]) => text.replace(/\{(\d+)\}/g, (_, i: string) => String(args[Number(i)]));
const entry = { u: 'S00003', t: 'SO1', s: 'H0007', k: 'd' as const, w: 1 };
const signed = (userCode: string | null, shelfNumber: string | null) => ({ action: 'SIGNED' as const, userCode, shelfNumber, order: null });

describe('guessVerdict', () => {
  it('follows the server\'s order: another warehouse, then a refusal, then seller and slot', () => {
    expect(guessVerdict({ ...entry, w: 2 }, true, 1).kind).toBe('elsewhere');
    expect(guessVerdict(entry, true, 1).kind).toBe('reject');
    expect(guessVerdict(undefined, true, 1).kind).toBe('reject');
    expect(guessVerdict(entry, false, 1)).toEqual({ kind: 'expected', userCode: 'S00003', tradeNo: 'SO1', shelfNumber: 'H0007', warehouseId: 1 });
    expect(guessVerdict({ ...entry, w: null }, false, 5).kind).toBe('expected');
    expect(guessVerdict({ ...entry, k: 's' }, false, 1).kind).toBe('stock');
    expect(guessVerdict(undefined, false, 1).kind).toBe('unknown');
  });
  it('carries an order\'s hold (问题件) only where the index has one', () => {
    expect(guessVerdict({ ...entry, h: '面单模糊' }, false, 1)).toEqual({ kind: 'expected', userCode: 'S00003', tradeNo: 'SO1', shelfNumber: 'H0007', warehouseId: 1, hold: '面单模糊' });
    expect(guessVerdict({ ...entry, h: '' }, false, 1).hold).toBe('');
    expect(guessVerdict(entry, false, 1)).not.toHaveProperty('hold');
  });
});

describe('the replay against the offline verdict', () => {
  const g: OfflineGuess = { kind: 'expected', userCode: 'S00003', tradeNo: 'SO1', shelfNumber: 'H0007', warehouseId: 1 };
  it('sees no difference when the seller and slot are the ones shown, or a new slot was announced', () => {
    expect(guessDiffers(g, signed('S00003', 'H0007'))).toBe(false);
    expect(guessDiffers({ ...g, shelfNumber: null }, signed('S00003', 'H0031'))).toBe(false);
    expect(guessDiffers({ ...g, kind: 'unknown' }, { action: 'UNCLAIMED', userCode: null, shelfNumber: null, order: null })).toBe(false);
    expect(guessDiffers({ ...g, kind: 'reject' }, { action: 'REJECT', userCode: 'S00003', shelfNumber: null, order: null })).toBe(false);
  });
  it('names the difference: another slot, another seller, another verdict', () => {
    expect(guessDiffers(g, signed('S00003', 'H0012'))).toBe(true);
    expect(differenceLine(g, signed('S00003', 'H0012'), t)).toBe('离线判断 S00003 / H0007，实际 S00003 / H0012');
    expect(guessDiffers(g, signed('S00009', 'H0007'))).toBe(true);
    expect(guessDiffers(g, { action: 'UNCLAIMED', userCode: null, shelfNumber: null, order: null })).toBe(true);
    expect(differenceLine(g, { action: 'REJECT', userCode: null, shelfNumber: null }, t)).toBe('离线判断 S00003 / H0007，实际 拒收');
    expect(guessDiffers(g, { action: 'ALREADY', userCode: 'S00003', shelfNumber: 'H0007', order: null })).toBe(true);
    expect(describeGuess({ ...g, shelfNumber: null }, t)).toBe('S00003 / 新库位');
  });
});
