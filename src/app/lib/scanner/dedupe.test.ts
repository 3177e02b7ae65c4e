import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDedupe } from './dedupe.ts';

describe('dedupe', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T08:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('ignores the same code again within 2 s, and takes it after', () => {
    const d = createDedupe();
    expect(d.isRepeat('YT1')).toBe(false);
    vi.advanceTimersByTime(1_999);
    expect(d.isRepeat('YT1')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(d.isRepeat('YT1')).toBe(false);
  });

  it('the window counts from when the code was taken, not from the ignored repeats', () => {
    const d = createDedupe();
    d.isRepeat('YT1');
    vi.advanceTimersByTime(1_500);
    expect(d.isRepeat('YT1')).toBe(true);
    vi.advanceTimersByTime(600);
    expect(d.isRepeat('YT1')).toBe(false);
  });

  it('other codes are independent, and a code in between does not reset the window', () => {
    const d = createDedupe();
    expect(d.isRepeat('YT1')).toBe(false);
    expect(d.isRepeat('YT2')).toBe(false);
    vi.advanceTimersByTime(500);
    expect(d.isRepeat('YT1')).toBe(true);
    expect(d.isRepeat('YT3')).toBe(false);
  });

  it('a forgotten code (its scan failed) may be scanned again at once', () => {
    const d = createDedupe();
    d.isRepeat('YT1');
    d.forget('YT1');
    expect(d.isRepeat('YT1')).toBe(false);
  });

  it('the window is configurable', () => {
    const d = createDedupe({ windowMs: 500 });
    d.isRepeat('YT1');
    vi.advanceTimersByTime(500);
    expect(d.isRepeat('YT1')).toBe(false);
  });
});
