import { describe, expect, it } from 'vitest';
import { createLimiter } from './limiter.ts';

describe('createLimiter', () => {
  it('runs at most `max` tasks at a time, the rest in order, and refuses beyond the waiting room', async () => {
    const limiter = createLimiter(2, 2, () => new Error('busy'));
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const gates: (() => void)[] = [];
    const task = (n: number) => limiter.run(async () => {
      running++;
      peak = Math.max(peak, running);
      await new Promise<void>((resolve) => gates.push(resolve));
      order.push(n);
      running--;
      return n;
    });
    const all = [task(1), task(2), task(3), task(4)];
    await expect(task(5)).rejects.toThrow('busy');
    // Let every started task finish, one at a time, until all four have run.
    while (order.length < 4) {
      await new Promise((r) => setTimeout(r, 0));
      gates.shift()?.();
    }
    expect(await Promise.all(all)).toEqual([1, 2, 3, 4]);
    expect(peak).toBe(2);
    expect(order).toEqual([1, 2, 3, 4]);
  });

  it('frees the slot of a task that fails', async () => {
    const limiter = createLimiter(1, 0, () => new Error('busy'));
    await expect(limiter.run(async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    expect(await limiter.run(async () => 'next')).toBe('next');
  });
});
