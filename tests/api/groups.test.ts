// Groups (BackGroup) and the data scope they give their members (DOMAIN §1, §8; decision 0023):
// a member without warehouse.Manages sees only the group's sites and overseas warehouses, in every
// staff list and detail, because row-level security filters the rows, not each screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { services } from '#shared/contracts/index.ts';
import { actionUrl, type ActionDef, type ServiceDef } from '#shared/contracts/define.ts';
import { PERMISSION_NAMES, USER_TYPE, isSellerPermission } from '#shared/permissions.ts';
import { sideOf } from '#server/plugins/services.ts';
import { call, createTestApp, signIn, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { createUser, registerSeller } from '../factories/identity.ts';
import { buildOrder, createOrder, createStore } from '../factories/orders.ts';
import { shelveStock } from '../factories/stock.ts';

let t: TestApp;
let admin: Caller;
let seller: Awaited<ReturnType<typeof registerSeller>>;
let member: Caller & { userId: number };
let manager: Caller & { userId: number };
let twOrder: { id: number; tradeNo: string };
let myOrder: { id: number; tradeNo: string };
let myStoreId: number;
let warehouseId: number;

const G = (action: string) => svc('BackGroup', action);
const orderIds = async (who: Caller) => {
  const res = await call(t.app, 'GET', svc('BackOrder', 'GetOrderList'), who, { userId: seller.userId, maxResultCount: 100 });
  expect(res.status, JSON.stringify(res.body.error)).toBe(200);
  return (res.body.result.items as { id: number }[]).map((o) => o.id).sort((a, b) => a - b);
};
const orderInfo = (who: Caller, id: number) => call(t.app, 'GET', svc('BackOrder', 'GetOrderInfo'), who, { id });
/** Every cell of the mainland order export (an xlsx streamed from its own transaction). */
async function exportedCells(who: Caller): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/File/GetExpressExportMainlandOrderInfo', headers: { authorization: `Bearer ${who.token}`, 'abp.tenantid': '1' } });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const cells: string[] = [];
  wb.worksheets[0]!.eachRow((row) => { for (const v of (row.values as unknown[]).slice(1)) cells.push(String(v ?? '')); });
  return cells;
}

/** A staff role with every back-office permission except warehouse.Manages (which lifts the scope). */
async function supervisorRole(): Promise<string> {
  const grantedPermissions = [...PERMISSION_NAMES].filter((p) => !isSellerPermission(p) && p !== 'warehouse.Manages' && p !== 'Pages.Tenants');
  const res = await call(t.app, 'POST', svc('Role', 'Create'), admin, { name: 'Supervisor', displayName: '主管', grantedPermissions });
  expect(res.status, JSON.stringify(res.body.error)).toBe(200);
  return 'Supervisor';
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, 'admin', '123qwe', 1);
  seller = await registerSeller(t.app, 1);
  warehouseId = (await call(t.app, 'GET', svc('WarehouseInfo', 'GetWarehouseInfoList'), admin)).body.result.items[0].id as number;
  const twStore = await createStore(t.app, admin, seller.userId, { site: 'TW' });
  const myStore = await createStore(t.app, admin, seller.userId, { site: 'MY', storeAddress: '吉隆坡' });
  twOrder = await createOrder(t.app, seller, buildOrder(twStore.id, warehouseId, { site: 'TW' }));
  myOrder = await createOrder(t.app, seller, buildOrder(myStore.id, warehouseId, { site: 'MY' }));
  myStoreId = myStore.id;
  const role = await supervisorRole();
  const m = await createUser(t.app, admin, { roleNames: [role] });
  member = await signIn(t.app, m.userName, m.password, 1);
  const grant = await call(t.app, 'POST', svc('Role', 'Create'), admin, { name: 'Keeper', displayName: '仓库主管', grantedPermissions: ['warehouse.Manages', 'Order.Manages'] });
  expect(grant.status).toBe(200);
  const withManages = await createUser(t.app, admin, { roleNames: ['Keeper'] });
  manager = await signIn(t.app, withManages.userName, withManages.password, 1);
});

afterAll(async () => { await t?.close(); });

describe('BackGroup', () => {
  it('adds, lists, renames (keeping the id) and deletes a group; the spec\'s singular fields are comma-joined', async () => {
    const added = await call(t.app, 'POST', G('AddGroup'), admin, {
      groupName: '东南亚组', crossBorderSites: ['MY', 'SG'], nativeSites: ['TW'], abroadWarehouses: [], groupPersonnels: [member.userId], isOk: true,
    });
    expect(added.status, JSON.stringify(added.body.error)).toBe(200);
    const group = added.body.result;
    expect(group).toMatchObject({
      id: expect.any(Number), groupName: '东南亚组', tenantId: 1, isOk: true, crossBorderSites: ['MY', 'SG'], crossBorderSite: 'MY,SG',
      nativeSites: ['TW'], nativeSite: 'TW', abroadWarehouses: [], abroadWarehouse: '', groupPersonnels: [member.userId], groupPersonnel: String(member.userId),
      lastModificationTime: null,
    });
    const renamed = await call(t.app, 'POST', G('UpdateGroupName'), admin, { id: group.id, groupName: '东南亚一组' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.result).toMatchObject({ id: group.id, groupName: '东南亚一组', crossBorderSites: ['MY', 'SG'] });
    expect(renamed.body.result.lastModificationTime).not.toBeNull();
    const list = await call(t.app, 'GET', G('GetAllList'), admin);
    expect(list.body.result.map((g: { id: number; groupName: string }) => [g.id, g.groupName])).toEqual([[group.id, '东南亚一组']]);
    expect((await call(t.app, 'GET', G('DeleteGroup'), admin, { groupId: group.id })).status).toBe(200);
    expect((await call(t.app, 'GET', G('GetAllList'), admin)).body.result).toEqual([]);
    expect((await call(t.app, 'GET', G('DeleteGroup'), admin, { groupId: group.id })).status).toBe(404);
    expect((await call(t.app, 'POST', G('UpdateGroupName'), admin, { id: group.id, groupName: 'x' })).status).toBe(404);
  });

  it('refuses unknown sites, mainland or unknown warehouses, sellers as members and a taken name', async () => {
    const base = { groupName: '校验组', crossBorderSites: ['TW'], nativeSites: [], abroadWarehouses: [], groupPersonnels: [], isOk: true };
    const badSite = await call(t.app, 'POST', G('AddGroup'), admin, { ...base, crossBorderSites: ['XX'] });
    expect(badSite.status).toBe(400);
    expect(badSite.body.error!.validationErrors![0]!.members[0]).toMatch(/^crossBorderSites/);
    const mainland = await call(t.app, 'POST', G('AddGroup'), admin, { ...base, abroadWarehouses: [warehouseId] });
    expect(mainland.status).toBe(400);
    expect(mainland.body.error!.validationErrors![0]!.members).toEqual(['abroadWarehouses']);
    const sellerMember = await call(t.app, 'POST', G('AddGroup'), admin, { ...base, groupPersonnels: [seller.userId] });
    expect(sellerMember.status).toBe(400);
    expect(sellerMember.body.error!.validationErrors![0]!.members).toEqual(['groupPersonnels']);
    const first = await call(t.app, 'POST', G('AddGroup'), admin, base);
    expect(first.status).toBe(200);
    const again = await call(t.app, 'POST', G('AddGroup'), admin, base);
    expect(again.status).toBe(409);
    expect((await call(t.app, 'GET', G('GetAllList'), admin)).body.result).toHaveLength(1);
    await call(t.app, 'GET', G('DeleteGroup'), admin, { groupId: first.body.result.id });
  });

  it('is the staff\'s: a seller gets 403 on every action', async () => {
    expect((await call(t.app, 'GET', G('GetAllList'), seller)).status).toBe(403);
    expect((await call(t.app, 'POST', G('AddGroup'), seller, { groupName: '卖家组' })).status).toBe(403);
    expect((await call(t.app, 'POST', G('UpdateGroupName'), seller, { id: 1, groupName: 'x' })).status).toBe(403);
    expect((await call(t.app, 'GET', G('DeleteGroup'), seller, { groupId: 1 })).status).toBe(403);
  });
});

describe('data scope', () => {
  it('a TW group member lists only the TW order, the MY detail is 404, admin sees both; deleting the group gives both back', async () => {
    const both = [twOrder.id, myOrder.id].sort((a, b) => a - b);
    expect(await orderIds(member)).toEqual(both);
    const group = (await call(t.app, 'POST', G('AddGroup'), admin, {
      groupName: '台湾组', crossBorderSites: ['TW'], nativeSites: [], abroadWarehouses: [], groupPersonnels: [member.userId, manager.userId], isOk: true,
    })).body.result;
    expect(await orderIds(member)).toEqual([twOrder.id]);
    expect((await orderInfo(member, twOrder.id)).status).toBe(200);
    expect((await orderInfo(member, myOrder.id)).status).toBe(404);
    // The export too: it reads in a transaction of its own, which carries the same scope.
    const exported = await exportedCells(member);
    expect(exported).toContain(twOrder.tradeNo);
    expect(exported).not.toContain(myOrder.tradeNo);
    expect(await exportedCells(admin)).toEqual(expect.arrayContaining([twOrder.tradeNo, myOrder.tradeNo]));
    expect(await orderIds(admin)).toEqual(both);
    // warehouse.Manages lifts the scope even inside the group.
    expect(await orderIds(manager)).toEqual(both);
    // Renaming changes nothing about the scope.
    await call(t.app, 'POST', G('UpdateGroupName'), admin, { id: group.id, groupName: '台湾小组' });
    expect(await orderIds(member)).toEqual([twOrder.id]);
    await call(t.app, 'GET', G('DeleteGroup'), admin, { groupId: group.id });
    expect(await orderIds(member)).toEqual(both);
    expect((await orderInfo(member, myOrder.id)).status).toBe(200);
  });

  it('a disabled group (isOk false) scopes nobody', async () => {
    const group = (await call(t.app, 'POST', G('AddGroup'), admin, {
      groupName: '停用组', crossBorderSites: ['TW'], groupPersonnels: [member.userId], isOk: false,
    })).body.result;
    expect(await orderIds(member)).toEqual([twOrder.id, myOrder.id].sort((a, b) => a - b));
    await call(t.app, 'GET', G('DeleteGroup'), admin, { groupId: group.id });
  });

  it('overseas warehouses narrow warehouse data: orders at another overseas warehouse are hidden, mainland ones stay', async () => {
    const addWarehouse = async (name: string) => {
      const res = await call(t.app, 'POST', svc('WarehouseInfo', 'EditWarehouseInfo'), admin, { warehouseName: name, kind: 2, site: 'MY' });
      expect(res.status, JSON.stringify(res.body.error)).toBe(200);
      return res.body.result.id as number;
    };
    const mine = await addWarehouse('吉隆坡一仓');
    const other = await addWarehouse('吉隆坡二仓');
    const group = (await call(t.app, 'POST', G('AddGroup'), admin, {
      groupName: '海外组', crossBorderSites: ['TW', 'MY'], abroadWarehouses: [mine], groupPersonnels: [member.userId],
    })).body.result;
    // Orders written straight into the table: whichever screen made them, the scope reads the warehouse column.
    await t.database.root.execute(`update orders set warehouse_info_id = ${other} where id = ${myOrder.id}`);
    try {
      expect(await orderIds(member)).toEqual([twOrder.id]);
      await t.database.root.execute(`update orders set warehouse_info_id = ${mine} where id = ${myOrder.id}`);
      expect(await orderIds(member)).toEqual([twOrder.id, myOrder.id].sort((a, b) => a - b));
      // The other overseas warehouse is not his: not listed, and a scan there is refused (400), not a 500.
      const listed = (who: Caller) => call(t.app, 'GET', svc('WarehouseInfo', 'GetWarehouseInfoList'), who, { maxResultCount: 100 })
        .then((r) => (r.body.result.items as { id: number }[]).map((w) => w.id));
      expect(await listed(member)).toEqual(expect.arrayContaining([warehouseId, mine]));
      expect(await listed(member)).not.toContain(other);
      expect(await listed(admin)).toContain(other);
      // A courier's hand-over at the other overseas warehouse: not in his list either.
      const handedOver = `SCOPE-COURIER-${Date.now().toString(36)}`;
      await t.database.root.execute(sql`insert into courier_express_deliveries (tenant_id, warehouse_info_id, courier_company_code, shipment) values (1, ${other}, 'SF', ${handedOver})`);
      const deliveries = (who: Caller) => call(t.app, 'GET', svc('CourierExpressDelivery', 'GetList'), who, { maxResultCount: 100 })
        .then((r) => JSON.stringify(r.body.result));
      expect(await deliveries(admin)).toContain(handedOver);
      expect(await deliveries(member)).not.toContain(handedOver);
      const scan = await call(t.app, 'POST', svc('Logistics', 'SignByScan'), member, { shipment: 'SCOPE-OTHER-1', warehouseInfoId: other });
      expect(scan.status).toBe(400);
      expect(scan.body.error!.validationErrors![0]!.members).toEqual(['warehouseInfoId']);
    } finally {
      await t.database.root.execute(`update orders set warehouse_info_id = ${warehouseId} where id = ${myOrder.id}`);
      await call(t.app, 'GET', G('DeleteGroup'), admin, { groupId: group.id });
    }
  });

  it('as a matrix over the registry: no staff list, detail, export or statistic answers a scoped member a row of another site, with a site of its own or reached through its order, parcel or stock', async () => {
    // Another site's order, and what hangs off it without a site of its own: its parcel signed in (an
    // inbound record, audit rows), a marketplace return scanned in, an urge request.
    const my = { ...buildOrder(myStoreId, warehouseId, { site: 'MY' }) };
    const myCreated = await createOrder(t.app, seller, my);
    const myShipments = my.orderProductInfosList.map((l) => l.shipment);
    const signed = await call(t.app, 'POST', svc('Logistics', 'SignByScan'), admin, { shipment: myShipments[0], warehouseInfoId: warehouseId });
    expect(signed.status, JSON.stringify(signed.body.error)).toBe(200);
    const myReturn = await call(t.app, 'POST', `${svc('ShopeeOrderReturn', 'CheckUserCode')}?orderNumber=${my.orderNumber}&warehouseInfoId=${warehouseId}`, admin);
    expect(myReturn.status, JSON.stringify(myReturn.body.error)).toBe(200);
    const myUrge = await call(t.app, 'POST', svc('FrontUrgentOrder', 'CreateUrgent'), seller, { orderId: myCreated.id, message: '矩阵催单' });
    expect(myUrge.status, JSON.stringify(myUrge.body.error)).toBe(200);
    // Stock of the MY store shelved: its record, product, movements (ListedHistory) and audit rows.
    const mySku = `MYSKU-${Date.now().toString(36)}`;
    await shelveStock(t.app, admin, seller, { storeId: myStoreId, warehouseInfoId: warehouseId }, mySku, 3);
    // A hand-over batch (交接单) of the MY store, written straight into the table.
    const myBatch = `MYBATCH-${Date.now().toString(36)}`;
    await t.database.root.execute(sql`insert into delivery_receipt_batches (tenant_id, store_id, logistic_method, batch_name) values (1, ${myStoreId}, 'SLS', ${myBatch})`);
    // A buyer's return registered against the MY order (as FrontAbroadReturn would, for an overseas one).
    const myReturnNumber = `MYRT-${Date.now().toString(36)}`;
    await t.database.root.execute(sql`insert into abroad_returns (tenant_id, order_id, user_id, warehouse_info_id, return_number, order_number)
      values (1, ${myCreated.id}, ${seller.userId}, ${warehouseId}, ${myReturnNumber}, ${myReturnNumber})`);
    // Whatever names that order, product, batch or return: a row that shows one of these is a row of the MY site.
    const markers = [myCreated.tradeNo, my.orderNumber, ...myShipments, mySku, myBatch, myReturnNumber];
    const showsMy = (text: string) => markers.some((m) => text.includes(m));
    const group = (await call(t.app, 'POST', G('AddGroup'), admin, {
      groupName: '矩阵组', crossBorderSites: ['TW'], groupPersonnels: [member.userId],
    })).body.result;
    const day = (at: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date(at));
    const range = { startTime: day(Date.now() - 7 * 86_400_000), endTime: day(Date.now()) };
    // Details: each MY row's id, whatever the action's id means; a member's answer must name no MY row.
    const ids = [myCreated.id, myReturn.body.result.id as number, myUrge.body.result.id as number, signed.body.result.parcel.id as number];
    /** The answer as text: the envelope's result, or every cell of an xlsx; null for other files (PDF labels, images). */
    const answer = async (who: Caller, url: string, input: Record<string, unknown>, def: ActionDef) => {
      const query = new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)])).toString();
      const res = await t.app.inject({ method: 'GET', url: query ? `${url}?${query}` : url, headers: { authorization: `Bearer ${who.token}`, 'abp.tenantid': '1' } });
      if (!def.file) return { status: res.statusCode, text: res.statusCode === 200 ? JSON.stringify(res.json().result) : '', rows: res.statusCode === 200 ? res.json().result : null };
      if (res.statusCode !== 200 || !String(res.headers['content-type']).includes('spreadsheet')) return { status: res.statusCode, text: null, rows: null };
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const cells: string[] = [];
      wb.eachSheet((sheet) => sheet.eachRow((row) => { for (const v of (row.values as unknown[]).slice(1)) cells.push(String(v ?? '')); }));
      return { status: res.statusCode, text: cells.join('\n'), rows: null };
    };
    // The flow list and its export show a seller's points account whole, on purpose (decision 0023).
    const wholeAccount = new Set(['Flow.getFlowList', 'File.getExcelFlow']);
    try {
      const actions = Object.values(services as Record<string, ServiceDef>).flatMap((service) =>
        Object.entries(service.actions).map(([key, def]) => ({ service, key, def: def as ActionDef })))
        // The member's own actions: warehouse.Manages would lift his scope, so its actions are not his.
        .filter(({ service, def }) => def.method === 'GET' && sideOf(service.name, def.permission) === USER_TYPE.staff
          && def.permission !== 'warehouse.Manages');
      expect(actions.length).toBeGreaterThan(10);
      const checked: string[] = [];
      const answered: string[] = [];
      for (const { service, key, def } of actions) {
        const label = `${service.name}.${key}`;
        if (wholeAccount.has(label)) continue;
        const inputs = [{}, range, ...ids.map((id) => ({ id }))].filter((input) => def.input.safeParse(input).success);
        for (const input of inputs.slice(0, 'id' in (inputs[0] ?? {}) ? ids.length : 1)) {
          const [asMember, asAdmin] = await Promise.all([member, admin].map((who) => answer(who, actionUrl(service, key), input, def)));
          if (asAdmin.status !== 200 || asAdmin.text === null) continue;
          answered.push(label);
          const where = `${label} ${JSON.stringify(input)}`;
          if (!('id' in input)) expect(asMember.status, where).toBe(200);
          if (asMember.text && showsMy(asMember.text)) expect.fail(`${where} answers the TW member a row of the MY site`);
          // Rows with a site of their own: none of another site.
          const rowsOf = (result: unknown): Record<string, unknown>[] =>
            Array.isArray(result) ? result : Array.isArray((result as { items?: unknown })?.items) ? (result as { items: Record<string, unknown>[] }).items : [];
          const memberRows = rowsOf(asMember.rows).filter((r) => r && typeof r === 'object' && 'site' in r);
          expect(memberRows.filter((r) => r.site !== 'TW' && r.site !== null), where).toEqual([]);
          if (showsMy(asAdmin.text)) checked.push(label);
        }
      }
      // The matrix saw lists, exports and details where admin had an MY row the member did not.
      expect(answered.length).toBeGreaterThan(10);
      expect(checked).toEqual(expect.arrayContaining([
        'BackOrder.getOrderList', 'BackOrder.getOrderInfo', 'OrderOperate.getList', 'ShopeeOrderReturn.getShopeeOrderReturnList',
        'BackUrgentOrder.getUrgentDataList', 'IntoLogistics.getIntoLogisticsList', 'File.getExpressExportMainlandOrderInfo',
        'BackStock.getStockList', 'ListedHistory.getList', 'DeliveryReceipt.getList', 'AbroadReturn.getReturnOrderList',
      ]));
    } finally {
      await call(t.app, 'GET', G('DeleteGroup'), admin, { groupId: group.id });
    }
  });

  it('hides rows, not the warehouse: a scoped member takes the next free slot and a scan moves another site\'s order', async () => {
    const group = (await call(t.app, 'POST', G('AddGroup'), admin, {
      groupName: '现场组', crossBorderSites: ['TW'], groupPersonnels: [member.userId],
    })).body.result;
    try {
      const arrive = (who: Caller, tradeNo: string) => call(t.app, 'POST', `${svc('BackOrder', 'ArriveWarehouse')}?tradeNo=${tradeNo}`, who);
      const my = await arrive(admin, myOrder.tradeNo);
      expect(my.status, JSON.stringify(my.body.error)).toBe(200);
      expect((await arrive(member, myOrder.tradeNo)).status).toBe(404);
      // The MY order's slot is hidden from the member but still taken: his order gets another one.
      const tw = await arrive(member, twOrder.tradeNo);
      expect(tw.status, JSON.stringify(tw.body.error)).toBe(200);
      expect(tw.body.result.shelfNumber).toMatch(/^H\d{4}$/);
      expect(tw.body.result.shelfNumber).not.toBe(my.body.result.shelfNumber);

      // A parcel of an MY order scanned by the TW member: signed, and its order moves on with a slot.
      const input = buildOrder(myStoreId, warehouseId, { site: 'MY' });
      const order = await createOrder(t.app, seller, input);
      const scan = await call(t.app, 'POST', svc('Logistics', 'SignByScan'), member, { shipment: input.orderProductInfosList[0]!.shipment, warehouseInfoId: warehouseId });
      expect(scan.status, JSON.stringify(scan.body.error)).toBe(200);
      const detail = (await orderInfo(admin, order.id)).body.result;
      expect(detail.packageStatus).not.toBe(order.packageStatus);
      expect(detail.shelfNumber).toMatch(/^H\d{4}$/);
      expect([my.body.result.shelfNumber, tw.body.result.shelfNumber]).not.toContain(detail.shelfNumber);
    } finally {
      await call(t.app, 'GET', G('DeleteGroup'), admin, { groupId: group.id });
    }
  });

  it('parcels follow their order\'s site in the lists, while the floor still scans any parcel in hand', async () => {
    const twStore = await createStore(t.app, admin, seller.userId, { site: 'TW', storeName: '包裹台湾店' });
    const tw = await createOrder(t.app, seller, buildOrder(twStore.id, warehouseId, { site: 'TW' }));
    const my = await createOrder(t.app, seller, buildOrder(myStoreId, warehouseId, { site: 'MY' }));
    const [twShipment, myShipment] = [tw.orderProductInfosList[0]!.shipment, my.orderProductInfosList[0]!.shipment];
    const listed = async (who: Caller, shipment: string) => {
      const res = await call(t.app, 'GET', svc('Logistics', 'GetLogisticsList'), who, { shipment, maxResultCount: 10 });
      expect(res.status, JSON.stringify(res.body.error)).toBe(200);
      return (res.body.result.items as { shipment: string }[]).map((p) => p.shipment);
    };
    const group = (await call(t.app, 'POST', G('AddGroup'), admin, {
      groupName: '台湾包裹组', crossBorderSites: ['TW'], nativeSites: [], abroadWarehouses: [], groupPersonnels: [member.userId], isOk: true,
    })).body.result;
    expect(await listed(member, twShipment)).toEqual([twShipment]);
    expect(await listed(member, myShipment)).toEqual([]);
    expect(await listed(admin, myShipment)).toEqual([myShipment]);
    // The MY parcel is in the member's hand at the mainland warehouse: the check and the scan see it.
    const check = await call(t.app, 'GET', svc('Logistics', 'IntoLogisticsCheck'), member, { shipment: myShipment });
    expect(check.status, JSON.stringify(check.body.error)).toBe(200);
    expect(check.body.result.action).toBe('SIGN');
    const signed = await call(t.app, 'POST', svc('Logistics', 'SignByScan'), member, { shipment: myShipment, warehouseInfoId: warehouseId });
    expect(signed.status, JSON.stringify(signed.body.error)).toBe(200);
    expect(signed.body.result.action).toBe('SIGNED');
    // With an Idempotency-Key, as the floor app sends every scan: the scan inside the member's unscoped
    // stretch ends the transaction with its answer (decision 0040); answered, stored, replayed.
    const keyedScan = () => call(t.app, 'POST', svc('Logistics', 'SignByScan'), member, { shipment: twShipment, warehouseInfoId: warehouseId }, { 'Idempotency-Key': `scoped-${twShipment}` });
    const first = await keyedScan();
    expect(first.status, JSON.stringify(first.body.error)).toBe(200);
    expect(first.body.result.action).toBe('SIGNED');
    const again = await keyedScan();
    expect(again.status, JSON.stringify(again.body.error)).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.result).toEqual(first.body.result);
    expect(await listed(member, myShipment)).toEqual([]);
    await call(t.app, 'GET', G('DeleteGroup'), admin, { groupId: group.id });
    expect(await listed(member, myShipment)).toEqual([myShipment]);
  });

  it('statistics count only the member\'s sites: packing by the order\'s site, consumption by the flow\'s order', async () => {
    const stat = (action: string) => svc('StatisticalRecords', action);
    const twStore = await createStore(t.app, admin, seller.userId, { site: 'TW', storeName: '统计台湾店' });
    const tw = await createOrder(t.app, seller, buildOrder(twStore.id, warehouseId, { site: 'TW' }));
    const my = await createOrder(t.app, seller, buildOrder(myStoreId, warehouseId, { site: 'MY' }));
    const dayIn = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(at);
    // From a week back: the closed days go through the tenant-wide rollups for admin, never for the member.
    const range = { startTime: dayIn(new Date(Date.now() - 7 * 86_400_000)), endTime: dayIn(new Date()) };
    const packedCount = async (who: Caller) => {
      const res = await call(t.app, 'GET', stat('GetPackedPackNumsList'), who, range);
      expect(res.status, JSON.stringify(res.body.error)).toBe(200);
      return (res.body.result.items as { packedOrderNums: number }[]).reduce((n, r) => n + r.packedOrderNums, 0);
    };
    const charged = async (who: Caller) => {
      const res = await call(t.app, 'GET', stat('GetStatisticalConsumptionFlowList'), who, range);
      expect(res.status, JSON.stringify(res.body.error)).toBe(200);
      const rows = res.body.result as { channel: number; incurredAmount: number }[];
      return Math.round(rows.filter((r) => r.channel === 2).reduce((n, r) => n + r.incurredAmount, 0) * 100);
    };
    const group = (await call(t.app, 'POST', G('AddGroup'), admin, {
      groupName: '台湾统计组', crossBorderSites: ['TW'], nativeSites: [], abroadWarehouses: [], groupPersonnels: [member.userId], isOk: true,
    })).body.result;
    const before = { member: await packedCount(member), admin: await packedCount(admin), memberCents: await charged(member), adminCents: await charged(admin) };
    for (const o of [tw, my]) {
      expect((await call(t.app, 'POST', `${svc('BackOrder', 'arriveWarehouse')}?tradeNo=${o.tradeNo}`, admin)).status).toBe(200);
      const packed = await call(t.app, 'POST', svc('BackOrder', 'WarehouseOrderPacked'), admin, { tradeNo: o.tradeNo });
      expect(packed.status, JSON.stringify(packed.body.error)).toBe(200);
    }
    // Two charges on the seller, one per order (as weighing would post them).
    await t.database.root.execute(sql`insert into account_flows (tenant_id, user_id, user_code, channel, incurred_cents, balance_cents, ref, trade_no)
      values (1, ${seller.userId}, 'S1', 2, -150, -150, 'stat-tw', ${tw.tradeNo}), (1, ${seller.userId}, 'S1', 2, -275, -425, 'stat-my', ${my.tradeNo})`);
    expect(await packedCount(member) - before.member).toBe(1);
    expect(await packedCount(admin) - before.admin).toBe(2);
    expect(await charged(member) - before.memberCents).toBe(-150);
    expect(await charged(admin) - before.adminCents).toBe(-425);
    await call(t.app, 'GET', G('DeleteGroup'), admin, { groupId: group.id });
    expect(await packedCount(member)).toBe(await packedCount(admin));
  });

});
