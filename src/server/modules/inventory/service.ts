// FrontStockProduct, BackStockProduct, ListedHistory and FrontListedHistory (DOMAIN §7). Quantities
// move only through inventory.ts; these handlers change a product's description, settings and shelf.
import { backStockProduct, frontListedHistory, frontStockProduct, listedHistory } from '#shared/contracts/inventory.ts';
import { pageWindow } from '#shared/contracts/common.ts';
import { STOCK_PRODUCT_STATUS } from '#shared/enums.ts';
import { pointsToCents } from '#shared/money.ts';
import type { Db } from '../../db/client.ts';
import type { combinationActions } from '#shared/contracts/stock-orders.ts';
import { implement, requireUser, type CurrentUser, type Implementation, type RequestContext } from '../../framework.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { assertAttachable } from '../files/attach.ts';
import { toListedHistoryDto, toStockProductDto } from './dto.ts';
import { countInventory } from './inventory.ts';
import * as repo from './repository.ts';

/** A product as its DTO, read after a change. */
export async function stockProductDto(tx: Db, id: number) {
  const view = await repo.productWithNames(tx, id);
  if (!view) throw notFound('库存商品');
  return toStockProductDto(view);
}

/** Locks a product; a seller's own only (another's is 404, like one that does not exist). */
async function lockProduct(tx: Db, id: number, owner?: CurrentUser): Promise<repo.StockProductRow> {
  const [row] = await repo.lockProducts(tx, [id]);
  if (!row || (owner && row.userId !== owner.id)) throw notFound('库存商品');
  return row;
}

/** Goods go onto a shelf of the product's warehouse (400 naming the field otherwise); it stays share-locked. */
export async function requireShelf(tx: Db, warehouseInfoId: number, shelfPosition: string, field = 'shelfPosition') {
  const shelf = await repo.shelfAt(tx, warehouseInfoId, shelfPosition, { share: true });
  if (!shelf) throw invalid(field, `货架 ${shelfPosition} 不存在，请先在货架管理中添加`);
  return shelf;
}

const productPage = ({ total, capped, rows }: Awaited<ReturnType<typeof repo.listProducts>>) =>
  ({ totalCount: total, totalCountCapped: capped, items: rows.map(toStockProductDto) });
const historyPage = ({ total, capped, rows }: Awaited<ReturnType<typeof repo.listHistories>>) =>
  ({ totalCount: total, totalCountCapped: capped, items: rows.map(toListedHistoryDto) });

function setStatus(status: number) {
  return async (input: { stockId: number }, ctx: RequestContext) => {
    const p = await lockProduct(ctx.db, input.stockId, requireUser(ctx));
    await repo.updateProduct(ctx.db, p.id, { status });
    return stockProductDto(ctx.db, p.id);
  };
}

// issue 14 (stock-out): FrontStockProduct also has the combination actions (stock-orders/combinations.ts);
// modules/index.ts joins the two into the one service.
export const frontStockProductHandlers = (): Omit<Implementation<typeof frontStockProduct>, keyof typeof combinationActions> => ({
  async getStockProductList(input, ctx) {
    return productPage(await repo.listProducts(ctx.db, { ...input, userId: requireUser(ctx).id }, pageWindow(input)));
  },

  async getInOutStockRecord(input, ctx) {
    const me = requireUser(ctx);
    const p = await repo.productById(ctx.db, input.stockId);
    if (!p || p.userId !== me.id) throw notFound('库存商品');
    return historyPage(await repo.listHistories(ctx.db, { stockProductId: p.id, type: input.type }, pageWindow(input)));
  },

  updateStockProductAvailable: setStatus(STOCK_PRODUCT_STATUS.available),
  updateStockProductNotAvailable: setStatus(STOCK_PRODUCT_STATUS.unavailable),
  updateStockProductDisable: setStatus(STOCK_PRODUCT_STATUS.disabled),

  async editSafeStockNum(input, ctx) {
    const p = await lockProduct(ctx.db, input.id, requireUser(ctx));
    await repo.updateProduct(ctx.db, p.id, { safeStockNumber: input.safestockNumber });
    return stockProductDto(ctx.db, p.id);
  },

  async editStockProduct(input, ctx) {
    const me = requireUser(ctx);
    const p = await lockProduct(ctx.db, input.id, me);
    if (input.barCode !== undefined && input.barCode !== p.barCode && (await repo.barCodeTaken(ctx.db, input.barCode, p.id))) {
      throw conflict(`条码 ${input.barCode} 已被其他商品使用，条码在本仓库系统内必须唯一`);
    }
    await assertAttachable(ctx.db, me, { guid: input.productImgGuid, current: p.productImgGuid, field: 'productImgGuid', kind: 'image' });
    await repo.updateProduct(ctx.db, p.id, {
      ...(input.productName !== undefined ? { productName: input.productName } : {}),
      ...(input.productType !== undefined ? { productType: input.productType } : {}),
      ...(input.productImgGuid !== undefined ? { productImgGuid: input.productImgGuid } : {}),
      ...(input.barCode !== undefined ? { barCode: input.barCode } : {}),
      ...(input.remark !== undefined ? { remark: input.remark } : {}),
    });
    return stockProductDto(ctx.db, p.id);
  },
});

export const backStockProductService = implement(backStockProduct, () => ({
  async getStockProductList(input, ctx) {
    return productPage(await repo.listProducts(ctx.db, input, pageWindow(input)));
  },

  async setStockCost(input, ctx) {
    const p = await lockProduct(ctx.db, input.id);
    await repo.updateProduct(ctx.db, p.id, {
      ...(input.deductIntegral !== undefined ? { deductIntegralCents: pointsToCents(input.deductIntegral) } : {}),
      ...(input.deductionCycle !== undefined ? { deductionCycle: input.deductionCycle } : {}),
      ...(input.beginDeductionTime !== undefined ? { beginDeductionTime: input.beginDeductionTime ? new Date(input.beginDeductionTime) : null } : {}),
    });
    return stockProductDto(ctx.db, p.id);
  },

  async settingShelfCost(input, ctx) {
    const p = await lockProduct(ctx.db, input.id);
    await repo.updateProduct(ctx.db, p.id, { onlyOneShelfCostCents: pointsToCents(input.onlyOneShelfCost) });
    return stockProductDto(ctx.db, p.id);
  },

  async editShelfPosition(input, ctx) {
    const p = await lockProduct(ctx.db, input.id);
    await requireShelf(ctx.db, p.warehouseInfoId, input.shelfPosition);
    await repo.updateProduct(ctx.db, p.id, { shelfPosition: input.shelfPosition });
    return stockProductDto(ctx.db, p.id);
  },

  async createStockNum(input, ctx) {
    const me = requireUser(ctx);
    if (!(await repo.productById(ctx.db, input.id))) throw notFound('库存商品');
    const { product } = await countInventory(ctx.db, me, { stockProductId: input.id, counted: input.stocknum, remark: input.reason ?? null });
    return stockProductDto(ctx.db, product.id);
  },

  async editPreStockNum(input, ctx) {
    const p = await lockProduct(ctx.db, input.id);
    await repo.updateProduct(ctx.db, p.id, { preStockNumber: input.prestockNumber });
    return stockProductDto(ctx.db, p.id);
  },
}));

export const listedHistoryService = implement(listedHistory, () => ({
  async getList(input, ctx) {
    return historyPage(await repo.listHistories(ctx.db, input, pageWindow(input)));
  },
}));

export const frontListedHistoryService = implement(frontListedHistory, () => ({
  async getList(input, ctx) {
    return historyPage(await repo.listHistories(ctx.db, { ...input, ownerUserId: requireUser(ctx).id }, pageWindow(input)));
  },
}));
