// Buyers' returns to an overseas warehouse (DOMAIN §8): the seller registers a return of an overseas
// order (FrontAbroadReturn); the floor identifies a scanned one (CheckReturnWarehousing) and puts its
// goods into stock (ConfirmReturnWarehousing: ListedHistory type 4 through modules/inventory), or —
// once the seller chose it (FrontAbroadStockReturn) — destroys it for a fee (channel 9 through the
// ledger). returnStatus moves only along src/shared/rules/overseas-returns.ts.
import type { z } from 'zod';
import {
  abroadReturn, abroadStockReturn, frontAbroadReturn, frontAbroadStockReturn, type AbroadReturnDto, type CheckReturnDto, type ConfirmReturnWarehousingInput,
} from '#shared/contracts/overseas.ts';
import { pageWindow } from '#shared/contracts/common.ts';
import { ABROAD_RETURN_STATUS, FLOW_CHANNEL, LISTED_TYPE, ORDER_TYPE, type AbroadReturnStatus } from '#shared/enums.ts';
import { centsText, centsToPoints, pointsToCents } from '#shared/money.ts';
import type { AbroadReturnAction } from '#shared/rules/overseas-returns.ts';
import { canOrder } from '#shared/rules/orders.ts';
import type { Db } from '../../db/client.ts';
import { implement, requireUser, type CurrentUser, type RequestContext } from '../../framework.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { audit } from '../audit/repository.ts';
import * as inventory from '../inventory/inventory.ts';
import * as ledger from '../ledger/ledger.ts';
import * as orderRepo from '../orders/repository.ts';
import * as repo from './repository.ts';
import { nextAbroadReturnStatus } from './transitions.ts';

type Who = Pick<CurrentUser, 'id' | 'name' | 'userName'>;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const nameOf = (who: Who) => who.name || who.userName;

function toDto(v: repo.AbroadReturnView, items: readonly repo.ReturnItemView[]): AbroadReturnDto {
  const r = v.row;
  return {
    id: r.id, orderId: r.orderId, tradeNo: v.tradeNo ?? '', orderNumber: r.orderNumber, returnNumber: r.returnNumber,
    returnStatus: r.returnStatus as AbroadReturnStatus, userId: r.userId, userCode: r.userCode, storeName: v.storeName,
    warehouseInfoId: r.warehouseInfoId, warehouseName: v.warehouseName, reMark: r.reMark,
    items: items.map((i) => ({ stockProductId: i.stockProductId, productSku: i.productSku ?? '', productName: i.productName ?? '', barCode: i.barCode, quantity: i.quantity })),
    warehousingTime: iso(r.warehousingTime), warehousingUserName: r.warehousingUserName,
    destructionChosenTime: iso(r.destructionChosenTime), destroyTime: iso(r.destroyTime), destroyUserName: r.destroyUserName,
    destroyAmount: r.returnStatus === ABROAD_RETURN_STATUS.destroyed && r.destroyCents !== null ? centsToPoints(r.destroyCents) : null,
    creationTime: r.creationTime.toISOString(),
  };
}

async function dto(tx: Db, id: number): Promise<AbroadReturnDto> {
  const view = (await repo.getReturn(tx, id))!;
  return toDto(view, (await repo.itemsOf(tx, [id])).get(id) ?? []);
}

async function page(tx: Db, f: repo.ReturnFilter, window: { limit: number; offset: number }) {
  const { total, capped, rows } = await repo.listReturns(tx, f, window);
  const items = await repo.itemsOf(tx, rows.map((r) => r.row.id));
  return { totalCount: total, totalCountCapped: capped, items: rows.map((r) => toDto(r, items.get(r.row.id) ?? [])) };
}

/** Applies one move of the table to a locked return and audits it. */
async function move(tx: Db, who: Who, row: repo.AbroadReturnRow, action: AbroadReturnAction, changes: Partial<repo.AbroadReturnRow>, note: string | null = null) {
  const to = nextAbroadReturnStatus(action, row);
  await repo.updateReturn(tx, row.id, { ...changes, returnStatus: to });
  await audit(tx, who, [{ entity: 'return', entityId: row.id, orderNumber: row.returnNumber, action, before: row.returnStatus, after: to, note }]);
}

async function register(ctx: RequestContext, input: { orderId: number; returnNumber: string; orderNumber?: string | null | undefined; reMark?: string | null | undefined }) {
  const me = requireUser(ctx);
  const order = await orderRepo.getOrder(ctx.db, input.orderId, { userId: me.id });
  if (!order || order.orderType !== ORDER_TYPE.abroad) throw notFound('海外仓订单');
  if (!canOrder('registerReturn', order)) throw conflict(`订单 ${order.tradeNo} 已取消，不能登记退件。`);
  const row = await repo.insertReturn(ctx.db, {
    orderId: order.id, userId: me.id, userCode: me.userCode, warehouseInfoId: order.warehouseInfoId, returnNumber: input.returnNumber,
    orderNumber: input.orderNumber?.trim() || order.orderNumber, reMark: input.reMark ?? null,
  });
  if (!row) throw conflict(`退件单号 ${input.returnNumber} 已登记过，请勿重复登记。`);
  await audit(ctx.db, me, [{ entity: 'return', entityId: row.id, tradeNo: order.tradeNo, orderNumber: row.returnNumber, action: 'register', after: row.returnStatus }]);
  return dto(ctx.db, row.id);
}

async function lockByNumber(tx: Db, returnNumber: string) {
  const found = await repo.returnByNumber(tx, returnNumber);
  if (!found) throw notFound(`退件 ${returnNumber}`);
  return (await repo.lockReturn(tx, found.id))!;
}

/** The order's lines a return may bring back, with what earlier returns already put into stock. */
async function returnableLines(tx: Db, orderId: number) {
  const lines = ((await orderRepo.linesOf(tx, [orderId])).get(orderId) ?? []).filter((l) => l.stockProductId !== null);
  const returned = await repo.returnedOfOrder(tx, orderId);
  const byProduct = new Map<number, { stockProductId: number; productSku: string; productName: string; quantity: number; returned: number }>();
  for (const l of lines) {
    const id = l.stockProductId!;
    const seen = byProduct.get(id);
    if (seen) seen.quantity += l.quantity;
    else byProduct.set(id, { stockProductId: id, productSku: l.productSku, productName: l.productName, quantity: l.quantity, returned: returned.get(id) ?? 0 });
  }
  return [...byProduct.values()];
}

async function confirmWarehousing(ctx: RequestContext, input: z.output<typeof ConfirmReturnWarehousingInput>) {
  const me = requireUser(ctx);
  const row = await lockByNumber(ctx.db, input.returnNumber);
  nextAbroadReturnStatus('warehouse', row);
  const order = (await orderRepo.getOrder(ctx.db, row.orderId))!;
  const lines = await returnableLines(ctx.db, row.orderId);
  const wanted = new Map<number, number>();
  for (const i of input.items ?? lines.map((l) => ({ stockProductId: l.stockProductId, quantity: l.quantity - l.returned })).filter((i) => i.quantity > 0)) {
    wanted.set(i.stockProductId, (wanted.get(i.stockProductId) ?? 0) + i.quantity);
  }
  if (wanted.size === 0) throw conflict(`订单 ${order.tradeNo} 的商品已全部退货入库，没有可入库的商品。`);
  for (const [stockProductId, quantity] of wanted) {
    const line = lines.find((l) => l.stockProductId === stockProductId);
    if (!line) throw invalid('items', `库存商品 ${stockProductId} 不在订单 ${order.tradeNo} 中`);
    if (quantity > line.quantity - line.returned) {
      throw conflict(`商品 ${line.productSku} 最多还能退货入库 ${line.quantity - line.returned} 件（订单 ${line.quantity} 件，已退 ${line.returned} 件）。`);
    }
  }
  const items = [...wanted].map(([stockProductId, quantity]) => ({ stockProductId, quantity }));
  await inventory.moveInventory(ctx.db, me, items.map((i) => ({
    stockProductId: i.stockProductId, type: LISTED_TYPE.returnIn, quantity: i.quantity, tradeNo: order.tradeNo, remark: `退件 ${row.returnNumber} 入库`,
  })));
  await repo.insertReturnItems(ctx.db, row.id, items);
  await move(ctx.db, me, row, 'warehouse', { warehousingTime: ctx.now, warehousingUserId: me.id, warehousingUserName: nameOf(me) },
    `入库 ${items.reduce((s, i) => s + i.quantity, 0)} 件`);
  return dto(ctx.db, row.id);
}

async function destroy(ctx: RequestContext, input: { orderReturnId: number; integralNumber: number }) {
  const me = requireUser(ctx);
  const row = await repo.lockReturn(ctx.db, input.orderReturnId);
  if (!row) throw notFound('退件');
  nextAbroadReturnStatus('destroy', row);
  const cents = pointsToCents(input.integralNumber);
  let flowId: number | null = null;
  if (cents > 0) {
    const view = (await repo.getReturn(ctx.db, row.id))!;
    const posted = await ledger.post(ctx.db, row.userId, [{
      channel: FLOW_CHANNEL.destruction, amountCents: -cents, ref: `abroad-return:${row.id}:destroy`, tradeNo: view.tradeNo, orderNumber: row.orderNumber,
      storeName: view.storeName, warehouseName: view.warehouseName, remark: `销毁退件 ${row.returnNumber}`,
    }], { creator: { userId: me.id, name: nameOf(me) } });
    if (!posted.ok) throw conflict(`卖家积分不足：销毁费 ${centsText(posted.neededCents)}，余额 ${centsText(posted.balanceCents)}。请卖家充值后再销毁。`);
    flowId = posted.flows[0]!.id;
  }
  await move(ctx.db, me, row, 'destroy', { destroyTime: ctx.now, destroyUserId: me.id, destroyUserName: nameOf(me), destroyCents: cents, destroyFlowId: flowId },
    `销毁费 ${centsText(cents)}`);
  return dto(ctx.db, row.id);
}

const sellerList = (ctx: RequestContext, input: Parameters<typeof repo.listReturns>[1] & Parameters<typeof pageWindow>[0]) =>
  page(ctx.db, { ...input, userId: requireUser(ctx).id, userCode: undefined, warehouseInfoId: undefined }, pageWindow(input));
const staffList = (ctx: RequestContext, input: Parameters<typeof repo.listReturns>[1] & Parameters<typeof pageWindow>[0]) =>
  page(ctx.db, input, pageWindow(input));

export const frontAbroadReturnService = implement(frontAbroadReturn, () => ({
  getReturnOrderList: (input, ctx) => sellerList(ctx, input),
  addRerurnOrder: (input, ctx) => register(ctx, input),
  createReturnOrder: (input, ctx) => register(ctx, input),
}));

export const frontAbroadStockReturnService = implement(frontAbroadStockReturn, () => ({
  getAbroadReturnOrderList: (input, ctx) => sellerList(ctx, input),
  async comfirmDestroyOrder(input, ctx) {
    const me = requireUser(ctx);
    const row = await repo.lockReturn(ctx.db, input.orderReturnId);
    if (!row || row.userId !== me.id) throw notFound('退件');
    await move(ctx.db, me, row, 'chooseDestruction', { destructionChosenTime: ctx.now }, '卖家选择销毁');
    return dto(ctx.db, row.id);
  },
}));

export const abroadReturnService = implement(abroadReturn, () => ({
  getReturnOrderList: (input, ctx) => staffList(ctx, input),
}));

export const abroadStockReturnService = implement(abroadStockReturn, () => ({
  getAbroadReturnOrderList: (input, ctx) => staffList(ctx, input),

  async checkReturnWarehousing(input, ctx): Promise<CheckReturnDto> {
    const found = await repo.returnByNumber(ctx.db, input.returnNumber);
    if (!found) throw notFound(`退件 ${input.returnNumber}`);
    const lines = await returnableLines(ctx.db, found.orderId);
    const labels = await repo.productLabelsOf(ctx.db, lines.map((l) => l.stockProductId));
    // Each line says where its items go back: the product's shelf position (issue 45 §12).
    return {
      ...(await dto(ctx.db, found.id)),
      orderItems: lines.map((l) => ({ ...l, barCode: labels.get(l.stockProductId)?.barCode ?? null, shelfPosition: labels.get(l.stockProductId)?.shelfPosition ?? null })),
    };
  },

  confirmReturnWarehousing: (input, ctx) => confirmWarehousing(ctx, input),
  comfirmDestroyOrder: (input, ctx) => destroy(ctx, input),
}));
