import { afterEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, connectRealtime, realtimeEnabled, realtimeUrl } from './realtime.ts';
import { fakeConfiguration } from './test-config.ts';

class FakeSocket {
  static all: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) { FakeSocket.all.push(this); }
  close() { this.closed = true; }
}

describe('realtime connection (spec 000 §2)', () => {
  afterEach(() => { vi.useRealTimers(); FakeSocket.all = []; });

  it('starts only when both realtime features are on', () => {
    expect(realtimeEnabled(fakeConfiguration())).toBe(true);
    expect(realtimeEnabled(fakeConfiguration({ features: { SignalR: 'true', 'SignalR.AspNetCore': 'false' } }))).toBe(false);
    expect(realtimeEnabled(fakeConfiguration({ features: { SignalR: 'true' } }))).toBe(false);
    expect(realtimeEnabled(undefined)).toBe(false);
  });

  it('connects to /signalr on the same origin with the encrypted token', () => {
    expect(realtimeUrl({ protocol: 'https:', host: 'wms.example.com' }, 'a+b/c')).toBe('wss://wms.example.com/signalr?enc_auth_token=a%2Bb%2Fc');
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:3000' }, 't')).toBe('ws://localhost:3000/signalr?enc_auth_token=t');
  });

  it('backs off 1 s, 2 s, 4 s … up to 30 s', () => {
    const mid = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 9].map((a) => backoffDelay(a, mid))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('passes messages on, reconnects after a drop, and stops for good when closed', () => {
    vi.useFakeTimers();
    const messages: unknown[] = [];
    const stop = connectRealtime({ url: () => 'ws://x/signalr?enc_auth_token=t', onMessage: (m) => messages.push(m), createSocket: (u) => new FakeSocket(u) as unknown as WebSocket });
    expect(FakeSocket.all).toHaveLength(1);
    const first = FakeSocket.all[0]!;
    first.onopen?.();
    first.onmessage?.({ data: JSON.stringify({ type: 'notification', notification: { id: 1 } }) });
    first.onmessage?.({ data: 'not json' });
    expect(messages).toEqual([{ type: 'notification', notification: { id: 1 } }]);
    first.onclose?.();
    vi.advanceTimersByTime(1300);
    expect(FakeSocket.all).toHaveLength(2);
    stop();
    expect(FakeSocket.all[1]!.closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(2);
  });
});
