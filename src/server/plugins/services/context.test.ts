// A request's transaction that PostgreSQL ends as a deadlock's victim runs again (inTransaction).
import { describe, expect, it } from 'vitest';
import type { Deps } from '../../framework.ts';
import { inTransaction, TRANSACTION_ATTEMPTS } from './context.ts';

/** A database whose transactions fail with the given SQLSTATEs, in turn, then succeed. */
function depsFailingWith(states: string[]) {
  const runs: number[] = [];
  let committed = 0;
  const deps = {
    database: {
      withTenant: async (_tenant: unknown, fn: (tx: unknown) => Promise<unknown>) => {
        runs.push(runs.length + 1);
        const state = states.shift();
        const result = await fn({});
        if (state) throw Object.assign(new Error(`failed with ${state}`), { code: state });
        return result;
      },
    },
    currentUsers: { afterCommit: () => { committed++; } },
  } as unknown as Deps;
  return { deps, runs, committed: () => committed };
}

describe('inTransaction', () => {
  it('runs a deadlock victim again and answers its second run', async () => {
    const { deps, runs, committed } = depsFailingWith(['40P01']);
    let calls = 0;
    await expect(inTransaction(deps, 1, async () => ++calls)).resolves.toBe(2);
    expect(runs).toEqual([1, 2]);
    expect(committed()).toBe(1);
  });

  it('runs a serialization failure again too', async () => {
    const { deps, runs } = depsFailingWith(['40001']);
    await expect(inTransaction(deps, 1, async () => 'ok')).resolves.toBe('ok');
    expect(runs).toHaveLength(2);
  });

  it('gives up after TRANSACTION_ATTEMPTS runs', async () => {
    const { deps, runs } = depsFailingWith(Array.from({ length: TRANSACTION_ATTEMPTS }, () => '40P01'));
    await expect(inTransaction(deps, 1, async () => 'ok')).rejects.toMatchObject({ code: '40P01' });
    expect(runs).toHaveLength(TRANSACTION_ATTEMPTS);
  });

  it('never runs again after any other failure', async () => {
    const { deps, runs } = depsFailingWith(['23505']);
    await expect(inTransaction(deps, 1, async () => 'ok')).rejects.toMatchObject({ code: '23505' });
    expect(runs).toEqual([1]);
  });
});
