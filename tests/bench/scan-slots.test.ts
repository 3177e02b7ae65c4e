// The scan bench's slot bookkeeping (fillSlotBookkeeping, issue 43 item 4): beside orders.holding_slot,
// today's slot_floors row, and the holding_slots table when it exists — on minimal tables of the
// columns it reads and writes, in an in-memory PGlite.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillSlotBookkeeping, pgliteAsClient } from './scan.ts';

const ORDERS = `create table orders (tenant_id bigint not null, id bigserial primary key, warehouse_info_id bigint, holding_slot integer,
  package_status integer not null, order_status integer not null, creation_time timestamptz not null default now())`;
const SLOT_FLOORS = `create table slot_floors (tenant_id bigint not null, warehouse_info_id bigint not null, floor integer not null,
  version integer not null default 0, unique (tenant_id, warehouse_info_id))`;
const HOLDING_SLOTS = `create table holding_slots (tenant_id bigint not null, id bigserial primary key, warehouse_info_id bigint, number integer,
  order_id bigint, parcel_id bigint, taken_time timestamptz, unique (tenant_id, warehouse_info_id, number))`;

let db: PGlite;
beforeAll(async () => { db = await PGlite.create(); }, 120_000);
afterAll(async () => { await db.close(); });

/** Fresh tables for each test, in the one database. */
async function withOrders(...tables: string[]): Promise<PGlite> {
  await db.exec('drop table if exists orders, slot_floors, holding_slots');
  for (const t of [ORDERS, ...tables]) await db.exec(t);
  // Warehouse 10: slots 1, 2, 4, 5 held by open orders; 3 by a shipped one (released); warehouse 11 and tenant 2 elsewhere.
  await db.exec(`insert into orders (tenant_id, warehouse_info_id, holding_slot, package_status, order_status) values
    (1, 10, 1, 1, 2), (1, 10, 2, 2, 2), (1, 10, 3, 5, 4), (1, 10, 4, 3, 2), (1, 10, 5, 4, 2), (1, 11, 3, 1, 2), (2, 10, 3, 1, 2), (1, 10, null, 0, 1)`);
  return db;
}

describe('the scan bench fills the slot bookkeeping', () => {
  it("today's slot_floors: the warehouse's floor at its lowest free number", async () => {
    const d = await withOrders(SLOT_FLOORS);
    await fillSlotBookkeeping(pgliteAsClient(d), 1, 10, 5, () => undefined);
    expect((await d.query('select tenant_id::int, warehouse_info_id::int, floor from slot_floors')).rows).toEqual([{ tenant_id: 1, warehouse_info_id: 10, floor: 3 }]);
  });

  it('the holding_slots table when it exists: a row per number up to the highest and free ones above, the open orders in theirs', async () => {
    const d = await withOrders(SLOT_FLOORS, HOLDING_SLOTS);
    await fillSlotBookkeeping(pgliteAsClient(d), 1, 10, 5, () => undefined);
    const rows = (await d.query<{ number: number; order_id: number | null; taken: boolean }>(
      `select s.number, s.order_id::int as order_id, s.taken_time is not null as taken from holding_slots s
        where s.tenant_id = 1 and s.warehouse_info_id = 10 order by s.number`)).rows;
    expect(rows.length).toBe(5 + 200);
    expect(rows.map((r) => r.number)).toEqual(Array.from({ length: 205 }, (_, i) => i + 1));
    const held = rows.filter((r) => r.order_id !== null);
    expect(held.map((r) => r.number)).toEqual([1, 2, 4, 5]);
    expect(held.every((r) => r.taken)).toBe(true);
    expect(rows.filter((r) => r.order_id === null).every((r) => !r.taken)).toBe(true);
    // Each held row names the open order of that number, in that warehouse and tenant.
    const mismatched = (await d.query(`select s.number from holding_slots s join orders o on o.id = s.order_id
      where o.holding_slot <> s.number or o.warehouse_info_id <> s.warehouse_info_id or o.tenant_id <> s.tenant_id or o.order_status in (4, 5, 6)`)).rows;
    expect(mismatched).toEqual([]);
    expect((await d.query('select count(*)::int as n from holding_slots where tenant_id <> 1 or warehouse_info_id <> 10')).rows).toEqual([{ n: 0 }]);
  });

  it('works with neither table (only orders.holding_slot)', async () => {
    const d = await withOrders();
    await expect(fillSlotBookkeeping(pgliteAsClient(d), 1, 10, 5, () => undefined)).resolves.toBeUndefined();
  });
});
