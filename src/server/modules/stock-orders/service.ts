// FrontStockOrder and BackStockOrder (DOMAIN §7, issue 14): orders shipped from stock (tradeNo ST…,
// orderType 3). They are rows of `orders`, so weighing, fees, dispatch, urgency and the audit trail are
// the order module's; what is theirs is the stock: creation reserves (inventory.reserve, ref
// `stock-order:<id>`), picking moves the goods out and releases the reservation in one step
// (inventory.moveInventory type 2 with releaseRef), undoing a pick puts them back and reserves again,
// cancelling releases (or, once picked, puts back). Quantities change nowhere else.
import type { z } from 'zod';
import { pageWindow } from '#shared/contracts/common.ts';
import {
  backStockOrder, frontStockOrder, type CreateStockOrderInput, type StockOrderDetailDto, type StockOrderDto, type StockOrderItemDto,
} from '#shared/contracts/stock-orders.ts';
import { CARGO_CATEGORY, LISTED_TYPE, ORDER_STATUS, ORDER_TYPE, PACKAGE_STATUS, SHIPPING_METHOD } from '#shared/enums.ts';
import type { Db } from '../../db/client.ts';
import { MANUAL_REFUSAL, manualOrderStatusAllowed } from '#shared/rules/orders.ts';
import { implement, requireUser, type CurrentUser } from '../../framework.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { audit, auditOf, toAuditDto } from '../audit/repository.ts';
import type { AuditAction } from '#shared/audit-actions.ts';
import { assertAttachable } from '../files/attach.ts';
import { moveInventory, release, reserve } from '../inventory/inventory.ts';
import { productById, type StockProductRow } from '../inventory/repository.ts';
import { editInterNationalShipment } from '../mainland-package/service.ts';
import { announceFloorWork } from '../notification/repository.ts';
import { toOrderDto } from '../orders/dto.ts';
import { processingInfo, refundOrderFees, weighOrder } from '../orders/processing.ts';
import * as orderRepo from '../orders/repository.ts';
import { assertAllowed } from '../orders/transitions.ts';
import { nextTradeNo } from '../platform/trade-no.ts';
import { getStore } from '../stores/repository.ts';
import * as repo from './repository.ts';

type CreateInput = z.output<typeof CreateStockOrderInput>;

/** Who holds a stock order's reservation in the inventory module. */
export const stockOrderRef = (orderId: number) => `stock-order:${orderId}`;

const toItemDto = (i: repo.ItemView): StockOrderItemDto => ({
  stockProductId: i.stockProductId, productSku: i.productSku, productName: i.productName, barCode: i.barCode,
  shelfPosition: i.shelfPosition, quantity: i.quantity, combinationId: i.combinationId, combinationSku: i.combinationSku,
});

async function dtos(tx: Db, views: readonly orderRepo.OrderView[]): Promise<StockOrderDto[]> {
  const ids = views.map((v) => v.id);
  const [lines, items] = [await orderRepo.linesOf(tx, ids), await repo.itemsOf(tx, ids)];
  return views.map((v) => ({ ...toOrderDto(v, lines.get(v.id) ?? []), items: (items.get(v.id) ?? []).map(toItemDto) }));
}

async function stockOrderDto(tx: Db, orderId: number): Promise<StockOrderDto> {
  return (await dtos(tx, [(await orderRepo.getOrder(tx, orderId))!]))[0]!;
}

async function detail(tx: Db, order: orderRepo.OrderView): Promise<StockOrderDetailDto> {
  const [dto] = await dtos(tx, [order]);
  return { ...dto!, audit: (await auditOf(tx, 'order', order.id)).map(toAuditDto), processing: await processingInfo(tx, order) };
}

/** A stock order by id (a seller's own only when `owner` is given), or 404. */
async function stockOrder(tx: Db, id: number, opts: { owner?: CurrentUser; forUpdate?: boolean } = {}): Promise<orderRepo.OrderView> {
  const order = await orderRepo.getOrder(tx, id, { ...(opts.owner ? { userId: opts.owner.id } : {}), forUpdate: opts.forUpdate ?? false });
  if (!order || order.orderType !== ORDER_TYPE.stock) throw notFound('囤货订单');
  return order;
}

async function stockOrderByTradeNo(tx: Db, tradeNo: string): Promise<orderRepo.OrderView> {
  const order = await orderRepo.orderByTradeNo(tx, tradeNo, true);
  if (!order || order.orderType !== ORDER_TYPE.stock) throw notFound(`囤货订单 ${tradeNo}`);
  return order;
}

interface Expanded {
  /** Per (product, combination): the order's items. */
  items: { stockProductId: number; quantity: number; combinationId: number | null }[];
  /** Per product: what to reserve. */
  totals: Map<number, number>;
  products: Map<number, StockProductRow>;
}

/** The order's lines as products: combinations broken into their parts; every product the seller's (else 404). */
async function expand(tx: Db, me: Pick<CurrentUser, 'id'>, lines: CreateInput['items']): Promise<Expanded> {
  const byKey = new Map<string, { stockProductId: number; quantity: number; combinationId: number | null }>();
  const add = (stockProductId: number, quantity: number, combinationId: number | null) => {
    const key = `${stockProductId}:${combinationId ?? ''}`;
    const item = byKey.get(key) ?? { stockProductId, quantity: 0, combinationId };
    item.quantity += quantity;
    byKey.set(key, item);
  };
  for (const line of lines) {
    if (line.combinationId !== undefined) {
      const combination = await repo.getCombination(tx, line.combinationId, me.id);
      if (!combination) throw notFound('组合商品');
      for (const part of (await repo.partsOf(tx, [combination.id])).get(combination.id) ?? []) add(part.stockProductId, part.quantity * line.quantity, combination.id);
    } else {
      add(line.stockProductId!, line.quantity, null);
    }
  }
  const items = [...byKey.values()];
  const totals = new Map<number, number>();
  for (const i of items) totals.set(i.stockProductId, (totals.get(i.stockProductId) ?? 0) + i.quantity);
  const products = new Map<number, StockProductRow>();
  for (const id of totals.keys()) {
    const p = await productById(tx, id);
    if (!p || p.userId !== me.id) throw notFound('库存商品');
    products.set(id, p);
  }
  const warehouses = new Set([...products.values()].map((p) => p.warehouseInfoId));
  if (warehouses.size > 1) throw conflict('所选商品存放在不同的仓库，请按仓库分开下单。');
  return { items, totals, products };
}

/** The store, site and label the order refers to (the seller's own enabled store, as CreateOrder checks). */
async function checkReferences(tx: Db, me: CurrentUser, input: CreateInput) {
  const store = await getStore(tx, input.storeId);
  if (!store || store.userId !== me.id) throw invalid('storeId', '店铺不存在或不属于您');
  if (!store.whetherEffective) throw conflict(`店铺 ${store.storeName} 已停用，不能下单。`);
  if (store.site !== input.site) throw invalid('site', `与店铺站点 ${store.site} 不一致`);
  if (input.shippingMethods === SHIPPING_METHOD.shopeeSls && !input.pdfGuid) throw invalid('pdfGuid', '虾皮官方物流的订单需要上传面单 PDF');
  await assertAttachable(tx, me, { guid: input.pdfGuid, field: 'pdfGuid', kind: 'pdf' });
}

/** Reserves the lines for the order and writes its items and (for fees, labels and lists) its order lines. */
async function takeStock(tx: Db, me: Pick<CurrentUser, 'id'>, orderId: number, e: Expanded): Promise<void> {
  await reserve(tx, stockOrderRef(orderId), [...e.totals].map(([stockProductId, quantity]) => ({ stockProductId, quantity })), { ownerUserId: me.id });
  await repo.replaceItems(tx, orderId, e.items);
  await orderRepo.replaceLines(tx, orderId, [...e.totals].map(([id, quantity]) => {
    const p = e.products.get(id)!;
    return { productName: p.productName, productSku: p.productSku, quantity, shipment: '', specification: null, price: null, productImg: null };
  }));
}

/** Per product, what the order takes (its items summed). */
async function totalsOf(tx: Db, orderId: number): Promise<Map<number, { quantity: number; item: repo.ItemView }>> {
  const totals = new Map<number, { quantity: number; item: repo.ItemView }>();
  for (const i of (await repo.itemsOf(tx, [orderId])).get(orderId) ?? []) {
    const t = totals.get(i.stockProductId) ?? { quantity: 0, item: i };
    t.quantity += i.quantity;
    totals.set(i.stockProductId, t);
  }
  return totals;
}

/** A picked order's goods back into stock (a positive type-2 row per product). */
async function putBack(tx: Db, me: CurrentUser, order: orderRepo.OrderView, remark: string): Promise<Map<number, { quantity: number }>> {
  const totals = await totalsOf(tx, order.id);
  await moveInventory(tx, me, [...totals].map(([stockProductId, t]) => ({
    stockProductId, type: LISTED_TYPE.outbound, quantity: t.quantity, tradeNo: order.tradeNo, remark,
  })));
  return totals;
}

/** The picker's scans against the order: every barcode with exactly its quantity, nothing else. */
function checkScans(order: orderRepo.OrderView, totals: Map<number, { quantity: number; item: repo.ItemView }>, scans: readonly { barCode: string; quantity: number }[]) {
  const wanted = new Map([...totals.values()].map((t) => [t.item.barCode, { quantity: t.quantity, sku: t.item.productSku }]));
  const got = new Map<string, number>();
  for (const s of scans) got.set(s.barCode, (got.get(s.barCode) ?? 0) + s.quantity);
  const problems: string[] = [];
  for (const [barCode, n] of got) {
    const w = wanted.get(barCode);
    if (!w) problems.push(`条码 ${barCode} 不是该订单的商品`);
    else if (n > w.quantity) problems.push(`${w.sku} 多扫了 ${n - w.quantity} 件`);
  }
  for (const [barCode, w] of wanted) {
    const n = got.get(barCode) ?? 0;
    if (n < w.quantity) problems.push(`${w.sku} 还差 ${w.quantity - n} 件`);
  }
  if (problems.length) throw conflict(`订单 ${order.tradeNo} 拣货与订单不符：${problems.join('；')}。`);
}

const orderAudit = (o: orderRepo.OrderView, action: AuditAction, after: string | null = null, note: string | null = null) =>
  ({ entity: 'order' as const, entityId: o.id, tradeNo: o.tradeNo, orderNumber: o.orderNumber, action, before: `${o.orderStatus}/${o.packageStatus}`, after, note });

const page = async (tx: Db, result: { total: number; capped?: boolean; rows: orderRepo.OrderView[] }) =>
  ({ totalCount: result.total, totalCountCapped: result.capped ?? false, items: await dtos(tx, result.rows) });

async function setUrgent(tx: Db, me: CurrentUser, order: orderRepo.OrderView, isUrgent: boolean, action: AuditAction) {
  assertAllowed(isUrgent ? 'markUrgent' : 'markNormal', order);
  await orderRepo.updateOrder(tx, order.id, { isUrgent });
  await audit(tx, me, [orderAudit(order, action)]);
  return stockOrderDto(tx, order.id);
}

/**
 * A stock order for a synced marketplace order (Shopee, DOMAIN §8) whose lines are all the seller's
 * stock in the store, as the caller resolved them: CreateStockOrder's steps (reserve, items, lines,
 * audit), with the label to come from the marketplace (Shopee SLS, no PDF yet). A shortage refuses
 * with inventory's 409, so the order is made once the stock is there.
 */
export async function createMarketplaceStockOrder(
  tx: Db, seller: Pick<CurrentUser, 'id' | 'name' | 'userName' | 'userCode'>,
  o: { orderNumber: string; storeId: number; site: string; items: CreateInput['items'] }, now: Date,
): Promise<{ orderId: number; tradeNo: string }> {
  const expanded = await expand(tx, seller, o.items);
  const warehouseInfoId = [...expanded.products.values()][0]!.warehouseInfoId;
  const tradeNo = await nextTradeNo(tx, 'ST', now);
  const row = await orderRepo.insertOrder(tx, {
    tradeNo, orderNumber: o.orderNumber, userId: seller.id, userCode: seller.userCode ?? '', storeId: o.storeId, warehouseInfoId,
    site: o.site, orderType: ORDER_TYPE.stock, cargoCategory: CARGO_CATEGORY.general, shippingMethods: SHIPPING_METHOD.shopeeSls,
    packageStatus: PACKAGE_STATUS.complete, reMark: null, pdfGuid: null,
  });
  await takeStock(tx, seller, row.id, expanded);
  await audit(tx, seller, [{ entity: 'order', entityId: row.id, tradeNo, orderNumber: row.orderNumber, action: 'create', after: `${row.orderStatus}/${row.packageStatus}`, note: '从 Shopee 同步' }]);
  await announceFloorWork(tx, seller.id);
  return { orderId: row.id, tradeNo };
}

export const frontStockOrderService = implement(frontStockOrder, () => ({
  async getStockOrderList(input, ctx) {
    const me = requireUser(ctx);
    return page(ctx.db, await orderRepo.listOrders(ctx.db, { ...input, userId: me.id, orderType: ORDER_TYPE.stock }, pageWindow(input)));
  },

  async getStockOrderInfo(input, ctx) {
    return detail(ctx.db, await stockOrder(ctx.db, input.stockOrderId, { owner: requireUser(ctx) }));
  },

  async getOrderStatistics(_input, ctx) {
    const { byStatus, byPackage } = await repo.stockOrderStatistics(ctx.db, requireUser(ctx).id);
    return {
      total: byStatus.reduce((s, r) => s + r.n, 0),
      byOrderStatus: Object.fromEntries(byStatus.map((r) => [String(r.code), r.n])),
      byPackageStatus: Object.fromEntries(byPackage.map((r) => [String(r.code), r.n])),
    };
  },

  async createStockOrder(input, ctx) {
    const me = requireUser(ctx);
    await checkReferences(ctx.db, me, input);
    const expanded = await expand(ctx.db, me, input.items);
    const warehouseInfoId = [...expanded.products.values()][0]!.warehouseInfoId;
    const tradeNo = await nextTradeNo(ctx.db, 'ST', ctx.now);
    // The goods are here already: the order starts 已到齐 (DOMAIN §7).
    const row = await orderRepo.insertOrder(ctx.db, {
      tradeNo, orderNumber: input.orderNumber, userId: me.id, userCode: me.userCode ?? '', storeId: input.storeId, warehouseInfoId,
      site: input.site, orderType: ORDER_TYPE.stock, cargoCategory: input.cargoCategory, shippingMethods: input.shippingMethods,
      packageStatus: PACKAGE_STATUS.complete, reMark: input.reMark ?? null, pdfGuid: input.pdfGuid ?? null,
    });
    await takeStock(ctx.db, me, row.id, expanded);
    await audit(ctx.db, me, [{ entity: 'order', entityId: row.id, tradeNo, orderNumber: row.orderNumber, action: 'create', after: `${row.orderStatus}/${row.packageStatus}` }]);
    await announceFloorWork(ctx.db, me.id);
    return stockOrderDto(ctx.db, row.id);
  },

  async updateOrder(input, ctx) {
    const me = requireUser(ctx);
    const order = await stockOrder(ctx.db, input.id, { owner: me, forUpdate: true });
    assertAllowed('sellerUpdate', order);
    await checkReferences(ctx.db, me, input);
    const expanded = await expand(ctx.db, me, input.items);
    const warehouseInfoId = [...expanded.products.values()][0]!.warehouseInfoId;
    // The old reservation goes first, so the new lines may use what the old ones held.
    await release(ctx.db, stockOrderRef(order.id));
    await takeStock(ctx.db, me, order.id, expanded);
    await orderRepo.updateOrder(ctx.db, order.id, {
      orderNumber: input.orderNumber, storeId: input.storeId, site: input.site, warehouseInfoId, cargoCategory: input.cargoCategory,
      shippingMethods: input.shippingMethods, reMark: input.reMark ?? null, pdfGuid: input.pdfGuid ?? null,
    });
    await audit(ctx.db, me, [orderAudit(order, 'update', `${order.orderStatus}/${order.packageStatus}`)]);
    return stockOrderDto(ctx.db, order.id);
  },

  async cancleStockOrder(input, ctx) {
    const me = requireUser(ctx);
    const order = await stockOrder(ctx.db, input.stockOrderId, { owner: me, forUpdate: true });
    assertAllowed('sellerCancel', order);
    await release(ctx.db, stockOrderRef(order.id));
    await orderRepo.updateOrder(ctx.db, order.id, { orderStatus: ORDER_STATUS.cancelled });
    await audit(ctx.db, me, [orderAudit(order, 'cancel', `${ORDER_STATUS.cancelled}/${order.packageStatus}`, '卖家取消，释放库存占用')]);
    return stockOrderDto(ctx.db, order.id);
  },

  async urgentOrder(input, ctx) {
    const me = requireUser(ctx);
    return setUrgent(ctx.db, me, await stockOrder(ctx.db, input.id, { owner: me, forUpdate: true }), true, 'urgent');
  },

  async normalOrder(input, ctx) {
    const me = requireUser(ctx);
    return setUrgent(ctx.db, me, await stockOrder(ctx.db, input.stockOrderId, { owner: me, forUpdate: true }), false, 'normal');
  },
}));

export const backStockOrderService = implement(backStockOrder, () => ({
  async getStockOrderList(input, ctx) {
    return page(ctx.db, await orderRepo.listOrders(ctx.db, { ...input, orderType: ORDER_TYPE.stock }, pageWindow(input)));
  },

  async getFindStockOrderList(input, ctx) {
    if (input.stockProductId === undefined && !input.productSku) {
      return page(ctx.db, await orderRepo.listOrders(ctx.db, { number: input.number, userCode: input.userCode, orderType: ORDER_TYPE.stock }, pageWindow(input)));
    }
    const { total, ids } = await repo.orderIdsTaking(ctx.db, input, pageWindow(input));
    const views = (await Promise.all(ids.map((id) => orderRepo.getOrder(ctx.db, id)))).filter((v): v is orderRepo.OrderView => !!v);
    const matching = views.filter((v) => (!input.number || v.tradeNo === input.number || v.orderNumber === input.number) && (!input.userCode || v.userCode === input.userCode));
    return { totalCount: matching.length === views.length ? total : matching.length, items: await dtos(ctx.db, matching) };
  },

  async getStockOrderInfo(input, ctx) {
    return detail(ctx.db, await stockOrder(ctx.db, input.stockOrderId));
  },

  async getPickList(input, ctx) {
    const ids = await repo.pickableOrderIds(ctx.db, input.warehouseInfoId, 500);
    const views = (await Promise.all(ids.map((id) => orderRepo.getOrder(ctx.db, id)))).filter((v): v is orderRepo.OrderView => !!v);
    return { items: await dtos(ctx.db, views) };
  },

  async stockOrderBale(input, ctx) {
    const me = requireUser(ctx);
    const order = await stockOrderByTradeNo(ctx.db, input.tradeNo);
    assertAllowed('pick', order);
    const totals = await totalsOf(ctx.db, order.id);
    if (input.items) checkScans(order, totals, input.items);
    // Out of stock and out of the reservation in one step per product.
    await moveInventory(ctx.db, me, [...totals].map(([stockProductId, t]) => ({
      stockProductId, type: LISTED_TYPE.outbound, quantity: -t.quantity, tradeNo: order.tradeNo, releaseRef: stockOrderRef(order.id), remark: '拣货打包出库',
    })));
    const packer = me.name || me.userName;
    await orderRepo.updateOrder(ctx.db, order.id, { packageStatus: PACKAGE_STATUS.packed, packedUserId: me.id, packedUserName: packer, packedTime: ctx.now });
    // 'packed', as the pack station writes: the packing statistics count it for the picker.
    await audit(ctx.db, me, [orderAudit(order, 'packed', `${order.orderStatus}/${PACKAGE_STATUS.packed}`, `拣货打包 ${[...totals.values()].reduce((s, t) => s + t.quantity, 0)} 件`)]);
    await announceFloorWork(ctx.db, order.userId);
    return stockOrderDto(ctx.db, order.id);
  },

  async cancleBale(input, ctx) {
    const me = requireUser(ctx);
    const order = await stockOrderByTradeNo(ctx.db, input.tradeNo);
    assertAllowed('unpick', order);
    const totals = await putBack(ctx.db, me, order, '撤销打包，退回库存');
    await reserve(ctx.db, stockOrderRef(order.id), [...totals].map(([stockProductId, t]) => ({ stockProductId, quantity: t.quantity })));
    await orderRepo.updateOrder(ctx.db, order.id, { packageStatus: PACKAGE_STATUS.complete, packedUserId: null, packedUserName: null, packedTime: null });
    await audit(ctx.db, me, [orderAudit(order, 'cancelBale', `${order.orderStatus}/${PACKAGE_STATUS.complete}`, '撤销打包，库存退回并重新占用')]);
    return stockOrderDto(ctx.db, order.id);
  },

  async cancelUrgentOrder(input, ctx) {
    return setUrgent(ctx.db, requireUser(ctx), await stockOrder(ctx.db, input.id, { forUpdate: true }), false, 'cancelUrgent');
  },

  async cancleStockOrder(input, ctx) {
    const me = requireUser(ctx);
    const order = await stockOrder(ctx.db, input.stockOrderId, { forUpdate: true });
    assertAllowed('staffCancel', order);
    if (order.packageStatus >= PACKAGE_STATUS.packed) await putBack(ctx.db, me, order, '订单取消，退回库存');
    else await release(ctx.db, stockOrderRef(order.id));
    await refundOrderFees(ctx.db, me, order, `订单 ${order.tradeNo} 已被仓库取消，退回称重费用`);
    await orderRepo.updateOrder(ctx.db, order.id, { orderStatus: ORDER_STATUS.cancelled });
    await audit(ctx.db, me, [orderAudit(order, 'staffCancel', `${ORDER_STATUS.cancelled}/${order.packageStatus}`, '仓库取消，库存已退回或释放')]);
    return stockOrderDto(ctx.db, order.id);
  },

  async procesOrderStatu(input, ctx) {
    const me = requireUser(ctx);
    for (const id of [...new Set(input.ids)].sort((a, b) => a - b)) {
      const order = await stockOrder(ctx.db, id, { forUpdate: true });
      if (!manualOrderStatusAllowed(order.orderStatus, input.orderStatus)) throw conflict(`订单 ${order.tradeNo}：${MANUAL_REFUSAL}`);
      if (input.orderStatus === ORDER_STATUS.onHold && !input.reason) throw conflict('设为问题件需要填写原因。');
      await orderRepo.updateOrder(ctx.db, order.id, {
        orderStatus: input.orderStatus, holdReason: input.orderStatus === ORDER_STATUS.onHold ? input.reason ?? null : order.holdReason,
      });
      await audit(ctx.db, me, [{ ...orderAudit(order, 'processOrderStatus', String(input.orderStatus), input.reason ?? null), before: order.orderStatus }]);
    }
    return { count: new Set(input.ids).size };
  },

  async processOrderPackageStatus(input, ctx) {
    for (const id of input.ids) await stockOrder(ctx.db, id);
    // A stock order starts 已到齐; every later package status moves stock or money (pick, weigh,
    // dispatch), so none is set by hand.
    throw conflict('囤货订单的包裹状态只随拣货打包、称重和出库改变，不能手动修改；打包错了请用「撤销打包」。');
  },

  async editInterNationalShipment(input, ctx) {
    return editInterNationalShipment(input, ctx, { orderType: ORDER_TYPE.stock });
  },

  async goodsWeigh(input, ctx) {
    const order = await stockOrderByTradeNo(ctx.db, input.tradeNo);
    return weighOrder(ctx.db, requireUser(ctx), {
      tradeNo: order.tradeNo, weight: input.weight, long: input.length ?? null, wide: input.width ?? null, high: input.height ?? null,
    }, ctx.now);
  },
}));
