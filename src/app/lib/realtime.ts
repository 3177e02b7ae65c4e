// The realtime connection (spec 000 §2, §7): a WebSocket to /signalr carrying the encrypted token,
// reopened with backoff after a drop. It only reports messages; the shell decides what they mean.
import type { RealtimeMessage } from '#shared/contracts/notification.ts';
import type { UserConfiguration } from '#shared/contracts/configuration.ts';
import { REALTIME_FEATURES } from '#shared/constants.ts';

/** Both realtime features must be on (spec §2). */
export function realtimeEnabled(config: UserConfiguration | undefined): boolean {
  const all = config?.features.allFeatures;
  return !!all && REALTIME_FEATURES.every((f) => all[f]?.value?.toLowerCase() === 'true');
}

export function realtimeUrl(loc: Pick<Location, 'protocol' | 'host'>, encryptedToken: string): string {
  const scheme = loc.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${loc.host}/signalr?enc_auth_token=${encodeURIComponent(encryptedToken)}`;
}

/** 1 s, 2 s, 4 s … up to 30 s, with a little jitter so a restarted server is not hit all at once. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1_000 * 2 ** Math.min(attempt, 5));
  return Math.round(base * (0.8 + random() * 0.4));
}

export interface RealtimeOptions {
  url: () => string | null;
  onMessage: (message: RealtimeMessage) => void;
  onStatus?: (status: 'connecting' | 'open' | 'closed') => void;
  createSocket?: (url: string) => WebSocket;
}

/** Opens the connection; the returned function closes it for good. */
export function connectRealtime(options: RealtimeOptions): () => void {
  const create = options.createSocket ?? ((url: string) => new WebSocket(url));
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let stopped = false;

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(open, backoffDelay(attempt++));
  };

  function open() {
    timer = null;
    if (stopped) return;
    const url = options.url();
    if (!url) return;
    options.onStatus?.('connecting');
    let ws: WebSocket;
    try {
      ws = create(url);
    } catch {
      schedule();
      return;
    }
    socket = ws;
    ws.onopen = () => { attempt = 0; options.onStatus?.('open'); };
    ws.onmessage = (event) => {
      if (typeof event.data !== 'string') return;
      try {
        const message = JSON.parse(event.data) as RealtimeMessage;
        if (message && typeof message === 'object' && typeof message.type === 'string') options.onMessage(message);
      } catch { /* not ours */ }
    };
    ws.onclose = () => {
      if (socket === ws) socket = null;
      options.onStatus?.('closed');
      schedule();
    };
  }

  // A phone coming back to the foreground or online should not wait out a long backoff.
  const retryNow = () => {
    if (stopped || socket || !timer) return;
    clearTimeout(timer);
    attempt = 0;
    open();
  };
  window.addEventListener('online', retryNow);
  document.addEventListener('visibilitychange', retryNow);

  open();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    window.removeEventListener('online', retryNow);
    document.removeEventListener('visibilitychange', retryNow);
    const ws = socket;
    socket = null;
    if (ws) {
      ws.onclose = null;
      ws.close();
    }
  };
}
