// Issue 42 item 5f: a seller pre-declares returns only for their own orders or for numbers no order
// here has; another seller's order number would have made the floor's CheckUserCode answer 多个卖家.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signIn, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { registerSeller } from '../factories/identity.ts';
import { buildOrder, createOrder, createStore } from '../factories/orders.ts';

describe('pre-declared returns', () => {
  let t: TestApp;
  let admin: Caller;
  let owner: Awaited<ReturnType<typeof registerSeller>>;
  let intruder: Awaited<ReturnType<typeof registerSeller>>;
  let warehouseId: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, 'admin', '123qwe', 1);
    owner = await registerSeller(t.app, 1);
    intruder = await registerSeller(t.app, 1);
    warehouseId = (await call(t.app, 'GET', svc('WarehouseInfo', 'GetWarehouseInfoList'), admin)).body.result.items[0].id;
  });
  afterAll(async () => t?.close());

  const declare = (who: Caller, orderNumber: string) =>
    call(t.app, 'POST', svc('FrontShopeeOrderReturn', 'CreateOrderReturn'), who, { orderNumber, warehouseInfoId: warehouseId });
  const check = (orderNumber: string) =>
    call(t.app, 'POST', `${svc('ShopeeOrderReturn', 'CheckUserCode')}?orderNumber=${orderNumber}&warehouseInfoId=${warehouseId}`, admin);

  it('refuses another seller\'s order number with 409 naming nobody, and the floor still finds the owner', async () => {
    const storeId = (await createStore(t.app, admin, owner.userId)).id;
    const input = buildOrder(storeId, warehouseId);
    await createOrder(t.app, owner, input);

    const refused = await declare(intruder, input.orderNumber);
    expect(refused.status).toBe(409);
    expect(refused.body.error!.message).toContain('不是您的订单');
    expect(refused.body.error!.message).not.toContain(owner.userCode);
    const mine = await call(t.app, 'GET', svc('FrontShopeeOrderReturn', 'GetUserShopeeOrderReturnList'), intruder, { orderNumber: input.orderNumber });
    expect(mine.body.result.totalCount).toBe(0);

    const scanned = await check(input.orderNumber);
    expect(scanned.status, JSON.stringify(scanned.body.error)).toBe(200);
    expect(scanned.body.result).toMatchObject({ userCode: owner.userCode, orderNumber: input.orderNumber });
  });

  it('still takes the seller\'s own order number, linked to the order, and a number no order has', async () => {
    const storeId = (await createStore(t.app, admin, owner.userId)).id;
    const input = buildOrder(storeId, warehouseId);
    const order = await createOrder(t.app, owner, input);
    const own = await declare(owner, input.orderNumber);
    expect(own.status, JSON.stringify(own.body.error)).toBe(200);
    expect(own.body.result).toMatchObject({ userCode: owner.userCode, tradeNo: order.tradeNo, preDeclared: true });

    const free = await declare(intruder, `FREE${Date.now()}`);
    expect(free.status, JSON.stringify(free.body.error)).toBe(200);
    expect(free.body.result).toMatchObject({ userCode: intruder.userCode, orderId: null, preDeclared: true });
  });
});
