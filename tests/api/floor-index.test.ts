// FloorIndex/GetExpected (issue 45 item 2, decision 0067): the station's index of expected parcels. A full
// load comes in pages by id; a delta since the load's watermark brings what changed (a sign-in drops the
// parcel and gives its order's other parcels their slot; a cancelled order's declarations are removed;
// a new order's parcels arrive); pending refusals come with each first page; a group member gets only
// what his scope shows. Runs on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, createTestApp, rowsOf, signIn, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { createUser } from '../factories/identity.ts';
import { buildOrder, createOrder, trackingNo } from '../factories/orders.ts';
import { parcelScene, type ParcelScene } from '../factories/parcels.ts';

interface Row { n: string; u: string | null; o: number | null; t: string | null; s: string | null; k: 'd' | 's'; w: number | null; h?: string }
interface Page { rows: Row[]; removed: string[]; refusals: string[] | null; next: number | null; watermark: string; reset: boolean }

describe('FloorIndex/GetExpected', () => {
  let t: TestApp;
  let scene: ParcelScene;
  let overseasA: number;
  let overseasB: number;
  let member: Caller;

  beforeAll(async () => {
    t = await createTestApp();
    scene = await parcelScene(t, { ownWarehouse: `索引仓${Date.now()}` });
    const make = async (body: Record<string, unknown>) => {
      const res = await call(t.app, 'POST', svc('WarehouseInfo', 'EditWarehouseInfo'), scene.admin, body);
      expect(res.status, JSON.stringify(res.body.error)).toBe(200);
      return res.body.result.id as number;
    };
    overseasA = await make({ warehouseName: `索引台北仓${Date.now()}`, kind: 2, site: 'TW', address: '台北市' });
    overseasB = await make({ warehouseName: `索引高雄仓${Date.now()}`, kind: 2, site: 'TW', address: '高雄市' });
    const m = await createUser(t.app, scene.admin, { roleNames: ['Warehouse'] });
    const group = await call(t.app, 'POST', svc('BackGroup', 'AddGroup'), scene.admin, {
      groupName: `索引组${Date.now()}`, crossBorderSites: [], nativeSites: [], abroadWarehouses: [overseasB], groupPersonnels: [m.id], isOk: true,
    });
    expect(group.status, JSON.stringify(group.body.error)).toBe(200);
    member = await signIn(t.app, m.userName, m.password, 1);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async (who: Caller, query: Record<string, unknown>) => {
    const res = await call<Page>(t.app, 'GET', svc('FloorIndex', 'GetExpected'), who, query);
    expect(res.status, JSON.stringify(res.body.error)).toBe(200);
    return res.body.result;
  };
  /** Every page of a load (no `since`) or a delta, as the station reads them. */
  const all = async (who: Caller, since?: string, size = 3) => {
    const pages: Page[] = [];
    let after: number | undefined;
    do {
      const page = await get(who, { maxResultCount: size, ...(since ? { since } : {}), ...(after !== undefined ? { after } : {}) });
      pages.push(page);
      after = page.next ?? undefined;
    } while (after !== undefined && pages.length < 1000);
    return {
      pages, rows: new Map(pages.flatMap((p) => p.rows).map((r) => [r.n, r])), removed: new Set(pages.flatMap((p) => p.removed)),
      refusals: pages[0]!.refusals, watermark: pages[0]!.watermark,
    };
  };

  it('loads every declared parcel in pages, with its seller, order, slot, kind and warehouse, and the pending refusals', async () => {
    await createOrder(t.app, scene.seller, buildOrder(scene.storeId, scene.warehouseId));
    const input = buildOrder(scene.storeId, scene.warehouseId);
    const order = await createOrder(t.app, scene.seller, input);
    const [a, b] = input.orderProductInfosList.map((l) => l.shipment) as [string, string];
    const refused = trackingNo('RJ');
    const rejection = await call(t.app, 'POST', svc('ExpressRejection', 'CreateRejectionInfo'), scene.seller, { shipment: refused, expressCompany: '中通快递', warehouseInfoId: scene.warehouseId, reMark: '发错货' });
    expect(rejection.status, JSON.stringify(rejection.body.error)).toBe(200);
    const load = await all(scene.picker);
    expect(load.pages.length).toBeGreaterThan(1);
    expect(load.pages.every((p) => p.rows.length <= 3 && p.removed.length === 0 && !p.reset)).toBe(true);
    expect(load.pages.slice(1).every((p) => p.refusals === null)).toBe(true);
    expect(load.rows.get(a)).toEqual({ n: a, u: scene.seller.userCode, o: order.id, t: order.tradeNo, s: null, k: 'd', w: scene.warehouseId });
    expect(load.rows.get(b)).toMatchObject({ o: order.id, t: order.tradeNo });
    expect(load.refusals).toContain(refused);
    // The numbers of the scene's earlier declarations are there once each; no signed parcel is.
    const [{ n }] = rowsOf<{ n: number }>(await t.database.root.execute(sql`select count(*)::int as n from parcels where tenant_id = 1 and receive_status = 0`));
    expect(load.rows.size).toBe(n);
  });

  it('answers a delta: a signed parcel removed, its order\'s other parcel with the slot, a cancelled order\'s removed, a new order\'s added', async () => {
    const input = buildOrder(scene.storeId, scene.warehouseId);
    const order = await createOrder(t.app, scene.seller, input);
    const [a, b] = input.orderProductInfosList.map((l) => l.shipment) as [string, string];
    const gone = buildOrder(scene.storeId, scene.warehouseId);
    const goneOrder = await createOrder(t.app, scene.seller, gone);
    const load = await all(scene.picker);
    expect(load.rows.get(b)?.s).toBeNull();

    const signed = await call(t.app, 'POST', svc('Logistics', 'SignByScan'), scene.picker, { shipment: a, warehouseInfoId: scene.warehouseId });
    expect(signed.body.result).toMatchObject({ action: 'SIGNED' });
    const slot = signed.body.result.shelfNumber as string;
    expect(slot).toMatch(/^H\d+/);
    expect((await call(t.app, 'POST', `${svc('FrontOrder', 'CancelOrder')}?id=${goneOrder.id}`, scene.seller)).status).toBe(200);
    const fresh = buildOrder(scene.storeId, scene.warehouseId);
    const freshOrder = await createOrder(t.app, scene.seller, fresh);

    const delta = await all(scene.picker, load.watermark);
    expect(delta.pages.every((p) => !p.reset)).toBe(true);
    expect(delta.removed.has(a)).toBe(true);
    expect(delta.rows.has(a)).toBe(false);
    expect(delta.rows.get(b)).toEqual({ n: b, u: scene.seller.userCode, o: order.id, t: order.tradeNo, s: slot, k: 'd', w: scene.warehouseId });
    for (const l of gone.orderProductInfosList) {
      expect(delta.removed.has(l.shipment)).toBe(true);
      expect(delta.rows.has(l.shipment)).toBe(false);
    }
    for (const l of fresh.orderProductInfosList) expect(delta.rows.get(l.shipment)).toMatchObject({ o: freshOrder.id, t: freshOrder.tradeNo, s: null });
    expect(delta.refusals).not.toBeNull();
  });

  it('says an order on hold (问题件) on its parcels\' rows, by a load and by a delta, and drops it when the hold is lifted', async () => {
    const input = buildOrder(scene.storeId, scene.warehouseId);
    const order = await createOrder(t.app, scene.seller, input);
    const [a] = input.orderProductInfosList.map((l) => l.shipment) as [string];
    // The parcels changed long ago: only the hold can bring them into a delta (not the delta's overlap).
    await t.database.root.execute(sql`update parcels set index_changed_at = now() - interval '1 hour' where order_id = ${order.id}`);
    const before = await all(scene.picker, undefined, 5000);
    expect(before.rows.get(a)).not.toHaveProperty('h');
    const status = async (orderStatus: number, reason?: string) => {
      const res = await call(t.app, 'POST', svc('BackOrder', 'ProcesOrderStatu'), scene.picker, { ids: [order.id], orderStatus, ...(reason ? { reason } : {}) });
      expect(res.status, JSON.stringify(res.body.error)).toBe(200);
    };

    await status(7, '面单模糊');
    const held = await all(scene.picker, before.watermark, 5000);
    expect(held.rows.get(a)).toEqual({ n: a, u: scene.seller.userCode, o: order.id, t: order.tradeNo, s: null, k: 'd', w: scene.warehouseId, h: '面单模糊' });
    expect((await all(scene.picker, undefined, 5000)).rows.get(a)).toMatchObject({ h: '面单模糊' });

    await t.database.root.execute(sql`update parcels set index_changed_at = now() - interval '1 hour' where order_id = ${order.id}`);
    const heldLoad = await all(scene.picker, undefined, 5000);
    await status(1, '已确认');
    const lifted = await all(scene.picker, heldLoad.watermark, 5000);
    expect(lifted.rows.get(a)).toEqual({ n: a, u: scene.seller.userCode, o: order.id, t: order.tradeNo, s: null, k: 'd', w: scene.warehouseId });
  });

  it('names a stock record\'s parcel as kind s with its record', async () => {
    const logisticsNumber = trackingNo('SR');
    const res = await call(t.app, 'POST', svc('FrontStock', 'EditStock'), scene.seller, {
      storeId: scene.storeId, warehouseInfoId: scene.warehouseId, productSku: 'IDX-1', productName: '索引商品', productNums: 2, packageNums: 1, logisticsNumber,
    });
    expect(res.status, JSON.stringify(res.body.error)).toBe(200);
    const load = await all(scene.picker, undefined, 5000);
    expect(load.rows.get(logisticsNumber)).toMatchObject({ k: 's', o: null, t: res.body.result.tradeNo, u: scene.seller.userCode, w: scene.warehouseId });
  });

  it('asks for a full load again when the watermark is older than a day', async () => {
    const old = new Date(Date.now() - 25 * 3_600_000).toISOString();
    expect(await get(scene.picker, { since: old })).toMatchObject({ reset: true, rows: [], removed: [], next: null });
  });

  it('gives a group member only the parcels his scope shows, and a seller nothing', async () => {
    const theirs = buildOrder(scene.storeId, overseasA);
    await createOrder(t.app, scene.seller, theirs);
    const his = buildOrder(scene.storeId, overseasB);
    await createOrder(t.app, scene.seller, his);
    const load = await all(member, undefined, 5000);
    expect(load.rows.has(his.orderProductInfosList[0]!.shipment)).toBe(true);
    expect(load.rows.has(theirs.orderProductInfosList[0]!.shipment)).toBe(false);
    const delta = await all(member, load.watermark, 5000);
    expect(delta.rows.has(theirs.orderProductInfosList[0]!.shipment)).toBe(false);
    expect((await call(t.app, 'GET', svc('FloorIndex', 'GetExpected'), scene.seller, {})).status).toBe(403);
  });
});
