// Decision 0056: keyed scans that arrive together go to PostgreSQL in one statement (the scan lane,
// modules/orders/scan-lane.ts). Sent at once, they are gathered, each is answered as it would be alone,
// each parcel is signed once and each key keeps its answer. A gathered statement that fails (a key used
// before) leaves nothing, and every scan in it runs again with its key claimed first. The lane is on
// PostgreSQL's path only (PGlite has none): skipped there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, createTestApp, rowsOf, svc, type TestApp } from '../helpers/test-app.ts';
import { watchStatements } from '../helpers/statements.ts';
import { buildOrder, createOrder } from '../factories/orders.ts';
import { parcelScene, type ParcelScene } from '../factories/parcels.ts';

describe.skipIf(!process.env.DATABASE_URL)('keyed scans gathered in one statement (PostgreSQL)', () => {
  let t: TestApp;
  let scene: ParcelScene;
  let seq = 0;
  /** How many scans each statement carried (haicang_sign_in_many, or haicang_sign_in for one). */
  const gathered: number[] = [];
  /** Gathering needs more request connections than statements in flight (HC_TEST_POOL=2 leaves too few: correctness only). */
  const canGather = Number(process.env.HC_TEST_POOL ?? 30) > 2;
  /** How many scans took the usual path (orders/repository.ts lockParcelForScan: its statement begins `with "scanned"`). */
  let usual = 0;
  let unwatch = () => {};

  beforeAll(async () => {
    unwatch = watchStatements(({ text, values }) => {
      if (text.startsWith('select haicang_sign_in_many(')) gathered.push((JSON.parse(String(values?.[0])) as unknown[]).length);
      // A statement of one scan goes as haicang_sign_in itself.
      if (text.startsWith('select haicang_sign_in(')) gathered.push(1);
      if (text.startsWith('with "scanned"')) usual++;
    });
    // One statement in flight: every scan that arrives meanwhile waits for the next, gathered.
    t = await createTestApp({ SCAN_LANE: '1' });
    scene = await parcelScene(t, { ownWarehouse: `合并仓${Date.now()}` });
  });
  afterAll(async () => {
    unwatch();
    await t?.close();
  });

  const root = async <T extends Record<string, unknown>>(q: ReturnType<typeof sql>) => rowsOf<T>(await t.database.root.execute(q));
  const declared = async () => {
    const shipment = `LANE${Date.now()}${seq++}`;
    await root(sql`insert into parcels (tenant_id, shipment, user_id, user_code, receive_status) values (1, ${shipment}, ${scene.seller.userId}, ${scene.seller.userCode}, 0)`);
    return shipment;
  };
  const ofAnOrder = async () => {
    const o = buildOrder(scene.storeId, scene.warehouseId);
    o.orderProductInfosList = o.orderProductInfosList.slice(0, 1);
    await createOrder(t.app, scene.seller, o);
    return o.orderProductInfosList[0]!.shipment;
  };
  const scan = (shipment: string, key: string) =>
    call(t.app, 'POST', svc('Logistics', 'SignByScan'), scene.picker, { shipment, warehouseInfoId: scene.warehouseId }, { 'Idempotency-Key': key });
  const inbound = async (shipments: readonly string[]) =>
    (await root<{ shipment: string; n: number }>(sql`select shipment, count(*)::int as n from into_logistics
      where shipment in (${sql.join(shipments.map((s) => sql`${s}`), sql`, `)}) group by shipment order by shipment`));

  it('signs scans sent at once, several in one statement, each answered as alone, once, and replayed by its key', async () => {
    const shipments = [...await Promise.all(Array.from({ length: 18 }, declared)), ...await Promise.all(Array.from({ length: 6 }, ofAnOrder))];
    const keys = shipments.map((s) => `lane-${s}`);
    gathered.length = 0;
    usual = 0;
    const answers = await Promise.all(shipments.map((s, i) => scan(s, keys[i]!)));
    for (const [i, a] of answers.entries()) {
      expect(a.status, JSON.stringify(a.body.error)).toBe(200);
      expect(a.body.result).toMatchObject({ action: 'SIGNED', parcel: { shipment: shipments[i], receiveStatus: 1 } });
    }
    for (const a of answers.slice(18)) expect(a.body.result.order).toMatchObject({ orderStatus: 2, packageStatus: 2 });
    // Each order its own holding slot, however its parcel went (set-based with others, decision 0057, or alone).
    expect(new Set(answers.slice(18).map((a) => a.body.result.order.shelfNumber)).size).toBe(6);
    // Gathered: fewer statements than scans, at least one carrying several.
    expect(gathered.reduce((n, k) => n + k, 0)).toBe(shipments.length);
    if (canGather) expect(Math.max(...gathered)).toBeGreaterThan(1);
    expect(usual).toBe(0);
    expect((await inbound(shipments)).map((r) => r.n)).toEqual(shipments.map(() => 1));
    // Each key answers what it answered first.
    const again = await Promise.all(shipments.map((s, i) => scan(s, keys[i]!)));
    for (const [i, a] of again.entries()) {
      expect(a.headers['idempotent-replayed']).toBe('true');
      expect(a.body.result).toEqual(answers[i]!.body.result);
    }
  });

  it('runs every scan of a gathered statement that failed again, its key claimed first: a key used before replays, the others sign once', async () => {
    const first = await declared();
    const used = await scan(first, `lane-used-${first}`);
    expect(used.body.result.action).toBe('SIGNED');
    const fresh = await Promise.all(Array.from({ length: 12 }, declared));
    gathered.length = 0;
    usual = 0;
    // The used key last, so that it waits and goes gathered with others.
    const all = await Promise.all([...fresh.map((s) => scan(s, `lane-${s}`)), scan(first, `lane-used-${first}`)]);
    const replayed = all.at(-1);
    const signed = all.slice(0, -1);
    expect(replayed!.headers['idempotent-replayed']).toBe('true');
    expect(replayed!.body.result).toEqual(used.body.result);
    for (const a of signed) expect(a.body.result.action, JSON.stringify(a.body.error)).toBe('SIGNED');
    expect((await inbound([first, ...fresh])).map((r) => r.n)).toEqual([first, ...fresh].map(() => 1));
    const keys = await root<{ n: number }>(sql`select count(*)::int as n from idempotency_keys where key like 'lane-%' and key in (${sql.join(fresh.map((s) => sql`${`lane-${s}`}`), sql`, `)})`);
    expect(keys[0]!.n).toBe(fresh.length);
    // The statement it went in, with others, failed: they ran again the usual way (the replay itself runs no scan).
    if (canGather) {
      expect(Math.max(...gathered)).toBeGreaterThan(1);
      expect(usual).toBeGreaterThan(0);
    }
  });
});
