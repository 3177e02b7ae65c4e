// Holding slots as a table (issue 43 item 1, decision 0062): a slot holds one occupant, an order (its
// parcels sit there) or a parcel with no order, taken FOR UPDATE SKIP LOCKED and released when the last
// thing in it leaves, in the transaction of that move. Runs on PGlite and PostgreSQL.
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, createTestApp, rowsOf, svc, type TestApp } from '../helpers/test-app.ts';
import { buildOrder, createOrder, trackingNo } from '../factories/orders.ts';
import { parcelScene, type ParcelScene } from '../factories/parcels.ts';
import { renderSqlFile } from '../../src/server/db/sql/render.ts';

/** Parcels scanned by the concurrency test: thousands on PostgreSQL, fewer on PGlite (one process, one core). */
const SCANS = Number(process.env.HC_SLOT_SCANS ?? (process.env.DATABASE_URL ? 1200 : 360));
/** Scans in flight at once. */
const AT_ONCE = 20;

describe('holding slots (decision 0062)', () => {
  let t: TestApp;
  let scene: ParcelScene;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp();
    scene = await parcelScene(t, { ownWarehouse: `库位仓${Date.now()}` });
  });
  afterAll(async () => {
    await t?.close();
  });

  const root = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.root.execute(query));
  const scan = (shipment: string, warehouseInfoId = scene.warehouseId) => call(t.app, 'POST', svc('Logistics', 'SignByScan'), scene.picker,
    { shipment, warehouseInfoId }, { 'Idempotency-Key': `slot-${Date.now()}-${seq++}` });

  /** A new warehouse whose slots start empty. */
  const newWarehouse = async (name: string) => (await call(t.app, 'POST', svc('WarehouseInfo', 'EditWarehouseInfo'), scene.admin,
    { warehouseName: `${name}${Date.now()}${seq++}`, kind: 1 })).body.result.id as number;

  /**
   * Occupancy checked against the parcels' places in warehouse `wid`: every order with goods here
   * (not shipped) holds exactly one slot, named by its shelfNumber and its parcels' here; every parcel
   * here with no order (not a stock record's) holds its own; no slot holds anything else; no two
   * occupants show one slot's name.
   */
  async function checkOccupancy(wid: number) {
    const slots = await root<{ number: number; order_id: number | null; parcel_id: number | null }>(sql`
      select number, order_id::int as order_id, parcel_id::int as parcel_id from holding_slots where warehouse_info_id = ${wid}`);
    const name = (n: number) => `H${String(n).padStart(4, '0')}`;
    const byOrder = new Map(slots.filter((s) => s.order_id !== null).map((s) => [s.order_id!, name(s.number)]));
    const byParcel = new Map(slots.filter((s) => s.parcel_id !== null).map((s) => [s.parcel_id!, name(s.number)]));
    const orders = await root<{ id: number; shelf_number: string | null }>(sql`
      select o.id::int as id, o.shelf_number from orders o
       where o.warehouse_info_id = ${wid} and o.package_status <> 5 and o.order_status not in (4, 5)
         and exists (select 1 from parcels p where p.order_id = o.id and p.receive_status in (1, 2, 5, 6))`);
    for (const o of orders) {
      expect(byOrder.get(o.id), `order ${o.id} has goods here`).toBeDefined();
      expect(o.shelf_number).toBe(byOrder.get(o.id));
    }
    const orderParcels = await root<{ order_id: number; shelf_number: string | null }>(sql`
      select p.order_id::int as order_id, p.shelf_number from parcels p join orders o on o.id = p.order_id
       where o.warehouse_info_id = ${wid} and p.warehouse_info_id = ${wid} and p.receive_status in (1, 2, 5, 6) and o.package_status <> 5 and o.order_status not in (4, 5)`);
    for (const p of orderParcels) expect(p.shelf_number, `a parcel of order ${p.order_id}`).toBe(byOrder.get(p.order_id));
    const lone = await root<{ id: number; shelf_number: string | null }>(sql`
      select id::int as id, shelf_number from parcels
       where warehouse_info_id = ${wid} and order_id is null and receive_status in (1, 2, 5, 6) and order_type is distinct from 3`);
    for (const p of lone) {
      expect(byParcel.get(p.id), `parcel ${p.id} is here with no order`).toBeDefined();
      expect(p.shelf_number).toBe(byParcel.get(p.id));
    }
    // Nothing else holds a slot: the occupied slots are exactly those occupants'.
    expect(byOrder.size).toBe(orders.length);
    expect(byParcel.size).toBe(lone.length);
    // One name, one occupant.
    const names = [...byOrder.values(), ...byParcel.values()];
    expect(new Set(names).size).toBe(names.length);
    return { slots: slots.length, orders: orders.length, lone: lone.length };
  }

  it('keeps the migration applying src/server/db/sql/holding-slots.sql equal to the file rendered (statuses by name)', () => {
    const dir = new URL('../../src/server/db/migrations/', import.meta.url);
    const latest = readdirSync(dir).filter((f) => f.endsWith('.sql')).sort()
      .filter((f) => readFileSync(new URL(f, dir), 'utf8').includes('FUNCTION haicang_take_slot')).at(-1);
    expect(latest).toBeDefined();
    const rendered = renderSqlFile('holding-slots.sql');
    expect(rendered).not.toMatch(/\{\{/);
    expect(readFileSync(new URL(latest!, dir), 'utf8').endsWith(rendered)).toBe(true);
  });

  it(`scans ${SCANS} parcels of many multi-parcel orders, lone and unknown ones, ${AT_ONCE} at once, with cancels and shipping between: no slot ever has two occupants`, async () => {
    const wid = await newWarehouse('并发库位仓');
    const { seller, storeId } = scene;
    // Orders of 1–8 parcels, seller's parcels of no order, and numbers nobody declared (无主件), in the mix.
    const sizes = [1, 1, 2, 3, 1, 5, 2, 8];
    const shipments: string[] = [];
    const orderIds: number[] = [];
    const tag = `CS${Date.now().toString(36).toUpperCase()}`;
    let n = 0;
    // Written straight in, in three statements: the orders, their lines, their declared parcels.
    const plan: { order: number; shipment: string }[] = [];
    for (let i = 0; plan.length < SCANS * 0.8; i++) for (let k = 0; k < sizes[i % sizes.length]!; k++) plan.push({ order: i, shipment: `${tag}P${n++}` });
    const count = plan.at(-1)!.order + 1;
    orderIds.push(...(await root<{ id: number }>(sql`insert into orders (tenant_id, trade_no, order_number, user_id, user_code, store_id, warehouse_info_id, site, order_type, cargo_category, shipping_methods)
      select 1, ${tag} || g, ${tag} || '-O' || g, ${seller.userId}, ${seller.userCode}, ${storeId}, ${wid}, 'TW', 2, 1, 2 from generate_series(0, ${count - 1}) g
      order by g returning id::int as id`)).map((r) => r.id).sort((a, b) => a - b));
    const planned = sql.raw(`'${JSON.stringify(plan.map((p) => ({ o: orderIds[p.order], s: p.shipment })))}'::jsonb`);
    await t.database.root.execute(sql`insert into order_lines (tenant_id, order_id, product_name, quantity, shipment)
      select 1, (x->>'o')::bigint, '货', 1, x->>'s' from jsonb_array_elements(${planned}) x`);
    await t.database.root.execute(sql`insert into parcels (tenant_id, shipment, warehouse_info_id, user_id, user_code, order_id, store_id, order_type, receive_status)
      select 1, x->>'s', ${wid}, ${seller.userId}, ${seller.userCode}, (x->>'o')::bigint, ${storeId}, 2, 0 from jsonb_array_elements(${planned}) x`);
    shipments.push(...plan.map((p) => p.shipment));
    const lone: string[] = [];
    while (shipments.length + lone.length < SCANS * 0.9) lone.push(`${tag}L${n++}`);
    await t.database.root.execute(sql`insert into parcels (tenant_id, shipment, warehouse_info_id, user_id, user_code, receive_status)
      select 1, s, ${wid}, ${seller.userId}, ${seller.userCode}, 0 from jsonb_array_elements_text(${sql.raw(`'${JSON.stringify(lone)}'::jsonb`)}) s`);
    shipments.push(...lone);
    while (shipments.length < SCANS) shipments.push(`${tag}U${n++}`);
    // Interleaved as they arrive from many shops: a fixed shuffle.
    let r = 7;
    for (let i = shipments.length - 1; i > 0; i--) {
      r = (r * 1103515245 + 12345) % 2147483648;
      const j = r % (i + 1);
      [shipments[i], shipments[j]] = [shipments[j]!, shipments[i]!];
    }
    const started = Date.now();
    const actions: string[] = [];
    for (let i = 0; i < shipments.length; i += AT_ONCE) {
      const wave = shipments.slice(i, i + AT_ONCE).map((s) => scan(s, wid));
      // Between waves, orders leave: one cancelled by its seller (its goods here stay in its slot as 异常),
      // one shipped (its slot freed), at the same time as the scans (a deadlock between a cancel and a
      // scan of its order runs the victim again: inTransaction).
      const k = i / AT_ONCE;
      const side: Promise<unknown>[] = [];
      if (k % 5 === 2) side.push(call(t.app, 'POST', `${svc('FrontOrder', 'CancelOrder')}?id=${orderIds[k % orderIds.length]}`, seller));
      if (k % 5 === 4) side.push(t.database.withTenant(1, (db) => db.execute(sql`update orders set package_status = 5, order_status = 4 where id = ${orderIds[(k * 7) % orderIds.length]}`)));
      const answers = await Promise.all(wave);
      await Promise.all(side);
      for (const res of answers) {
        expect(res.status, JSON.stringify(res.body.error)).toBe(200);
        actions.push(res.body.result.action as string);
      }
    }
    const seconds = (Date.now() - started) / 1000;
    // Each signed once; a number nobody declared (or whose declaration a cancel removed) as 无主件.
    expect(actions.filter((a) => a === 'SIGNED' || a === 'UNCLAIMED').length).toBe(SCANS);
    expect(actions.filter((a) => a === 'UNCLAIMED').length).toBeGreaterThanOrEqual(shipments.filter((s) => s.startsWith(`${tag}U`)).length);
    const seen = await checkOccupancy(wid);
    // Slots are reused: never more than the occupants at once plus those freed by shipping.
    expect(seen.slots).toBeLessThanOrEqual(seen.orders + seen.lone + orderIds.length);
    console.info(`holding slots: ${SCANS} scans in ${seconds.toFixed(1)} s, ${seen.slots} slots, ${seen.orders} orders and ${seen.lone} lone parcels in them`);
    // Every scan again, at once: nothing signs twice, nothing moves.
    const again = await Promise.all(shipments.slice(0, 40).map((s) => scan(s, wid)));
    for (const res of again) expect(res.body.result.action).toBe('ALREADY');
    expect(await checkOccupancy(wid)).toEqual(seen);
  }, 600_000);

  it('releases a slot when the last thing in it leaves, in the same transaction: shipped, cancelled with nothing here, returned, deleted, claimed', async () => {
    const wid = await newWarehouse('释放库位仓');
    const { seller, storeId } = scene;
    // The warehouse's first two slots (it grows by blocks of 32 free ones: see the last check).
    const allSlots = async () => root<{ number: number; order_id: number | null; parcel_id: number | null }>(sql`
      select number, order_id::int as order_id, parcel_id::int as parcel_id from holding_slots where warehouse_info_id = ${wid} order by number`);
    const slotsOf = async () => (await allSlots()).slice(0, 2);
    // Two parcels of one order: the first takes H0001 for the order, the second joins it there.
    const input = buildOrder(storeId, wid);
    const order = await createOrder(t.app, seller, input);
    const [first, second] = input.orderProductInfosList.map((l) => l.shipment);
    expect((await scan(first!, wid)).body.result).toMatchObject({ action: 'SIGNED', shelfNumber: 'H0001' });
    expect((await scan(second!, wid)).body.result).toMatchObject({ action: 'SIGNED', shelfNumber: 'H0001' });
    // A number nobody declared: its own slot, H0002.
    const lone = trackingNo('LN');
    expect((await scan(lone, wid)).body.result).toMatchObject({ action: 'UNCLAIMED', shelfNumber: 'H0002' });
    expect(await slotsOf()).toEqual([{ number: 1, order_id: order.id, parcel_id: null }, { number: 2, order_id: null, parcel_id: expect.any(Number) }]);

    // Cancelled with its goods here (now 异常): the order keeps H0001.
    expect((await call(t.app, 'POST', `${svc('FrontOrder', 'CancelOrder')}?id=${order.id}`, seller)).status).toBe(200);
    expect((await slotsOf())[0]).toMatchObject({ order_id: order.id });
    // One parcel sent back: still one here, still held. The last one refused: H0001 is free.
    await t.database.withTenant(1, (db) => db.execute(sql`update parcels set receive_status = 4 where shipment = ${first}`));
    expect((await slotsOf())[0]).toMatchObject({ order_id: order.id });
    await t.database.withTenant(1, (db) => db.execute(sql`update parcels set receive_status = 3 where shipment = ${second}`));
    expect((await slotsOf())[0]).toMatchObject({ order_id: null });

    // The 无主件 claimed by a seller's order declaring its number (#44 1b): it joins the order, which
    // takes the lowest free slot (H0001), and its own H0002 is freed, all in the declaration's transaction.
    const claim = buildOrder(storeId, wid);
    claim.orderProductInfosList[0]!.shipment = lone;
    const claiming = await createOrder(t.app, seller, claim);
    expect(await slotsOf()).toEqual([{ number: 1, order_id: claiming.id, parcel_id: null }, { number: 2, order_id: null, parcel_id: null }]);
    const parcel = (await call(t.app, 'GET', svc('Logistics', 'GetLogisticsList'), scene.picker, { shipment: lone })).body.result.items[0];
    expect(parcel).toMatchObject({ shelfNumber: 'H0001', receiveStatus: 1 });

    // Shipped: its slot is free. A later order's first parcel takes the lowest free again.
    await t.database.withTenant(1, (db) => db.execute(sql`update orders set package_status = 5, order_status = 4 where id = ${claiming.id}`));
    expect((await slotsOf()).filter((s) => s.order_id !== null || s.parcel_id !== null)).toEqual([]);

    // Cancelled with nothing here (marked arrived by hand: a slot and no parcel): freed at once.
    const bare = await createOrder(t.app, seller, buildOrder(storeId, wid));
    const tradeNo = (await root<{ trade_no: string }>(sql`select trade_no from orders where id = ${bare.id}`))[0]!.trade_no;
    expect((await call(t.app, 'POST', `${svc('BackOrder', 'ArriveWarehouse')}?tradeNo=${tradeNo}`, scene.admin)).status).toBe(200);
    expect((await slotsOf())[0]).toMatchObject({ number: 1, order_id: bare.id });
    expect((await call(t.app, 'POST', `${svc('FrontOrder', 'CancelOrder')}?id=${bare.id}`, seller)).status).toBe(200);
    expect((await slotsOf())[0]).toMatchObject({ number: 1, order_id: null });

    // A lone parcel deleted (无主件 removed by staff): its slot is freed.
    const gone = trackingNo('GN');
    const signed = (await scan(gone, wid)).body.result;
    expect(signed.shelfNumber).toBe('H0001');
    expect((await call(t.app, 'DELETE', `${svc('Logistics', 'Delete')}?id=${signed.parcel.id}`, scene.admin)).status).toBe(200);
    expect((await allSlots()).filter((s) => s.order_id !== null || s.parcel_id !== null)).toEqual([]);
    // Nothing but free slots: one block of 32, created when the first slot was taken.
    expect((await allSlots()).map((s) => s.number)).toEqual(Array.from({ length: 32 }, (_, i) => i + 1));
  });

  it('lists a warehouse\'s slots with their occupants (库位占用); staff move an occupant to a free slot (409 onto a taken one) and release a stale one, audited', async () => {
    const wid = await newWarehouse('库位占用仓');
    const { seller, storeId } = scene;
    const input = buildOrder(storeId, wid);
    const order = await createOrder(t.app, seller, input);
    await scan(input.orderProductInfosList[0]!.shipment, wid);
    const lone = trackingNo('LS');
    await scan(lone, wid);
    const list = async (query: Record<string, unknown> = {}) =>
      (await call(t.app, 'GET', svc('HoldingSlots', 'GetList'), scene.admin, { warehouseInfoId: wid, ...query })).body.result;
    const all = await list({ occupied: true });
    expect(all.totalCount).toBe(2);
    expect(all.items[0]).toMatchObject({ shelfNumber: 'H0001', order: { id: order.id, userCode: seller.userCode, parcelsHere: 1 }, parcel: null });
    expect(all.items[1]).toMatchObject({ shelfNumber: 'H0002', order: null, parcel: { shipment: lone, receiveStatus: 5 } });
    // The rest of the warehouse's first block of 32 is free.
    expect((await list({ occupied: false })).totalCount).toBe(30);
    expect((await list({ shelfNumber: 'h0002' })).items.map((i: { number: number }) => i.number)).toEqual([2]);

    // Onto a taken slot: 409 with a sentence; onto H0005, free: the order and its parcel follow.
    const taken = await call(t.app, 'POST', svc('HoldingSlots', 'Move'), scene.admin, { warehouseInfoId: wid, number: 1, to: 2 });
    expect(taken.status).toBe(409);
    expect(taken.body.error?.message).toMatch(/H0002 已被占用/);
    const moved = await call(t.app, 'POST', svc('HoldingSlots', 'Move'), scene.admin, { warehouseInfoId: wid, number: 1, to: 5 });
    expect(moved.status, JSON.stringify(moved.body.error)).toBe(200);
    expect(moved.body.result).toMatchObject({ shelfNumber: 'H0005', order: { id: order.id } });
    const info = (await call(t.app, 'GET', svc('FrontOrder', 'GetOrderInfo'), seller, { id: order.id })).body.result;
    expect(info.shelfNumber).toBe('H0005');
    expect(info.parcels[0].shelfNumber).toBe('H0005');
    expect((await list({ occupied: false, maxResultCount: 4 })).items.map((i: { number: number }) => i.number)).toEqual([1, 3, 4, 6]);

    // Released while its goods are here: 409. Once the parcel is gone (sent back outside the app's paths,
    // say, with the slot left behind), staff release it.
    const busy = await call(t.app, 'POST', svc('HoldingSlots', 'Release'), scene.admin, { warehouseInfoId: wid, number: 2 });
    expect(busy.status).toBe(409);
    await t.database.root.execute(sql`alter table parcels disable trigger parcels_slot_left`);
    try {
      await t.database.root.execute(sql`update parcels set receive_status = 4 where shipment = ${lone}`);
    } finally {
      await t.database.root.execute(sql`alter table parcels enable trigger parcels_slot_left`);
    }
    const released = await call(t.app, 'POST', svc('HoldingSlots', 'Release'), scene.admin, { warehouseInfoId: wid, number: 2 });
    expect(released.status, JSON.stringify(released.body.error)).toBe(200);
    expect(released.body.result).toMatchObject({ shelfNumber: 'H0002', order: null, parcel: null });
    const trail = await root<{ action: string; status_before: string; status_after: string | null }>(sql`
      select action, status_before, status_after from order_operates where action in ('slotMoved', 'slotReleased')
        and ((entity = 'order' and entity_id = ${order.id}) or (entity = 'parcel' and order_number = ${lone})) order by id`);
    expect(trail).toEqual([
      { action: 'slotMoved', status_before: 'H0001', status_after: 'H0005' },
      { action: 'slotReleased', status_before: 'H0002', status_after: null },
    ]);
    // A seller cannot see the screen.
    expect((await call(t.app, 'GET', svc('HoldingSlots', 'GetList'), seller, { warehouseInfoId: wid })).status).toBe(403);
  });
});
