// The wrong-warehouse rule on the scan (issue 42 item 3, issue 45 item 6). A parcel declared for another
// warehouse than the station's is never signed silently: SignByScan and IntoLogisticsCheck answer
// WRONG_WAREHOUSE with the declared warehouse's name, and SignByScan signs it here only with
// `transfer: true` (audited, no holding slot of the other warehouse). A group member whose scope leaves
// the declared warehouse out is refused (409) even with a transfer, and the check tells him nothing but
// WRONG_WAREHOUSE. Each scan goes alone and with several sent at once under their keys (one scan path,
// docs/scan-path.md). Runs on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, createTestApp, rowsOf, signIn, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { createUser } from '../factories/identity.ts';
import { buildOrder, createOrder, trackingNo } from '../factories/orders.ts';
import { parcelScene, type ParcelScene } from '../factories/parcels.ts';

describe('a parcel declared for another warehouse (WRONG_WAREHOUSE)', () => {
  let t: TestApp;
  let scene: ParcelScene;
  /** The station (scene.warehouseId) and another mainland warehouse; two overseas ones. */
  let otherId: number;
  let otherName: string;
  let overseasA: { id: number; name: string };
  let overseasB: { id: number; name: string };
  /** A Warehouse-role member of a group covering overseasB only (his scope: overseasB and every mainland warehouse). */
  let member: Caller;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp();
    scene = await parcelScene(t, { ownWarehouse: `本站仓${Date.now()}` });
    const make = async (body: Record<string, unknown>) => {
      const res = await call(t.app, 'POST', svc('WarehouseInfo', 'EditWarehouseInfo'), scene.admin, body);
      expect(res.status, JSON.stringify(res.body.error)).toBe(200);
      return { id: res.body.result.id as number, name: res.body.result.warehouseName as string };
    };
    const other = await make({ warehouseName: `深圳大陆仓${Date.now()}`, kind: 1 });
    otherId = other.id;
    otherName = other.name;
    overseasA = await make({ warehouseName: `台北海外仓${Date.now()}`, kind: 2, site: 'TW', address: '台北市' });
    overseasB = await make({ warehouseName: `高雄海外仓${Date.now()}`, kind: 2, site: 'TW', address: '高雄市' });
    const m = await createUser(t.app, scene.admin, { roleNames: ['Warehouse'] });
    const group = await call(t.app, 'POST', svc('BackGroup', 'AddGroup'), scene.admin, {
      groupName: `高雄组${Date.now()}`, crossBorderSites: [], nativeSites: [], abroadWarehouses: [overseasB.id], groupPersonnels: [m.id], isOk: true,
    });
    expect(group.status, JSON.stringify(group.body.error)).toBe(200);
    member = await signIn(t.app, m.userName, m.password, 1);
  });
  afterAll(async () => {
    await t?.close();
  });

  const root = async <T extends Record<string, unknown>>(q: ReturnType<typeof sql>) => rowsOf<T>(await t.database.root.execute(q));
  const key = () => `ww-${Date.now()}-${seq++}`;
  const scan = (who: Caller, body: Record<string, unknown>, idempotencyKey: string | null = key()) =>
    call(t.app, 'POST', svc('Logistics', 'SignByScan'), who, body, idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {});
  const check = (who: Caller, query: Record<string, unknown>, service = 'Logistics') => call(t.app, 'GET', svc(service, 'IntoLogisticsCheck'), who, query);

  /** A parcel of a new one-line order declared for `warehouseInfoId`. */
  const orderParcel = async (warehouseInfoId: number) => {
    const o = buildOrder(scene.storeId, warehouseInfoId);
    o.orderProductInfosList = o.orderProductInfosList.slice(0, 1);
    const created = await createOrder(t.app, scene.seller, o);
    return { shipment: o.orderProductInfosList[0]!.shipment, orderId: created.id };
  };
  /** A stock record's parcel (FrontStock/EditStock) declared for `warehouseInfoId`. */
  const stockParcel = async (warehouseInfoId: number) => {
    const logisticsNumber = trackingNo('SR');
    const res = await call(t.app, 'POST', svc('FrontStock', 'EditStock'), scene.seller, {
      storeId: scene.storeId, warehouseInfoId, productSku: `WW-${seq++}`, productName: '转仓商品', productNums: 2, packageNums: 1, logisticsNumber,
    });
    expect(res.status, JSON.stringify(res.body.error)).toBe(200);
    return { shipment: logisticsNumber, recordId: res.body.result.id as number };
  };
  /** A declared parcel of no order, for `warehouseInfoId`. */
  const bareParcel = async (warehouseInfoId: number) => {
    const shipment = trackingNo('WW');
    await root(sql`insert into parcels (tenant_id, shipment, user_id, user_code, receive_status, warehouse_info_id)
      values (1, ${shipment}, ${scene.seller.userId}, ${scene.seller.userCode}, 0, ${warehouseInfoId})`);
    return shipment;
  };

  /** What a sign-in would have written for the number: the parcel, its order, inbound records, audit rows, its stock record. */
  const state = async (shipment: string) => {
    const [parcel] = await root<{ receive_status: number; warehouse_info_id: number; shelf_number: string | null; order_id: number | null }>(
      sql`select receive_status, warehouse_info_id, shelf_number, order_id from parcels where shipment = ${shipment}`);
    const [order] = parcel?.order_id ? await root<{ order_status: number; package_status: number; shelf_number: string | null; holding_slot: number | null }>(
      sql`select order_status, package_status, shelf_number, holding_slot from orders where id = ${parcel.order_id}`) : [null];
    const [stock] = await root<{ product_status: number; arrived_time: unknown }>(sql`select product_status, arrived_time from stock_records where logistics_number = ${shipment}`);
    const inbound = await root<{ warehouse_info_id: number }>(sql`select warehouse_info_id from into_logistics where shipment = ${shipment}`);
    const audit = await root<{ action: string; note: string | null }>(sql`select action, note from order_operates
      where entity = 'parcel' and order_number = ${shipment} and action = 'signIn' order by id`);
    return { parcel, order, stock: stock ?? null, inbound, audit };
  };
  const untouched = (s: Awaited<ReturnType<typeof state>>) => {
    expect(s.parcel!.receive_status).toBe(0);
    expect(s.inbound).toEqual([]);
    expect(s.audit).toEqual([]);
    if (s.order) expect(s.order).toMatchObject({ order_status: 1, package_status: 0, shelf_number: null, holding_slot: null });
  };

  it('refuses a group member a parcel of a warehouse outside his scope (409), even as a transfer, and his check shows nothing of it', async () => {
    const ofOrder = await orderParcel(overseasA.id);
    const ofStock = await stockParcel(overseasA.id);
    const stockBefore = (await state(ofStock.shipment)).stock;
    for (const shipment of [ofOrder.shipment, ofStock.shipment]) {
      for (const body of [{ shipment, warehouseInfoId: overseasB.id }, { shipment, warehouseInfoId: overseasB.id, transfer: true }]) {
        for (const k of [key(), null]) {
          const res = await scan(member, body, k);
          expect(res.status, JSON.stringify(res.body)).toBe(409);
          expect(res.body.error!.message).toBe('该包裹属于你管辖范围以外的仓库，不能在本站签收或转仓。');
          expect(JSON.stringify(res.body)).not.toContain(overseasA.name);
        }
      }
      untouched(await state(shipment));
      for (const [service, query] of [['Logistics', { shipment, warehouseInfoId: overseasB.id }], ['AbroadLogistics', { shipment }]] as const) {
        const res = await check(member, query, service);
        expect(res.status, JSON.stringify(res.body.error)).toBe(200);
        expect(res.body.result).toMatchObject({ action: 'WRONG_WAREHOUSE', warehouseName: null, parcel: null, order: null, userCode: null, shelfNumber: null });
        const text = JSON.stringify(res.body.result);
        for (const secret of [overseasA.name, scene.seller.userCode!, String(ofOrder.orderId)]) expect(text).not.toContain(secret);
      }
    }
    // #42's case: the stock record stays where it was (not 已到货).
    expect((await state(ofStock.shipment)).stock).toEqual(stockBefore);
    // A parcel of his own overseas warehouse is his to sign.
    const mine = await orderParcel(overseasB.id);
    expect((await scan(member, { shipment: mine.shipment, warehouseInfoId: overseasB.id })).body.result).toMatchObject({ action: 'SIGNED' });
  });

  it('lets a group member see and transfer a parcel of another warehouse inside his scope (a mainland one)', async () => {
    const p = await orderParcel(otherId);
    const checked = await check(member, { shipment: p.shipment, warehouseInfoId: overseasB.id });
    expect(checked.body.result).toMatchObject({ action: 'WRONG_WAREHOUSE', warehouseName: otherName, parcel: { shipment: p.shipment } });
    const verdict = await scan(member, { shipment: p.shipment, warehouseInfoId: overseasB.id });
    expect(verdict.body.result).toMatchObject({ action: 'WRONG_WAREHOUSE', warehouseName: otherName });
    untouched(await state(p.shipment));
    const moved = await scan(member, { shipment: p.shipment, warehouseInfoId: overseasB.id, transfer: true });
    expect(moved.body.result).toMatchObject({ action: 'SIGNED', parcel: { warehouseInfoId: overseasB.id } });
  });

  it('answers a picker WRONG_WAREHOUSE naming the declared warehouse and signs nothing: no parcel, no order, no slot, no stock record moved', async () => {
    const ofOrder = await orderParcel(otherId);
    const ofStock = await stockParcel(otherId);
    const bare = await bareParcel(otherId);
    const stockBefore = (await state(ofStock.shipment)).stock;
    for (const shipment of [ofOrder.shipment, ofStock.shipment, bare]) {
      // The check, told the station, says where it belongs; not told, it answers as before.
      const checked = await check(scene.picker, { shipment, warehouseInfoId: scene.warehouseId });
      expect(checked.body.result).toMatchObject({ action: 'WRONG_WAREHOUSE', warehouseName: otherName, parcel: { shipment, warehouseInfoId: otherId }, shelfNumber: null });
      expect((await check(scene.picker, { shipment })).body.result.action).toBe('SIGN');
      // Keyed (PostgreSQL: the one statement leaves it off its path) and not.
      for (const k of [key(), null]) {
        const res = await scan(scene.picker, { shipment, warehouseInfoId: scene.warehouseId }, k);
        expect(res.status, JSON.stringify(res.body.error)).toBe(200);
        expect(res.body.result).toMatchObject({ action: 'WRONG_WAREHOUSE', warehouseName: otherName, shelfNumber: null, parcel: { shipment, receiveStatus: 0 } });
      }
      untouched(await state(shipment));
    }
    expect((await state(ofStock.shipment)).stock).toEqual(stockBefore);
    // Its own station signs it as ever.
    expect((await scan(scene.picker, { shipment: bare, warehouseInfoId: otherId })).body.result).toMatchObject({ action: 'SIGNED' });
  });

  it('signs it here with transfer: true: the parcel becomes this warehouse\'s, its order moves on without a slot, and the sign-in is audited as a transfer', async () => {
    const ofOrder = await orderParcel(otherId);
    const ofStock = await stockParcel(otherId);
    const first = await scan(scene.picker, { shipment: ofOrder.shipment, warehouseInfoId: scene.warehouseId });
    expect(first.body.result.action).toBe('WRONG_WAREHOUSE');
    for (const { shipment } of [ofOrder, ofStock]) {
      const res = await scan(scene.picker, { shipment, warehouseInfoId: scene.warehouseId, note: '外箱破损', transfer: true });
      expect(res.status, JSON.stringify(res.body.error)).toBe(200);
      expect(res.body.result).toMatchObject({ action: 'SIGNED', shelfNumber: null, parcel: { shipment, receiveStatus: 1, warehouseInfoId: scene.warehouseId } });
      const after = await state(shipment);
      expect(after.parcel).toMatchObject({ receive_status: 1, warehouse_info_id: scene.warehouseId, shelf_number: null });
      expect(after.inbound).toEqual([{ warehouse_info_id: scene.warehouseId }]);
      expect(after.audit).toEqual([{ action: 'signIn', note: `转仓签收：申报仓库 ${otherName}；外箱破损` }]);
      // A rescan is ALREADY, transfer or not.
      expect((await scan(scene.picker, { shipment, warehouseInfoId: scene.warehouseId })).body.result.action).toBe('ALREADY');
    }
    expect((await state(ofOrder.shipment)).order).toMatchObject({ order_status: 2, package_status: 2, shelf_number: null, holding_slot: null });
    expect((await state(ofStock.shipment)).stock).not.toBeNull();
    // transfer: true on a parcel of this warehouse is an ordinary sign-in (a slot, no transfer note).
    const own = await orderParcel(scene.warehouseId);
    const signed = await scan(scene.picker, { shipment: own.shipment, warehouseInfoId: scene.warehouseId, transfer: true });
    expect(signed.body.result.shelfNumber).toMatch(/^H\d{4}$/);
    expect((await state(own.shipment)).audit).toEqual([{ action: 'signIn', note: null }]);
  });

  it('gives the same verdicts to scans sent at once, and transfers them at once too', async () => {
    const right = [await bareParcel(scene.warehouseId), await bareParcel(scene.warehouseId), ...(await Promise.all([1, 2, 3, 4].map(() => orderParcel(scene.warehouseId)))).map((p) => p.shipment)];
    const wrong = [await bareParcel(otherId), await bareParcel(otherId), ...(await Promise.all([1, 2, 3, 4].map(() => orderParcel(otherId)))).map((p) => p.shipment)];
    // Interleaved: both kinds arrive together.
    const all = right.flatMap((s, i) => [s, wrong[i]!]);
    const answers = await Promise.all(all.map((shipment) => scan(scene.picker, { shipment, warehouseInfoId: scene.warehouseId })));
    for (const [i, res] of answers.entries()) {
      expect(res.status, JSON.stringify(res.body.error)).toBe(200);
      expect(res.body.result.action).toBe(i % 2 === 0 ? 'SIGNED' : 'WRONG_WAREHOUSE');
    }
    for (const s of wrong) untouched(await state(s));
    // The transfers, each under a new key, at once.
    const moved = await Promise.all(wrong.map((shipment) => scan(scene.picker, { shipment, warehouseInfoId: scene.warehouseId, transfer: true })));
    for (const res of moved) expect(res.body.result).toMatchObject({ action: 'SIGNED', shelfNumber: null, parcel: { warehouseInfoId: scene.warehouseId } });
    for (const s of wrong) expect((await state(s)).audit).toEqual([{ action: 'signIn', note: `转仓签收：申报仓库 ${otherName}` }]);
  });
});
