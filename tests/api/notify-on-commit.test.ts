// Decision 0035: a request transaction's NOTIFY leaves after it commits, never inside it and never
// if it rolls back; other handles (root) still notify inside their transaction. PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { GATHER_MS, notifyOnCommit, type Db, type Gather } from '#server/db/client.ts';
import { createSecondServer, createTestApp, type TestApp } from '../helpers/test-app.ts';

const CHANNEL = 'haicang_notify_test';

describe('notifyOnCommit', () => {
  let t: TestApp;
  let heard: string[];
  let stop: () => Promise<void>;
  const payload = (word: string) => (tenantId: number | null) => JSON.stringify({ word, tenantId });
  const heardSoon = async (n: number) => {
    for (let i = 0; i < 200 && heard.length < n; i++) await new Promise((r) => setTimeout(r, 10));
    return heard.map((p) => JSON.parse(p) as { word: string; tenantId: number | null });
  };

  beforeAll(async () => {
    t = await createTestApp();
    heard = [];
    stop = await t.database.listen(CHANNEL, (p) => heard.push(p));
  });
  afterAll(async () => { await stop?.(); await t?.close(); });

  it('sends a committed transaction\'s notices once it has committed, named for its tenant, each once', async () => {
    heard.length = 0;
    let before: number | undefined;
    await t.database.withTenant(1, async (tx: Db) => {
      await notifyOnCommit(tx, CHANNEL, payload('a'));
      await notifyOnCommit(tx, CHANNEL, payload('a'));
      await notifyOnCommit(tx, CHANNEL, payload('b'));
      // Still inside the transaction: nothing has left, whatever the time taken.
      await new Promise((r) => setTimeout(r, 50));
      before = heard.length;
    });
    expect(before).toBe(0);
    expect((await heardSoon(2)).sort((x, y) => x.word.localeCompare(y.word))).toEqual([{ word: 'a', tenantId: 1 }, { word: 'b', tenantId: 1 }]);
  });

  it('sends nothing for a transaction that rolls back', async () => {
    heard.length = 0;
    await expect(t.database.withTenant(1, async (tx: Db) => {
      await notifyOnCommit(tx, CHANNEL, payload('lost'));
      throw new Error('rolled back');
    })).rejects.toThrow('rolled back');
    // A later committed notice arrives; the rolled-back one never did.
    await t.database.withTenant(null, (tx: Db) => notifyOnCommit(tx, CHANNEL, payload('later')));
    expect(await heardSoon(1)).toEqual([{ word: 'later', tenantId: null }]);
  });

  it('notifies inside the transaction of a handle that is not a request\'s, with the tenant it set', async () => {
    heard.length = 0;
    await t.database.root.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.tenant_id', '7', true)`);
      await notifyOnCommit(tx as unknown as Db, CHANNEL, payload('root'));
    });
    expect(await heardSoon(1)).toEqual([{ word: 'root', tenantId: 7 }]);
    heard.length = 0;
    await expect(t.database.root.transaction(async (tx) => {
      await notifyOnCommit(tx as unknown as Db, CHANNEL, payload('root-lost'));
      throw new Error('rolled back');
    })).rejects.toThrow('rolled back');
    await t.database.withTenant(1, (tx: Db) => notifyOnCommit(tx, CHANNEL, payload('after')));
    expect((await heardSoon(1)).map((m) => m.word)).toEqual(['after']);
  });

  describe('gathered notices (decision 0054)', () => {
    // A part per notice; the merged payload lists the parts of one window, sorted.
    const gather = (key: string, part: string) => (tenantId: number | null): Gather => ({
      key, part, merge: (parts) => [JSON.stringify({ word: `${key}:${[...parts].sort().join('+')}`, tenantId })],
    });
    const gathered = (tx: Db, key: string, part: string) => notifyOnCommit(tx, CHANNEL, payload(`${key}:${part}`), gather(key, part));
    const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

    it('sends the first of a key at once and the rest of its window as one, each part once, none of a rollback', async () => {
      heard.length = 0;
      const key = `k${Date.now()}`;
      await t.database.withTenant(1, (tx: Db) => gathered(tx, key, 'a'));
      const first = await heardSoon(1);
      expect(first).toEqual([{ word: `${key}:a`, tenantId: 1 }]);
      // Inside the window: held back, merged with each other, duplicates once, a rollback's part never.
      await t.database.withTenant(1, (tx: Db) => gathered(tx, key, 'c'));
      await t.database.withTenant(1, (tx: Db) => gathered(tx, key, 'b'));
      await t.database.withTenant(1, (tx: Db) => gathered(tx, key, 'b'));
      await expect(t.database.withTenant(1, async (tx: Db) => {
        await gathered(tx, key, 'lost');
        throw new Error('rolled back');
      })).rejects.toThrow('rolled back');
      await wait(GATHER_MS / 5);
      expect(heard).toHaveLength(1);
      expect((await heardSoon(2))[1]).toEqual({ word: `${key}:b+c`, tenantId: 1 });
      // Another key, and a notice that is not gathered, are not held back by this key's window.
      await t.database.withTenant(1, (tx: Db) => gathered(tx, key, 'd'));
      await t.database.withTenant(2, (tx: Db) => gathered(tx, `${key}-other`, 'x'));
      await t.database.withTenant(1, (tx: Db) => notifyOnCommit(tx, CHANNEL, payload('plain')));
      const soon = await heardSoon(4);
      expect(soon.slice(2).map((m) => m.word).sort()).toEqual([`${key}-other:x`, 'plain']);
      // The window that sent b+c is still open: d follows when it closes, then the key goes quiet.
      expect((await heardSoon(5))[4]).toEqual({ word: `${key}:d`, tenantId: 1 });
      await wait(GATHER_MS * 2.5);
      expect(heard).toHaveLength(5);
      await t.database.withTenant(1, (tx: Db) => gathered(tx, key, 'e'));
      expect((await heardSoon(6))[5]).toEqual({ word: `${key}:e`, tenantId: 1 });
    });
  });
});

describe('gathered notices at close', () => {
  // Heard by a second server on the same PostgreSQL database, which stays open while the first closes.
  it.runIf(process.env.DATABASE_URL)('sends what an open window holds before the database closes', async () => {
    const a = await createTestApp();
    const b = await createSecondServer(a);
    const heardBy: string[] = [];
    const stop = await b.database.listen(CHANNEL, (p) => heardBy.push(p));
    try {
      const key = `close${Date.now()}`;
      const gather = (part: string) => (): Gather => ({ key, part, merge: (parts) => [`${key}:${[...parts].sort().join('+')}`] });
      for (const part of ['1', '2', '3']) await a.database.withTenant(1, (tx: Db) => notifyOnCommit(tx, CHANNEL, () => `${key}:${part}`, gather(part)));
      await a.close();
      for (let i = 0; i < 300 && heardBy.length < 2; i++) await new Promise((r) => setTimeout(r, 10));
      expect(heardBy).toEqual([`${key}:1`, `${key}:2+3`]);
    } finally {
      await stop();
      await b.close();
    }
  });
});
