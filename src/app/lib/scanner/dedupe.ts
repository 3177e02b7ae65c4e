// A scanner held over a label reads it again and again, and a person tends to scan twice "to be sure".
// The same code again within the window is ignored; another code in between does not reset it.

export const DEFAULT_DEDUPE_MS = 2_000;

export interface Dedupe {
  /** True when the code was taken less than windowMs ago (ignore it); otherwise takes it and answers false. */
  isRepeat(code: string): boolean;
  /** Forget a code, e.g. when its scan failed and must be retryable at once. */
  forget(code: string): void;
  clear(): void;
}

export function createDedupe({ windowMs = DEFAULT_DEDUPE_MS, now = () => Date.now() }: { windowMs?: number; now?: () => number } = {}): Dedupe {
  const taken = new Map<string, number>();
  return {
    isRepeat(code) {
      const t = now();
      const at = taken.get(code);
      if (at !== undefined && t - at < windowMs) return true;
      // Keep the map small on a long shift.
      for (const [c, when] of taken) if (t - when >= windowMs) taken.delete(c);
      taken.set(code, t);
      return false;
    },
    forget(code) {
      taken.delete(code);
    },
    clear() {
      taken.clear();
    },
  };
}
