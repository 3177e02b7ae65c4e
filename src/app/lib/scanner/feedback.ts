// What a scan sounds and feels like: short WebAudio tones (no audio files, nothing to load) and a
// vibration where the device has one. Each verdict has its own pattern so a picker knows the answer
// without looking. Silently does nothing where there is no AudioContext (jsdom, old browsers).

export type ScanFeedback = 'signed' | 'unclaimed' | 'already' | 'reject' | 'error' | 'elsewhere';

interface Tone { freq: number; ms: number; type?: OscillatorType }

const TONES: Record<ScanFeedback, Tone[]> = {
  signed: [{ freq: 1320, ms: 90 }],
  unclaimed: [{ freq: 660, ms: 110 }, { freq: 990, ms: 110 }, { freq: 660, ms: 110 }],
  already: [{ freq: 880, ms: 70 }, { freq: 880, ms: 70 }],
  reject: [{ freq: 220, ms: 350, type: 'square' }],
  error: [{ freq: 300, ms: 150, type: 'sawtooth' }, { freq: 200, ms: 250, type: 'sawtooth' }],
  /** Another warehouse's parcel: a falling pair, twice, so it is not taken for a rescan or a refusal. */
  elsewhere: [{ freq: 990, ms: 120, type: 'triangle' }, { freq: 495, ms: 200, type: 'triangle' }, { freq: 990, ms: 120, type: 'triangle' }, { freq: 495, ms: 200, type: 'triangle' }],
};

const VIBRATION: Record<ScanFeedback, number[]> = {
  signed: [60],
  unclaimed: [80, 60, 80, 60, 80],
  already: [40, 60, 40],
  reject: [400],
  error: [200, 100, 200],
  elsewhere: [250, 80, 250, 80, 250],
};

const GAP_MS = 40;

let context: AudioContext | null | undefined;

function audio(): AudioContext | null {
  if (context !== undefined) return context;
  const Ctor = (globalThis as { AudioContext?: typeof AudioContext; webkitAudioContext?: typeof AudioContext }).AudioContext
    ?? (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  try {
    context = Ctor ? new Ctor() : null;
  } catch {
    context = null;
  }
  return context;
}

/** For tests: forget the context, so the next tone looks for AudioContext again. */
export function resetFeedbackAudio(): void {
  context = undefined;
}

/**
 * Create (or resume) the audio context now, inside the key press that made the scan: browsers only
 * let a page start sound from a user gesture, and the verdict arrives later, from the network.
 */
export function primeFeedback(): void {
  const ctx = audio();
  if (ctx?.state === 'suspended') void ctx.resume().catch(() => {});
}

export function playTones(kind: ScanFeedback): void {
  const ctx = audio();
  if (!ctx) return;
  try {
    // Browsers start an AudioContext suspended until a user gesture; a scan is a key press, so resume.
    if (ctx.state === 'suspended') void ctx.resume().catch(() => {});
    let at = ctx.currentTime + 0.01;
    for (const tone of TONES[kind]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = tone.type ?? 'sine';
      osc.frequency.value = tone.freq;
      const end = at + tone.ms / 1000;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.25, at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, end);
      osc.connect(gain).connect(ctx.destination);
      osc.start(at);
      osc.stop(end + 0.02);
      at = end + GAP_MS / 1000;
    }
  } catch {
    // Sound is a courtesy: never let it break a scan.
  }
}

export function vibrate(kind: ScanFeedback): void {
  const nav = globalThis.navigator as (Navigator & { vibrate?: (p: number[]) => boolean }) | undefined;
  if (typeof nav?.vibrate !== 'function') return;
  try {
    nav.vibrate(VIBRATION[kind]);
  } catch {
    // Some browsers refuse without a gesture.
  }
}

/** Sound and vibration for one verdict. */
export function scanFeedback(kind: ScanFeedback): void {
  playTones(kind);
  vibrate(kind);
}
