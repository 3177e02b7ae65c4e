import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetFeedbackAudio, scanFeedback, type ScanFeedback } from './feedback.ts';

class FakeAudioContext {
  static made: FakeAudioContext[] = [];
  state = 'running';
  currentTime = 0;
  destination = {};
  started: { freq: number; type: string }[] = [];
  constructor() {
    FakeAudioContext.made.push(this);
  }
  resume() { return Promise.resolve(); }
  createGain() {
    return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (d: unknown) => d };
  }
  createOscillator() {
    const osc = {
      type: 'sine', frequency: { value: 0 },
      connect: (g: unknown) => g,
      start: () => this.started.push({ freq: osc.frequency.value, type: osc.type }),
      stop() {},
    };
    return osc;
  }
}

describe('scan feedback', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    resetFeedbackAudio();
    FakeAudioContext.made = [];
  });

  it('does nothing, and throws nothing, without AudioContext or vibrate (jsdom)', () => {
    expect(() => scanFeedback('signed')).not.toThrow();
  });

  it('each verdict has its own tones, from one reused AudioContext, and vibrates when it can', () => {
    vi.stubGlobal('AudioContext', FakeAudioContext);
    const vibrate = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, vibrate });
    const patterns = new Map<ScanFeedback, string>();
    for (const kind of ['signed', 'unclaimed', 'already', 'reject', 'error', 'elsewhere'] as const) {
      const ctx = FakeAudioContext.made[0];
      const before = ctx?.started.length ?? 0;
      scanFeedback(kind);
      patterns.set(kind, JSON.stringify(FakeAudioContext.made[0]!.started.slice(before)));
    }
    expect(FakeAudioContext.made).toHaveLength(1);
    expect(new Set(patterns.values()).size).toBe(6);
    expect(vibrate).toHaveBeenCalledTimes(6);
  });
});
