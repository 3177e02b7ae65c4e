// The outbox against fake-indexeddb and a scripted server: order, backoff, dedupe, 401 pause,
// conflicts, refusals and a reload in the middle.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Outbox, BACKOFF_BASE_MS, type OutboxOptions } from './outbox.ts';
import type { OutboxRequest } from './db.ts';

interface Sent { url: string; key: string; body: unknown; auth: string | null }

type Reply = Response | Error | ((sent: Sent) => Response | Error);

const ok = (result: unknown) => new Response(JSON.stringify({ result, success: true, error: null }), { status: 200, headers: { 'Content-Type': 'application/json' } });
const refuse = (status: number, message: string, headers: Record<string, string> = {}) =>
  // ABP flags 401 and 403 alike.
  new Response(JSON.stringify({ result: null, success: false, error: { message }, unAuthorizedRequest: status === 401 || status === 403 }),
    { status, headers: { 'Content-Type': 'application/json', ...headers } });

let dbCount = 0;
const open: Outbox[] = [];

function setup(replies: Reply[] = [], extra: Partial<OutboxOptions> & { dbName?: string } = {}) {
  const sent: Sent[] = [];
  const clock = { now: 1_000_000 };
  const session = { token: 'token-a' as string | null, owner: '1:7' as string | null, name: 'picker7' as string | null };
  const fetchFn = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const headers = init!.headers as Record<string, string>;
    const s: Sent = { url: String(url), key: headers['Idempotency-Key']!, body: JSON.parse(String(init!.body)), auth: headers.Authorization ?? null };
    sent.push(s);
    const next = replies.shift() ?? ok({ action: 'SIGNED' });
    const r = typeof next === 'function' ? next(s) : next;
    if (r instanceof Error) throw r;
    return r;
  });
  const outbox = new Outbox({
    dbName: extra.dbName ?? `outbox-test-${++dbCount}`,
    source: { getToken: () => session.token, getTenantId: () => 1, getCulture: () => 'zh-Hans', getOwner: () => session.owner, getOwnerName: () => session.name },
    fetch: fetchFn as unknown as typeof fetch,
    now: () => clock.now,
    random: () => 0.5,
    locks: null,
    ...extra,
  });
  open.push(outbox);
  return { outbox, sent, clock, session, fetchFn };
}

const sign = (shipment: string): OutboxRequest => ({
  service: 'Logistics', action: 'signByScan', method: 'POST', url: '/api/services/app/Logistics/SignByScan',
  query: undefined, body: { shipment, warehouseInfoId: 1 },
});

afterEach(() => {
  for (const o of open.splice(0)) o.close();
});

describe('outbox', () => {
  it('sends in the order queued, each with its own Idempotency-Key, and keeps the verdicts', async () => {
    const { outbox, sent } = setup([ok({ action: 'SIGNED' }), ok({ action: 'UNCLAIMED' }), ok({ action: 'ALREADY' })]);
    const a = await outbox.enqueue(sign('YT0001'), { group: 'parcel:YT0001', label: 'YT0001' });
    const b = await outbox.enqueue(sign('YT0002'), { group: 'parcel:YT0002', label: 'YT0002' });
    const c = await outbox.enqueue(sign('YT0003'), { group: 'parcel:YT0003', label: 'YT0003' });
    expect(await outbox.counts()).toEqual({ waiting: 3, attention: 0 });
    await outbox.run();
    expect(sent.map((s) => (s.body as { shipment: string }).shipment)).toEqual(['YT0001', 'YT0002', 'YT0003']);
    expect(sent.map((s) => s.key)).toEqual([a.key, b.key, c.key]);
    expect(new Set(sent.map((s) => s.key)).size).toBe(3);
    expect(sent[0]!.auth).toBe('Bearer token-a');
    const state = await outbox.snapshot();
    expect(state.waiting).toBe(0);
    expect(state.recent.map((e) => [e.label, (e.result as { action: string }).action])).toEqual([
      ['YT0003', 'ALREADY'], ['YT0002', 'UNCLAIMED'], ['YT0001', 'SIGNED'],
    ]);
  });

  it('keeps FIFO within a group: a later entry never overtakes one that is backing off', async () => {
    const { outbox, sent, clock } = setup([new TypeError('Failed to fetch')]);
    await outbox.enqueue(sign('YT0001'), { group: 'order:5', label: 'first' });
    await outbox.enqueue(sign('YT0002'), { group: 'order:5', label: 'second' });
    await outbox.enqueue(sign('YT0003'), { group: 'order:6', label: 'other' });
    await outbox.run();
    // The first failed on the network: the pass stops, nothing else is tried.
    expect(sent).toHaveLength(1);
    await outbox.run();
    // order:5 is backing off, so its second entry waits; order:6 may go.
    expect(sent.map((s) => (s.body as { shipment: string }).shipment)).toEqual(['YT0001', 'YT0003']);
    clock.now += BACKOFF_BASE_MS;
    await outbox.run();
    expect(sent.map((s) => (s.body as { shipment: string }).shipment)).toEqual(['YT0001', 'YT0003', 'YT0001', 'YT0002']);
    expect(sent[2]!.key).toBe(sent[0]!.key);
  });

  it('backs off exponentially with jitter after network errors and retries with the same key', async () => {
    const { outbox, sent, clock } = setup([new TypeError('Failed to fetch'), new TypeError('Failed to fetch'), refuse(503, '维护中')]);
    const e = await outbox.enqueue(sign('YT0001'), { group: 'p', label: 'YT0001' });
    const row = async () => (await outbox.db.entries.get(e.seq!))!;
    await outbox.run();
    // random 0.5: half the window plus half of half → 0.75 × 1 s.
    expect((await row()).nextAttemptAt - clock.now).toBe(750);
    await outbox.run();
    expect(sent).toHaveLength(1); // still backing off
    clock.now += 750;
    await outbox.run();
    expect((await row()).nextAttemptAt - clock.now).toBe(1_500); // 0.75 × 2 s
    clock.now += 1_500;
    await outbox.run();
    expect((await row()).nextAttemptAt - clock.now).toBe(3_000); // 0.75 × 4 s
    expect((await row()).lastError).toBe('维护中');
    clock.now += 3_000;
    await outbox.run();
    expect(sent).toHaveLength(4);
    expect(new Set(sent.map((s) => s.key))).toEqual(new Set([e.key]));
    expect((await row()).status).toBe('done');
  });

  it('honours Retry-After when it asks for longer than the backoff', async () => {
    const { outbox, sent, clock } = setup([refuse(429, '请求太频繁', { 'Retry-After': '20' })]);
    const e = await outbox.enqueue(sign('YT0001'), { group: 'p', label: 'YT0001' });
    await outbox.run();
    expect((await outbox.db.entries.get(e.seq!))!.nextAttemptAt - clock.now).toBe(20_000);
    clock.now += 19_000;
    await outbox.run();
    expect(sent).toHaveLength(1);
    clock.now += 1_000;
    await outbox.run();
    expect(sent).toHaveLength(2);
  });

  it('never queues or sends the same key twice, even with passes started together', async () => {
    const { outbox, sent } = setup();
    const first = await outbox.enqueue(sign('YT0001'), { group: 'p', label: 'YT0001', key: 'k-1' });
    const again = await outbox.enqueue(sign('YT0001'), { group: 'p', label: 'YT0001', key: 'k-1' });
    expect(again.seq).toBe(first.seq);
    // once: a second scan of a parcel already waiting joins the waiting entry.
    const joined = await outbox.enqueue(sign('YT0001'), { group: 'p', label: 'YT0001', once: true });
    expect(joined.seq).toBe(first.seq);
    await Promise.all([outbox.run(), outbox.run(), outbox.run({ force: true })]);
    await outbox.run();
    expect(sent.map((s) => s.key)).toEqual(['k-1']);
  });

  it('pauses on 401 without dropping anything and goes on after signing in again', async () => {
    const onUnauthorized = vi.fn();
    const { outbox, sent, session } = setup([refuse(401, '登录已过期')], { onUnauthorized });
    await outbox.enqueue(sign('YT0001'), { group: 'a', label: 'YT0001' });
    await outbox.enqueue(sign('YT0002'), { group: 'b', label: 'YT0002' });
    await outbox.run();
    expect(outbox.isPaused()).toBe(true);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(sent).toHaveLength(1);
    expect(await outbox.counts()).toEqual({ waiting: 2, attention: 0 });
    await outbox.run({ force: true });
    expect(sent).toHaveLength(1); // paused: nothing goes out
    session.token = 'token-b';
    outbox.resume();
    await outbox.run();
    expect(outbox.isPaused()).toBe(false);
    expect(sent.map((s) => [(s.body as { shipment: string }).shipment, s.auth])).toEqual([
      ['YT0001', 'Bearer token-a'], ['YT0001', 'Bearer token-b'], ['YT0002', 'Bearer token-b'],
    ]);
    expect(await outbox.counts()).toEqual({ waiting: 0, attention: 0 });
  });

  it('puts a 403 in 需处理 without pausing: ABP flags it unAuthorizedRequest, but signing in again would not help', async () => {
    const onUnauthorized = vi.fn();
    const { outbox } = setup([refuse(403, '未授予所需的权限。')], { onUnauthorized });
    await outbox.enqueue(sign('YT0001'), { group: 'a', label: 'YT0001' });
    await outbox.run();
    expect(outbox.isPaused()).toBe(false);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect((await outbox.snapshot()).open[0]).toMatchObject({ status: 'attention', lastStatus: 403 });
  });

  it('sends only the rows of the user who queued them', async () => {
    const { outbox, sent, session } = setup();
    await outbox.enqueue(sign('YT0001'), { group: 'a', label: 'YT0001' });
    session.owner = '1:8';
    await outbox.run();
    expect(sent).toHaveLength(0);
    expect(await outbox.counts()).toEqual({ waiting: 0, attention: 0 });
    session.owner = '1:7';
    await outbox.run();
    expect(sent).toHaveLength(1);
  });

  it('holds another picker\'s rows under their name while someone else is signed in, and sends them as their own user later (decision 0068)', async () => {
    const { outbox, sent, session } = setup();
    await outbox.enqueue(sign('YT0001'), { group: 'a', label: 'YT0001' });
    await outbox.enqueue(sign('YT0002'), { group: 'b', label: 'YT0002' });
    // The token expired offline; another picker signs in on the same phone.
    session.owner = '1:8';
    session.name = 'picker8';
    session.token = 'token-b';
    await outbox.run();
    expect(sent).toHaveLength(0);
    const held = await outbox.snapshot();
    expect(held.open).toEqual([]);
    expect(held.held).toEqual([{ owner: '1:7', name: 'picker7', count: 2 }]);
    // The first picker signs in again: the rows go, with that picker's token.
    session.owner = '1:7';
    session.name = 'picker7';
    session.token = 'token-a2';
    await outbox.run();
    expect(sent.map((s) => s.auth)).toEqual(['Bearer token-a2', 'Bearer token-a2']);
    expect((await outbox.snapshot()).held).toEqual([]);
  });

  it('counts a conflict that matches the intent as done, and retries the in-flight conflict', async () => {
    const conflictIsDone = vi.fn((_e: unknown, message: string) => message.includes('已签收'));
    const { outbox, sent, clock } = setup([refuse(409, '请求正在处理中，请稍后重试。'), refuse(409, '该包裹已签收。')], { conflictIsDone });
    const e = await outbox.enqueue(sign('YT0001'), { group: 'a', label: 'YT0001' });
    await outbox.run();
    expect((await outbox.db.entries.get(e.seq!))!.status).toBe('pending');
    clock.now += 60_000;
    await outbox.run();
    expect(sent).toHaveLength(2);
    expect((await outbox.db.entries.get(e.seq!))!.status).toBe('done');
    expect(await outbox.counts()).toEqual({ waiting: 0, attention: 0 });
  });

  it('puts other refusals in 需处理: they block their group only, and can be retried or discarded', async () => {
    const { outbox, sent } = setup([refuse(409, '订单已取消，不能签收。'), ok({ action: 'SIGNED' }), refuse(400, '快递单号格式不正确')]);
    const a1 = await outbox.enqueue(sign('YT0001'), { group: 'a', label: 'YT0001' });
    await outbox.enqueue(sign('YT0009'), { group: 'a', label: 'after a1' });
    const b = await outbox.enqueue(sign('YT0002'), { group: 'b', label: 'YT0002' });
    await outbox.run();
    expect(sent.map((s) => (s.body as { shipment: string }).shipment)).toEqual(['YT0001', 'YT0002']);
    const state = await outbox.snapshot();
    expect(state.attention).toBe(1);
    expect(state.waiting).toBe(1); // a's second entry waits behind the refused one
    expect(state.open.find((x) => x.seq === a1.seq)).toMatchObject({ status: 'attention', lastStatus: 409, lastError: '订单已取消，不能签收。' });
    expect((await outbox.db.entries.get(b.seq!))!.status).toBe('done');
    // 重试: the same key goes again; this time refused as 400, still 需处理.
    await outbox.retry(a1.seq!);
    await outbox.run();
    expect(sent.at(-1)!.key).toBe(a1.key);
    expect((await outbox.db.entries.get(a1.seq!))!.lastStatus).toBe(400);
    await outbox.discard(a1.seq!);
    await outbox.run();
    expect(await outbox.db.entries.get(a1.seq!)).toBeUndefined();
    expect((sent.at(-1)!.body as { shipment: string }).shipment).toBe('YT0009');
    expect(await outbox.counts()).toEqual({ waiting: 0, attention: 0 });
  });

  it('a refused row queued with holdsGroup: false does not hold back the later rows of its group (a refused 交接 scan, then the close)', async () => {
    const { outbox, sent } = setup([refuse(409, '订单未称重，不能交接'), ok({ batchName: 'B1', count: 0 })]);
    await outbox.enqueue(sign('TRADE1'), { group: 'receipt:1:7-11', label: '交接 TRADE1', holdsGroup: false });
    await outbox.enqueue(sign('CLOSE'), { group: 'receipt:1:7-11', label: '关闭交接批次' });
    await outbox.run();
    expect(sent.map((s) => (s.body as { shipment: string }).shipment)).toEqual(['TRADE1', 'CLOSE']);
    const state = await outbox.snapshot();
    expect(state.open.map((e) => [e.label, e.status])).toEqual([['交接 TRADE1', 'attention']]);
    expect(state.recent.map((e) => e.label)).toEqual(['关闭交接批次']);
  });

  it('survives a reload: a new outbox on the same database sends what the old one queued, with the same keys', async () => {
    const dbName = `outbox-reload-${++dbCount}`;
    const first = setup([], { dbName });
    const queued = [];
    for (const n of ['YT0001', 'YT0002', 'YT0003']) queued.push(await first.outbox.enqueue(sign(n), { group: n, label: n }));
    // The page goes away while the first request is on its way (its row says 'sending').
    await first.outbox.db.entries.update(queued[0]!.seq!, { status: 'sending' });
    first.outbox.close();
    expect(first.sent).toHaveLength(0);

    const second = setup([], { dbName });
    expect(await second.outbox.counts()).toEqual({ waiting: 3, attention: 0 });
    await second.outbox.run();
    expect(second.sent.map((s) => s.key)).toEqual(queued.map((q) => q.key));
    expect(await second.outbox.counts()).toEqual({ waiting: 0, attention: 0 });
  });

  it('refuses to queue when nobody is signed in', async () => {
    const { outbox, session } = setup();
    session.owner = null;
    await expect(outbox.enqueue(sign('YT0001'), { group: 'a', label: 'a' })).rejects.toThrow(/signed in/);
  });
});
