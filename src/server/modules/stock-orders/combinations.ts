// Combination products (组合商品, DOMAIN §7; FrontStockProduct EditCombinationStock / CancleCombinationStock):
// a seller's bundle of (product, quantity). Ordering one reserves its parts (service.ts expand()).
import type { combinationActions, CombinationDto } from '#shared/contracts/stock-orders.ts';
import { pageWindow } from '#shared/contracts/common.ts';
import type { ServiceDef } from '#shared/contracts/define.ts';
import { requireUser, type Implementation } from '../../framework.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { productById } from '../inventory/repository.ts';
import * as repo from './repository.ts';

type Combinations = Implementation<ServiceDef<string, typeof combinationActions>>;

/** FrontStockProduct's combination actions; modules/index.ts joins them to the inventory module's. */
export function combinationHandlers(): Combinations {
  return {
    async editCombinationStock(input, ctx) {
      const me = requireUser(ctx);
      const parts = new Map<number, number>();
      for (const i of input.items) parts.set(i.stockProductId, (parts.get(i.stockProductId) ?? 0) + i.quantity);
      for (const id of parts.keys()) {
        const p = await productById(ctx.db, id);
        if (!p || p.userId !== me.id) throw notFound('库存商品');
      }
      const taken = () => conflict(`组合商品 SKU ${input.productSku} 已存在。`);
      let id: number;
      if (input.id) {
        const current = await repo.getCombination(ctx.db, input.id, me.id);
        if (!current) throw notFound('组合商品');
        if (await repo.skuTaken(ctx.db, me.id, input.productSku, current.id)) throw taken();
        await repo.updateCombination(ctx.db, current.id, { productSku: input.productSku, productName: input.productName });
        id = current.id;
      } else {
        const row = await repo.insertCombination(ctx.db, { userId: me.id, productSku: input.productSku, productName: input.productName });
        if (!row) throw taken();
        id = row.id;
      }
      await repo.replaceParts(ctx.db, id, [...parts].map(([stockProductId, quantity]) => ({ stockProductId, quantity })));
      return { id };
    },

    async cancleCombinationStock(input, ctx) {
      const me = requireUser(ctx);
      const current = await repo.getCombination(ctx.db, input.id, me.id);
      if (!current) throw notFound('组合商品');
      // Orders placed with it keep their items; it can no longer be ordered.
      await repo.updateCombination(ctx.db, current.id, { isDeleted: true });
      return null;
    },

    async getCombinationList(input, ctx) {
      const me = requireUser(ctx);
      const { total, rows } = await repo.listCombinations(ctx.db, me.id, input.keyword, pageWindow(input));
      const parts = await repo.partsOf(ctx.db, rows.map((r) => r.id));
      const items: CombinationDto[] = rows.map((c) => {
        const list = parts.get(c.id) ?? [];
        return {
          id: c.id, productSku: c.productSku, productName: c.productName, creationTime: c.creationTime.toISOString(), items: list,
          available: list.length ? Math.min(...list.map((p) => Math.floor(p.available / p.quantity))) : 0,
        };
      });
      return { totalCount: total, items };
    },
  };
}
