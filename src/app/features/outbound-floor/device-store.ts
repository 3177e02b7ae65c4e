// What the outbound floor screens keep on the phone (localStorage): the receipt station's choice and
// scans, the picking list. Unreadable or unavailable storage (private mode) falls back quietly.
export function readStored<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}

export function writeStored(key: string, value: unknown): void {
  try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* private mode: this session only */ }
}
