// Group scope over rows that carry no site of their own (issue 42 item 2, decision 0023): audit rows,
// marketplace returns, urge requests and the dashboard's figures reach a site through their order,
// parcel or stock record, and a member limited to TW sees none of another site's. Over HTTP, on
// PGlite and, with DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { AUDIT_ENTITIES } from '#shared/contracts/orders.ts';
import { PERMISSION_NAMES, isSellerPermission } from '#shared/permissions.ts';
import { AUDIT_ENTITY_TABLES } from '#server/db/schema/tenancy.ts';
import { call, createTestApp, signIn, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { createUser, registerSeller } from '../factories/identity.ts';
import { buildOrder, createOrder, createStore } from '../factories/orders.ts';
import { shelveStock } from '../factories/stock.ts';

type Order = Awaited<ReturnType<typeof createOrder>> & { orderNumber: string };

let t: TestApp;
let admin: Caller;
let member: Caller & { userId: number };
let seller: Awaited<ReturnType<typeof registerSeller>>;
let warehouseId: number;
let twStoreId: number;
let myStoreId: number;
let groupId: number;

const newOrder = async (site: 'TW' | 'MY'): Promise<Order> => {
  const input = buildOrder(site === 'TW' ? twStoreId : myStoreId, warehouseId, { site });
  return { ...(await createOrder(t.app, seller, input)), orderNumber: input.orderNumber };
};
const ok = async (res: Promise<{ status: number; body: { result?: unknown; error?: unknown } }>) => {
  const r = await res;
  expect(r.status, JSON.stringify(r.body.error)).toBe(200);
  return r.body.result as never;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, 'admin', '123qwe', 1);
  seller = await registerSeller(t.app, 1);
  warehouseId = (await call(t.app, 'GET', svc('WarehouseInfo', 'GetWarehouseInfoList'), admin)).body.result.items[0].id as number;
  twStoreId = (await createStore(t.app, admin, seller.userId, { site: 'TW' })).id;
  myStoreId = (await createStore(t.app, admin, seller.userId, { site: 'MY', storeAddress: '吉隆坡' })).id;
  // Every back-office permission but warehouse.Manages (which lifts the scope).
  const grantedPermissions = [...PERMISSION_NAMES].filter((p) => !isSellerPermission(p) && p !== 'warehouse.Manages' && p !== 'Pages.Tenants');
  await ok(call(t.app, 'POST', svc('Role', 'Create'), admin, { name: 'Supervisor', displayName: '主管', grantedPermissions }));
  const m = await createUser(t.app, admin, { roleNames: ['Supervisor'] });
  member = await signIn(t.app, m.userName, m.password, 1);
  const group = await ok(call(t.app, 'POST', svc('BackGroup', 'AddGroup'), admin, {
    groupName: '台湾组', crossBorderSites: ['TW'], nativeSites: [], abroadWarehouses: [], groupPersonnels: [member.userId], isOk: true,
  })) as { id: number };
  groupId = group.id;
});

afterAll(async () => { await t?.close(); });

describe('group scope over rows without a site', () => {
  it('every audit entity but the advance order (a tracking number no order names) reaches its site through a table', () => {
    expect(AUDIT_ENTITIES.filter((e) => !(e in AUDIT_ENTITY_TABLES))).toEqual(['advanceOrder']);
  });

  it('OrderOperate/GetList: a member sees the audit rows of his site\'s orders only', async () => {
    const [tw, my] = [await newOrder('TW'), await newOrder('MY')];
    for (const o of [tw, my]) await ok(call(t.app, 'POST', `${svc('BackOrder', 'arriveWarehouse')}?tradeNo=${o.tradeNo}`, admin));
    const trail = async (who: Caller, number?: string) => {
      const res = await ok(call(t.app, 'GET', svc('OrderOperate', 'GetList'), who, { maxResultCount: 500, ...(number ? { number } : {}) })) as
        { totalCount: number; items: { tradeNo: string | null; entity: string }[] };
      return res;
    };
    expect((await trail(admin, my.tradeNo)).items.length).toBeGreaterThan(0);
    expect((await trail(member, my.tradeNo))).toMatchObject({ totalCount: 0, items: [] });
    expect((await trail(member, tw.tradeNo)).items.length).toBe((await trail(admin, tw.tradeNo)).items.length);
    const all = await trail(member);
    expect(all.items.map((r) => r.tradeNo)).not.toContain(my.tradeNo);
    expect(all.items.map((r) => r.tradeNo)).toContain(tw.tradeNo);
    expect(all.totalCount).toBeLessThan((await trail(admin)).totalCount);
  });

  it('Dashboard/GetStaffSummary: the member\'s figures count only his site (packed, charged, urge requests)', async () => {
    const summary = (who: Caller) => ok(call(t.app, 'GET', svc('Dashboard', 'GetStaffSummary'), who)) as Promise<{
      packed: number; charged: number; urgent: number; owingFreight: number;
    }>;
    const [tw, my] = [await newOrder('TW'), await newOrder('MY')];
    const before = { member: await summary(member), admin: await summary(admin) };
    for (const o of [tw, my]) {
      await ok(call(t.app, 'POST', `${svc('BackOrder', 'arriveWarehouse')}?tradeNo=${o.tradeNo}`, admin));
      await ok(call(t.app, 'POST', svc('BackOrder', 'WarehouseOrderPacked'), admin, { tradeNo: o.tradeNo }));
      await ok(call(t.app, 'POST', svc('FrontUrgentOrder', 'CreateUrgent'), seller, { orderId: o.id, message: '请尽快发货' }));
    }
    // A charge on each order, as weighing would post them.
    await t.database.root.execute(sql`insert into account_flows (tenant_id, user_id, user_code, channel, incurred_cents, balance_cents, ref, trade_no)
      values (1, ${seller.userId}, 'S1', 4, -150, -150, ${`dash-${tw.tradeNo}`}, ${tw.tradeNo}), (1, ${seller.userId}, 'S1', 4, -275, -425, ${`dash-${my.tradeNo}`}, ${my.tradeNo})`);
    const after = { member: await summary(member), admin: await summary(admin) };
    expect(after.admin.packed - before.admin.packed).toBe(2);
    expect(after.member.packed - before.member.packed).toBe(1);
    expect(after.admin.urgent - before.admin.urgent).toBe(2);
    expect(after.member.urgent - before.member.urgent).toBe(1);
    expect(Math.round((after.admin.charged - before.admin.charged) * 100)).toBe(425);
    expect(Math.round((after.member.charged - before.member.charged) * 100)).toBe(150);
  });

  it('ShopeeOrderReturn: another site\'s return is not listed and Update on it is 404', async () => {
    const [tw, my] = [await newOrder('TW'), await newOrder('MY')];
    const scanIn = (o: Order) => ok(call(t.app, 'POST',
      `${svc('ShopeeOrderReturn', 'CheckUserCode')}?orderNumber=${o.orderNumber}&warehouseInfoId=${warehouseId}`, admin)) as Promise<{ id: number }>;
    const [twReturn, myReturn] = [await scanIn(tw), await scanIn(my)];
    const listed = async (who: Caller, filter: Record<string, unknown> = {}) =>
      ((await ok(call(t.app, 'GET', svc('ShopeeOrderReturn', 'GetShopeeOrderReturnList'), who, { maxResultCount: 100, ...filter }))) as
        { items: { id: number }[] }).items.map((r) => r.id);
    expect(await listed(admin)).toEqual(expect.arrayContaining([twReturn.id, myReturn.id]));
    expect(await listed(member)).toContain(twReturn.id);
    expect(await listed(member)).not.toContain(myReturn.id);
    expect(await listed(member, { orderNumber: my.orderNumber })).toEqual([]);
    const update = (id: number) => call(t.app, 'POST', svc('ShopeeOrderReturn', 'Update'), member, { id, reMark: '看过了' });
    expect((await update(myReturn.id)).status).toBe(404);
    const untouched = await listed(admin, { orderNumber: my.orderNumber });
    expect(untouched).toEqual([myReturn.id]);
    const mine = await update(twReturn.id);
    expect(mine.status, JSON.stringify(mine.body.error)).toBe(200);
    expect(mine.body.result.warehouseRemark).toBe('看过了');
    // The MY return's audit rows stay out of the member's trail too.
    const trail = await ok(call(t.app, 'GET', svc('OrderOperate', 'GetList'), member, { entity: 'orderReturn', maxResultCount: 100 })) as
      { items: { entityId: number }[] };
    expect(trail.items.map((r) => r.entityId)).not.toContain(myReturn.id);
    expect(trail.items.map((r) => r.entityId)).toContain(twReturn.id);
  });

  it('urge requests follow their order: not listed, and a reply to another site\'s is 404', async () => {
    const [tw, my] = [await newOrder('TW'), await newOrder('MY')];
    const urge = (o: Order) => ok(call(t.app, 'POST', svc('FrontUrgentOrder', 'CreateUrgent'), seller, { orderId: o.id, message: '催一下' })) as Promise<{ id: number }>;
    const [twUrge, myUrge] = [await urge(tw), await urge(my)];
    const listed = async (who: Caller) =>
      ((await ok(call(t.app, 'GET', svc('BackUrgentOrder', 'GetUrgentDataList'), who, { maxResultCount: 100 }))) as { items: { id: number }[] }).items.map((r) => r.id);
    expect(await listed(admin)).toEqual(expect.arrayContaining([twUrge.id, myUrge.id]));
    expect(await listed(member)).toContain(twUrge.id);
    expect(await listed(member)).not.toContain(myUrge.id);
    expect((await call(t.app, 'POST', svc('BackUrgentOrder', 'ProcessUrgentOrder'), member, { id: myUrge.id, reply: '好的' })).status).toBe(404);
    await ok(call(t.app, 'POST', svc('BackUrgentOrder', 'ProcessUrgentOrder'), member, { id: twUrge.id, reply: '好的' }));
  });

  it('the shelving statistic counts the member\'s site\'s stock: a shelving reaches its site through its stock record', async () => {
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    const shelved = async (who: Caller) => {
      const rows = await ok(call(t.app, 'GET', svc('StatisticalRecords', 'GetProductStoreStatisticalList'), who, { startTime: day, endTime: day })) as { storeCount: number }[];
      return rows.reduce((n, r) => n + r.storeCount, 0);
    };
    const before = { member: await shelved(member), admin: await shelved(admin) };
    await shelveStock(t.app, admin, seller, { storeId: twStoreId, warehouseInfoId: warehouseId }, `TWSKU-${Date.now().toString(36)}`, 2);
    await shelveStock(t.app, admin, seller, { storeId: myStoreId, warehouseInfoId: warehouseId }, `MYSKU-${Date.now().toString(36)}`, 2);
    expect(await shelved(admin) - before.admin).toBe(2);
    expect(await shelved(member) - before.member).toBe(1);
  });

  it('without the group the member sees everything again', async () => {
    const my = await newOrder('MY');
    await ok(call(t.app, 'POST', `${svc('BackOrder', 'arriveWarehouse')}?tradeNo=${my.tradeNo}`, admin));
    await ok(call(t.app, 'GET', svc('BackGroup', 'DeleteGroup'), admin, { groupId }));
    const trail = await ok(call(t.app, 'GET', svc('OrderOperate', 'GetList'), member, { number: my.tradeNo })) as { items: unknown[] };
    expect(trail.items.length).toBeGreaterThan(0);
  });
});
