// The one way money moves (DOMAIN §5, STYLE "Money moves only through the ledger module").
// Every change of a seller's points is a flow row posted here, inside the caller's transaction:
// the account row is locked (SELECT … FOR UPDATE), so concurrent postings for one seller queue up
// and can neither lose an update nor overdraw; (channel, ref) is unique, so nothing posts twice.
import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client.ts';
import { accountFlows, accounts, users } from '#server/db/schema/index.ts';
import { conflict } from '#server/lib/errors.ts';
import { FLOW_CHANNEL, type FlowChannel } from '#shared/enums.ts';

export type { FlowChannel } from '#shared/enums.ts';

/** The request's transaction (RequestContext.db) or any tenant-scoped transaction. */
export type Tx = Db;
export type FlowRow = typeof accountFlows.$inferSelect;

export interface Posting {
  channel: FlowChannel;
  /** Signed integer cents: fees negative, recharges positive. Zero postings are skipped. */
  amountCents: number;
  /** With channel, the posting's unique key (e.g. `order:123:freight`, `recharge:45`). */
  ref: string;
  tradeNo?: string | null;
  orderNumber?: string | null;
  storeName?: string | null;
  site?: string | null;
  warehouseName?: string | null;
  remark?: string | null;
  reversesFlowId?: number | null;
}

export type PostResult =
  | { ok: true; flows: FlowRow[]; balanceCents: number }
  /** neededCents is what the postings need in total (positive); the shortfall is neededCents − balanceCents. */
  | { ok: false; reason: 'insufficient'; balanceCents: number; neededCents: number };

export interface PostOptions {
  /** Post even if the balance goes below zero (reversals, corrections). */
  allowOverdraw?: boolean;
  /** A (channel, ref) already posted is not an error: its existing flow is returned instead. */
  idempotent?: boolean;
  /** Who caused the posting (shown as the flow's creator); omit for jobs. */
  creator?: { userId: number | null; name: string | null } | null;
}

interface LockedAccount { id: number; balanceCents: number; userCode: string | null }

/**
 * Locks the seller's account row for the rest of the transaction (creating it if missing) and reads
 * the seller's code with it: one statement when the account exists, the usual case.
 */
async function lockAccount(tx: Tx, userId: number): Promise<LockedAccount> {
  const locked = () => tx.select({ id: accounts.id, balanceCents: accounts.balanceCents, userCode: users.userCode }).from(accounts)
    .leftJoin(users, eq(users.id, accounts.userId)).where(eq(accounts.userId, userId)).for('update', { of: accounts });
  let [account] = await locked();
  if (!account) {
    await tx.insert(accounts).values({ userId }).onConflictDoNothing();
    [account] = await locked();
  }
  if (!account) throw new Error(`ledger: account of user ${userId} not visible in this tenant`);
  return account;
}

function checkPosting(p: Posting): void {
  if (!Number.isSafeInteger(p.amountCents)) throw new Error(`ledger: amountCents must be an integer, got ${p.amountCents}`);
  if (!p.ref || p.ref.length > 128) throw new Error('ledger: ref must be 1–128 characters');
}

/**
 * Locks the seller's account row (SELECT … FOR UPDATE, creating the account if missing), checks
 * that balance + sum(amounts) >= 0 unless allowOverdraw, inserts every flow with its running
 * balance, updates the balance — all inside the caller's transaction `tx`. All or nothing.
 * A (channel, ref) already posted → throws the business error (409) unless opts.idempotent, in
 * which case the existing flows are returned as ok.
 *
 * The balance check refuses only a net charge: a posting that adds points is never refused, even
 * to an account that is (by an allowed overdraw) below zero.
 */
export async function post(tx: Tx, userId: number, postings: Posting[], opts: PostOptions = {}): Promise<PostResult> {
  postings.forEach(checkPosting);
  const keys = new Set<string>();
  for (const p of postings) {
    const key = `${p.channel}\u0000${p.ref}`;
    if (keys.has(key)) throw new Error(`ledger: (channel ${p.channel}, ref ${p.ref}) appears twice in one posting`);
    keys.add(key);
  }
  return postLocked(tx, await lockAccount(tx, userId), userId, postings, opts);
}

/** The flows already posted under any of these postings' (channel, ref) keys. */
async function postedAlready(tx: Tx, postings: readonly Posting[]): Promise<FlowRow[]> {
  return tx.select().from(accountFlows).where(sql`(${accountFlows.channel}, ${accountFlows.ref}) in (${sql.join(
    postings.map((p) => sql`(${p.channel}::smallint, ${p.ref}::varchar)`), sql`, `)})`);
}

/**
 * Inserts the postings' flows with their running balances in one INSERT (ids follow the rows' order)
 * and updates the account's balance: the write of a posting whose checks have passed.
 */
async function writeFlows(tx: Tx, account: LockedAccount, userId: number, postings: readonly Posting[], opts: PostOptions): Promise<{ inserted: FlowRow[]; balanceCents: number }> {
  let balance = account.balanceCents;
  if (postings.length === 0) return { inserted: [], balanceCents: balance };
  const inserted = await tx.insert(accountFlows).values(postings.map((p) => ({
    userId,
    userCode: account.userCode,
    channel: p.channel,
    incurredCents: p.amountCents,
    balanceCents: (balance += p.amountCents),
    ref: p.ref,
    reversesFlowId: p.reversesFlowId ?? null,
    tradeNo: p.tradeNo ?? null,
    orderNumber: p.orderNumber ?? null,
    storeName: p.storeName ?? null,
    site: p.site ?? null,
    warehouseName: p.warehouseName ?? null,
    remark: p.remark ?? null,
    creatorUserId: opts.creator?.userId ?? null,
    creatorName: opts.creator?.name ?? null,
  }))).returning();
  await tx.update(accounts).set({ balanceCents: balance, version: sql`${accounts.version} + 1`, updatedTime: new Date() })
    .where(eq(accounts.id, account.id));
  return { inserted, balanceCents: balance };
}

const DUPLICATE = '该笔费用已记账，不能重复扣费或充值。';

/** post() on an account this transaction has locked already. */
async function postLocked(tx: Tx, account: LockedAccount, userId: number, postings: Posting[], opts: PostOptions): Promise<PostResult> {
  const nonZero = postings.filter((p) => p.amountCents !== 0);
  if (nonZero.length === 0) return { ok: true, flows: [], balanceCents: account.balanceCents };

  const existing = await postedAlready(tx, nonZero);
  if (existing.length > 0) {
    if (!opts.idempotent) throw conflict(DUPLICATE, existing.map((f) => `${f.channel}:${f.ref}`).join(', '));
    if (existing.some((f) => f.userId !== userId)) throw new Error('ledger: ref already posted for another user');
  }
  const posted = new Set(existing.map((f) => `${f.channel}\u0000${f.ref}`));
  const fresh = nonZero.filter((p) => !posted.has(`${p.channel}\u0000${p.ref}`));

  const sum = fresh.reduce((s, p) => s + p.amountCents, 0);
  if (sum < 0 && account.balanceCents + sum < 0 && !opts.allowOverdraw) {
    return { ok: false, reason: 'insufficient', balanceCents: account.balanceCents, neededCents: -sum };
  }
  const { inserted, balanceCents } = await writeFlows(tx, account, userId, fresh, opts);
  const flows = [...existing, ...inserted].sort((a, b) => a.id - b.id);
  return { ok: true, flows, balanceCents };
}

/**
 * The channel-10 reversals of the given flows of one user, checked as reverse() checks them (each the
 * user's, not a reversal, not reversed yet: else 409), read in one statement.
 */
async function reversalsOf(tx: Tx, userId: number, ids: readonly number[], remark: string | undefined): Promise<Posting[]> {
  // The flows and, with each, whether a reversal of it exists.
  const reversals = alias(accountFlows, 'reversal');
  const found = await tx.select({ flow: accountFlows, reversedBy: reversals.id }).from(accountFlows)
    .leftJoin(reversals, eq(reversals.reversesFlowId, accountFlows.id))
    .where(and(eq(accountFlows.userId, userId), inArray(accountFlows.id, [...ids]))).orderBy(asc(accountFlows.id));
  const originals = found.map((r) => r.flow);
  if (originals.length !== ids.length) throw conflict('要冲正的流水不存在或不属于该用户。');
  if (originals.some((f) => f.reversesFlowId !== null)) throw conflict('冲正流水不能再次冲正。');
  const already = found.filter((r) => r.reversedBy !== null);
  if (already.length > 0) throw conflict('该流水已冲正，不能重复退款。', already.map((r) => String(r.flow.id)).join(', '));
  return originals.map((f) => ({
    channel: FLOW_CHANNEL.refund,
    amountCents: -f.incurredCents,
    ref: `rev:${f.id}`,
    reversesFlowId: f.id,
    tradeNo: f.tradeNo,
    orderNumber: f.orderNumber,
    storeName: f.storeName,
    site: f.site,
    warehouseName: f.warehouseName,
    remark: remark ?? f.remark,
  }));
}

/**
 * Posts channel-10 reversals (amount = −original, reversesFlowId = original id, ref `rev:<id>`) of
 * the given flows of one user; a flow can be reversed once. Never refused for balance.
 * A flow that is not the user's, is itself a reversal, or was already reversed → 409.
 */
export async function reverse(tx: Tx, userId: number, flowIds: number[], remark?: string, opts: Pick<PostOptions, 'creator'> = {}): Promise<FlowRow[]> {
  const ids = [...new Set(flowIds)];
  if (ids.length === 0) return [];
  const account = await lockAccount(tx, userId);
  const result = await postLocked(tx, account, userId, await reversalsOf(tx, userId, ids, remark), { allowOverdraw: true, creator: opts.creator });
  if (!result.ok) throw new Error('ledger: a reversal was refused'); // unreachable: allowOverdraw
  return result.flows;
}

/**
 * reverse() of flowIds, then post() of postings, for one user: what they would do one after the other
 * (the reversals never refused, the postings checked against the balance the reversals leave, a
 * refused posting leaving the reversals posted), with one lock of the account, one exactly-once check,
 * one INSERT and one balance update. A re-weighing gives back the live charge and posts the new one so.
 * `reversed` are the reversal flows; the result is the postings' as post() gives it.
 */
export async function reverseThenPost(
  tx: Tx, userId: number, flowIds: number[], remark: string | undefined, postings: Posting[], opts: Pick<PostOptions, 'creator'> = {},
): Promise<{ reversed: FlowRow[]; result: PostResult }> {
  const ids = [...new Set(flowIds)];
  if (ids.length === 0) return { reversed: [], result: await post(tx, userId, postings, opts) };
  postings.forEach(checkPosting);
  const account = await lockAccount(tx, userId);
  const given = (await reversalsOf(tx, userId, ids, remark)).filter((p) => p.amountCents !== 0);
  const charged = postings.filter((p) => p.amountCents !== 0);
  const keys = new Set<string>();
  for (const p of [...given, ...charged]) {
    const key = `${p.channel}\u0000${p.ref}`;
    if (keys.has(key)) throw new Error(`ledger: (channel ${p.channel}, ref ${p.ref}) appears twice in one posting`);
    keys.add(key);
  }
  const all = [...given, ...charged];
  const existing = all.length > 0 ? await postedAlready(tx, all) : [];
  if (existing.length > 0) throw conflict(DUPLICATE, existing.map((f) => `${f.channel}:${f.ref}`).join(', '));
  const afterReversal = account.balanceCents + given.reduce((s, p) => s + p.amountCents, 0);
  const sum = charged.reduce((s, p) => s + p.amountCents, 0);
  const refused = sum < 0 && afterReversal + sum < 0;
  const { inserted, balanceCents } = await writeFlows(tx, account, userId, refused ? given : all, opts);
  const reversed = inserted.filter((f) => f.channel === FLOW_CHANNEL.refund && f.reversesFlowId !== null && ids.includes(f.reversesFlowId));
  const flows = inserted.filter((f) => !reversed.includes(f)).sort((a, b) => a.id - b.id);
  const result: PostResult = refused
    ? { ok: false, reason: 'insufficient', balanceCents: afterReversal, neededCents: -sum }
    : { ok: true, flows, balanceCents };
  return { reversed: reversed.sort((a, b) => a.id - b.id), result };
}

/** The seller's current balance in cents (0 when they have no account yet). */
export async function balanceCents(tx: Tx, userId: number): Promise<number> {
  const [row] = await tx.select({ balanceCents: accounts.balanceCents }).from(accounts).where(eq(accounts.userId, userId));
  return row?.balanceCents ?? 0;
}

/** The user's flows whose ref starts with refPrefix (e.g. every flow of one order), oldest first. */
export async function flowsByRefPrefix(tx: Tx, userId: number, refPrefix: string): Promise<FlowRow[]> {
  const escaped = refPrefix.replace(/[\\%_]/g, (c) => `\\${c}`);
  return tx.select().from(accountFlows)
    .where(and(eq(accountFlows.userId, userId), like(accountFlows.ref, `${escaped}%`)))
    .orderBy(asc(accountFlows.id));
}

/**
 * The user's flows posted under these exact (channel, ref) keys, oldest first: the unique key's index
 * answers it, where a ref prefix reads every flow of the user.
 */
export async function flowsByRefs(tx: Tx, userId: number, keys: readonly { channel: number; ref: string }[]): Promise<FlowRow[]> {
  if (keys.length === 0) return [];
  return tx.select().from(accountFlows)
    .where(and(sql`(${accountFlows.channel}, ${accountFlows.ref}) in (${sql.join(keys.map((k) => sql`(${k.channel}::smallint, ${k.ref}::varchar)`), sql`, `)})`,
      eq(accountFlows.userId, userId)))
    .orderBy(asc(accountFlows.id));
}
