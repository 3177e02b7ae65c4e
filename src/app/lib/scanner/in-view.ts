// The camera reads a label held in view many times a second, for as long as it stays there (issue 45
// §5: a held code re-signed every ~2 s, 已签收 flipping to 已签收过). A camera code counts once when
// it comes into view; sightings of it that follow each other without a gap of `gapMs` are the same
// stay and are ignored. A code not seen for `gapMs` has left the view: shown again, it counts again.
// Codes are tracked each on its own, so two labels in one picture do not make each other count.
// Pure: time comes from `now`.

/** A code not read for this long has left the camera's view (a decoder misses frames now and then). */
export const LEAVE_VIEW_MS = 2_000;

export interface InView {
  /** A decode of `code` now: true when it counts (it just came into view), false while it stays. */
  seen(code: string): boolean;
  /** The camera was turned off or on again: every code is out of view. */
  reset(): void;
}

export function createInView({ gapMs = LEAVE_VIEW_MS, now = () => Date.now() }: { gapMs?: number; now?: () => number } = {}): InView {
  const last = new Map<string, number>();
  return {
    seen(code) {
      const t = now();
      for (const [c, at] of last) if (t - at >= gapMs) last.delete(c); // gone from view
      const staying = last.has(code);
      last.set(code, t);
      return !staying;
    },
    reset() {
      last.clear();
    },
  };
}
