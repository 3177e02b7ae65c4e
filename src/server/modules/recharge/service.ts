// Recharge (seller): the flow list with the balance, recharge orders and their settlement.
// Settling is one function for ConfirmPayment and the provider callback: it locks the order row,
// asks the provider, and on paid posts channel 1 with the ref `recharge:<id>` — so a concurrent
// confirm and callback post one flow.
import { and, eq, sql } from 'drizzle-orm';
import { recharge, type RechargeOrderDto } from '#shared/contracts/ledger.ts';
import { pageWindow } from '#shared/contracts/common.ts';
import { FLOW_CHANNEL, RECHARGE_STATUS } from '#shared/enums.ts';
import type { Db } from '#server/db/client.ts';
import { rechargeOrders } from '#server/db/schema/index.ts';
import { implement, requireUser, type RequestContext } from '../../framework.ts';
import type { Config } from '../../config.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { centsToPoints as toPoints, pointsToCents } from '#shared/money.ts';
import { TIME_ZONE } from '../platform/trade-no.ts';
import { toFlowDto } from '../ledger/dto.ts';
import * as ledger from '../ledger/ledger.ts';
import { listFlows } from '../ledger/repository.ts';
import { TEST_PROVIDER, currentProvider, providerOf, type RechargeRow } from './payment.ts';

export function toRechargeDto(r: RechargeRow): RechargeOrderDto {
  return {
    id: r.id, amount: toPoints(r.amountCents), status: r.status === 1 ? 1 : r.status === 2 ? 2 : 0,
    provider: r.provider, providerRef: r.providerRef, paymentUrl: r.paymentUrl,
    paidTime: r.paidTime?.toISOString() ?? null, closedTime: r.closedTime?.toISOString() ?? null, creationTime: r.creationTime.toISOString(),
  };
}

export async function lockRecharge(tx: Db, where: { id: number; userId?: number } | { provider: string; providerRef: string }): Promise<RechargeRow | undefined> {
  const cond = 'id' in where
    ? and(eq(rechargeOrders.id, where.id), where.userId === undefined ? undefined : eq(rechargeOrders.userId, where.userId))
    : and(eq(rechargeOrders.provider, where.provider), eq(rechargeOrders.providerRef, where.providerRef));
  const [row] = await tx.select().from(rechargeOrders).where(cond).for('update');
  return row;
}

/**
 * Brings a locked recharge order in line with its provider: paid → 1 已支付 and one channel-1 flow;
 * cancelled → 2 已关闭. A paid report is honoured even for a closed order (the seller's money was
 * taken); a settled order never changes again.
 */
export async function settleRecharge(tx: Db, order: RechargeRow, now: Date): Promise<RechargeRow> {
  if (order.status === RECHARGE_STATUS.paid) return order;
  const outcome = await providerOf(order).queryPayment(order, tx);
  if (outcome === 'paid') {
    const posted = await ledger.post(tx, order.userId, [{
      channel: FLOW_CHANNEL.onlineRecharge, amountCents: order.amountCents, ref: `recharge:${order.id}`,
      tradeNo: `R${order.id}`, remark: `在线充值（${order.provider === 'test' ? '测试支付' : order.provider}）`,
    }], { idempotent: true });
    if (!posted.ok) throw new Error('unreachable: a recharge adds points');
    const [row] = await tx.update(rechargeOrders)
      .set({ status: RECHARGE_STATUS.paid, paidTime: now, flowId: posted.flows[0]?.id ?? null })
      .where(eq(rechargeOrders.id, order.id)).returning();
    return row!;
  }
  if (outcome === 'cancelled' && order.status === RECHARGE_STATUS.pending) {
    const [row] = await tx.update(rechargeOrders).set({ status: RECHARGE_STATUS.closed, closedTime: now })
      .where(eq(rechargeOrders.id, order.id)).returning();
    return row!;
  }
  return order;
}

/**
 * Test mode's daily cap (decision 0018): the refusal when `amountCents` more would take the seller past
 * PAYMENT_TEST_DAILY_CAP points paid through the test page today (Asia/Shanghai), else null.
 * `lock`: serialise the seller's test confirmations (a transaction-scoped advisory lock), so two
 * concurrent confirmations cannot both pass the check.
 */
export async function testCapRefusal(tx: Db, userId: number, amountCents: number, capPoints: number, now: Date, lock: boolean): Promise<string | null> {
  if (lock) await tx.execute(sql`select pg_advisory_xact_lock(hashtext('haicang.test_payment_cap'), hashtext(${String(userId)}))`);
  const dayStart = sql`(date_trunc('day', ${now.toISOString()}::timestamptz at time zone ${TIME_ZONE}) at time zone ${TIME_ZONE})`;
  const [row] = await tx.select({ cents: sql<string>`coalesce(sum(${rechargeOrders.amountCents}), 0)` }).from(rechargeOrders)
    .where(and(eq(rechargeOrders.userId, userId), eq(rechargeOrders.provider, TEST_PROVIDER), eq(rechargeOrders.status, RECHARGE_STATUS.paid),
      sql`${rechargeOrders.paidTime} >= ${dayStart}`));
  const paidCents = Number(row?.cents ?? 0);
  const capCents = capPoints * 100;
  if (paidCents + amountCents <= capCents) return null;
  return `测试支付每天最多充值 ${toPoints(capCents).toFixed(2)} 积分，今天还可充值 ${toPoints(Math.max(0, capCents - paidCents)).toFixed(2)} 积分。`;
}

/** Opens a recharge order at the configured provider (GeneratePaymentUrl and CreateRecharge). */
async function openRecharge(config: Config, ctx: RequestContext, amount: number): Promise<RechargeRow> {
  const me = requireUser(ctx);
  const provider = currentProvider(config);
  if (!provider) throw conflict('在线充值未开通，请联系仓库为您充值。', '服务器未配置在线支付方式 (PAYMENT_PROVIDER)。');
  const amountCents = pointsToCents(amount)!;
  if (provider.name === TEST_PROVIDER) {
    const refusal = await testCapRefusal(ctx.db, me.id, amountCents, config.testPaymentDailyCapPoints, ctx.now, false);
    if (refusal) throw conflict(refusal);
  }
  const { providerRef, paymentUrl } = await provider.createPayment({ amountCents, description: `海仓积分充值 ${me.userCode ?? me.userName}` });
  const [row] = await ctx.db.insert(rechargeOrders).values({ userId: me.id, amountCents, provider: provider.name, providerRef, paymentUrl }).returning();
  return row!;
}

export const rechargeService = implement(recharge, ({ config }) => ({
  async getAmountList(input, ctx) {
    const me = requireUser(ctx);
    const { total, rows } = await listFlows(ctx.db, { ...input, userId: me.id }, pageWindow(input));
    return { totalCount: total, items: rows.map(toFlowDto), balance: toPoints(await ledger.balanceCents(ctx.db, me.id)) };
  },
  async getBalance(_input, ctx) {
    return { balance: toPoints(await ledger.balanceCents(ctx.db, requireUser(ctx).id)) };
  },
  async generatePaymentUrl(input, ctx) {
    return (await openRecharge(config, ctx, input.amount)).paymentUrl;
  },
  async createRecharge(input, ctx) {
    return toRechargeDto(await openRecharge(config, ctx, input.amount));
  },
  async confirmPayment(input, ctx) {
    const me = requireUser(ctx);
    const order = await lockRecharge(ctx.db, { id: input.id, userId: me.id });
    if (!order) throw notFound('充值订单');
    return toRechargeDto(await settleRecharge(ctx.db, order, ctx.now));
  },
}));
