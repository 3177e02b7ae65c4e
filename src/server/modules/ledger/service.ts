// Flow (staff's flow list) and User/SystemRechargeAmount (staff's manual recharge, channel 2).
import { flow, userRecharge } from '#shared/contracts/ledger.ts';
import { pageWindow } from '#shared/contracts/common.ts';
import { FLOW_CHANNEL } from '#shared/enums.ts';
import { USER_TYPE } from '#shared/permissions.ts';
import { implement, requireUser } from '../../framework.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { centsText, centsToPoints, pointsToCents } from '#shared/money.ts';
import { toFlowDto } from './dto.ts';
import * as ledger from './ledger.ts';
import { accountHolder, listFlows, sellerBalances } from './repository.ts';

export const flowService = implement(flow, () => ({
  async getFlowList(input, ctx) {
    const { total, rows } = await listFlows(ctx.db, input, pageWindow(input));
    return { totalCount: total, items: rows.map(toFlowDto) };
  },
  async getSellerBalances(input, ctx) {
    const rows = await sellerBalances(ctx.db, input);
    return rows.map((r) => ({ id: r.id, userCode: r.userCode, name: r.name, userName: r.userName, balance: centsToPoints(r.balanceCents ?? 0) }));
  },
}));

export const userRechargeService = implement(userRecharge, () => ({
  async systemRechargeAmount(input, ctx) {
    const me = requireUser(ctx);
    const seller = await accountHolder(ctx.db, input.userId);
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
