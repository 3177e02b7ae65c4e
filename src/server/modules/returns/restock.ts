// Goods that come back into stock (DOMAIN §6/§7): a refusal decided 重新入库 and a marketplace return the
// seller chose to put in stock move inventory only through the inventory module, as ListedHistory
// type 4 (退货入库) rows. What goes in: the products staff name (the seller's, at the warehouse the goods
// came back to), or else the order's own lines, each into its SKU's product of the order's store at
// that warehouse (created when the seller has none yet). A corrected decision takes exactly those
// quantities back out (type 4, negative), refused with the inventory module's sentence when they have
// left stock since (decision 0026).
import { LISTED_TYPE } from '#shared/enums.ts';
import type { Db } from '../../db/client.ts';
import type { RestockedItem } from '../../db/schema/index.ts';
import type { CurrentUser } from '../../framework.ts';
import { conflict, invalid } from '../../lib/errors.ts';
import { ensureStockProduct, moveInventory } from '../inventory/inventory.ts';
import { productById } from '../inventory/repository.ts';
import * as repo from './repository.ts';

export interface RestockTarget {
  /** The seller whose goods they are. */
  userId: number;
  /** Where the goods are now. */
  warehouseInfoId: number | null;
  /** The order they were shipped in, if known. */
  orderId: number | null;
}

const NAME_THEM = '请指定入库的库存商品和数量';

/** The items a to-stock decision puts back: those staff named, else the order's lines. */
export async function itemsToRestock(
  tx: Db, target: RestockTarget, given: readonly { stockProductId: number; quantity: number }[] | undefined,
): Promise<RestockedItem[]> {
  const warehouseInfoId = target.warehouseInfoId;
  if (warehouseInfoId === null) throw conflict(`不知道货物在哪个仓库，不能入库。${NAME_THEM}。`);
  if (given && given.length > 0) {
    const quantities = new Map<number, number>();
    for (const g of given) quantities.set(g.stockProductId, (quantities.get(g.stockProductId) ?? 0) + g.quantity);
    const items: RestockedItem[] = [];
    for (const [stockProductId, quantity] of quantities) {
      const p = await productById(tx, stockProductId);
      if (!p || p.userId !== target.userId) throw invalid('items', `库存商品 #${stockProductId} 不是该卖家的商品`);
      if (p.warehouseInfoId !== warehouseInfoId) throw invalid('items', `库存商品 ${p.productSku} 不在货物退回的仓库`);
      items.push({ stockProductId, productSku: p.productSku, quantity });
    }
    return items;
  }
  const found = target.orderId === null ? undefined : await repo.orderWithLines(tx, target.orderId);
  if (!found) throw invalid('items', `没有对应的订单，${NAME_THEM}`);
  if (found.lines.some((l) => !l.productSku.trim())) throw invalid('items', `订单商品没有 SKU，${NAME_THEM}`);
  const bySku = new Map<string, { productName: string; quantity: number }>();
  for (const l of found.lines) {
    const known = bySku.get(l.productSku);
    bySku.set(l.productSku, { productName: known?.productName ?? l.productName, quantity: (known?.quantity ?? 0) + l.quantity });
  }
  const { order } = found;
  const items: RestockedItem[] = [];
  for (const [productSku, line] of bySku) {
    const p = await ensureStockProduct(tx, {
      storeId: order.storeId, warehouseInfoId, productSku, userId: order.userId, userCode: order.userCode, site: order.site, productName: line.productName,
    });
    items.push({ stockProductId: p.id, productSku, quantity: line.quantity });
  }
  return items;
}

/** Puts the items into stock (+) or takes them back out (−): one type-4 row each. */
export async function moveRestocked(
  tx: Db, who: Pick<CurrentUser, 'id' | 'name' | 'userName'>, items: readonly RestockedItem[], sign: 1 | -1, ref: { tradeNo: string | null; remark: string },
): Promise<void> {
  await moveInventory(tx, who, items.map((i) => ({
    stockProductId: i.stockProductId, type: LISTED_TYPE.returnIn, quantity: sign * i.quantity, tradeNo: ref.tradeNo, remark: ref.remark,
  })));
}
