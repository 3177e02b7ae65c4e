// A keyboard-wedge barcode scanner "types" the code fast (a few ms between keys) and ends with Enter.
// The detector tells such a burst from a person typing, from key timings alone, so it works both
// behind a focused scan box and on a whole page (the floor app listens on the document).

export type ScanSource = 'scanner' | 'keyboard';

export interface ScanRead {
  code: string;
  source: ScanSource;
}

export interface WedgeOptions {
  /** The longest gap between two keys of one scanner burst, in ms. */
  maxGapMs?: number;
  /** Shorter reads are noise (a stray Enter, a half read). */
  minLength?: number;
  /**
   * Also answer slow typing ended with Enter (source 'keyboard'): right for a scan box, where a
   * person may type a smudged number by hand; wrong on a whole page, where Enter means other things.
   */
  acceptTyped?: boolean;
}

export interface WedgeDetector {
  /** Feed every keydown (KeyboardEvent.key and its timeStamp); answers a read when Enter ends one. */
  key(key: string, time: number): ScanRead | null;
  reset(): void;
}

export const DEFAULT_MAX_GAP_MS = 50;
export const DEFAULT_MIN_LENGTH = 4;

/** Scanners are configured with upper case, people are not: codes are compared trimmed and upper-cased. */
export function normalizeCode(raw: string): string {
  return raw.trim().toUpperCase();
}

export function createWedgeDetector({ maxGapMs = DEFAULT_MAX_GAP_MS, minLength = DEFAULT_MIN_LENGTH, acceptTyped = false }: WedgeOptions = {}): WedgeDetector {
  let buffer = '';
  let last = -Infinity;
  let slow = false;

  const reset = () => {
    buffer = '';
    last = -Infinity;
    slow = false;
  };

  return {
    reset,
    key(key, time) {
      const gap = time - last;
      if (key === 'Enter') {
        const code = normalizeCode(buffer);
        const fast = !slow && gap <= maxGapMs;
        reset();
        if (code.length < minLength) return null;
        if (fast) return { code, source: 'scanner' };
        return acceptTyped ? { code, source: 'keyboard' } : null;
      }
      if (key === 'Backspace') {
        if (!acceptTyped) return null;
        buffer = buffer.slice(0, -1);
        slow = true;
        last = time;
        return null;
      }
      // Shift, Control, arrows…: not part of a code, and not a break in the burst either.
      if (key.length !== 1) return null;
      if (buffer && gap > maxGapMs) {
        if (acceptTyped) slow = true;
        else buffer = '';
      }
      buffer += key;
      last = time;
      return null;
    },
  };
}
