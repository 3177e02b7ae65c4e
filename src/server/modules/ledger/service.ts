// Flow (staff's flow list) and User/SystemRechargeAmount (staff's manual recharge, channel 2).
import { and, asc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { flow, userRecharge } from '#shared/contracts/ledger.ts';
import { pageWindow } from '#shared/contracts/common.ts';
import { FLOW_CHANNEL } from '#shared/enums.ts';
import { USER_TYPE } from '#shared/permissions.ts';
import { accounts, users } from '#server/db/schema/index.ts';
import { implement, requireUser } from '../../framework.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { centsText, centsToPoints, pointsToCents } from '#shared/money.ts';
import { toFlowDto } from './dto.ts';
import * as ledger from './ledger.ts';
import { listFlows } from './repository.ts';

export const flowService = implement(flow, () => ({
  async getFlowList(input, ctx) {
    const { total, rows } = await listFlows(ctx.db, input, pageWindow(input));
    return { totalCount: total, items: rows.map(toFlowDto) };
  },
  async getSellerBalances(input, ctx) {
    const parts: SQL[] = [eq(users.userType, USER_TYPE.seller), eq(users.isDeleted, false)];
    if (input.userId !== undefined) parts.push(eq(users.id, input.userId));
    if (input.keyword) {
      const like = `%${input.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      parts.push(or(ilike(users.userCode, like), ilike(users.name, like), ilike(users.userName, like))!);
    }
    const rows = await ctx.db.select({ id: users.id, userCode: users.userCode, name: users.name, userName: users.userName, balanceCents: accounts.balanceCents })
      .from(users).leftJoin(accounts, eq(accounts.userId, users.id)).where(and(...parts)).orderBy(asc(users.userCode)).limit(50);
    return rows.map((r) => ({ id: r.id, userCode: r.userCode, name: r.name, userName: r.userName, balance: centsToPoints(r.balanceCents ?? 0) }));
  },
}));

export const userRechargeService = implement(userRecharge, () => ({
  async systemRechargeAmount(input, ctx) {
    const me = requireUser(ctx);
    const [seller] = await ctx.db.select({ id: users.id, userType: users.userType }).from(users)
      .where(and(eq(users.id, input.userId), eq(users.isDeleted, false)));
    if (!seller) throw notFound('卖家');
    if (seller.userType !== USER_TYPE.seller) throw conflict('只能给卖家账号充值积分。');
    const amountCents = pointsToCents(input.amount);
    // One flow per call: the ref only has to be unique, a retried request is caught by the idempotency key.
    const ref = `sys:${crypto.randomUUID()}`;
    const result = await ledger.post(ctx.db, seller.id, [{
      channel: FLOW_CHANNEL.systemRecharge, amountCents, ref, remark: input.remark ?? null,
    }], { creator: { userId: me.id, name: me.name || me.userName } });
    if (!result.ok) {
      throw conflict(`积分余额不足，不能扣减。当前余额 ${centsText(result.balanceCents)}，扣减 ${centsText(result.neededCents)}。`);
    }
    return { flow: toFlowDto(result.flows[0]!), balance: centsToPoints(result.balanceCents) };
  },
}));
