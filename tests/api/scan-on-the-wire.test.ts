// Decisions 0039 and 0040, as the statements go out on PostgreSQL: a keyed SignByScan sends its parcel's
// lock before the key's claim has answered, and its stored answer inside the parcel's update with COMMIT
// sent behind it, not as a statement of its own. Recorded from node-postgres' Client#query, which every
// request connection calls (PGlite has no such path: skipped there).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { call, createTestApp, signIn, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { createUser, registerSeller } from '../factories/identity.ts';
import { buildOrder, createOrder, createStore } from '../factories/orders.ts';

interface Sent { text: string; inFlight: string[]; done: boolean }

describe.skipIf(!process.env.DATABASE_URL)('a keyed scan on the wire (PostgreSQL)', () => {
  let t: TestApp;
  let picker: Caller;
  let seller: Awaited<ReturnType<typeof registerSeller>>;
  let storeId: number;
  let warehouseId: number;
  const sent: Sent[] = [];
  const original = pg.Client.prototype.query;

  beforeAll(async () => {
    // Before the app opens its connections: each binds Client#query once (db/client.ts preparing).
    pg.Client.prototype.query = function query(this: pg.Client, config: unknown, ...rest: unknown[]) {
      const text = typeof config === 'string' ? config : String((config as { text?: unknown } | null)?.text ?? '');
      const entry: Sent = { text, inFlight: sent.filter((s) => !s.done).map((s) => s.text), done: false };
      sent.push(entry);
      const answer = (original as (...args: unknown[]) => unknown).call(this, config, ...rest);
      if (answer && typeof (answer as Promise<unknown>).then === 'function') {
        (answer as Promise<unknown>).then(() => { entry.done = true; }, () => { entry.done = true; });
      } else entry.done = true;
      return answer;
    } as typeof original;
    t = await createTestApp();
    const admin = await signIn(t.app, 'admin', '123qwe', 1);
    const p = await createUser(t.app, admin, { roleNames: ['Warehouse'] });
    picker = await signIn(t.app, p.userName, p.password, 1);
    seller = await registerSeller(t.app, 1);
    storeId = (await createStore(t.app, admin, seller.userId)).id;
    const w = await call(t.app, 'POST', svc('WarehouseInfo', 'EditWarehouseInfo'), admin, { warehouseName: `线上仓${Date.now()}`, kind: 1 });
    warehouseId = w.body.result.id as number;
  });
  afterAll(async () => {
    pg.Client.prototype.query = original;
    await t?.close();
  });

  const scanSent = async (shipment: string, key: string) => {
    const from = sent.length;
    const res = await call(t.app, 'POST', svc('Logistics', 'SignByScan'), picker, { shipment, warehouseInfoId: warehouseId }, { 'Idempotency-Key': key });
    expect(res.status).toBe(200);
    return { res, statements: sent.slice(from) };
  };
  const isClaim = (s: Sent) => /insert into "idempotency_keys"/i.test(s.text);
  const isLock = (s: Sent) => /from "parcels"/i.test(s.text) && /for update/i.test(s.text);
  const isAnswer = (s: Sent) => /update "idempotency_keys"/i.test(s.text);
  const isWrite = (s: Sent) => /update "parcels"/i.test(s.text);

  it('sends the parcel\'s lock behind the claim, and the answer inside the parcel\'s update with COMMIT behind it', async () => {
    const input = buildOrder(storeId, warehouseId);
    await createOrder(t.app, seller, input);
    const shipment = input.orderProductInfosList[0]!.shipment;
    const { res, statements } = await scanSent(shipment, `wire-${shipment}`);
    expect(res.body.result.action).toBe('SIGNED');

    const claim = statements.findIndex(isClaim);
    const lock = statements.findIndex(isLock);
    expect(claim).toBeGreaterThanOrEqual(0);
    // The lock went out while the claim was still unanswered (decision 0039).
    expect(lock).toBe(claim + 1);
    expect(statements[lock]!.inFlight).toContain(statements[claim]!.text);

    // One statement carries the parcel's update and the stored answer; it is the last, COMMIT right behind it (decision 0040).
    const answers = statements.filter(isAnswer);
    expect(answers).toHaveLength(1);
    expect(isWrite(answers[0]!)).toBe(true);
    const write = statements.indexOf(answers[0]!);
    expect(statements.slice(write + 1).map((s) => s.text)).toEqual(['commit']);
    expect(statements[write + 1]!.inFlight).toContain(answers[0]!.text);
  });

  it('stores a scan that writes nothing (already signed) as before: its own statement, COMMIT behind it', async () => {
    const input = buildOrder(storeId, warehouseId);
    await createOrder(t.app, seller, input);
    const shipment = input.orderProductInfosList[0]!.shipment;
    await scanSent(shipment, `wire-first-${shipment}`);
    const { res, statements } = await scanSent(shipment, `wire-again-${shipment}`);
    expect(res.body.result.action).toBe('ALREADY');
    const answers = statements.filter(isAnswer);
    expect(answers).toHaveLength(1);
    expect(isWrite(answers[0]!)).toBe(false);
    expect(statements.slice(statements.indexOf(answers[0]!) + 1).map((s) => s.text)).toEqual(['commit']);
  });
});
