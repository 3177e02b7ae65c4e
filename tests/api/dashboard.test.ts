// The dashboard (issue #18 item 3): figures counted from what the floor and the ledger recorded,
// each moving by exactly the work done; a seller sees only their own; 14 days with zeros filled.
// Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signIn, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { connect, listen } from '../helpers/realtime.ts';
import { createUser, registerSeller } from '../factories/identity.ts';
import { buildOrder, createFeeSettings, createOrder, createStore, trackingNo } from '../factories/orders.ts';

const shanghaiDay = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);

describe('Dashboard', () => {
  let t: TestApp;
  let admin: Caller;
  let picker: Caller;
  let warehouseId: number;

  const staffSummary = async (who: Caller) => {
    const res = await call(t.app, 'GET', svc('Dashboard', 'GetStaffSummary'), who);
    expect(res.status, JSON.stringify(res.body.error)).toBe(200);
    return res.body.result;
  };
  const sellerSummary = async (who: Caller) => {
    const res = await call(t.app, 'GET', svc('Dashboard', 'GetSellerSummary'), who);
    expect(res.status, JSON.stringify(res.body.error)).toBe(200);
    return res.body.result;
  };
  const scan = (shipment: string) =>
    call(t.app, 'POST', svc('Logistics', 'SignByScan'), picker, { shipment, warehouseInfoId: warehouseId });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, 'admin', '123qwe', 1);
    const p = await createUser(t.app, admin, { roleNames: ['Warehouse'] });
    picker = await signIn(t.app, p.userName, p.password, 1);
    warehouseId = (await call(t.app, 'GET', svc('WarehouseInfo', 'GetWarehouseInfoList'), admin)).body.result.items[0].id;
    await createFeeSettings(t.app, admin, warehouseId, [2]);
  });
  afterAll(async () => t?.close());

  it('moves by exactly a sign-in, a packing and a charge; the seller sees their own', async () => {
    const seller = await registerSeller(t.app, 1);
    const other = await registerSeller(t.app, 1);
    const store = await createStore(t.app, admin, seller.userId!);
    const recharge = await call(t.app, 'POST', svc('User', 'SystemRechargeAmount'), admin,
      { userId: seller.userId, amount: 100, remark: '测试充值' });
    expect(recharge.status).toBe(200);
    const order = await createOrder(t.app, seller, buildOrder(store.id, warehouseId));
    const before = await staffSummary(admin);
    const sellerBefore = await sellerSummary(seller);
    expect(sellerBefore.balance).toBe(100);
    expect(sellerBefore.ordersByStatus).toEqual([{ orderStatus: 1, count: 1 }]);

    const [first, second] = order.orderProductInfosList.map((l) => l.shipment);
    expect((await scan(first!)).body.result.action).toBe('SIGNED');
    expect((await scan(first!)).body.result.action).toBe('ALREADY'); // a rescan is no sign-in
    expect((await staffSummary(admin)).signedIn).toBe(before.signedIn + 1);
    expect((await scan(second!)).status).toBe(200);

    const packed = await call(t.app, 'POST', svc('BackOrder', 'WarehouseOrderPacked'), picker, { tradeNo: order.tradeNo });
    expect(packed.status, JSON.stringify(packed.body.error)).toBe(200);
    const weighed = await call(t.app, 'POST', svc('BackOrder', 'GoodsWeigh'), picker, { tradeNo: order.tradeNo, weight: 0.8 });
    expect(weighed.status, JSON.stringify(weighed.body.error)).toBe(200);
    expect(weighed.body.result.charged).toBe(true);
    const total: number = weighed.body.result.total;
    expect(total).toBeGreaterThan(0);

    const after = await staffSummary(admin);
    expect(after.signedIn - before.signedIn).toBe(2);
    expect(after.packed - before.packed).toBe(1);
    expect(after.weighed - before.weighed).toBe(1);
    expect(after.charged - before.charged).toBeCloseTo(total, 2);
    // The system recharge put points in: it is no charge.
    expect(before.charged).toBe(0);
    expect(after.days.at(-1)).toEqual({
      day: after.today, signedIn: after.signedIn, packed: after.packed, weighed: after.weighed, charged: after.charged,
    });

    const mine = await sellerSummary(seller);
    expect(mine.arrivedToday).toBe(2);
    expect(mine.spentToday).toBeCloseTo(total, 2);
    expect(mine.balance).toBeCloseTo(100 - total, 2);
    expect(mine.spentByChannel.reduce((s: number, c: { amount: number }) => s + c.amount, 0)).toBeCloseTo(total, 2);
    expect(mine.spentByChannel.every((c: { channel: number }) => c.channel !== 2)).toBe(true);
    expect(mine.ordersByStatus).toEqual([{ orderStatus: weighed.body.result.orderStatus, count: 1 }]);

    const theirs = await sellerSummary(other);
    expect(theirs).toMatchObject({ balance: 0, ordersByStatus: [], arrivedToday: 0, spentToday: 0, spentByChannel: [] });
    expect(theirs.days.every((d: { arrived: number; spent: number }) => d.arrived === 0 && d.spent === 0)).toBe(true);
  });

  it('counts what is waiting now: unclaimed parcels, photos asked for, orders owing freight', async () => {
    const before = await staffSummary(admin);
    expect((await scan(trackingNo('UC'))).body.result.action).toBe('UNCLAIMED');
    const seller = await registerSeller(t.app, 1); // no points: the weighing cannot charge
    const store = await createStore(t.app, admin, seller.userId!);
    const order = await createOrder(t.app, seller, buildOrder(store.id, warehouseId));
    const signed = [];
    for (const l of order.orderProductInfosList) signed.push((await scan(l.shipment)).body.result.parcel.id as number);
    const ask = await call(t.app, 'POST', `${svc('Logistics', 'IsNeedTakePicture')}?id=${signed[0]}&isNeed=true`, seller);
    expect(ask.status, JSON.stringify(ask.body.error)).toBe(200);
    expect((await call(t.app, 'POST', svc('BackOrder', 'WarehouseOrderPacked'), picker, { tradeNo: order.tradeNo })).status).toBe(200);
    const weighed = await call(t.app, 'POST', svc('BackOrder', 'GoodsWeigh'), picker, { tradeNo: order.tradeNo, weight: 0.8 });
    expect(weighed.body.result.charged).toBe(false);
    const after = await staffSummary(admin);
    expect(after.unclaimed - before.unclaimed).toBe(1);
    expect(after.awaitingPhotos - before.awaitingPhotos).toBe(1);
    // Each number is the total of the list its card opens.
    const total = async (action: string, query: Record<string, unknown> = {}) =>
      (await call(t.app, 'GET', svc('Logistics', action), admin, { pageSize: 1, ...query })).body.result.totalCount;
    expect(after.awaitingPhotos).toBe(await total('GetNeedTakePictureList'));
    expect(after.unclaimed).toBe(await total('GetLogisticsList', { receiveStatus: 5 }));
    const owing = await call(t.app, 'GET', svc('BackOrder', 'GetOrderList'), admin, { pageSize: 1, orderStatus: 3 });
    expect(after.owingFreight).toBe(owing.body.result.totalCount);
    expect(after.owingFreight - before.owingFreight).toBe(1);
    expect(after.signedIn - before.signedIn).toBe(3);
    expect(after.charged).toBe(before.charged); // owed, not charged
  });

  it('gives 14 days ending today, oldest first, zeros filled', async () => {
    const s = await staffSummary(admin);
    expect(s.today).toBe(shanghaiDay(new Date()));
    expect(s.days).toHaveLength(14);
    expect(s.days.at(-1).day).toBe(s.today);
    for (let i = 1; i < 14; i++) expect(Date.parse(s.days[i].day) - Date.parse(s.days[i - 1].day)).toBe(86_400_000);
    // A fresh database: nothing happened before today.
    for (const d of s.days.slice(0, -1)) expect(d).toEqual({ day: d.day, signedIn: 0, packed: 0, weighed: 0, charged: 0 });
    const seller = await registerSeller(t.app, 1);
    const mine = await sellerSummary(seller);
    expect(mine.days).toHaveLength(14);
    expect(mine.days.map((d: { day: string }) => d.day)).toEqual(s.days.map((d: { day: string }) => d.day));
  });

  it('shows staff only the figures of the lists they may open; refuses sellers', async () => {
    const s = await staffSummary(picker); // Warehouse: parcels and orders, not flows nor urge requests
    expect(s.signedIn).toBeGreaterThan(0);
    expect(s.packed).toBeGreaterThan(0);
    expect(s.unclaimed).toBeGreaterThan(0);
    expect(s.charged).toBeNull();
    expect(s.urgent).toBeNull();
    expect(s.days.every((d: { charged: unknown }) => d.charged === null)).toBe(true);
    const nobody = await createUser(t.app, admin, { roleNames: [] });
    const plain = await staffSummary(await signIn(t.app, nobody.userName, nobody.password, 1));
    expect(plain).toMatchObject({
      signedIn: null, packed: null, weighed: null, charged: null, awaitingPhotos: null, unclaimed: null, owingFreight: null, urgent: null,
    });
    expect(plain.days).toHaveLength(14);
    const seller = await registerSeller(t.app, 1);
    expect((await call(t.app, 'GET', svc('Dashboard', 'GetStaffSummary'), seller)).status).toBe(403);
    expect((await call(t.app, 'GET', svc('Dashboard', 'GetSellerSummary'), admin)).status).toBe(403);
  });

  it('tells staff sockets and the seller concerned, not other sellers, when the floor signs a parcel in', async () => {
    const base = await listen(t.app);
    const seller = await registerSeller(t.app, 1);
    const other = await registerSeller(t.app, 1);
    const store = await createStore(t.app, admin, seller.userId!);
    const order = await createOrder(t.app, seller, buildOrder(store.id, warehouseId));
    const staffSocket = await connect(base, admin.encryptedToken!);
    const sellerSocket = await connect(base, seller.encryptedToken!);
    const otherSocket = await connect(base, other.encryptedToken!);
    try {
      expect((await scan(order.orderProductInfosList[0]!.shipment)).body.result.action).toBe('SIGNED');
      await staffSocket.next((m) => m.type === 'floorWork');
      await sellerSocket.next((m) => m.type === 'floorWork');
      // The other seller's socket hears a later notice but never the floor work.
      await call(t.app, 'POST', svc('Notification', 'Publish'), admin, { userId: other.userId, title: '通知' });
      await otherSocket.next((m) => m.type === 'notification');
      expect(otherSocket.messages.some((m) => m.type === 'floorWork')).toBe(false);
    } finally {
      for (const s of [staffSocket, sellerSocket, otherSocket]) s.ws.close();
    }
  });

  it('tells every seller of a burst of scans, gathered into fewer notices (decision 0054), and no other seller', async () => {
    // The app listens already (the test before); its address as the socket's base.
    const address = t.app.server.address();
    const base = address && typeof address === 'object' ? `ws://127.0.0.1:${address.port}` : await listen(t.app);
    const sellers = [await registerSeller(t.app, 1), await registerSeller(t.app, 1), await registerSeller(t.app, 1)];
    const other = await registerSeller(t.app, 1);
    const orders = [];
    for (const seller of sellers) orders.push(await createOrder(t.app, seller, buildOrder((await createStore(t.app, admin, seller.userId!)).id, warehouseId)));
    const sockets = [];
    for (const seller of sellers) sockets.push(await connect(base, seller.encryptedToken!));
    const staffSocket = await connect(base, admin.encryptedToken!);
    const otherSocket = await connect(base, other.encryptedToken!);
    try {
      // One after the other, well inside one window: the first goes at once, the other two together.
      for (const order of orders) expect((await scan(order.orderProductInfosList[0]!.shipment)).body.result.action).toBe('SIGNED');
      for (const socket of sockets) await socket.next((m) => m.type === 'floorWork');
      await staffSocket.next((m) => m.type === 'floorWork');
      await call(t.app, 'POST', svc('Notification', 'Publish'), admin, { userId: other.userId, title: '通知' });
      await otherSocket.next((m) => m.type === 'notification');
      expect(otherSocket.messages.some((m) => m.type === 'floorWork')).toBe(false);
      // Three scans, fewer notices: the staff socket heard at most two.
      await new Promise((r) => setTimeout(r, 400));
      expect(staffSocket.messages.filter((m) => m.type === 'floorWork').length).toBeLessThanOrEqual(2);
    } finally {
      for (const s of [...sockets, staffSocket, otherSocket]) s.ws.close();
    }
  });
});
