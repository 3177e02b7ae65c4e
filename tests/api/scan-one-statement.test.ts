// Decision 0051: a keyed scan on its common path is one statement (orders/repository.ts, signInOneStatement), the rules
// of orders/inbound.ts written again in SQL. Here both sign the same parcel: the statement inside a
// transaction that is then rolled back, what it wrote read before the rollback; then the usual path (a
// scan without a key, which never takes the statement). Every row either writes, and the answer, must be
// the same but for the ids of new rows and the moment of signing. Off the path the statement writes
// nothing; on a key that is there already it fails and leaves nothing. Runs on PGlite and PostgreSQL.
// Decision 0056: each case runs twice, the scan alone (haicang_sign_in) and gathered
// (haicang_sign_in_many, here a statement of one); several scans gathered in one statement are
// compared with the same scans signed alone, one after the other. Decision 0057: two or more parcels of
// other orders in one statement are signed set-based too; those cases are compared the same way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { call, createTestApp, rowsOf, signIn, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { createUser, registerSeller } from '../factories/identity.ts';
import { buildOrder, createOrder, createStore } from '../factories/orders.ts';
import type { Db } from '../../src/server/db/client.ts';
import { KEY_TAKEN, signInManyStatement, signInOneStatement, type SignInStatementInput } from '../../src/server/modules/orders/repository.ts';
import { sqlStateOf } from '../../src/server/lib/errors.ts';

type Row = Record<string, unknown>;

/** A scan gathered with no other: haicang_sign_in_many of one. */
const gatheredAlone = async (tx: Db, i: SignInStatementInput) => ({ answer: (await signInManyStatement(tx, [i]))[0] ?? null });

const ways: [string, (tx: Db, i: SignInStatementInput) => Promise<{ answer: unknown }>][] = [['alone', signInOneStatement], ['gathered', gatheredAlone]];
for (const [way, sign] of ways) describe(`a keyed scan in one statement (${way}), against the usual path (decisions 0051, 0056)`, () => {
  let t: TestApp;
  let admin: Caller;
  let picker: Caller & { userId: number };
  const pickerName = '拣货员小吴';
  let seller: Awaited<ReturnType<typeof registerSeller>>;
  let storeId: number;
  let warehouseId: number;
  let otherStation: number;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, 'admin', '123qwe', 1);
    const p = await createUser(t.app, admin, { roleNames: ['Warehouse'], name: pickerName });
    picker = await signIn(t.app, p.userName, p.password, 1);
    seller = await registerSeller(t.app, 1);
    storeId = (await createStore(t.app, admin, seller.userId)).id;
    // A warehouse of their own: its slots and their floor start empty.
    const w = await call(t.app, 'POST', svc('WarehouseInfo', 'EditWarehouseInfo'), admin, { warehouseName: `一句仓${Date.now()}`, kind: 1 });
    warehouseId = w.body.result.id as number;
    const o = await call(t.app, 'POST', svc('WarehouseInfo', 'EditWarehouseInfo'), admin, { warehouseName: `另一仓${Date.now()}`, kind: 1 });
    otherStation = o.body.result.id as number;
  });
  afterAll(async () => t?.close());

  const root = async <T extends Row>(q: ReturnType<typeof sql>) => rowsOf<T>(await t.database.root.execute(q));
  const input = (shipment: string, extra: Partial<SignInStatementInput> = {}): SignInStatementInput => ({
    shipment, warehouseInfoId: warehouseId, weight: null, note: null, now: new Date(), modified: new Date(),
    user: { id: picker.userId, name: pickerName }, key: { tenantId: 1, userId: picker.userId, key: `one-${shipment}-${seq++}`, hash: 'test' }, ...extra,
  });

  /** What a sign-in of `shipment` touches, as `db` reads it: new rows without their ids and creation times. */
  async function touched(db: Db, shipment: string): Promise<Record<string, unknown>> {
    const read = async (q: ReturnType<typeof sql>) => rowsOf<Row>(await db.execute(q));
    const [parcel] = await read(sql`select * from parcels where shipment = ${shipment}`);
    const orderId = parcel?.order_id ?? null;
    const strip = (rows: Row[], ...keys: string[]) => rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !keys.includes(k))));
    return {
      parcel: strip(parcel ? [parcel] : [], 'sign_for_time', 'index_changed_at')[0],
      order: orderId === null ? null : strip(await read(sql`select * from orders where id = ${orderId}`), 'last_modification_time')[0],
      inbound: strip(await read(sql`select * from into_logistics where shipment = ${shipment}`), 'id', 'creation_time'),
      audit: strip(await read(sql`select * from order_operates where (entity = 'parcel' and order_number = ${shipment} and action = 'signIn')
        or (entity = 'order' and entity_id = ${orderId} and action = 'parcelArrived') order by id`), 'id', 'creation_time'),
      floors: await read(sql`select warehouse_info_id, floor, version from slot_floors where warehouse_info_id = ${warehouseId}`),
      // Each status's count, the sum of its pieces (decision 0041): several orders updated by one statement write their pieces in another order.
      counts: await read(sql`select tenant_id, order_status, package_status, warehouse_info_id, sum(n)::int as n from order_counts
        group by 1, 2, 3, 4 order by 1, 2, 3, 4`).catch(() => []),
    };
  }

  class Undo extends Error {}

  /** The statement's answer and rows, rolled back; then the usual path's (a scan without a key), kept. */
  async function bothWays(shipment: string, extra: Partial<SignInStatementInput> = {}) {
    const i = input(shipment, extra);
    let one: { answer: unknown; rows: Record<string, unknown>; stored: unknown } | undefined;
    await t.database.withTenant(1, async (tx) => {
      const { answer } = await sign(tx, i);
      const [key] = rowsOf<{ response: unknown }>(await tx.execute(sql`select response from idempotency_keys where key = ${i.key.key}`));
      one = { answer, rows: await touched(tx, shipment), stored: key?.response };
      throw new Undo();
    }).catch((err: unknown) => {
      if (!(err instanceof Undo)) throw err;
    });
    const usual = await call(t.app, 'POST', svc('Logistics', 'SignByScan'), picker, {
      shipment, warehouseInfoId: i.warehouseInfoId, ...(extra.weight != null ? { weight: extra.weight } : {}), ...(extra.note != null ? { note: extra.note } : {}),
    });
    expect(usual.status, JSON.stringify(usual.body.error)).toBe(200);
    const rows = await t.database.withTenant(1, (tx) => touched(tx, shipment));
    return { one: one!, usual: { answer: usual.body.result as Record<string, any>, rows } };
  }

  /** The same answer but for the moment of signing, which each gives as it wrote it. */
  const sameAnswers = (one: unknown, usual: Record<string, any>, now: Date) => {
    const a = one as Record<string, any>;
    expect(a.parcel.signForTime).toBe(now.toISOString());
    expect({ ...a, parcel: { ...a.parcel, signForTime: usual.parcel.signForTime } }).toEqual(usual);
  };

  const declaredWithoutOrder = async (extra: Row = {}) => {
    const shipment = `ONE${Date.now()}${seq++}`;
    await root(sql`insert into parcels (tenant_id, shipment, user_id, user_code, receive_status, order_type)
      values (1, ${shipment}, ${seller.userId}, ${seller.userCode}, 0, ${(extra.order_type as number | undefined) ?? null})`);
    return shipment;
  };
  const newOrder = async (lines = 2) => {
    const o = buildOrder(storeId, warehouseId);
    o.orderProductInfosList = o.orderProductInfosList.slice(0, lines);
    const created = await createOrder(t.app, seller, o);
    return { id: created.id as number, shipments: o.orderProductInfosList.map((l) => l.shipment) };
  };

  it('signs a parcel without an order as the usual path does: its weight and note, at another station than its warehouse', async () => {
    const shipment = await declaredWithoutOrder();
    const now = new Date();
    const { one, usual } = await bothWays(shipment, { warehouseInfoId: otherStation, weight: 1.2345, note: '外箱破损', now });
    expect(usual.answer).toMatchObject({ action: 'SIGNED', order: null, parcel: { weight: 1.235, reMark: '外箱破损', receiveStatus: 1 } });
    sameAnswers(one.answer, usual.answer, now);
    expect(one.stored).toEqual(one.answer);
    expect(one.rows).toEqual(usual.rows);
  });

  it('moves an order on its first parcel (a holding slot, the floor made) and on its last (已到齐), as the usual path does', async () => {
    const o = await newOrder(2);
    const now = new Date();
    const first = await bothWays(o.shipments[0]!, { now });
    expect(first.usual.answer).toMatchObject({ action: 'SIGNED', order: { id: o.id, orderStatus: 2, packageStatus: 1 } });
    expect(first.usual.answer.shelfNumber).toMatch(/^H\d{4}$/);
    sameAnswers(first.one.answer, first.usual.answer, now);
    expect(first.one.rows).toEqual(first.usual.rows);
    expect(first.one.rows.floors).toHaveLength(1);

    const last = await bothWays(o.shipments[1]!, { now });
    expect(last.usual.answer).toMatchObject({ order: { packageStatus: 2, shelfNumber: first.usual.answer.shelfNumber } });
    sameAnswers(last.one.answer, last.usual.answer, now);
    expect(last.one.rows).toEqual(last.usual.rows);
  });

  it('takes the next slot for a second order, raising the floor it found, as the usual path does', async () => {
    const o = await newOrder(1);
    const now = new Date();
    const { one, usual } = await bothWays(o.shipments[0]!, { now, weight: 0.5 });
    expect(usual.answer).toMatchObject({ order: { orderStatus: 2, packageStatus: 2 } });
    sameAnswers(one.answer, usual.answer, now);
    expect(one.rows).toEqual(usual.rows);
  });

  it('leaves a closed order as it is and an order on hold at 问题件, as the usual path does', async () => {
    for (const status of [4, 7]) {
      const o = await newOrder(2);
      await root(sql`update orders set order_status = ${status} where id = ${o.id}`);
      const now = new Date();
      const { one, usual } = await bothWays(o.shipments[0]!, { now });
      expect(usual.answer).toMatchObject({ action: 'SIGNED', order: { orderStatus: status } });
      sameAnswers(one.answer, usual.answer, now);
      expect(one.rows).toEqual(usual.rows);
    }
  });

  /** The statement on a scan off its path: nothing written, no answer. */
  async function offThePath(shipment: string, extra: Partial<SignInStatementInput> = {}) {
    const before = await t.database.withTenant(1, (tx) => touched(tx, shipment));
    const i = input(shipment, extra);
    const { answer } = await t.database.withTenant(1, (tx) => sign(tx, i));
    expect(answer).toBeNull();
    expect(await t.database.withTenant(1, (tx) => touched(tx, shipment))).toEqual(before);
    expect(await root(sql`select id from idempotency_keys where key = ${i.key.key}`)).toEqual([]);
  }

  it('writes nothing off its path: an unknown number, a rescan, a refusal pending, a disabled station, a stock record\'s parcel, a parcel without a seller', async () => {
    await offThePath(`UNKNOWN${Date.now()}`);
    const signed = await declaredWithoutOrder();
    expect((await call(t.app, 'POST', svc('Logistics', 'SignByScan'), picker, { shipment: signed, warehouseInfoId: warehouseId })).body.result.action).toBe('SIGNED');
    await offThePath(signed);
    const o = await newOrder(1);
    const refused = await call(t.app, 'POST', svc('ExpressRejection', 'CreateRejectionInfo'), seller,
      { shipment: o.shipments[0], expressCompany: '中通快递', warehouseInfoId: warehouseId, reMark: '发错货' });
    expect(refused.status, JSON.stringify(refused.body.error)).toBe(200);
    await offThePath(o.shipments[0]!);
    const anyParcel = await declaredWithoutOrder();
    await root(sql`update warehouse_infos set is_enabled = false where id = ${otherStation}`);
    try {
      await offThePath(anyParcel, { warehouseInfoId: otherStation });
    } finally {
      await root(sql`update warehouse_infos set is_enabled = true where id = ${otherStation}`);
    }
    await offThePath(anyParcel, { warehouseInfoId: 987654321 });
    await offThePath(await declaredWithoutOrder({ order_type: 3 }));
    const nobodys = await declaredWithoutOrder();
    await root(sql`update parcels set user_id = null, user_code = null where shipment = ${nobodys}`);
    await offThePath(nobodys);
  });

  it('writes nothing for a parcel declared for another warehouse than the station\'s (migration 0036): the usual path answers WRONG_WAREHOUSE', async () => {
    const o = await newOrder(1);
    await offThePath(o.shipments[0]!, { warehouseInfoId: otherStation });
    const bare = await declaredWithoutOrder();
    await root(sql`update parcels set warehouse_info_id = ${warehouseId} where shipment = ${bare}`);
    await offThePath(bare, { warehouseInfoId: otherStation });
    for (const shipment of [o.shipments[0]!, bare]) {
      const usual = await call(t.app, 'POST', svc('Logistics', 'SignByScan'), picker, { shipment, warehouseInfoId: otherStation });
      expect(usual.body.result).toMatchObject({ action: 'WRONG_WAREHOUSE', parcel: { receiveStatus: 0 } });
    }
    // At its own station, both are on the path again.
    const { one, usual } = await bothWays(bare, { now: new Date() });
    expect(usual.answer.action).toBe('SIGNED');
    expect(one.rows).toEqual(usual.rows);
  });

  it('fails on a key that is there already, after its writes, so that nothing of it stays', async () => {
    const o = await newOrder(1);
    const shipment = o.shipments[0]!;
    const i = input(shipment);
    await root(sql`insert into idempotency_keys (tenant_id, user_id, key, request_hash) values (1, ${picker.userId}, ${i.key.key}, 'other')`);
    const before = await t.database.withTenant(1, (tx) => touched(tx, shipment));
    const failed = await t.database.withTenant(1, (tx) => sign(tx, i)).then(() => null, (err: unknown) => err);
    expect(sqlStateOf(failed)).toBe(KEY_TAKEN);
    expect(await t.database.withTenant(1, (tx) => touched(tx, shipment))).toEqual(before);
    expect((before.parcel as Row).receive_status).toBe(0);
  });

  // Decision 0056: scans gathered in one statement, against the same scans alone, one after the other.
  const gatheredOnly = way === 'gathered' ? it : it.skip;

  /** What `signs` answers and leaves for `shipments`, rolled back. */
  async function rolledBack(shipments: readonly string[], signs: (tx: Db) => Promise<unknown[]>) {
    let out: { answers: unknown[]; rows: unknown[] } | undefined;
    await t.database.withTenant(1, async (tx) => {
      const answers = await signs(tx);
      const rows: unknown[] = [];
      for (const s of shipments) rows.push(await touched(tx, s));
      out = { answers, rows };
      throw new Undo();
    }).catch((err: unknown) => {
      if (!(err instanceof Undo)) throw err;
    });
    return out!;
  }

  gatheredOnly('signs scans gathered in one statement as each alone would, in their order: a number twice once, an unknown one not at all', async () => {
    const a = await declaredWithoutOrder();
    const b = await declaredWithoutOrder();
    const o = await newOrder(2);
    const now = new Date();
    const items = [input(a, { now, weight: 0.75 }), input(o.shipments[0]!, { now }), input(`UNKNOWN${Date.now()}`, { now }),
      input(b, { now, note: '轻放', warehouseInfoId: otherStation }), input(a, { now }), input(o.shipments[1]!, { now })];
    const shipments = [a, b, ...o.shipments];
    const gathered = await rolledBack(shipments, (tx) => signInManyStatement(tx, items));
    const alone = await rolledBack(shipments, async (tx) => {
      const answers: unknown[] = [];
      for (const i of items) answers.push((await signInOneStatement(tx, i)).answer);
      return answers;
    });
    expect(gathered.answers.map((x) => (x as { action?: string } | null)?.action ?? null)).toEqual(['SIGNED', 'SIGNED', null, 'SIGNED', null, 'SIGNED']);
    expect(gathered.answers[5]).toMatchObject({ order: { id: o.id, packageStatus: 2 } });
    expect(gathered.answers).toEqual(alone.answers);
    expect(gathered.rows).toEqual(alone.rows);
  });

  gatheredOnly('fails when any gathered scan\'s key is there already, whether its parcel has an order or not, and nothing of any of them stays', async () => {
    // One parcel of an order goes one by one; three of other orders go set-based (decision 0057).
    for (const [orders, taken] of [[1, 0], [1, 1], [3, 1], [3, 3]] as const) {
      const x = await declaredWithoutOrder();
      const tied: string[] = [];
      for (let k = 0; k < orders; k++) tied.push((await newOrder(1)).shipments[0]!);
      const items = [input(x), ...tied.map((s) => input(s))];
      await root(sql`insert into idempotency_keys (tenant_id, user_id, key, request_hash) values (1, ${picker.userId}, ${items[taken]!.key.key}, 'other')`);
      const state = () => t.database.withTenant(1, async (tx) => Promise.all([x, ...tied].map((s) => touched(tx, s))));
      const before = await state();
      const failed = await t.database.withTenant(1, (tx) => signInManyStatement(tx, items)).then(() => null, (err: unknown) => err);
      expect(sqlStateOf(failed)).toBe(KEY_TAKEN);
      expect(await state()).toEqual(before);
      for (const [k, i] of items.entries()) if (k !== taken) expect(await root(sql`select id from idempotency_keys where key = ${i.key.key}`)).toEqual([]);
    }
  });

  /** The same scans gathered in one statement and alone, one after the other: the answers and rows of both, rolled back. */
  async function gatheredAndAlone(items: readonly SignInStatementInput[], shipments: readonly string[]) {
    const gathered = await rolledBack(shipments, (tx) => signInManyStatement(tx, items));
    const alone = await rolledBack(shipments, async (tx) => {
      const answers: unknown[] = [];
      for (const i of items) answers.push((await signInOneStatement(tx, i)).answer);
      return answers;
    });
    return { gathered, alone };
  }
  const shelfOf = (answer: unknown) => (answer as { order: { shelfNumber: string | null } }).order.shelfNumber;

  gatheredOnly('signs the parcels of several orders gathered as each alone would: slots in the scans\' order, a partial order, a closed one, one on hold, one with its slot', async () => {
    const complete = await newOrder(1);
    const partial = await newOrder(2);
    const closed = await newOrder(2);
    await root(sql`update orders set order_status = 4 where id = ${closed.id}`);
    const held = await newOrder(1);
    await root(sql`update orders set order_status = 7 where id = ${held.id}`);
    // Declared for this warehouse, scanned at another station: off the path, gathered or alone (migration 0036).
    const away = await newOrder(1);
    const slotted = await newOrder(2);
    const firstOfSlotted = await call(t.app, 'POST', svc('Logistics', 'SignByScan'), picker, { shipment: slotted.shipments[0], warehouseInfoId: warehouseId });
    expect(shelfOf(firstOfSlotted.body.result)).toMatch(/^H\d{4}$/);
    const x = await declaredWithoutOrder();
    const now = new Date();
    const items = [input(complete.shipments[0]!, { now, weight: 2.5 }), input(x, { now }), input(partial.shipments[0]!, { now, note: '到一件' }),
      input(closed.shipments[0]!, { now }), input(`UNKNOWN${Date.now()}`, { now }), input(held.shipments[0]!, { now }),
      input(slotted.shipments[1]!, { now }), input(away.shipments[0]!, { now, warehouseInfoId: otherStation })];
    const shipments = [complete.shipments[0]!, x, partial.shipments[0]!, closed.shipments[0]!, held.shipments[0]!, ...slotted.shipments, away.shipments[0]!];
    const { gathered, alone } = await gatheredAndAlone(items, shipments);
    expect(gathered.answers.map((a) => (a as { action?: string } | null)?.action ?? null)).toEqual(['SIGNED', 'SIGNED', 'SIGNED', 'SIGNED', null, 'SIGNED', 'SIGNED', null]);
    expect((gathered.rows.at(-1) as { parcel: { receive_status: number } }).parcel.receive_status).toBe(0);
    expect(gathered.answers[0]).toMatchObject({ order: { id: complete.id, orderStatus: 2, packageStatus: 2 } });
    expect(gathered.answers[2]).toMatchObject({ order: { id: partial.id, orderStatus: 2, packageStatus: 1 } });
    expect(gathered.answers[3]).toMatchObject({ order: { id: closed.id, orderStatus: 4, shelfNumber: null } });
    expect(gathered.answers[5]).toMatchObject({ order: { id: held.id, orderStatus: 7 } });
    expect(gathered.answers[6]).toMatchObject({ order: { id: slotted.id, packageStatus: 2, shelfNumber: shelfOf(firstOfSlotted.body.result) } });
    // New slots, one each, in the scans' order.
    const slots = [0, 2, 5].map((k) => shelfOf(gathered.answers[k]));
    expect(slots.every((s) => /^H\d{4}$/.test(s ?? ''))).toBe(true);
    expect([...slots].sort()).toEqual(slots);
    expect(new Set(slots).size).toBe(3);
    expect(gathered.answers).toEqual(alone.answers);
    expect(gathered.rows).toEqual(alone.rows);
  });

  gatheredOnly('signs two scans of one order one by one, after the other orders\' parcels (set-based), as alone', async () => {
    const two = await newOrder(2);
    const a = await newOrder(1);
    const b = await newOrder(1);
    const c = await newOrder(1);
    const now = new Date();
    const items = [input(two.shipments[0]!, { now }), input(a.shipments[0]!, { now }), input(two.shipments[1]!, { now }), input(b.shipments[0]!, { now }),
      input(c.shipments[0]!, { now })];
    const { gathered, alone } = await gatheredAndAlone(items, [...two.shipments, a.shipments[0]!, b.shipments[0]!, c.shipments[0]!]);
    expect(gathered.answers[2]).toMatchObject({ action: 'SIGNED', order: { id: two.id, packageStatus: 2 } });
    expect(shelfOf(gathered.answers[2])).toBe(shelfOf(gathered.answers[0]));
    // The rows but for which slot each order took (the one by one went after the set-based ones).
    const withoutSlots = (rows: unknown[]) => JSON.parse(JSON.stringify(rows).replace(/H\d{4}/g, 'H').replace(/"(holding_slot|floor)":\d+/g, '"$1":0')) as unknown;
    expect(new Set(gathered.answers.map(shelfOf)).size).toBe(4);
    expect(withoutSlots(gathered.answers)).toEqual(withoutSlots(alone.answers));
    expect(withoutSlots(gathered.rows)).toEqual(withoutSlots(alone.rows));
  });

  const onPostgres = way === 'gathered' && process.env.DATABASE_URL ? it : it.skip;
  onPostgres('passes over a slot another transaction is claiming, and raises the floor no higher than it, as alone (PostgreSQL)', async () => {
    const orders = [await newOrder(1), await newOrder(1), await newOrder(1)];
    const [{ n }] = await root<{ n: number }>(sql`select min(g)::int as n from slot_floors f, generate_series(f.floor, f.floor + 200) g
      where f.warehouse_info_id = ${warehouseId} and not exists (select 1 from orders o where o.warehouse_info_id = ${warehouseId}
        and o.holding_slot = g and o.package_status < 5 and o.order_status not in (4, 5, 6))`) as [{ n: number }];
    // Another session claims the lowest free number, as a scan in flight would.
    const other = new pg.Client({ connectionString: t.databaseUrl });
    await other.connect();
    try {
      await other.query(`select pg_advisory_lock(hashtext('haicang.holding_slot.' || $1::bigint), $2::int)`, [warehouseId, n]);
      const now = new Date();
      const shipments = orders.map((o) => o.shipments[0]!);
      const { gathered, alone } = await gatheredAndAlone(shipments.map((x) => input(x, { now })), shipments);
      const name = (k: number) => `H${String(k).padStart(4, '0')}`;
      expect(gathered.answers.map(shelfOf)).toEqual([name(n + 1), name(n + 2), name(n + 3)]);
      expect((gathered.rows[0] as { floors: { floor: number }[] }).floors[0]!.floor).toBe(n);
      expect(gathered.answers).toEqual(alone.answers);
      expect(gathered.rows).toEqual(alone.rows);
    } finally {
      await other.end();
    }
  });
});
