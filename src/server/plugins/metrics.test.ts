import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { databaseAnswers, isLoopbackAddress } from './metrics.ts';

describe('operator routes', () => {
  it('knows this machine\'s addresses, IPv4-mapped ones too', () => {
    for (const a of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(a), a).toBe(true);
    for (const a of ['10.0.0.5', '::ffff:10.0.0.5', '203.0.113.9', '::2', '1270.0.0.1', '', undefined]) {
      expect(isLoopbackAddress(a), String(a)).toBe(false);
    }
  });

  it('reads a database that does not answer in time, or fails, as not ready, and asks once for probes at the same time', async () => {
    let asked = 0;
    const rootOf = (answer: () => Promise<unknown>) => ({ root: { execute: () => { asked++; return answer(); } } as unknown as Db });
    expect(await databaseAnswers(rootOf(() => new Promise(() => {})), 20)()).toBe(false);
    expect(await databaseAnswers(rootOf(() => Promise.reject(new Error('connection refused'))))()).toBe(false);
    asked = 0;
    const probe = databaseAnswers(rootOf(() => Promise.resolve({ rows: [] })));
    expect(await Promise.all([probe(), probe(), probe()])).toEqual([true, true, true]);
    expect(asked).toBe(1);
    expect(await probe()).toBe(true);
    expect(asked).toBe(2);
  });
});
