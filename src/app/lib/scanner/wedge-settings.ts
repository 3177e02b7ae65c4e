// The wedge thresholds a site can tune to its scanners (some Bluetooth scanners pause longer between
// keys than a cabled one), kept per device in localStorage. Unreadable or out-of-range values fall
// back to the defaults, so a bad setting can never stop a station from scanning.
import { DEFAULT_MAX_GAP_MS, DEFAULT_MIN_LENGTH } from './wedge-detector.ts';

export interface WedgeSettings {
  /** The longest gap between two keys of one scanner burst, in ms (10–500). */
  maxGapMs: number;
  /** Shorter reads are ignored (1–32). */
  minLength: number;
}

export const WEDGE_SETTINGS_KEY = 'haicang.scanner.wedge';
export const DEFAULT_WEDGE_SETTINGS: WedgeSettings = { maxGapMs: DEFAULT_MAX_GAP_MS, minLength: DEFAULT_MIN_LENGTH };

const within = (v: unknown, min: number, max: number, fallback: number) =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? v : fallback;

export function readWedgeSettings(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): WedgeSettings {
  try {
    const raw = storage?.getItem(WEDGE_SETTINGS_KEY);
    const parsed = raw ? (JSON.parse(raw) as Partial<WedgeSettings>) : {};
    return {
      maxGapMs: within(parsed.maxGapMs, 10, 500, DEFAULT_WEDGE_SETTINGS.maxGapMs),
      minLength: within(parsed.minLength, 1, 32, DEFAULT_WEDGE_SETTINGS.minLength),
    };
  } catch {
    return { ...DEFAULT_WEDGE_SETTINGS };
  }
}

export function saveWedgeSettings(settings: Partial<WedgeSettings>, storage: Pick<Storage, 'setItem' | 'getItem'> | undefined = globalThis.localStorage): WedgeSettings {
  const next = { ...readWedgeSettings(storage), ...settings };
  const checked = readWedgeSettings({ getItem: () => JSON.stringify(next) });
  try {
    storage?.setItem(WEDGE_SETTINGS_KEY, JSON.stringify(checked));
  } catch {
    // Private mode or full storage: the defaults still work.
  }
  return checked;
}
