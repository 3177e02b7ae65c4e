// UserStorageConfig (DOMAIN §7): a seller's own storage-fee terms over the store's — free days after
// shelving, points per item, every deductionCycle days. The daily charge itself is in daily.ts.
import { storageFee, userStorageConfig, type UserStorageConfigDto } from '#shared/contracts/stock-out.ts';
import { pageWindow } from '#shared/contracts/common.ts';
import { centsToPoints, pointsToCents } from '#shared/money.ts';
import { implement } from '../../framework.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { sellerById } from '../stores/repository.ts';
import * as repo from './repository.ts';
import { runStorageFeeDay } from './daily.ts';

const toDto = (r: repo.StorageConfigView): UserStorageConfigDto => ({
  id: r.id, userId: r.userId, userCode: r.userCode, userName: r.userName, freeDays: r.freeDays,
  deductIntegral: centsToPoints(r.deductCents), deductionCycle: r.deductionCycle, creationTime: r.creationTime.toISOString(),
});

export const userStorageConfigService = implement(userStorageConfig, () => ({
  async getList(input, ctx) {
    const { total, rows } = await repo.listConfigs(ctx.db, input, pageWindow(input));
    return { totalCount: total, items: rows.map(toDto) };
  },

  async edit(input, ctx) {
    if (!(await sellerById(ctx.db, input.userId))) throw invalid('userId', '卖家不存在');
    const values = { userId: input.userId, freeDays: input.freeDays, deductCents: pointsToCents(input.deductIntegral), deductionCycle: input.deductionCycle };
    let id: number;
    if (input.id) {
      const current = await repo.getConfig(ctx.db, input.id);
      if (!current) throw notFound('仓储费设置');
      const other = await repo.configOfUser(ctx.db, input.userId);
      if (other && other.id !== current.id) throw conflict('该卖家已有仓储费设置，请编辑那一条。');
      await repo.updateConfig(ctx.db, current.id, values);
      id = current.id;
    } else {
      id = await repo.upsertConfig(ctx.db, values);
    }
    return toDto((await repo.getConfig(ctx.db, id))!);
  },

  async delete(input, ctx) {
    if (!(await repo.deleteConfig(ctx.db, input.id))) throw notFound('仓储费设置');
    return null;
  },
}));

/** StorageFee/RunDaily?day: the daily charge of one day, now, in the request's transaction. */
export const storageFeeService = implement(storageFee, () => ({
  async runDaily(input, ctx) {
    const today = new Date(ctx.now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
    if (input.day > today) throw invalid('day', '不能结算未来的日期');
    return runStorageFeeDay(ctx.db, input.day, ctx.now);
  },
}));
