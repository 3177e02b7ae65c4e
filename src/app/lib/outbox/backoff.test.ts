// The backoff caps: an unreachable server is retried at least every 10 s, an overloaded one (5xx)
// backs off up to 30 s.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { Outbox, BACKOFF_MAX_MS, BACKOFF_MAX_UNREACHABLE_MS } from './outbox.ts';

const request = { service: 'Logistics', action: 'signByScan', method: 'POST' as const, url: '/x', body: { shipment: 'YT1' } };

async function delays(fail: () => Response | Error, rounds: number): Promise<number[]> {
  const clock = { now: 0 };
  const outbox = new Outbox({
    dbName: `backoff-${Math.random()}`, locks: null, random: () => 1, now: () => clock.now,
    source: { getToken: () => 't', getTenantId: () => 1, getCulture: () => 'zh-Hans', getOwner: () => '1:1' },
    fetch: (async () => { const r = fail(); if (r instanceof Error) throw r; return r; }) as unknown as typeof fetch,
  });
  const e = await outbox.enqueue(request, { group: 'g', label: 'YT1' });
  const out: number[] = [];
  for (let i = 0; i < rounds; i++) {
    await outbox.run();
    const row = (await outbox.db.entries.get(e.seq!))!;
    out.push(row.nextAttemptAt - clock.now);
    clock.now = row.nextAttemptAt;
  }
  outbox.close();
  return out;
}

describe('outbox backoff', () => {
  it('doubles up to 10 s while the server cannot be reached', async () => {
    expect(await delays(() => new TypeError('Failed to fetch'), 7)).toEqual([1_000, 2_000, 4_000, 8_000, BACKOFF_MAX_UNREACHABLE_MS, BACKOFF_MAX_UNREACHABLE_MS, BACKOFF_MAX_UNREACHABLE_MS]);
  });

  it('doubles up to 30 s while the server answers 503', async () => {
    expect(await delays(() => new Response('{}', { status: 503 }), 7)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, BACKOFF_MAX_MS, BACKOFF_MAX_MS]);
  });
});
