// Recharge (seller): the flow list with the balance, recharge orders and their settlement.
// Settling is one function for ConfirmPayment and the provider callback: it locks the order row,
// asks the provider, and on paid posts channel 1 with the ref `recharge:<id>` — so a concurrent
// confirm and callback post one flow.
import { and, eq } from 'drizzle-orm';
import { recharge, type RechargeOrderDto } from '#shared/contracts/ledger.ts';
import { pageWindow } from '#shared/contracts/common.ts';
import { FLOW_CHANNEL, RECHARGE_STATUS } from '#shared/enums.ts';
import type { Db } from '#server/db/client.ts';
import { rechargeOrders } from '#server/db/schema/index.ts';
import { implement, requireUser } from '../../framework.ts';
import { notFound } from '../../lib/errors.ts';
import { centsToPoints as toPoints, pointsToCents } from '#shared/money.ts';
import { toFlowDto } from '../ledger/dto.ts';
import * as ledger from '../ledger/ledger.ts';
import { listFlows } from '../ledger/repository.ts';
import { currentProvider, providerOf, type RechargeRow } from './payment.ts';

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

export const rechargeService = implement(recharge, () => ({
  async getAmountList(input, ctx) {
    const me = requireUser(ctx);
    const { total, rows } = await listFlows(ctx.db, { ...input, userId: me.id }, pageWindow(input));
    return { totalCount: total, items: rows.map(toFlowDto), balance: toPoints(await ledger.balanceCents(ctx.db, me.id)) };
  },
  async getBalance(_input, ctx) {
    return { balance: toPoints(await ledger.balanceCents(ctx.db, requireUser(ctx).id)) };
  },
  async generatePaymentUrl(input, ctx) {
    const me = requireUser(ctx);
    const provider = currentProvider();
    const amountCents = pointsToCents(input.amount);
    const { providerRef, paymentUrl } = await provider.createPayment({ amountCents, description: `海仓积分充值 ${me.userCode ?? me.userName}` });
    const [row] = await ctx.db.insert(rechargeOrders).values({ userId: me.id, amountCents, provider: provider.name, providerRef, paymentUrl }).returning();
    return toRechargeDto(row!);
  },
  async confirmPayment(input, ctx) {
    const me = requireUser(ctx);
    const order = await lockRecharge(ctx.db, { id: input.id, userId: me.id });
    if (!order) throw notFound('充值订单');
    return toRechargeDto(await settleRecharge(ctx.db, order, ctx.now));
  },
}));
