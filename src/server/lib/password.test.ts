import { describe, expect, it } from 'vitest';
import { HASHING, hashPassword, hashingLoad, verifyPassword } from './password.ts';
import { TooManyRequestsError } from './errors.ts';

describe('password hashing', () => {
  it('verifies the right password only', async () => {
    const stored = await hashPassword('correct horse');
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('wrong horse', stored)).toBe(false);
  });

  it('never runs more hashes at once than the bound, and refuses beyond the queue with a retry hint', async () => {
    const stored = await hashPassword('secret123');
    let most = 0;
    const watch = setInterval(() => { most = Math.max(most, hashingLoad().running); }, 1);
    const total = HASHING.concurrent + HASHING.queued + 10;
    const outcomes = await Promise.allSettled(Array.from({ length: total }, () => verifyPassword('guess', stored)));
    clearInterval(watch);
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(HASHING.concurrent);
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(refused).toHaveLength(10);
    const reason = (refused[0] as PromiseRejectedResult).reason as TooManyRequestsError;
    expect(reason).toBeInstanceOf(TooManyRequestsError);
    expect(reason.status).toBe(429);
    expect(reason.retryAfterSeconds).toBeGreaterThan(0);
    expect(outcomes.filter((o) => o.status === 'fulfilled' && o.value === false)).toHaveLength(total - 10);
    expect(hashingLoad()).toEqual({ running: 0, waiting: 0 });
  });
});
