// Decision 0035: a request transaction's NOTIFY leaves after it commits, never inside it and never
// if it rolls back; other handles (root) still notify inside their transaction. PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { notifyOnCommit, type Db } from '#server/db/client.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

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
});
