// What a GoodsWeigh sends to PostgreSQL (issue 43): the order read and locked in one statement, every
// fee setting in one, the live charge looked up by its refs, and the ledger's reversal and new charge
// with one lock of the seller's account, one exactly-once check, one INSERT of the flows and one balance
// update. Recorded from node-postgres' Client#query (PGlite has no such path: skipped there).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signIn, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { createUser, registerSeller } from '../factories/identity.ts';
import { buildOrder, createFeeSettings, createOrder, createStore } from '../factories/orders.ts';
import { watchStatements } from '../helpers/statements.ts';

describe.skipIf(!process.env.DATABASE_URL)('a weighing on the wire (PostgreSQL)', () => {
  let t: TestApp;
  let admin: Caller;
  let picker: Caller;
  let warehouseId: number;
  const sent: string[] = [];
  let unwatch = () => {};

  beforeAll(async () => {
    unwatch = watchStatements(({ text }) => { sent.push(text); });
    t = await createTestApp();
    admin = await signIn(t.app, 'admin', '123qwe', 1);
    const p = await createUser(t.app, admin, { roleNames: ['Warehouse'] });
    picker = await signIn(t.app, p.userName, p.password, 1);
    warehouseId = (await call(t.app, 'GET', svc('WarehouseInfo', 'GetWarehouseInfoList'), admin)).body.result.items[0].id;
    await createFeeSettings(t.app, admin, warehouseId);
    expect((await call(t.app, 'POST', svc('BaseCostSetting', 'EditUrgentFee'), admin, { urgentFee: 2 })).status).toBe(200);
  });
  afterAll(async () => {
    unwatch();
    await t?.close();
  });

  /** The weighing's own statements: not the notices sent after an earlier commit, nor the caller's row read into the cache. */
  const weighSent = async (tradeNo: string, weight: number) => {
    const from = sent.length;
    const res = await call(t.app, 'POST', svc('BackOrder', 'GoodsWeigh'), picker, { tradeNo, weight });
    expect(res.status, JSON.stringify(res.body.error)).toBe(200);
    return { res, statements: sent.slice(from).filter((s) => !/pg_notify|from "users" where|from "staff_groups"|^set default_transaction_read_only/.test(s)) };
  };
  const count = (statements: string[], re: RegExp) => statements.filter((s) => re.test(s)).length;

  it('weighs an urgent order in 11 statements and re-weighs it in 13, one account lock and one INSERT of flows each', async () => {
    const seller = await registerSeller(t.app, 1);
    const store = await createStore(t.app, admin, seller.userId);
    expect((await call(t.app, 'POST', '/api/services/app/User/SystemRechargeAmount', admin, { userId: seller.userId, amount: 100, remark: '测试充值' })).status).toBe(200);
    const order = await createOrder(t.app, seller, buildOrder(store.id, warehouseId));
    expect((await call(t.app, 'POST', `${svc('FrontOrder', 'urgentOrder')}?id=${order.id}`, seller)).status).toBe(200);
    expect((await call(t.app, 'POST', `${svc('BackOrder', 'arriveWarehouse')}?tradeNo=${order.tradeNo}`, picker)).status).toBe(200);
    expect((await call(t.app, 'POST', svc('BackOrder', 'WarehouseOrderPacked'), picker, { tradeNo: order.tradeNo })).status).toBe(200);

    const first = await weighSent(order.tradeNo, 0.4);
    expect(first.res.body.result).toMatchObject({ charged: true, total: 18.3, balance: 81.7 });
    expect(first.res.body.result.fees.map((f: { channel: number }) => f.channel)).toEqual([3, 4, 5, 11]);
    // Before: 18 (the order's id then its lock, a statement per setting, the account's insert, lock and
    // seller code, an INSERT per flow).
    expect(first.statements.length, first.statements.join('\n')).toBeLessThanOrEqual(11);
    expect(count(first.statements, /from "accounts".*for update/)).toBe(1);
    expect(count(first.statements, /insert into "account_flows"/)).toBe(1);
    expect(count(first.statements, /from "(base_cost_settings|mainland_freights|third_party_parameters|tenant_settings)"/)).toBe(1);

    const again = await weighSent(order.tradeNo, 0.6);
    // The live 18.3 given back, 23.3 charged.
    expect(again.res.body.result).toMatchObject({ charged: true, total: 23.3, balance: 76.7 });
    // Before: 32 (reverse() and post() each locking the account, checking refs and inserting flow by flow).
    expect(again.statements.length, again.statements.join('\n')).toBeLessThanOrEqual(13);
    expect(count(again.statements, /from "accounts".*for update/)).toBe(1);
    expect(count(again.statements, /insert into "account_flows"/)).toBe(1);
    expect(count(again.statements, /update "accounts"/)).toBe(1);
    // The live charge is found by its refs (the unique key's index), not by a prefix of every flow of the seller.
    expect(count(again.statements, /"ref" like/)).toBe(0);

    const flows = (await call(t.app, 'GET', svc('Recharge', 'GetAmountList'), seller, { pageSize: 50 })).body.result;
    expect(flows.balance).toBe(76.7);
    expect(flows.items.filter((f: { reversesFlowId: number | null }) => f.reversesFlowId !== null)).toHaveLength(4);
  });
});
