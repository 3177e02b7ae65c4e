// Shelves (货架, DOMAIN §7): positions of a warehouse. Add one or a generated range; Clear detaches the
// products naming a shelf once none of them holds inventory; Delete removes a shelf no product names.
// The products on a shelf are locked before deciding, so a concurrent ShelfUp cannot slip stock onto a
// shelf being cleared (ShelfUp locks the same product row).
import { shelves } from '#shared/contracts/inventory.ts';
import { pageWindow } from '#shared/contracts/common.ts';
import { shelfRange } from '#shared/rules/stock.ts';
import type { Db } from '../../db/client.ts';
import { implement } from '../../framework.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { getWarehouse } from '../warehouse/repository.ts';
import { toShelfDto } from './dto.ts';
import * as repo from './repository.ts';

async function shelfDto(tx: Db, id: number) {
  const view = await repo.shelfWithCounts(tx, id);
  if (!view) throw notFound('货架');
  return toShelfDto(view);
}

/** The shelf, locked, with the products naming it (locked too). */
async function lockShelfAndProducts(tx: Db, id: number) {
  const shelf = await repo.lockShelf(tx, id);
  if (!shelf) throw notFound('货架');
  const products = await repo.lockProductsOnShelf(tx, shelf.warehouseInfoId, shelf.shelfPosition);
  const stocked = products.filter((p) => p.inventory > 0);
  return { shelf, products, stocked };
}

const holdsStock = (position: string, stocked: repo.StockProductRow[]) =>
  conflict(`货架 ${position} 上还有库存（${stocked.map((p) => `${p.productSku} ${p.inventory} 件`).slice(0, 5).join('，')}），不能清空或删除`);

export const shelvesService = implement(shelves, () => ({
  async getList(input, ctx) {
    const { total, rows } = await repo.listShelves(ctx.db, input, pageWindow(input));
    return { totalCount: total, items: rows.map(toShelfDto) };
  },

  async add(input, ctx) {
    const warehouse = await getWarehouse(ctx.db, input.warehouseInfoId);
    if (!warehouse) throw invalid('warehouseInfoId', '仓库不存在');
    let positions = [input.shelfPosition];
    if (input.endShelfPosition) {
      const range = shelfRange(input.shelfPosition, input.endShelfPosition);
      if ('refusal' in range) throw invalid('endShelfPosition', range.refusal);
      positions = range.positions;
    }
    const existing = await repo.existingPositions(ctx.db, warehouse.id, positions);
    if (positions.length === 1 && existing.length === 1) throw conflict(`货架 ${input.shelfPosition} 已存在`);
    const created = await repo.insertShelves(ctx.db, warehouse.id, positions.filter((p) => !existing.includes(p)));
    // Shelves added by a concurrent request between the check and the insert count as existing too.
    const createdPositions = new Set(created.map((s) => s.shelfPosition));
    const items = created.map((s) => ({
      id: s.id, warehouseInfoId: s.warehouseInfoId, warehouseName: warehouse.warehouseName, shelfPosition: s.shelfPosition,
      productCount: 0, inventory: 0, creationTime: s.creationTime.toISOString(),
    }));
    return { items, existing: positions.filter((p) => !createdPositions.has(p)) };
  },

  async clear(input, ctx) {
    const { shelf, products, stocked } = await lockShelfAndProducts(ctx.db, input.id);
    if (stocked.length > 0) throw holdsStock(shelf.shelfPosition, stocked);
    await repo.detachProducts(ctx.db, products.map((p) => p.id));
    return shelfDto(ctx.db, shelf.id);
  },

  async delete(input, ctx) {
    const { shelf, products, stocked } = await lockShelfAndProducts(ctx.db, input.id);
    if (stocked.length > 0) throw holdsStock(shelf.shelfPosition, stocked);
    if (products.length > 0) throw conflict(`货架 ${shelf.shelfPosition} 上还登记着 ${products.length} 个商品，请先清空货架再删除`);
    await repo.deleteShelf(ctx.db, shelf.id);
    return null;
  },
}));
