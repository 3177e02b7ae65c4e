// Decision 0034: on PostgreSQL a request connection keeps its tenant, role and scope for its session
// between requests. One connection serving tenants and scopes one after another must never let one
// request see with another's settings. (PGlite has one connection and the transaction path: skipped.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { applyScope, openDatabase, unscoped, type Database, type Db } from '#server/db/client.ts';
import { createTestApp, signIn, type TestApp } from '../helpers/test-app.ts';
import { createTenant } from '../factories/identity.ts';

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
});
