// A slot set by hand goes through the slot table, and the staff screens show a slot's real occupant
// (issue 44 item 1c, decision 0062): Logistics/Edit moves the parcel's order (or the lone parcel) to
// the slot it names, or refuses (409, naming the slot and its occupant); a name that is no slot is
// refused (400); BackOrder/GetOrderInfo and the parcel lists say who sits in the slot each shelfNumber
// names (self, another order or parcel, or nobody), the seller's screens do not. PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, createTestApp, rowsOf, svc, type TestApp } from '../helpers/test-app.ts';
import { buildOrder, createOrder, trackingNo } from '../factories/orders.ts';
import { parcelScene, type ParcelScene } from '../factories/parcels.ts';

describe('slot edits and the slot shown (issue 44 item 1c)', () => {
  let t: TestApp;
  let scene: ParcelScene;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp();
    scene = await parcelScene(t, { ownWarehouse: `库位编辑仓${Date.now()}` });
  });
  afterAll(async () => {
    await t?.close();
  });

  const root = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.root.execute(query));
  const scan = (shipment: string) => call(t.app, 'POST', svc('Logistics', 'SignByScan'), scene.picker,
    { shipment, warehouseInfoId: scene.warehouseId }, { 'Idempotency-Key': `slot-edit-${Date.now()}-${seq++}` });
  const edit = (input: Record<string, unknown>) => call(t.app, 'POST', svc('Logistics', 'Edit'), scene.picker, input);
  const parcelOf = async (shipment: string) =>
    (await call(t.app, 'GET', svc('Logistics', 'GetLogisticsList'), scene.picker, { shipment })).body.result.items[0];
  const slots = () => root<{ number: number; order_id: number | null; parcel_id: number | null }>(sql`
    select number, order_id::int as order_id, parcel_id::int as parcel_id from holding_slots
     where warehouse_info_id = ${scene.warehouseId} and (order_id is not null or parcel_id is not null) order by number`);

  it('moves the order to a free slot, refuses a taken one or a name that is no slot, and shows each slot\'s occupant', async () => {
    const input = buildOrder(scene.storeId, scene.warehouseId);
    const order = await createOrder(t.app, scene.seller, input);
    const first = input.orderProductInfosList[0]!.shipment;
    expect((await scan(first)).body.result.shelfNumber).toBe('H0001');
    const lone = trackingNo('LE');
    expect((await scan(lone)).body.result.shelfNumber).toBe('H0002');
    const parcel = await parcelOf(first);
    const loneParcel = await parcelOf(lone);
    expect(parcel.slotHolder).toEqual({ kind: 'self', name: null, userCode: null });
    expect(loneParcel.slotHolder).toMatchObject({ kind: 'self' });

    // Onto the lone parcel's slot: 409 naming the slot and what is in it; nothing moves.
    const taken = await edit({ id: parcel.id, shelfNumber: 'H0002', reMark: '搬一下' });
    expect(taken.status).toBe(409);
    expect(taken.body.error?.message).toBe(`库位 H0002 已被包裹 ${lone}占用，请选择一个空闲库位。`);
    const back = await edit({ id: loneParcel.id, shelfNumber: 'H0001' });
    expect(back.status).toBe(409);
    expect(back.body.error?.message).toContain(`库位 H0001 已被订单 ${order.tradeNo}（${scene.seller.userCode}）占用`);
    expect((await parcelOf(first)).reMark).toBeNull();
    // Not a slot's name: 400.
    const odd = await edit({ id: parcel.id, shelfNumber: 'A-3-2' });
    expect(odd.status).toBe(400);
    expect(JSON.stringify(odd.body.error)).toContain('暂存位须为库位编号');
    // Emptied while the order holds its slot: 409.
    const cleared = await edit({ id: parcel.id, shelfNumber: null });
    expect(cleared.status).toBe(409);
    expect(cleared.body.error?.message).toContain('H0001');
    expect(await slots()).toEqual([
      { number: 1, order_id: order.id, parcel_id: null },
      { number: 2, order_id: null, parcel_id: loneParcel.id },
    ]);

    // Onto a free slot (h0005, as typed): the order moves, its parcels' shelfNumber follows, audited on the order.
    const moved = await edit({ id: parcel.id, shelfNumber: 'h0005', reMark: '挪到 5 号' });
    expect(moved.status, JSON.stringify(moved.body.error)).toBe(200);
    expect(moved.body.result).toMatchObject({ shelfNumber: 'H0005', reMark: '挪到 5 号' });
    expect(await slots()).toEqual([
      { number: 2, order_id: null, parcel_id: loneParcel.id },
      { number: 5, order_id: order.id, parcel_id: null },
    ]);
    const info = (await call(t.app, 'GET', svc('BackOrder', 'GetOrderInfo'), scene.admin, { id: order.id })).body.result;
    expect(info.shelfNumber).toBe('H0005');
    expect(info.slotHolder).toEqual({ kind: 'self', name: null, userCode: null });
    expect(info.parcels.find((p: { shipment: string }) => p.shipment === first)).toMatchObject({ shelfNumber: 'H0005', slotHolder: { kind: 'self' } });
    const trail = await root<{ action: string; status_before: string; status_after: string }>(sql`
      select action, status_before, status_after from order_operates where entity = 'order' and entity_id = ${order.id} and action = 'slotMoved'`);
    expect(trail).toEqual([{ action: 'slotMoved', status_before: 'H0001', status_after: 'H0005' }]);
    // The remark alone (the modal sends the slot as it is): nothing about the slot changes.
    expect((await edit({ id: parcel.id, shelfNumber: 'H0005', reMark: '好了' })).status).toBe(200);

    // Stale names written outside the table (an old edit, say): the screens say who really sits there.
    await t.database.root.execute(sql`update parcels set shelf_number = 'H0002' where id = ${parcel.id}`);
    await t.database.root.execute(sql`update parcels set shelf_number = 'H0009' where id = ${loneParcel.id}`);
    const stale = (await call(t.app, 'GET', svc('BackOrder', 'GetOrderInfo'), scene.admin, { id: order.id })).body.result;
    expect(stale.parcels.find((p: { shipment: string }) => p.shipment === first).slotHolder).toEqual({ kind: 'parcel', name: lone, userCode: null });
    expect((await parcelOf(lone)).slotHolder).toEqual({ kind: 'none', name: null, userCode: null });
    // Naming the slot the lone parcel really holds puts its name right.
    expect((await edit({ id: loneParcel.id, shelfNumber: 'H0002' })).status).toBe(200);
    expect(await parcelOf(lone)).toMatchObject({ shelfNumber: 'H0002', slotHolder: { kind: 'self' } });

    // The seller's own order screen says nothing of other occupants.
    const mine = (await call(t.app, 'GET', svc('FrontOrder', 'GetOrderInfo'), scene.seller, { id: order.id })).body.result;
    expect(mine.slotHolder).toBeUndefined();
    expect(mine.parcels[0].slotHolder).toBeUndefined();
  });

  it('gives a lone parcel with no slot one it is given by hand, and refuses a parcel that is not here', async () => {
    const lone = trackingNo('LN');
    await scan(lone);
    const p = await parcelOf(lone);
    // Its slot released outside the app's paths (a stale row): the edit takes the slot named.
    await t.database.root.execute(sql`update holding_slots set parcel_id = null, taken_time = null where parcel_id = ${p.id}`);
    const given = await edit({ id: p.id, shelfNumber: 'H0040' });
    expect(given.status, JSON.stringify(given.body.error)).toBe(200);
    expect(given.body.result.shelfNumber).toBe('H0040');
    expect((await slots()).find((s) => s.parcel_id === p.id)?.number).toBe(40);

    // A declared parcel still on its way holds no slot.
    const input = buildOrder(scene.storeId, scene.warehouseId);
    await createOrder(t.app, scene.seller, input);
    const away = await parcelOf(input.orderProductInfosList[1]!.shipment);
    const refused = await edit({ id: away.id, shelfNumber: 'H0041' });
    expect(refused.status).toBe(409);
    expect(refused.body.error?.message).toContain('不在仓内');
  });
});
