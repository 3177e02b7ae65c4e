import { orderOperate } from '#shared/contracts/orders.ts';
import { pageWindow } from '#shared/contracts/common.ts';
import { implement } from '../../framework.ts';
import { listAudit, toAuditDto } from './repository.ts';

export const orderOperateService = implement(orderOperate, () => ({
  async getList(input, ctx) {
    const { total, capped, rows } = await listAudit(ctx.db, input, pageWindow(input));
    return { totalCount: total, totalCountCapped: capped, items: rows.map(toAuditDto) };
  },
}));
