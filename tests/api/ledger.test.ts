// The points ledger (DOMAIN §5): exact balances, one posting per (channel, ref), reversals once,
// all or nothing, and no lost update or overdraw under concurrent postings (PostgreSQL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { AppError } from '#server/lib/errors.ts';
import * as ledger from '#server/modules/ledger/ledger.ts';
import { FLOW_CHANNEL } from '#shared/enums.ts';
import { call, createTestApp, rowsOf, signIn, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { registerSeller } from '../factories/identity.ts';

describe('the ledger', () => {
  let t: TestApp;
  let admin: Caller;
  const inTenant = <T>(fn: (tx: ledger.Tx) => Promise<T>) => t.database.withTenant(1, fn);
  const newSeller = async () => (await registerSeller(t.app, 1)).userId;
  let refSeq = 0;
  const ref = (p = 'test') => `${p}:${Date.now().toString(36)}:${refSeq++}`;

  /** balance == sum(flows) and every flow's balance is the running sum, for every account of the tenant. */
  async function expectConsistent(): Promise<void> {
    await inTenant(async (tx) => {
      const mismatched = rowsOf<{ user_id: string }>(await tx.execute(sql`
        select a.user_id from accounts a
        left join (select user_id, sum(incurred_cents) s from account_flows group by user_id) f on f.user_id = a.user_id
        where a.balance_cents <> coalesce(f.s, 0)`));
      expect(mismatched).toEqual([]);
      const badRunning = rowsOf<{ id: string }>(await tx.execute(sql`
        select id from (select id, balance_cents, sum(incurred_cents) over (partition by user_id order by id) running from account_flows) x
        where balance_cents <> running`));
      expect(badRunning).toEqual([]);
      const negative = rowsOf<{ id: string }>(await tx.execute(sql`select id from accounts where balance_cents < 0`));
      expect(negative).toEqual([]);
    });
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, 'admin', '123qwe', 1);
  });
  afterAll(async () => t?.close());

  it('posts several flows with running balances, to the cent', async () => {
    const userId = await newSeller();
    expect(await inTenant((tx) => ledger.balanceCents(tx, userId))).toBe(0);
    const r = await inTenant((tx) => ledger.post(tx, userId, [
      { channel: FLOW_CHANNEL.systemRecharge, amountCents: 10_001, ref: ref() },
      { channel: FLOW_CHANNEL.freight, amountCents: -3_333, ref: ref(), tradeNo: 'T1', orderNumber: 'ON1', storeName: '小店', site: 'TW', warehouseName: '义乌仓' },
      { channel: FLOW_CHANNEL.packaging, amountCents: -1, ref: ref() },
    ]));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.balanceCents).toBe(6_667);
    expect(r.flows.map((f) => [f.channel, f.incurredCents, f.balanceCents])).toEqual([[2, 10_001, 10_001], [4, -3_333, 6_668], [5, -1, 6_667]]);
    expect(r.flows[1]).toMatchObject({ tradeNo: 'T1', orderNumber: 'ON1', storeName: '小店', site: 'TW', warehouseName: '义乌仓' });
    expect(r.flows[0]!.userCode).toMatch(/^S\d+/);
    expect(await inTenant((tx) => ledger.balanceCents(tx, userId))).toBe(6_667);
    await expectConsistent();
  });

  it('refuses a charge the balance cannot cover and posts nothing; allowOverdraw posts it', async () => {
    const userId = await newSeller();
    await inTenant((tx) => ledger.post(tx, userId, [{ channel: 2, amountCents: 500, ref: ref() }]));
    const refused = await inTenant((tx) => ledger.post(tx, userId, [
      { channel: 3, amountCents: -300, ref: ref() }, { channel: 4, amountCents: -201, ref: ref() },
    ]));
    expect(refused).toEqual({ ok: false, reason: 'insufficient', balanceCents: 500, neededCents: 501 });
    expect(await inTenant((tx) => ledger.flowsByRefPrefix(tx, userId, 'test:'))).toHaveLength(1);
    const exact = await inTenant((tx) => ledger.post(tx, userId, [{ channel: 3, amountCents: -500, ref: ref() }]));
    expect(exact).toMatchObject({ ok: true, balanceCents: 0 });
    const over = await inTenant((tx) => ledger.post(tx, userId, [{ channel: 7, amountCents: -50, ref: ref() }], { allowOverdraw: true }));
    expect(over).toMatchObject({ ok: true, balanceCents: -50 });
    // A recharge onto an overdrawn account is never refused, even if it stays below zero.
    const topUp = await inTenant((tx) => ledger.post(tx, userId, [{ channel: 2, amountCents: 20, ref: ref() }]));
    expect(topUp).toMatchObject({ ok: true, balanceCents: -30 });
    await inTenant((tx) => ledger.post(tx, userId, [{ channel: 2, amountCents: 30, ref: ref() }]));
    await expectConsistent();
  });

  it('posts a (channel, ref) once: 409 the second time, the existing flow when idempotent', async () => {
    const userId = await newSeller();
    const key = ref('order:1:freight');
    await inTenant((tx) => ledger.post(tx, userId, [{ channel: 2, amountCents: 1_000, ref: key }]));
    const second = inTenant((tx) => ledger.post(tx, userId, [{ channel: 2, amountCents: 1_000, ref: key }]));
    await expect(second).rejects.toBeInstanceOf(AppError);
    await expect(second).rejects.toMatchObject({ status: 409, message: '该笔费用已记账，不能重复扣费或充值。' });
    const again = await inTenant((tx) => ledger.post(tx, userId, [{ channel: 2, amountCents: 1_000, ref: key }], { idempotent: true }));
    expect(again).toMatchObject({ ok: true, balanceCents: 1_000 });
    if (again.ok) expect(again.flows).toHaveLength(1);
    // The same ref on another channel is another posting.
    const other = await inTenant((tx) => ledger.post(tx, userId, [{ channel: 3, amountCents: -100, ref: key }]));
    expect(other).toMatchObject({ ok: true, balanceCents: 900 });
    await expectConsistent();
  });

  it('is all or nothing inside the caller\'s transaction', async () => {
    const userId = await newSeller();
    const dup = ref();
    await inTenant((tx) => ledger.post(tx, userId, [{ channel: 2, amountCents: 700, ref: dup }]));
    await expect(inTenant((tx) => ledger.post(tx, userId, [
      { channel: 3, amountCents: -100, ref: ref() }, { channel: 2, amountCents: 700, ref: dup },
    ]))).rejects.toMatchObject({ status: 409 });
    // The caller's later failure rolls the posting back too.
    await expect(inTenant(async (tx) => {
      await ledger.post(tx, userId, [{ channel: 3, amountCents: -100, ref: ref() }]);
      throw new Error('caller failed');
    })).rejects.toThrow('caller failed');
    expect(await inTenant((tx) => ledger.balanceCents(tx, userId))).toBe(700);
    expect(await inTenant((tx) => ledger.flowsByRefPrefix(tx, userId, ''))).toHaveLength(1);
    await expectConsistent();
  });

  it('reverses a flow once with channel 10, never refused for balance', async () => {
    const userId = await newSeller();
    const posted = await inTenant((tx) => ledger.post(tx, userId, [
      { channel: 2, amountCents: 1_000, ref: ref() },
      { channel: 4, amountCents: -250, ref: 'order:7:freight', tradeNo: 'T7', orderNumber: 'ON7' },
      { channel: 5, amountCents: -50, ref: 'order:7:sack', tradeNo: 'T7' },
    ]));
    if (!posted.ok) throw new Error('posting refused');
    const [recharge, freight, sack] = posted.flows;
    const rev = await inTenant((tx) => ledger.reverse(tx, userId, [freight!.id, sack!.id], '重新称重'));
    expect(rev.map((f) => [f.channel, f.incurredCents, f.reversesFlowId, f.ref, f.remark, f.tradeNo])).toEqual([
      [10, 250, freight!.id, `rev:${freight!.id}`, '重新称重', 'T7'], [10, 50, sack!.id, `rev:${sack!.id}`, '重新称重', 'T7'],
    ]);
    expect(await inTenant((tx) => ledger.balanceCents(tx, userId))).toBe(1_000);
    await expect(inTenant((tx) => ledger.reverse(tx, userId, [freight!.id]))).rejects.toMatchObject({ status: 409, message: '该流水已冲正，不能重复退款。' });
    await expect(inTenant((tx) => ledger.reverse(tx, userId, [rev[0]!.id]))).rejects.toMatchObject({ status: 409 });
    // Another seller's flow is not this user's to reverse.
    const stranger = await newSeller();
    await expect(inTenant((tx) => ledger.reverse(tx, stranger, [recharge!.id]))).rejects.toMatchObject({ status: 409 });
    // Spend, then reverse the recharge: the balance may go below zero.
    await inTenant((tx) => ledger.post(tx, userId, [{ channel: 3, amountCents: -600, ref: ref() }]));
    const back = await inTenant((tx) => ledger.reverse(tx, userId, [recharge!.id]));
    expect(back[0]!.balanceCents).toBe(-600);
    expect((await inTenant((tx) => ledger.flowsByRefPrefix(tx, userId, 'order:7:'))).map((f) => f.ref)).toEqual(['order:7:freight', 'order:7:sack']);
    // Clear the overdraft so the invariants (no negative account) hold for the file.
    await inTenant((tx) => ledger.post(tx, userId, [{ channel: 2, amountCents: 600, ref: ref() }]));
    await expectConsistent();
  });

  it('matches ref prefixes literally (no LIKE wildcards)', async () => {
    const userId = await newSeller();
    await inTenant((tx) => ledger.post(tx, userId, [
      { channel: 2, amountCents: 100, ref: 'a_b:1' }, { channel: 2, amountCents: 100, ref: 'axb:1' }, { channel: 2, amountCents: 100, ref: 'a%:1' },
    ]));
    expect((await inTenant((tx) => ledger.flowsByRefPrefix(tx, userId, 'a_b'))).map((f) => f.ref)).toEqual(['a_b:1']);
    expect((await inTenant((tx) => ledger.flowsByRefPrefix(tx, userId, 'a%'))).map((f) => f.ref)).toEqual(['a%:1']);
  });

  it('lets exactly 8 of 12 parallel charges of 10 through a balance of 80, never negative', async () => {
    const userId = await newSeller();
    await inTenant((tx) => ledger.post(tx, userId, [{ channel: 2, amountCents: 8_000, ref: ref() }]));
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) =>
      inTenant((tx) => ledger.post(tx, userId, [{ channel: 3, amountCents: -1_000, ref: `parallel:${userId}:${i}` }]))));
    expect(results.filter((r) => r.ok)).toHaveLength(8);
    expect(results.filter((r) => !r.ok)).toHaveLength(4);
    expect(await inTenant((tx) => ledger.balanceCents(tx, userId))).toBe(0);
    await expectConsistent();
  });

  it('over HTTP: 12 parallel staff deductions of 10 against 80 → 8 succeed, 4 are refused with 409', async () => {
    const seller = await registerSeller(t.app, 1);
    const topUp = await call(t.app, 'POST', svc('User', 'SystemRechargeAmount'), admin, { userId: seller.userId, amount: 80 });
    expect(topUp.status).toBe(200);
    const results = await Promise.all(Array.from({ length: 12 }, () =>
      call(t.app, 'POST', svc('User', 'SystemRechargeAmount'), admin, { userId: seller.userId, amount: -10, remark: '并发扣减' })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(8);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused.map((r) => r.status)).toEqual([409, 409, 409, 409]);
    expect(refused[0]!.body.error!.message).toMatch(/积分余额不足/);
    const list = await call(t.app, 'GET', svc('Recharge', 'GetAmountList'), seller, { pageSize: 50 });
    expect(list.body.result.balance).toBe(0);
    expect(list.body.result.totalCount).toBe(9);
    await expectConsistent();
  });

  it('opens a new seller\'s account once even when the first postings arrive together', async () => {
    const userId = await newSeller();
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) =>
      inTenant((tx) => ledger.post(tx, userId, [{ channel: 2, amountCents: 100 + i, ref: `first:${userId}:${i}` }]))));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(await inTenant((tx) => ledger.balanceCents(tx, userId))).toBe(615);
    const accountsOfUser = await inTenant(async (tx) => rowsOf(await tx.execute(sql`select id from accounts where user_id = ${userId}`)));
    expect(accountsOfUser).toHaveLength(1);
    await expectConsistent();
  });

  it.runIf(!!process.env.DATABASE_URL)('serialises many concurrent postings across sellers without a lost update (PostgreSQL)', async () => {
    const a = await newSeller();
    const b = await newSeller();
    await inTenant((tx) => ledger.post(tx, a, [{ channel: 2, amountCents: 100_000, ref: ref() }]));
    await inTenant((tx) => ledger.post(tx, b, [{ channel: 2, amountCents: 100_000, ref: ref() }]));
    await Promise.all(Array.from({ length: 40 }, (_, i) =>
      inTenant((tx) => ledger.post(tx, i % 2 ? a : b, [{ channel: 3, amountCents: -(i + 1), ref: `many:${i}` }, { channel: 5, amountCents: -1, ref: `many:${i}` }]))));
    const expectedA = 100_000 - Array.from({ length: 40 }, (_, i) => i).filter((i) => i % 2).reduce((s, i) => s + i + 2, 0);
    expect(await inTenant((tx) => ledger.balanceCents(tx, a))).toBe(expectedA);
    await expectConsistent();
  });
});
