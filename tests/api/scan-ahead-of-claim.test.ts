// Decision 0039: a keyed SignByScan goes out behind its Idempotency-Key's claim without waiting for it,
// and an order's arrival (lock, progress, holding slot) is one statement. Decision 0040: its stored answer
// goes with the parcel's update, foreseen from the values written. Whatever the scan did ahead of a
// claim that found its key taken is rolled back; the repeat answers what was stored. Decision 0045: the
// order's lock and arrival are read with the parcel's lock, in its statement. Runs on PGlite (the usual
// path: claim first) and on PostgreSQL (the path ahead of the claim).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, createSecondServer, createTestApp, rowsOf, signIn, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { createUser, registerSeller } from '../factories/identity.ts';
import { buildOrder, createOrder, createStore, trackingNo } from '../factories/orders.ts';

describe('a keyed scan ahead of its claim, and an order\'s arrival in one statement', () => {
  let t: TestApp;
  let picker: Caller;
  let seller: Awaited<ReturnType<typeof registerSeller>>;
  let storeId: number;
  let warehouseId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await signIn(t.app, 'admin', '123qwe', 1);
    const p = await createUser(t.app, admin, { roleNames: ['Warehouse'], name: '拣货员小周' });
    picker = await signIn(t.app, p.userName, p.password, 1);
    seller = await registerSeller(t.app, 1);
    storeId = (await createStore(t.app, admin, seller.userId)).id;
    const w = await call(t.app, 'POST', svc('WarehouseInfo', 'EditWarehouseInfo'), admin, { warehouseName: `先行仓${Date.now()}`, kind: 1 });
    warehouseId = w.body.result.id as number;
  });
  afterAll(async () => t?.close());

  const keyed = (shipment: string, key: string) =>
    call(t.app, 'POST', svc('Logistics', 'SignByScan'), picker, { shipment, warehouseInfoId: warehouseId }, { 'Idempotency-Key': key });
  const one = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await t.database.root.execute(q))[0]!;
  const inbound = async (shipment: string) => (await one<{ n: number }>(sql`select count(*)::int as n from into_logistics where shipment = ${shipment}`)).n;
  const signIns = async (shipment: string) =>
    (await one<{ n: number }>(sql`select count(*)::int as n from order_operates where entity = 'parcel' and action = 'signIn' and order_number = ${shipment}`)).n;
  const parcel = async (shipment: string) =>
    one<{ receive_status: number; shelf_number: string | null }>(sql`select receive_status, shelf_number from parcels where shipment = ${shipment}`);
  const order = async (id: number) =>
    one<{ order_status: number; package_status: number; shelf_number: string | null }>(sql`select order_status, package_status, shelf_number from orders where id = ${id}`);
  /** The seller asks the warehouse to refuse this number (a pending refusal: the scan answers REJECT). */
  const refuse = (shipment: string) => call(t.app, 'POST', svc('ExpressRejection', 'CreateRejectionInfo'), seller,
    { shipment, expressCompany: '中通快递', warehouseInfoId: warehouseId, reMark: '发错货' });
  const newOrder = async () => {
    const input = buildOrder(storeId, warehouseId);
    const created = await createOrder(t.app, seller, input);
    const [a, b] = input.orderProductInfosList.map((l) => l.shipment) as [string, string];
    return { id: created.id as number, a, b };
  };

  it('answers a repeat of a keyed scan with the stored answer, signing once', async () => {
    const o = await newOrder();
    const first = await keyed(o.a, `ahead-1-${o.a}`);
    expect(first.status).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(first.body.result).toMatchObject({ action: 'SIGNED', order: { orderStatus: 2, packageStatus: 1 } });
    expect(first.body.result.shelfNumber).toMatch(/^H\d{4}$/);
    const again = await keyed(o.a, `ahead-1-${o.a}`);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.result).toEqual(first.body.result);
    expect(await inbound(o.a)).toBe(1);
    expect(await signIns(o.a)).toBe(1);
  });

  it('holds under ten concurrent repeats of one key: one sign-in, one answer, nine of them replayed', async () => {
    const o = await newOrder();
    const results = await Promise.all(Array.from({ length: 10 }, () => keyed(o.a, `ahead-10-${o.a}`)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(results.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
    for (const r of results) expect(r.body.result).toEqual(results[0]!.body.result);
    expect(results[0]!.body.result.action).toBe('SIGNED');
    expect(await inbound(o.a)).toBe(1);
    expect(await signIns(o.a)).toBe(1);
  });

  it('rolls back what a scan did ahead of a key another request holds: 422, the other parcel and its order untouched', async () => {
    const used = await newOrder();
    const untouched = await newOrder();
    expect((await keyed(used.a, `ahead-422-${used.a}`)).status).toBe(200);
    // Same key, another number: on PostgreSQL this scan is sent before the claim has answered, and PostgreSQL
    // runs it (it would sign, and take a slot) once the claim has found the key taken.
    const other = await keyed(untouched.a, `ahead-422-${used.a}`);
    expect(other.status).toBe(422);
    expect(other.body.success).toBe(false);
    expect(await parcel(untouched.a)).toMatchObject({ receive_status: 0, shelf_number: null });
    expect(await order(untouched.id)).toMatchObject({ order_status: 1, package_status: 0, shelf_number: null });
    expect(await inbound(untouched.a)).toBe(0);
    expect(await signIns(untouched.a)).toBe(0);
    // The number itself is still there to be signed, with a key of its own.
    expect((await keyed(untouched.a, `ahead-422b-${untouched.a}`)).body.result).toMatchObject({ action: 'SIGNED', order: { packageStatus: 1 } });
  });

  it('stores nothing for a refused keyed scan: the key answers again once the cause is fixed', async () => {
    const o = await newOrder();
    const key = `ahead-refused-${o.a}`;
    const refused = await call(t.app, 'POST', svc('Logistics', 'SignByScan'), picker, { shipment: o.a, warehouseInfoId: 987654321 }, { 'Idempotency-Key': key });
    expect(refused.status).toBe(400);
    expect(await parcel(o.a)).toMatchObject({ receive_status: 0 });
    expect(await inbound(o.a)).toBe(0);
    // The station's warehouse corrected, under the same key: had the refusal been stored, this would be a 422.
    const fixed = await keyed(o.a, key);
    expect(fixed.status).toBe(200);
    expect(fixed.body.result.action).toBe('SIGNED');
    expect(await inbound(o.a)).toBe(1);
  });

  it('does the work of a repeat only to roll it back: a parcel put back to declared stays declared when its key is repeated', async () => {
    const o = await newOrder();
    const key = `ahead-undone-${o.a}`;
    const first = await keyed(o.a, key);
    expect(first.body.result.action).toBe('SIGNED');
    // Put the parcel back as if it had never been scanned: a repeat that did the work again would sign it.
    await t.database.root.execute(sql`delete from into_logistics where shipment = ${o.a}`);
    await t.database.root.execute(sql`update parcels set receive_status = 0, sign_for_time = null where shipment = ${o.a}`);
    const again = await keyed(o.a, key);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.result).toEqual(first.body.result);
    expect(await parcel(o.a)).toMatchObject({ receive_status: 0 });
    expect(await inbound(o.a)).toBe(0);
    expect(await signIns(o.a)).toBe(1);
  });

  it('answers and stores the parcel exactly as its update left it: declared, of an order, and a number nobody declared (decision 0040)', async () => {
    const o = await newOrder();
    const stray = trackingNo('ZZ');
    const o2 = await newOrder();
    const cases = [
      { shipment: o.a, weight: 1.23456, note: '外箱破损 "轻微"', action: 'SIGNED', kept: 1.235 },
      // Half a gram, written as a decimal: the column rounds it up (the binary 4.0005 × 1000 is 4000.4999…).
      // A lone surrogate in the note: sent as U+FFFD (decision 0040).
      { shipment: o2.a, weight: 4.0005, note: 'x\ud800y', action: 'SIGNED', kept: 4.001 },
      { shipment: stray, weight: 0.5, note: undefined, action: 'UNCLAIMED', kept: 0.5 },
    ];
    for (const c of cases) {
      const key = `foreseen-${c.shipment}`;
      const res = await call(t.app, 'POST', svc('Logistics', 'SignByScan'), picker,
        { shipment: c.shipment, warehouseInfoId: warehouseId, weight: c.weight, ...(c.note ? { note: c.note } : {}) }, { 'Idempotency-Key': key });
      expect(res.status).toBe(200);
      expect(res.body.result.action).toBe(c.action);
      // The parcel as the list reads it from the database afterwards.
      const listed = await call(t.app, 'GET', svc('Logistics', 'GetLogisticsList'), picker, { shipment: c.shipment });
      const row = listed.body.result.items.find((p: { shipment: string }) => p.shipment === c.shipment);
      // A scan's answer leaves out the abnormal reason (ScannedParcelDto) and the slot's occupant (staff
      // lists only, issue 44 item 1c), which only lists show.
      const { abnormalReason, slotHolder, ...scanned } = row;
      expect(abnormalReason).toBeNull();
      if (row.shelfNumber) expect(slotHolder).toMatchObject({ kind: 'self' });
      expect(res.body.result.parcel).toEqual(scanned);
      expect(row.weight).toBe(c.kept);
      if (c.note) expect(row.reMark).toBe(c.note.replace('\ud800', '\ufffd'));
      // The stored answer is the answer given.
      const stored = await one<{ response: unknown }>(sql`select response from idempotency_keys where key = ${key}`);
      expect(stored.response).toEqual(res.body.result);
    }
  });

  it('refuses a slot search without a warehouse instead of searching forever', async () => {
    await expect(t.database.root.execute(sql`select * from haicang_free_slot(null)`)).rejects.toThrow();
  });

  it('counts every parcel of an order signed at once: both numbers scanned together leave it 已到齐 with one slot', async () => {
    const orders = await Promise.all(Array.from({ length: 6 }, () => newOrder()));
    const results = await Promise.all(orders.flatMap((o) => [keyed(o.a, `both-${o.a}`), keyed(o.b, `both-${o.b}`)]));
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(200));
    for (const o of orders) {
      // Whichever came second saw the first one's parcel as here: the order is complete, not 部分到货.
      expect(await order(o.id)).toMatchObject({ order_status: 2, package_status: 2 });
      const slot = (await order(o.id)).shelf_number;
      expect(slot).toMatch(/^H\d{4}$/);
      expect(await parcel(o.a)).toMatchObject({ receive_status: 1, shelf_number: slot });
      expect(await parcel(o.b)).toMatchObject({ receive_status: 1, shelf_number: slot });
    }
    const slots = await Promise.all(orders.map(async (o) => (await order(o.id)).shelf_number));
    expect(new Set(slots).size).toBe(orders.length);
  });
  it('answers REJECT for an order\'s parcel with a refusal pending and leaves its order as it was; its other parcel then signs it in 部分到货', async () => {
    const o = await newOrder();
    const before = await order(o.id);
    expect((await refuse(o.a)).status).toBe(200);
    const refused = await keyed(o.a, `refused-${o.a}`);
    expect(refused.body.result).toMatchObject({ action: 'REJECT', order: null, shelfNumber: null });
    // Not counted, given no slot (that it is not even locked: the test below, on PostgreSQL).
    expect(await order(o.id)).toEqual(before);
    expect(await parcel(o.a)).toMatchObject({ receive_status: 0, shelf_number: null });
    const signed = await keyed(o.b, `refused-${o.b}`);
    expect(signed.body.result).toMatchObject({ action: 'SIGNED', order: { id: o.id } });
    const after = await order(o.id);
    expect(after).toMatchObject({ order_status: 2, package_status: 1 });
    expect(after.shelf_number).toMatch(/^H\d{4}$/);
    expect(signed.body.result.shelfNumber).toBe(after.shelf_number);
  });

  it.skipIf(!process.env.DATABASE_URL)('reads an order\'s arrival with its parcel\'s lock: no statement of its own (decision 0045)', async () => {
    // One connection: every statement the scans prepare is in the session read afterwards.
    const second = await createSecondServer(t, 1);
    try {
      const o = await newOrder();
      // Without a key: a keyed scan on the common path is one statement of its own (decision 0051).
      const res = await call(second.app, 'POST', svc('Logistics', 'SignByScan'), picker, { shipment: o.a, warehouseInfoId: warehouseId });
      expect(res.body.result).toMatchObject({ action: 'SIGNED', order: { id: o.id, packageStatus: 1 } });
      expect(res.body.result.shelfNumber).toMatch(/^H\d{4}$/);
      expect(await order(o.id)).toMatchObject({ order_status: 2, package_status: 1, shelf_number: res.body.result.shelfNumber });
      const prepared = await second.database.read(1, async (db) => rowsOf<{ name: string }>(await db.execute(sql`select name from pg_prepared_statements`)).map((r) => r.name));
      expect(prepared).toContain('hc_scan_lock_at');
      expect(prepared).not.toContain('hc_order_arrival');
    } finally {
      await second.close();
    }
  });
  it.skipIf(!process.env.DATABASE_URL)('locks an order only to sign its parcel in: a REJECT scan does not wait for the order\'s lock, a sign-in does', async () => {
    const o = await newOrder();
    expect((await refuse(o.a)).status).toBe(200);
    const { default: pg } = await import('pg');
    const holder = new pg.Client({ connectionString: t.databaseUrl });
    await holder.connect();
    const settles = (p: Promise<unknown>, ms: number) =>
      Promise.race([p.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);
    try {
      // Another transaction holds the order's row lock.
      await holder.query('begin');
      await holder.query('select id from orders where id = $1 for update', [o.id]);
      // The refused parcel's scan never asks for it.
      const refused = keyed(o.a, `held-${o.a}`);
      expect(await settles(refused, 5000)).toBe(true);
      expect((await refused).body.result.action).toBe('REJECT');
      // Its sibling's sign-in waits for it, and signs the parcel in once it is released.
      const signing = keyed(o.b, `held-${o.b}`);
      expect(await settles(signing, 500)).toBe(false);
      await holder.query('rollback');
      expect((await signing).body.result).toMatchObject({ action: 'SIGNED', order: { id: o.id } });
    } finally {
      await holder.query('rollback').catch(() => {});
      await holder.end();
    }
  });
});
