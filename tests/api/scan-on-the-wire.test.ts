// Decisions 0039, 0040 and 0051, as the statements go out on PostgreSQL: a keyed SignByScan on its
// common path is one statement with BEGIN and COMMIT; off it (a rescan, a group member's scan) it sends
// its parcel's lock before the key's claim has answered, and its stored answer inside the parcel's
// update with COMMIT sent behind it, not as a statement of its own. Recorded from node-postgres' Client#query, which every
// request connection calls (PGlite has no such path: skipped there).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signIn, svc, type TestApp } from '../helpers/test-app.ts';
import { createUser } from '../factories/identity.ts';
import { watchStatements } from '../helpers/statements.ts';
import { buildOrder, createOrder } from '../factories/orders.ts';
import { parcelScene, type ParcelScene } from '../factories/parcels.ts';

interface Sent { text: string; inFlight: string[]; done: boolean }

// Through the scan lane (decision 0056, the default: a scan that arrives alone goes alone) and without it (SCAN_LANE=0).
for (const lane of ['default', '0']) describe.skipIf(!process.env.DATABASE_URL)(`a keyed scan on the wire (PostgreSQL, SCAN_LANE ${lane})`, () => {
  let t: TestApp;
  let scene: ParcelScene;
  const sent: Sent[] = [];
  let unwatch = () => {};

  beforeAll(async () => {
    unwatch = watchStatements(({ text }, answer) => {
      // In flight: what was sent before it and has not been answered yet.
      const entry: Sent = { text, inFlight: sent.filter((s) => !s.done).map((s) => s.text), done: false };
      sent.push(entry);
      if (answer && typeof (answer as Promise<unknown>).then === 'function') {
        (answer as Promise<unknown>).then(() => { entry.done = true; }, () => { entry.done = true; });
      } else entry.done = true;
    });
    t = await createTestApp(lane === 'default' ? {} : { SCAN_LANE: lane });
    scene = await parcelScene(t, { ownWarehouse: `线上仓${Date.now()}` });
  });
  afterAll(async () => {
    unwatch();
    await t?.close();
  });

  const scanSent = async (shipment: string, key: string) => {
    const from = sent.length;
    const res = await call(t.app, 'POST', svc('Logistics', 'SignByScan'), scene.picker, { shipment, warehouseInfoId: scene.warehouseId }, { 'Idempotency-Key': key });
    expect(res.status).toBe(200);
    // The scan's own statements: not the caller's row read into the server's cache, nor the notices sent after a commit.
    // Nor the session's switch to read-write that a connection's first statement sent alone takes (decision 0055).
    return { res, statements: sent.slice(from).filter((st) => !/pg_notify|from "users"|from "staff_groups"|^set default_transaction_read_only/.test(st.text)) };
  };
  const isClaim = (s: Sent) => /insert into "idempotency_keys"/i.test(s.text);
  const isLock = (s: Sent) => /from "parcels"/i.test(s.text) && /for update/i.test(s.text);
  const isAnswer = (s: Sent) => /update "idempotency_keys"/i.test(s.text);
  const isWrite = (s: Sent) => /update "parcels"/i.test(s.text);

  // Alone or gathered with others in the scan lane (decision 0056): haicang_sign_in or haicang_sign_in_many.
  const isOneStatement = (s: Sent) => /select haicang_sign_in(_many)?\(/.test(s.text);

  it('sends a keyed scan on its common path as one statement, alone: its own transaction, no BEGIN, no COMMIT (decisions 0051, 0055)', async () => {
    // The picker's row in the server's cache first: a scan that reads it sends it first, with BEGIN, and COMMIT behind the scan.
    expect((await call(t.app, 'GET', svc('Session', 'GetCurrentLoginInformations'), scene.picker)).status).toBe(200);
    const input = buildOrder(scene.storeId, scene.warehouseId);
    await createOrder(t.app, scene.seller, input);
    const shipment = input.orderProductInfosList[0]!.shipment;
    const { res, statements } = await scanSent(shipment, `wire-${shipment}`);
    expect(res.body.result).toMatchObject({ action: 'SIGNED', order: { packageStatus: 1 } });
    expect(statements.map((s) => (isOneStatement(s) ? 'scan' : s.text))).toEqual(['scan']);
    // No claim of its own, no answer stored by a statement of its own: the key's row is the statement's.
    expect(statements.some(isClaim) || statements.some(isAnswer)).toBe(false);
    // A rescan with the same key answers what the statement stored with it.
    const again = await call(t.app, 'POST', svc('Logistics', 'SignByScan'), scene.picker, { shipment, warehouseInfoId: scene.warehouseId }, { 'Idempotency-Key': `wire-${shipment}` });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.result).toEqual(res.body.result);
  });

  it('sends the parcel\'s lock behind the claim, and the answer inside the parcel\'s update with COMMIT behind it, for a group member (decisions 0039, 0040)', async () => {
    // A group member's scan goes the usual way: the one statement does not apply his scope.
    const { admin } = scene;
    const role = await call(t.app, 'POST', svc('Role', 'Create'), admin, { name: 'WireScanner', displayName: '扫码员', grantedPermissions: ['OrderManage.ExpressShipmentDelivery'] });
    expect(role.status, JSON.stringify(role.body.error)).toBe(200);
    const m = await createUser(t.app, admin, { roleNames: ['WireScanner'] });
    const group = await call(t.app, 'POST', svc('BackGroup', 'AddGroup'), admin, { groupName: '线上组', crossBorderSites: ['TW'], groupPersonnels: [m.id] });
    expect(group.status, JSON.stringify(group.body.error)).toBe(200);
    const member = await signIn(t.app, m.userName, m.password, 1);
    const input = buildOrder(scene.storeId, scene.warehouseId);
    await createOrder(t.app, scene.seller, input);
    const shipment = input.orderProductInfosList[0]!.shipment;
    const from = sent.length;
    const res = await call(t.app, 'POST', svc('Logistics', 'SignByScan'), member, { shipment, warehouseInfoId: scene.warehouseId }, { 'Idempotency-Key': `wire-member-${shipment}` });
    expect(res.status).toBe(200);
    expect(res.body.result.action).toBe('SIGNED');
    const statements = sent.slice(from);
    expect(statements.some(isOneStatement)).toBe(false);

    const claim = statements.findIndex(isClaim);
    expect(claim).toBeGreaterThanOrEqual(0);
    // The claim went out with the scope's settings and the station's warehouse check, unanswered (decision 0039).
    expect(statements[claim + 1]!.inFlight).toContain(statements[claim]!.text);

    // One statement carries the parcel's update and the stored answer; it is the last, COMMIT right behind it (decision 0040).
    const answers = statements.filter(isAnswer);
    expect(answers).toHaveLength(1);
    expect(isWrite(answers[0]!)).toBe(true);
    const write = statements.indexOf(answers[0]!);
    expect(statements.slice(write + 1).map((s) => s.text)).toEqual(['commit']);
    expect(statements[write + 1]!.inFlight).toContain(answers[0]!.text);
  });

  it('stores a scan that writes nothing (already signed) as before: its own statement, COMMIT behind it', async () => {
    const input = buildOrder(scene.storeId, scene.warehouseId);
    await createOrder(t.app, scene.seller, input);
    const shipment = input.orderProductInfosList[0]!.shipment;
    await scanSent(shipment, `wire-first-${shipment}`);
    const { res, statements } = await scanSent(shipment, `wire-again-${shipment}`);
    expect(res.body.result.action).toBe('ALREADY');
    // The one statement first, alone, which wrote nothing (decisions 0051, 0055); then the claim, with the lock behind it.
    expect(statements.slice(0, 2).map((s) => (isOneStatement(s) ? 'scan' : s.text))).toEqual(['scan', 'begin read write']);
    expect(statements.findIndex(isLock)).toBe(statements.findIndex(isClaim) + 1);
    const answers = statements.filter(isAnswer);
    expect(answers).toHaveLength(1);
    expect(isWrite(answers[0]!)).toBe(false);
    expect(statements.slice(statements.indexOf(answers[0]!) + 1).map((s) => s.text)).toEqual(['commit']);
  });
});
