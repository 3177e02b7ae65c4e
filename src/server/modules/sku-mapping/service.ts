// FrontSkuMapping (DOMAIN §7): a seller maps a marketplace model SKU to one of their product SKUs, so
// synced marketplace orders can become stock orders. thirdPartySku is unique per seller (409).
import { frontSkuMapping, type SkuMappingDto } from '#shared/contracts/stock-out.ts';
import { pageWindow } from '#shared/contracts/common.ts';
import { implement, requireUser } from '../../framework.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import * as repo from './repository.ts';

const toDto = (r: repo.SkuMappingRow): SkuMappingDto => ({ id: r.id, thirdPartySku: r.thirdPartySku, productSku: r.productSku, creationTime: r.creationTime.toISOString() });

export const frontSkuMappingService = implement(frontSkuMapping, () => ({
  async add(input, ctx) {
    const me = requireUser(ctx);
    const row = await repo.insertMapping(ctx.db, { userId: me.id, thirdPartySku: input.thirdPartySku, productSku: input.productSku });
    if (!row) {
      const existing = await repo.mappingOf(ctx.db, me.id, input.thirdPartySku);
      throw conflict(`第三方 SKU ${input.thirdPartySku} 已映射到 ${existing?.productSku ?? '其他商品'}，请先删除原映射。`);
    }
    return toDto(row);
  },

  async getList(input, ctx) {
    const me = requireUser(ctx);
    const { total, rows } = await repo.listMappings(ctx.db, me.id, input.keyword, pageWindow(input));
    return { totalCount: total, items: rows.map(toDto) };
  },

  async delete(input, ctx) {
    const me = requireUser(ctx);
    if (!(await repo.deleteMapping(ctx.db, me.id, input.id))) throw notFound('SKU 映射');
    return null;
  },
}));
