// The one way money moves (DOMAIN §5, STYLE "Money moves only through the ledger module").
// Every change of a seller's points is a flow row posted here, inside the caller's transaction:
// the account row is locked (SELECT … FOR UPDATE), so concurrent postings for one seller queue up
// and can neither lose an update nor overdraw; (channel, ref) is unique, so nothing posts twice.
import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
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

/** Creates the seller's account if missing and locks its row for the rest of the transaction. */
async function lockAccount(tx: Tx, userId: number): Promise<LockedAccount> {
  await tx.insert(accounts).values({ userId }).onConflictDoNothing();
  const [account] = await tx.select({ id: accounts.id, balanceCents: accounts.balanceCents }).from(accounts)
    .where(eq(accounts.userId, userId)).for('update');
  if (!account) throw new Error(`ledger: account of user ${userId} not visible in this tenant`);
  const [user] = await tx.select({ userCode: users.userCode }).from(users).where(eq(users.id, userId));
  return { ...account, userCode: user?.userCode ?? null };
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
  const account = await lockAccount(tx, userId);
  const nonZero = postings.filter((p) => p.amountCents !== 0);
  if (nonZero.length === 0) return { ok: true, flows: [], balanceCents: account.balanceCents };

  const existing = await tx.select().from(accountFlows).where(sql`(${accountFlows.channel}, ${accountFlows.ref}) in (${sql.join(
    nonZero.map((p) => sql`(${p.channel}::smallint, ${p.ref}::varchar)`), sql`, `)})`);
  if (existing.length > 0) {
    if (!opts.idempotent) throw conflict('该笔费用已记账，不能重复扣费或充值。', existing.map((f) => `${f.channel}:${f.ref}`).join(', '));
    if (existing.some((f) => f.userId !== userId)) throw new Error('ledger: ref already posted for another user');
  }
  const posted = new Set(existing.map((f) => `${f.channel}\u0000${f.ref}`));
  const fresh = nonZero.filter((p) => !posted.has(`${p.channel}\u0000${p.ref}`));

  const sum = fresh.reduce((s, p) => s + p.amountCents, 0);
  if (sum < 0 && account.balanceCents + sum < 0 && !opts.allowOverdraw) {
    return { ok: false, reason: 'insufficient', balanceCents: account.balanceCents, neededCents: -sum };
  }

  let balance = account.balanceCents;
  const inserted: FlowRow[] = [];
  for (const p of fresh) {
    balance += p.amountCents;
    const [row] = await tx.insert(accountFlows).values({
      userId,
      userCode: account.userCode,
      channel: p.channel,
      incurredCents: p.amountCents,
      balanceCents: balance,
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
    }).returning();
    inserted.push(row!);
  }
  if (fresh.length > 0) {
    await tx.update(accounts).set({ balanceCents: balance, version: sql`${accounts.version} + 1`, updatedTime: new Date() })
      .where(eq(accounts.id, account.id));
  }
  const flows = [...existing, ...inserted].sort((a, b) => a.id - b.id);
  return { ok: true, flows, balanceCents: balance };
}

/**
 * Posts channel-10 reversals (amount = −original, reversesFlowId = original id, ref `rev:<id>`) of
 * the given flows of one user; a flow can be reversed once. Never refused for balance.
 * A flow that is not the user's, is itself a reversal, or was already reversed → 409.
 */
export async function reverse(tx: Tx, userId: number, flowIds: number[], remark?: string, opts: Pick<PostOptions, 'creator'> = {}): Promise<FlowRow[]> {
  const ids = [...new Set(flowIds)];
  if (ids.length === 0) return [];
  await lockAccount(tx, userId);
  const originals = await tx.select().from(accountFlows)
    .where(and(eq(accountFlows.userId, userId), inArray(accountFlows.id, ids))).orderBy(asc(accountFlows.id));
  if (originals.length !== ids.length) throw conflict('要冲正的流水不存在或不属于该用户。');
  if (originals.some((f) => f.reversesFlowId !== null)) throw conflict('冲正流水不能再次冲正。');
  const already = await tx.select({ id: accountFlows.reversesFlowId }).from(accountFlows)
    .where(inArray(accountFlows.reversesFlowId, ids));
  if (already.length > 0) throw conflict('该流水已冲正，不能重复退款。', already.map((r) => String(r.id)).join(', '));
  const result = await post(tx, userId, originals.map((f) => ({
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
  })), { allowOverdraw: true, creator: opts.creator });
  if (!result.ok) throw new Error('ledger: a reversal was refused'); // unreachable: allowOverdraw
  return result.flows;
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
