// Decision 0034: on PostgreSQL a request connection keeps its tenant, role and scope for its session
// between requests. One connection serving tenants and scopes one after another must never let one
// request see with another's settings. (PGlite has one connection and the transaction path: skipped.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { applyScope, lastStatementNext, openDatabase, unscoped, type Database, type Db } from '#server/db/client.ts';
import { createTestApp, signIn, type TestApp } from '../helpers/test-app.ts';
import { createTenant } from '../factories/identity.ts';
import { claimIdempotencyKey, storeIdempotentResponse } from '#server/modules/platform/idempotency.ts';

const shipments = async (db: Db) => ((await db.execute(sql`select shipment from parcels where shipment like 'RC-%' order by shipment`)) as unknown as { rows: { shipment: string }[] }).rows.map((r) => r.shipment);

describe.skipIf(!process.env.DATABASE_URL)('request connections (PostgreSQL)', () => {
  let t: TestApp;
  let one: Database;
  let tenant2: number;

  beforeAll(async () => {
    t = await createTestApp();
    tenant2 = (await createTenant(t.app, await signIn(t.app, 'admin', '123qwe', null))).id;
    // A TW order of its own: references are not what this test is about (their checks are off for these rows only).
    await t.database.root.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`insert into orders (tenant_id, trade_no, order_number, user_id, user_code, store_id, warehouse_info_id, site, order_type, cargo_category, shipping_methods)
        values (1, 'RC-TW', 'RC-TW', 1, 'RC', 1, 1, 'TW', 1, 1, 1)`);
      await tx.execute(sql`insert into parcels (tenant_id, shipment, receive_status, order_id)
        values (1, 'RC-1', 5, null), (1, 'RC-1-TW', 0, (select id from orders where trade_no = 'RC-TW')), (${tenant2}, 'RC-2', 5, null)`);
    });
    // The triggers were off for that order too: its count is counted again (decision 0041).
    await t.database.root.execute(sql`select haicang_recount_orders()`);
    // One connection: every use below is the same session.
    one = await openDatabase({ databaseUrl: t.databaseUrl, poolSize: 1 });
  });
  afterAll(async () => { await one?.close(); await t?.close(); });

  it('answers each read with its own tenant, whatever the connection served before', async () => {
    expect(await one.read(1, shipments)).toEqual(['RC-1', 'RC-1-TW']);
    expect(await one.read(tenant2, shipments)).toEqual(['RC-2']);
    expect(await one.withTenant(1, shipments)).toEqual(['RC-1', 'RC-1-TW']);
    expect(await one.read(null, shipments)).toEqual([]);
    expect(await one.read(1, shipments)).toEqual(['RC-1', 'RC-1-TW']);
  });

  it('refuses writes outside a transaction and keeps no scope for the next request', async () => {
    await expect(one.read(1, (db) => db.execute(sql`update parcels set weight = 1 where shipment = 'RC-1'`))).rejects.toThrow();
    const scoped = await one.read(1, async (db) => {
      await applyScope(db, { sites: ['MY'], warehouses: null });
      const mine = await shipments(db);
      const all = await unscoped(db, () => shipments(db));
      return { mine, all, after: await shipments(db) };
    });
    // The TW order's parcel is hidden from a MY member; unscoped sees it, and the scope comes back.
    expect(scoped).toEqual({ mine: ['RC-1'], all: ['RC-1', 'RC-1-TW'], after: ['RC-1'] });
    expect(await one.read(1, shipments)).toEqual(['RC-1', 'RC-1-TW']);
    expect(await one.withTenant(1, shipments)).toEqual(['RC-1', 'RC-1-TW']);
    expect(await one.withTenant(1, (db) => db.execute(sql`update parcels set weight = 1 where shipment = 'RC-1'`).then(() => 'written'))).toBe('written');
  });

  it('rolls back a failed transaction and leaves the connection usable', async () => {
    await expect(one.withTenant(1, async (db) => {
      await db.execute(sql`update parcels set weight = 2 where shipment = 'RC-1'`);
      throw new Error('refused');
    })).rejects.toThrow('refused');
    expect(((await one.read(1, (db) => db.execute(sql`select weight::float8 as w from parcels where shipment = 'RC-1'`))) as unknown as { rows: { w: number }[] }).rows[0]!.w).toBe(1);
  });

  // Decision 0037: BEGIN waits for the transaction's first statement and is sent with it.
  const one1 = async <T>(db: Db, q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows[0]!;

  /**
   * What the connection wrote to PostgreSQL while fn ran and its transaction ended: one entry per
   * flush of its socket (each flush is one write; each write waited for is a round trip).
   */
  async function writesOf(fn: (db: Db) => Promise<unknown>): Promise<{ writes: Buffer[]; answer: unknown }> {
    const writes: Buffer[] = [];
    let restore = () => {};
    const answer = await one.withTenant(1, async (db) => {
      const socket = (db as unknown as { $client: { connection: { stream: Record<'_write' | '_writev', (...a: unknown[]) => unknown> } } }).$client.connection.stream;
      const { _write, _writev } = socket;
      socket._write = (...a) => { writes.push(Buffer.from(a[0] as Buffer)); return _write.apply(socket, a); };
      socket._writev = (...a) => { writes.push(Buffer.concat((a[0] as { chunk: Buffer }[]).map((c) => Buffer.from(c.chunk)))); return _writev.apply(socket, a); };
      restore = () => Object.assign(socket, { _write, _writev });
      return fn(db);
    }).finally(() => restore());
    return { writes, answer };
  }
  const flushesOf = async (fn: (db: Db) => Promise<unknown>): Promise<number> => (await writesOf(fn)).writes.length;

  it('sends BEGIN in one write with the first statement, and COMMIT in one write with the statement marked last', async () => {
    // Without pipeline mode BEGIN would wait for its answer before the statement went: three writes.
    expect(await flushesOf((db) => db.execute(sql`select 1`))).toBe(2);
    expect(await flushesOf(async (db) => { await db.execute(sql`select 1`); await db.execute(sql`select 2`); })).toBe(3);
    expect(await flushesOf(async (db) => { await db.execute(sql`select 1`); lastStatementNext(db); await db.execute(sql`select 2`); })).toBe(2);
    expect(await flushesOf(async (db) => { lastStatementNext(db); await db.execute(sql`select 1`); })).toBe(1);
    // Nothing sent, nothing to begin or commit.
    expect(await flushesOf(async () => 'nothing')).toBe(0);
  });

  it('runs a transaction\'s first statement inside it, read-write, and every later one in the same transaction', async () => {
    const seen = await one.withTenant(1, async (db) => {
      const first = await one1<{ ro: string; xid: string }>(db, sql`select current_setting('transaction_read_only') as ro, pg_current_xact_id()::text as xid`);
      // Sent together, without waiting for each other (pipeline mode): still one transaction.
      const [a, b] = await Promise.all([
        one1<{ xid: string }>(db, sql`select pg_current_xact_id()::text as xid`),
        one1<{ xid: string }>(db, sql`select pg_current_xact_id()::text as xid`),
      ]);
      return { ro: first.ro, same: a.xid === first.xid && b.xid === first.xid };
    });
    expect(seen).toEqual({ ro: 'off', same: true });
  });

  it('rolls back what came before a failing statement, and a failing first statement, leaving the connection usable', async () => {
    await expect(one.withTenant(1, async (db) => {
      await db.execute(sql`update parcels set weight = 3 where shipment = 'RC-1'`);
      await db.execute(sql`select 1 / (weight - weight) from parcels where shipment = 'RC-1'`);
    })).rejects.toThrow();
    await expect(one.withTenant(1, (db) => db.execute(sql`select no_such_column from parcels`))).rejects.toThrow();
    expect(await one.read(1, (db) => one1<{ w: number }>(db, sql`select weight::float8 as w from parcels where shipment = 'RC-1'`))).toEqual({ w: 1 });
  });

  it('sends nothing for a transaction without statements: the next request finds no transaction open', async () => {
    expect(await one.withTenant(1, async () => 'nothing')).toBe('nothing');
    await expect(one.withTenant(1, async () => { throw new Error('before any statement'); })).rejects.toThrow('before any statement');
    const after = await one.read(1, (db) => one1<{ ro: string; w: number }>(db, sql`select current_setting('transaction_read_only') as ro, weight::float8 as w from parcels where shipment = 'RC-1'`));
    // Read-only again (the session's default, so no transaction was left open), and the weight the
    // rolled-back transactions above did not change.
    expect(after).toEqual({ ro: 'on', w: 1 });
  });

  const weight = () => one.read(1, (db) => one1<{ w: number }>(db, sql`select weight::float8 as w from parcels where shipment = 'RC-1'`));

  it('sends COMMIT behind the statement marked last: committed when it succeeds, rolled back when it fails', async () => {
    expect(await one.withTenant(1, async (db) => {
      await db.execute(sql`update parcels set weight = 4 where shipment = 'RC-1'`);
      lastStatementNext(db);
      return (await one1<{ w: number }>(db, sql`update parcels set weight = weight + 1 where shipment = 'RC-1' returning weight::float8 as w`)).w;
    })).toBe(5);
    expect(await weight()).toEqual({ w: 5 });
    // Marked last from the start: the statement alone, as its own transaction (decision 0055).
    await one.withTenant(1, async (db) => { lastStatementNext(db); await db.execute(sql`update parcels set weight = 6 where shipment = 'RC-1'`); });
    expect(await weight()).toEqual({ w: 6 });
    await expect(one.withTenant(1, async (db) => {
      await db.execute(sql`update parcels set weight = 7 where shipment = 'RC-1'`);
      lastStatementNext(db);
      await db.execute(sql`select 1 / (weight - weight) from parcels where shipment = 'RC-1'`);
    })).rejects.toThrow();
    expect(await weight()).toEqual({ w: 6 });
    // Its failure swallowed: the COMMIT was a rollback, and the transaction does not pass for a success.
    await expect(one.withTenant(1, async (db) => {
      await db.execute(sql`update parcels set weight = 8 where shipment = 'RC-1'`);
      lastStatementNext(db);
      await db.execute(sql`select 1 / (weight - weight) from parcels where shipment = 'RC-1'`).catch(() => null);
      return 'done';
    })).rejects.toThrow('rolled back');
    expect(await weight()).toEqual({ w: 6 });
  });

  it('sends no COMMIT behind a last statement whose values node-postgres cannot encode: what came before is rolled back (decision 0040)', async () => {
    const circular: Record<string, unknown> = { a: 1 };
    circular.self = circular;
    const failed = await one.withTenant(1, async (db) => {
      await db.execute(sql`update parcels set weight = 11 where shipment = 'RC-1'`);
      lastStatementNext(db);
      // JSON.stringify throws on it when the value is encoded: before, that happened in node-postgres'
      // bind, after the COMMIT behind it was queued, which committed weight 11.
      await db.execute(sql`select ${circular}::jsonb as j`);
    }).catch((e: Error) => e);
    expect(failed).toBeInstanceOf(Error);
    expect(await weight()).toEqual({ w: 6 });
    // The connection is outside any transaction, read-only for its session again.
    expect(await one.read(1, (db) => one1<{ ro: string }>(db, sql`select current_setting('transaction_read_only') as ro`))).toEqual({ ro: 'on' });
  });

  /** What the connection wrote while fn ran and its transaction ended, as text, and fn's answer. */
  const sentBy = async (fn: (db: Db) => Promise<unknown>): Promise<{ text: string; answer: unknown }> => {
    const { writes, answer } = await writesOf(fn);
    return { text: Buffer.concat(writes).toString('latin1'), answer };
  };

  it('sends a transaction whose first statement is its last as that statement alone, read-write, and reads stay read-only (decision 0055)', async () => {
    const rw = (db: Db) => one1<{ ro: string; xid: string | null }>(db, sql`select current_setting('transaction_read_only') as ro, pg_current_xact_id()::text as xid`);
    // The first on a read-only session turns it read-write, in the same write as the statement; no BEGIN, no COMMIT.
    const first = await sentBy(async (db) => { lastStatementNext(db); return rw(db); });
    expect(first.answer).toMatchObject({ ro: 'off' });
    expect(first.text).toContain('set default_transaction_read_only = off');
    expect(first.text).not.toMatch(/begin|commit/i);
    // The next one sends the statement only.
    const second = await sentBy(async (db) => { lastStatementNext(db); await db.execute(sql`update parcels set weight = 21 where shipment = 'RC-1'`); });
    expect(second.text).not.toMatch(/default_transaction_read_only|begin|commit/i);
    expect(await weight()).toEqual({ w: 21 });
    // A read after it refuses writes again, and says so.
    await expect(one.read(1, (db) => db.execute(sql`update parcels set weight = 22 where shipment = 'RC-1'`))).rejects.toMatchObject({ cause: { code: '25006' } });
    expect(await one.read(1, (db) => one1<{ ro: string }>(db, sql`select current_setting('transaction_read_only') as ro`))).toEqual({ ro: 'on' });
    expect(await weight()).toEqual({ w: 21 });
    // A transaction of several statements still goes in BEGIN … COMMIT, read-write, whatever the session's default.
    const several = await sentBy(async (db) => { await rw(db); lastStatementNext(db); await db.execute(sql`update parcels set weight = 23 where shipment = 'RC-1'`); });
    expect(several.text).toMatch(/begin read write[\s\S]*commit/);
    expect(await weight()).toEqual({ w: 23 });
    // A statement alone that fails after writing leaves nothing, and the connection usable.
    await expect(one.withTenant(1, async (db) => {
      lastStatementNext(db);
      await db.execute(sql`with w as (update parcels set weight = 24 where shipment = 'RC-1' returning weight) select 1 / (weight - weight) from w`);
    })).rejects.toThrow();
    expect(await weight()).toEqual({ w: 23 });
    await one.withTenant(1, async (db) => { lastStatementNext(db); await db.execute(sql`update parcels set weight = 6 where shipment = 'RC-1'`); });
    expect(await weight()).toEqual({ w: 6 });
  });

  it('refuses a statement after the last one, and leaves the connection outside any transaction', async () => {
    const refused = await one.withTenant(1, async (db) => {
      lastStatementNext(db);
      await db.execute(sql`select 1`);
      await db.execute(sql`update parcels set weight = 9 where shipment = 'RC-1'`);
    }).catch((e: Error) => e);
    // Drizzle reports it as the failed query, with the refusal as its cause.
    expect((refused as Error & { cause?: Error }).cause?.message).toContain('after its transaction');
    const after = await one.read(1, (db) => one1<{ ro: string; w: number }>(db, sql`select current_setting('transaction_read_only') as ro, weight::float8 as w from parcels where shipment = 'RC-1'`));
    expect(after).toEqual({ ro: 'on', w: 6 });
  });

  it('keeps an Idempotency-Key\'s claim and answer prepared, and stores every kind of answer as it was', async () => {
    const answers: [string, unknown][] = [['RC-K1', { action: 'SIGNED', n: 1.5, s: '海仓 "q"' }], ['RC-K2', 'a plain string'], ['RC-K3', null], ['RC-K4', [1, null, true]]];
    const keyed = (key: string, response: unknown) => one.withTenant(1, async (db) => {
      const claim = await claimIdempotencyKey(db, { tenantId: 1, userId: 1, key, hash: 'h' });
      if (claim.kind === 'replay') return claim;
      lastStatementNext(db);
      await storeIdempotentResponse(db, claim.id, response);
      return claim;
    });
    for (const [key, response] of answers) expect((await keyed(key, response)).kind).toBe('fresh');
    // The same keys again: each replays the answer stored through the kept statement.
    for (const [key, response] of answers) expect(await keyed(key, 'not stored')).toEqual({ kind: 'replay', response });
    const names = await one.read(1, async (db) => ((await db.execute(sql`select name from pg_prepared_statements where name like 'hc_idempotency_%' order by name`)) as unknown as { rows: { name: string }[] }).rows.map((r) => r.name));
    expect(names).toEqual(['hc_idempotency_claim', 'hc_idempotency_store']);
  });
});
