// Issue 44 1b: tracking numbers are stored and compared normalised (no spaces, upper case), in every
// input that takes one; migration 0037 rewrote the rows of before; a 无主件 given to its seller joins
// the order that declared it and takes its slot.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, createTestApp, rowsOf, signIn, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { createUser, registerSeller } from '../factories/identity.ts';
import { buildOrder, createOrder, createStore, trackingNo } from '../factories/orders.ts';

describe('tracking numbers, normalised', () => {
  let t: TestApp;
  let admin: Caller;
  let picker: Caller;
  let seller: Awaited<ReturnType<typeof registerSeller>>;
  let storeId: number;
  let warehouseId: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, 'admin', '123qwe', 1);
    const p = await createUser(t.app, admin, { roleNames: ['Warehouse'] });
    picker = await signIn(t.app, p.userName, p.password, 1);
    seller = await registerSeller(t.app, 1);
    storeId = (await createStore(t.app, admin, seller.userId)).id;
    warehouseId = (await call(t.app, 'GET', svc('WarehouseInfo', 'GetWarehouseInfoList'), admin)).body.result.items[0].id;
  });
  afterAll(async () => t?.close());

  const check = (shipment: string) => call(t.app, 'GET', svc('Logistics', 'IntoLogisticsCheck'), picker, { shipment });
  const scan = (shipment: string) => call(t.app, 'POST', svc('Logistics', 'SignByScan'), picker, { shipment, warehouseInfoId: warehouseId });
  const parcelRows = async (like: string) => rowsOf<{ shipment: string; receive_status: number; order_id: number | null; shelf_number: string | null }>(
    await t.database.root.execute(sql`select shipment, receive_status, order_id, shelf_number from parcels where upper(shipment) like ${like} order by id`));
  const orderOf = async (id: number) => (await call(t.app, 'GET', svc('BackOrder', 'GetOrderInfo'), admin, { id })).body.result;

  it('a seller declares `yt 999…` and the station scans `YT999…` (or `yt999…`): one parcel, signed to its order', async () => {
    const number = trackingNo('YT');
    const declared = ` ${number.slice(0, 6).toLowerCase()} ${number.slice(6).toLowerCase()} `;
    const order = await createOrder(t.app, seller, buildOrder(storeId, warehouseId, {
      orderProductInfosList: [{ productName: '手机壳', productSku: 'CASE-1', quantity: 1, price: 9.9, shipment: declared }],
    }));
    expect(order.orderProductInfosList[0]!.shipment).toBe(number);
    const seen = await check(number.toLowerCase());
    expect(seen.status, JSON.stringify(seen.body.error)).toBe(200);
    expect(seen.body.result).toMatchObject({ action: 'SIGN', parcel: { shipment: number } });
    const signed = await scan(` ${number.toLowerCase()}`);
    expect(signed.body.result).toMatchObject({ action: 'SIGNED', parcel: { shipment: number, orderId: order.id } });
    expect(await parcelRows(number)).toHaveLength(1);
    expect((await orderOf(order.id)).packageStatus).toBe(2);
    // The lists' filters read the number the same way.
    const listed = await call(t.app, 'GET', svc('Logistics', 'GetLogisticsList'), admin, { shipment: number.toLowerCase() });
    expect(listed.body.result.items.map((p: { shipment: string }) => p.shipment)).toEqual([number]);
  });

  it('migration 0037 rewrites the rows of before; two spellings of one parcel wait for 指定卖家, which joins the order and its slot', async () => {
    // Rows as they were before numbers were normalised: the seller's order declared `yt…` in lower
    // case (another number with an inner space), and the station's scan of `YT…` signed a 无主件.
    const [a, b] = [trackingNo('YT'), trackingNo('YT')];
    const order = await createOrder(t.app, seller, buildOrder(storeId, warehouseId, {
      orderProductInfosList: [
        { productName: '手机壳', productSku: 'CASE-1', quantity: 1, price: 9.9, shipment: a },
        { productName: '数据线', productSku: 'CABLE-1', quantity: 1, price: 5, shipment: b },
      ],
    }));
    const legacy = { a: a.toLowerCase(), b: `${b.slice(0, 4).toLowerCase()} ${b.slice(4)}` };
    await t.database.root.execute(sql`update order_lines set shipment = ${legacy.a} where order_id = ${order.id} and shipment = ${a}`);
    await t.database.root.execute(sql`update order_lines set shipment = ${legacy.b} where order_id = ${order.id} and shipment = ${b}`);
    await t.database.root.execute(sql`update parcels set shipment = ${legacy.a} where order_id = ${order.id} and shipment = ${a}`);
    await t.database.root.execute(sql`update parcels set shipment = ${legacy.b} where order_id = ${order.id} and shipment = ${b}`);
    expect((await scan(a)).body.result.action).toBe('UNCLAIMED');
    expect((await scan(b)).body.result.action).toBe('UNCLAIMED');
    // b's 无主件 was deleted by staff meanwhile (it was never anyone's), so only a collides.
    await t.database.root.execute(sql`delete from into_logistics where shipment = ${b}`);
    await t.database.root.execute(sql`delete from parcels where shipment = ${b}`);

    const migration = readFileSync(new URL('../../src/server/db/migrations/0037_tracking_numbers_normalised.sql', import.meta.url), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await t.database.root.execute(sql.raw(statement));

    const lines = rowsOf<{ shipment: string }>(await t.database.root.execute(sql`select shipment from order_lines where order_id = ${order.id} order by id`));
    expect(lines.map((l) => l.shipment)).toEqual([a, b]);
    expect((await parcelRows(b)).map((p) => p.shipment)).toEqual([b]);
    // a: the declaration under the old spelling and the 无主件 are both kept, for a person to settle.
    expect((await parcelRows(a)).map((p) => [p.shipment, p.receive_status])).toEqual([[legacy.a, 0], [a, 5]]);

    const unclaimed = (await check(a)).body.result.parcel;
    const claimed = await call(t.app, 'POST', svc('Logistics', 'Edit'), picker, { id: unclaimed.id, userCode: seller.userCode });
    expect(claimed.status, JSON.stringify(claimed.body.error)).toBe(200);
    const moved = await orderOf(order.id);
    expect(claimed.body.result).toMatchObject({ shipment: a, receiveStatus: 1, orderId: order.id, userCode: seller.userCode, shelfNumber: moved.shelfNumber });
    expect(moved.shelfNumber).toMatch(/^H\d{4}$/);
    expect(moved.packageStatus).toBe(1); // 部分到货: b is still on its way
    expect((await parcelRows(a)).map((p) => p.shipment)).toEqual([a]);
    // b arrives: the same order, the same slot, complete.
    const last = await scan(b.toLowerCase());
    expect(last.body.result).toMatchObject({ action: 'SIGNED', shelfNumber: moved.shelfNumber });
    expect((await orderOf(order.id)).packageStatus).toBe(2);
  });

  it('refuses what is not a tracking number once normalised, naming the field', async () => {
    const res = await check('yt*1');
    expect(res.status).toBe(400);
    expect(res.body.error!.validationErrors![0]!.members).toEqual(['shipment']);
  });
});
