import { describe, expect, it } from 'vitest';
import { createWedgeDetector, normalizeCode } from './wedge-detector.ts';

/** Types text starting at `start`, `gap` ms apart, then Enter `gap` ms after the last key. */
function type(detector: ReturnType<typeof createWedgeDetector>, text: string, gap: number, start = 1_000) {
  let t = start;
  for (const ch of text) {
    expect(detector.key(ch, t)).toBeNull();
    t += gap;
  }
  return detector.key('Enter', t);
}

describe('wedge detector', () => {
  it('a fast burst ended by Enter is a scanner read, upper-cased', () => {
    const d = createWedgeDetector({ maxGapMs: 50 });
    expect(type(d, 'yt1234567890', 8)).toEqual({ code: 'YT1234567890', source: 'scanner' });
  });

  it('modifier keys inside a burst neither break it nor end up in the code', () => {
    const d = createWedgeDetector();
    d.key('Shift', 0);
    d.key('S', 5);
    d.key('Shift', 6);
    d.key('F', 10);
    d.key('1', 15);
    d.key('2', 20);
    expect(d.key('Enter', 25)).toEqual({ code: 'SF12', source: 'scanner' });
  });

  it('reads shorter than the minimum length are ignored', () => {
    const d = createWedgeDetector({ minLength: 4 });
    expect(type(d, 'AB1', 5)).toBeNull();
    expect(type(d, 'AB12', 5, 5_000)).toEqual({ code: 'AB12', source: 'scanner' });
  });

  it('on a page (strict), slow typing is not a scan, and a slow key starts a new burst', () => {
    const d = createWedgeDetector({ maxGapMs: 50 });
    expect(type(d, 'YT12345', 120)).toBeNull();
    // A person pressed "x" a while ago; then the scanner fires: only the burst counts.
    d.key('x', 0);
    expect(type(d, 'JT0001', 10, 500)).toEqual({ code: 'JT0001', source: 'scanner' });
  });

  it('a late Enter after a fast burst is not a scanner read on a page', () => {
    const d = createWedgeDetector({ maxGapMs: 50 });
    for (const [i, ch] of [...'YT12345'].entries()) d.key(ch, i * 5);
    expect(d.key('Enter', 1_000)).toBeNull();
  });

  it('in a scan box (acceptTyped), a person typing and pressing Enter is accepted as keyboard input', () => {
    const d = createWedgeDetector({ maxGapMs: 50, acceptTyped: true });
    expect(type(d, 'yt12345', 180)).toEqual({ code: 'YT12345', source: 'keyboard' });
    // Corrections count as typing, and are applied.
    d.key('Y', 0); d.key('T', 5); d.key('9', 10); d.key('Backspace', 15); d.key('1', 20); d.key('2', 25); d.key('3', 30);
    expect(d.key('Enter', 35)).toEqual({ code: 'YT123', source: 'keyboard' });
  });

  it('the gap limit is configurable', () => {
    expect(type(createWedgeDetector({ maxGapMs: 20 }), 'YT1234', 30)).toBeNull();
    expect(type(createWedgeDetector({ maxGapMs: 40 }), 'YT1234', 30)).toEqual({ code: 'YT1234', source: 'scanner' });
  });

  it('normalizes by trimming and upper-casing', () => {
    expect(normalizeCode('  sf1234abc \n')).toBe('SF1234ABC');
  });
});
