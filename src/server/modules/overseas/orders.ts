// Overseas orders (DOMAIN §8, §3, §7; decision 0032): orders of orderType 4 (tradeNo AB…) shipped
// from the seller's stock at an overseas warehouse. Creation reserves every line (inventory.reserve,
// ref `abroad-order:<id>`); AbroadOrderBale picks them out of stock (ListedHistory 出库, the
// reservation released in the same step) and charges the store's OverseasBaseCostSetting through the
// ledger; CancleBale puts them back and holds them again, refunding the fees; cancelling releases the
// reservation (or, once packed, puts the goods back). Quantities move only through modules/inventory,
// money only through modules/ledger, all in the request transaction.
import type { z } from 'zod';
import { backAbroadOrder, frontAbroadOrder, type CreateAbroadOrderInput } from '#shared/contracts/overseas.ts';
import { pageWindow } from '#shared/contracts/common.ts';
import { FLOW_CHANNEL, LISTED_TYPE, ORDER_STATUS, ORDER_TYPE, PACKAGE_STATUS, type FlowChannel } from '#shared/enums.ts';
import { centsText, centsToPoints } from '#shared/money.ts';
import { MANUAL_REFUSAL, manualOrderStatusAllowed, manualPackageStatusAllowed, type OrderAction } from '#shared/rules/orders.ts';
import type { Db } from '../../db/client.ts';
import { implement, requireUser, type CurrentUser } from '../../framework.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { audit, auditOf, toAuditDto } from '../audit/repository.ts';
import type { AuditAction } from '#shared/audit-actions.ts';
import { baseCostCents } from '../fees/calc.ts';
import { effectiveOverseasBaseCost, urgentFeeCents } from '../fees/settings.ts';
import * as inventory from '../inventory/inventory.ts';
import { productById } from '../inventory/repository.ts';
import * as ledger from '../ledger/ledger.ts';
import { toOrderDto } from '../orders/dto.ts';
import { checkSellerStore } from '../orders/front-order.ts';
import * as orderRepo from '../orders/repository.ts';
import { shipOrders } from '../orders/shipping.ts';
import { assertAllowed } from '../orders/transitions.ts';
import { nextTradeNo } from '../platform/trade-no.ts';
import { getWarehouse } from '../warehouse/repository.ts';
import * as repo from './repository.ts';

type Who = Pick<CurrentUser, 'id' | 'name' | 'userName'>;
type OrderInput = z.output<typeof CreateAbroadOrderInput>;
type Line = orderRepo.OrderLineRow;

/** The reservation an open overseas order holds (modules/inventory). */
export const reservationRef = (orderId: number) => `abroad-order:${orderId}`;
/** The fee postings of a packing: abroad:<orderId>:<version>:<channel>; a cancelled packing's are reversed. */
const feeRef = (orderId: number, version: number) => `abroad:${orderId}:${version}:`;
const nameOf = (who: Who) => who.name || who.userName;
const statusPair = (o: { orderStatus: number; packageStatus: number }) => `${o.orderStatus}/${o.packageStatus}`;
const ORDER_STATUS_LABEL: Record<number, string> = { 1: '待处理', 2: '处理中', 3: '待补运费', 4: '已发货', 5: '已完成', 6: '已取消', 7: '问题件' };

async function dto(tx: Db, order: orderRepo.OrderView) {
  return toOrderDto(order, (await orderRepo.linesOf(tx, [order.id])).get(order.id) ?? []);
}

/** An overseas order by id (a seller's own when userId is given), or 404 — another type of order is not one. */
async function abroadOrder(tx: Db, id: number, opts: { userId?: number; forUpdate?: boolean } = {}): Promise<orderRepo.OrderView> {
  const order = await orderRepo.getOrder(tx, id, opts);
  if (!order || order.orderType !== ORDER_TYPE.abroad) throw notFound('海外仓订单');
  return order;
}

async function abroadOrderByTradeNo(tx: Db, tradeNo: string): Promise<orderRepo.OrderView> {
  const order = await orderRepo.orderByTradeNo(tx, tradeNo, true);
  if (!order || order.orderType !== ORDER_TYPE.abroad) throw notFound(`海外仓订单 ${tradeNo}`);
  return order;
}

/** The lines an order asks for: one per product (repeats summed), each a stock product of the seller's at the warehouse. */
async function checkItems(tx: Db, me: CurrentUser, input: OrderInput) {
  const wanted = new Map<number, number>();
  for (const i of input.items) wanted.set(i.stockProductId, (wanted.get(i.stockProductId) ?? 0) + i.quantity);
  const lines = [];
  for (const [stockProductId, quantity] of wanted) {
    const product = await productById(tx, stockProductId);
    if (!product || product.userId !== me.id) throw notFound('库存商品');
    if (product.warehouseInfoId !== input.warehouseInfoId) throw invalid('items', `商品 ${product.productSku} 不在所选的海外仓，不能从该仓发货`);
    lines.push({ productName: product.productName, productSku: product.productSku, quantity, shipment: '', stockProductId, productImg: null, price: null, specification: null });
  }
  return lines;
}

/** What an overseas order refers to: the seller's enabled store of its site, an enabled overseas warehouse of that site. */
async function checkReferences(tx: Db, me: CurrentUser, input: OrderInput) {
  await checkSellerStore(tx, me, input);
  const warehouse = await getWarehouse(tx, input.warehouseInfoId);
  if (!warehouse || !warehouse.isEnabled || warehouse.kind !== 2) throw invalid('warehouseInfoId', '海外仓不存在或已停用');
  if (warehouse.site && warehouse.site !== input.site) throw invalid('warehouseInfoId', `海外仓 ${warehouse.warehouseName} 服务 ${warehouse.site} 站点，与订单站点不一致`);
}

async function refuseDuplicateNumber(tx: Db, me: CurrentUser, orderNumber: string, exceptId?: number) {
  const { rows } = await orderRepo.listOrders(tx, { userId: me.id, number: orderNumber }, { limit: 20, offset: 0 });
  if (rows.some((o) => o.id !== exceptId && o.orderNumber === orderNumber && o.orderStatus !== ORDER_STATUS.cancelled)) throw conflict(`订单号 ${orderNumber} 已存在。`);
}

const orderFields = (input: OrderInput) => ({
  orderNumber: input.orderNumber, storeId: input.storeId, warehouseInfoId: input.warehouseInfoId, site: input.site,
  cargoCategory: input.cargoCategory, shippingMethods: input.shippingMethods, reMark: input.reMark ?? null, pdfGuid: input.pdfGuid ?? null,
});
const reserveItems = (lines: readonly Pick<Line, 'stockProductId' | 'quantity'>[]) =>
  lines.filter((l) => l.stockProductId !== null).map((l) => ({ stockProductId: l.stockProductId!, quantity: l.quantity }));

// ---------------------------------------------------------------------------------------------
// Fees: the store's OverseasBaseCostSetting effective when the order is packed (DOMAIN §5 base cost).

interface FeeLine { channel: FlowChannel; amountCents: number }

async function packingFees(tx: Db, order: orderRepo.OrderView, lines: readonly Line[], at: Date): Promise<{ fees: FeeLine[]; basis: string }> {
  const rule = await effectiveOverseasBaseCost(tx, order.storeId, at);
  if (!rule) throw conflict(`店铺「${order.storeName}」没有生效的海外仓基础费用设置，无法打包计费；请先在「海外仓费用设置」中添加。`);
  const { operationCents, sackCents } = baseCostCents(rule, new Set(lines.map((l) => l.stockProductId ?? l.productSku)).size);
  const fees: FeeLine[] = [{ channel: FLOW_CHANNEL.orderFee, amountCents: operationCents }, { channel: FLOW_CHANNEL.packaging, amountCents: sackCents }];
  if (order.isUrgent) fees.push({ channel: FLOW_CHANNEL.urgentFee, amountCents: await urgentFeeCents(tx) });
  return { fees: fees.filter((f) => f.amountCents > 0), basis: `海外仓基础费用设置 #${rule.id}` };
}

/**
 * The fee flows of the order's packing while it stands: each packing posts under a new version, and
 * undoing it (CancleBale, or cancelling a packed order) reverses that version's flows once — after
 * which the order is no longer packed, so "packed and not cancelled" is exactly "its fees are live".
 */
async function liveFees(tx: Db, order: orderRepo.OrderView) {
  const packed = order.packageStatus >= PACKAGE_STATUS.packed && order.orderStatus !== ORDER_STATUS.cancelled;
  return packed && order.weighVersion > 0 ? ledger.flowsByRefPrefix(tx, order.userId, feeRef(order.id, order.weighVersion)) : [];
}

/** Gives back what the order's live packing charged (channel 10 reversals); returns the cents. */
async function refundPacking(tx: Db, who: Who, order: orderRepo.OrderView, remark: string): Promise<number> {
  const live = await liveFees(tx, order);
  if (live.length) await ledger.reverse(tx, order.userId, live.map((f) => f.id), remark, { creator: { userId: who.id, name: nameOf(who) } });
  return -live.reduce((s, f) => s + f.incurredCents, 0);
}

// ---------------------------------------------------------------------------------------------
// Moving the goods

/** Picks the order's lines out of stock (出库 rows, reservation released), charges the fees, 已打包. */
async function pick(tx: Db, me: CurrentUser, order: orderRepo.OrderView, now: Date) {
  assertAllowed('pick', order);
  const lines = (await orderRepo.linesOf(tx, [order.id])).get(order.id) ?? [];
  const { fees, basis } = await packingFees(tx, order, lines, now);
  const ref = reservationRef(order.id);
  await inventory.moveInventory(tx, me, reserveItems(lines).map((l) => ({
    stockProductId: l.stockProductId, type: LISTED_TYPE.outbound, quantity: -l.quantity, tradeNo: order.tradeNo, remark: '海外仓订单打包出库', releaseRef: ref,
  })));
  const version = order.weighVersion + 1;
  const posted = await ledger.post(tx, order.userId, fees.map((f) => ({
    channel: f.channel, amountCents: -f.amountCents, ref: `${feeRef(order.id, version)}${f.channel}`, tradeNo: order.tradeNo, orderNumber: order.orderNumber,
    storeName: order.storeName, site: order.site, warehouseName: order.warehouseName, remark: `海外仓订单 ${order.tradeNo} 打包计费（${basis}）`,
  })), { creator: { userId: me.id, name: nameOf(me) } });
  if (!posted.ok) {
    // Nothing stays: the request transaction rolls the stock movement back with this refusal.
    throw conflict(`卖家积分不足：打包需扣 ${centsText(posted.neededCents)}，余额 ${centsText(posted.balanceCents)}。请卖家充值后再打包。`);
  }
  const next = { orderStatus: order.orderStatus === ORDER_STATUS.pending ? ORDER_STATUS.processing : order.orderStatus, packageStatus: PACKAGE_STATUS.packed };
  await orderRepo.updateOrder(tx, order.id, { ...next, weighVersion: version, packedUserId: me.id, packedUserName: nameOf(me), packedTime: now });
  const total = fees.reduce((s, f) => s + f.amountCents, 0);
  await audit(tx, me, [{
    entity: 'order', entityId: order.id, tradeNo: order.tradeNo, orderNumber: order.orderNumber, action: 'packed',
    before: statusPair(order), after: statusPair(next), note: `海外仓拣货打包，出库 ${lines.reduce((s, l) => s + l.quantity, 0)} 件，费用 ${centsText(total)}`,
  }]);
}

/** Puts a packed order's goods back into stock (a positive 出库 row cancels the pick). */
async function putBack(tx: Db, who: Who, order: orderRepo.OrderView, remark: string) {
  const lines = (await orderRepo.linesOf(tx, [order.id])).get(order.id) ?? [];
  await inventory.moveInventory(tx, who, reserveItems(lines).map((l) => ({
    stockProductId: l.stockProductId, type: LISTED_TYPE.outbound, quantity: l.quantity, tradeNo: order.tradeNo, remark,
  })));
  return lines;
}

async function unpick(tx: Db, me: CurrentUser, order: orderRepo.OrderView) {
  assertAllowed('unpick', order);
  const lines = await putBack(tx, me, order, '海外仓订单取消打包，退回库存');
  await inventory.reserve(tx, reservationRef(order.id), reserveItems(lines));
  const refunded = await refundPacking(tx, me, order, `海外仓订单 ${order.tradeNo} 取消打包，退回打包费用`);
  await orderRepo.updateOrder(tx, order.id, { packageStatus: PACKAGE_STATUS.complete, packedUserId: null, packedUserName: null, packedTime: null });
  await audit(tx, me, [{
    entity: 'order', entityId: order.id, tradeNo: order.tradeNo, orderNumber: order.orderNumber, action: 'cancelBale',
    before: statusPair(order), after: `${order.orderStatus}/${PACKAGE_STATUS.complete}`, note: `退回库存并重新占用，退回费用 ${centsText(refunded)}`,
  }]);
}

/** Cancels an order (the caller checked the rule): its hold is released, or a packed order's goods go back. */
async function cancel(tx: Db, who: Who, order: orderRepo.OrderView, action: AuditAction) {
  let note = '释放库存占用';
  if (order.packageStatus >= PACKAGE_STATUS.packed) {
    await putBack(tx, who, order, '海外仓订单取消，退回库存');
    note = `退回库存，退回费用 ${centsText(await refundPacking(tx, who, order, `海外仓订单 ${order.tradeNo} 已取消，退回打包费用`))}`;
  } else {
    await inventory.release(tx, reservationRef(order.id));
  }
  await orderRepo.updateOrder(tx, order.id, { orderStatus: ORDER_STATUS.cancelled });
  await audit(tx, who, [{ entity: 'order', entityId: order.id, tradeNo: order.tradeNo, orderNumber: order.orderNumber, action, before: order.orderStatus, after: ORDER_STATUS.cancelled, note }]);
}

async function toggleUrgent(tx: Db, me: CurrentUser, order: orderRepo.OrderView, urgent: boolean) {
  const action: OrderAction = urgent ? 'markUrgent' : 'markNormal';
  assertAllowed(action, order);
  await orderRepo.updateOrder(tx, order.id, { isUrgent: urgent });
  await audit(tx, me, [{ entity: 'order', entityId: order.id, tradeNo: order.tradeNo, orderNumber: order.orderNumber, action: urgent ? 'urgent' : 'normal' }]);
  return dto(tx, { ...order, isUrgent: urgent });
}

async function detail(tx: Db, order: orderRepo.OrderView) {
  const live = await liveFees(tx, order);
  return {
    ...(await dto(tx, order)),
    fees: live.map((f) => ({ channel: f.channel, amount: centsToPoints(-f.incurredCents) })),
    feesTotal: centsToPoints(-live.reduce((s, f) => s + f.incurredCents, 0)),
    audit: (await auditOf(tx, 'order', order.id)).map(toAuditDto),
  };
}

const page = async (tx: Db, { total, capped, rows }: Awaited<ReturnType<typeof orderRepo.listOrders>>) => {
  const lines = await orderRepo.linesOf(tx, rows.map((r) => r.id));
  return { totalCount: total, totalCountCapped: capped, items: rows.map((r) => toOrderDto(r, lines.get(r.id) ?? [])) };
};

// ---------------------------------------------------------------------------------------------

export const frontAbroadOrderService = implement(frontAbroadOrder, () => ({
  async getOrderList(input, ctx) {
    const me = requireUser(ctx);
    return page(ctx.db, await orderRepo.listOrders(ctx.db, { ...input, userId: me.id, orderType: ORDER_TYPE.abroad }, pageWindow(input)));
  },

  async getOrderInfo(input, ctx) {
    return detail(ctx.db, await abroadOrder(ctx.db, input.id, { userId: requireUser(ctx).id }));
  },

  async createOrder(input, ctx) {
    const me = requireUser(ctx);
    await checkReferences(ctx.db, me, input);
    const lines = await checkItems(ctx.db, me, input);
    await refuseDuplicateNumber(ctx.db, me, input.orderNumber);
    const tradeNo = await nextTradeNo(ctx.db, 'AB', ctx.now);
    const row = await orderRepo.insertOrder(ctx.db, {
      tradeNo, userId: me.id, userCode: me.userCode ?? '', orderType: ORDER_TYPE.abroad, ...orderFields(input),
      // The goods are already in the warehouse: ready to pick from the start (DOMAIN §7).
      orderStatus: ORDER_STATUS.pending, packageStatus: PACKAGE_STATUS.complete,
    });
    await orderRepo.replaceLines(ctx.db, row.id, lines);
    await inventory.reserve(ctx.db, reservationRef(row.id), reserveItems(lines), { ownerUserId: me.id });
    await audit(ctx.db, me, [{ entity: 'order', entityId: row.id, tradeNo, orderNumber: row.orderNumber, action: 'create', after: statusPair(row), note: '海外仓订单，已占用库存' }]);
    return dto(ctx.db, (await orderRepo.getOrder(ctx.db, row.id))!);
  },

  async updateOrder(input, ctx) {
    const me = requireUser(ctx);
    const order = await abroadOrder(ctx.db, input.id, { userId: me.id, forUpdate: true });
    assertAllowed('sellerUpdate', order);
    await checkReferences(ctx.db, me, input);
    const lines = await checkItems(ctx.db, me, input);
    await refuseDuplicateNumber(ctx.db, me, input.orderNumber, order.id);
    // Held anew: what the order held goes back first, so its own quantities count as available.
    await inventory.release(ctx.db, reservationRef(order.id));
    await inventory.reserve(ctx.db, reservationRef(order.id), reserveItems(lines), { ownerUserId: me.id });
    await orderRepo.updateOrder(ctx.db, order.id, orderFields(input));
    await orderRepo.replaceLines(ctx.db, order.id, lines);
    await audit(ctx.db, me, [{ entity: 'order', entityId: order.id, tradeNo: order.tradeNo, orderNumber: input.orderNumber, action: 'update', note: '重新占用库存' }]);
    return dto(ctx.db, (await orderRepo.getOrder(ctx.db, order.id))!);
  },

  async cancleOrder(input, ctx) {
    const me = requireUser(ctx);
    const order = await abroadOrder(ctx.db, input.orderId, { userId: me.id, forUpdate: true });
    assertAllowed('sellerCancel', order);
    await cancel(ctx.db, me, order, 'cancel');
    return dto(ctx.db, (await orderRepo.getOrder(ctx.db, order.id))!);
  },

  async urgentOrder(input, ctx) {
    const me = requireUser(ctx);
    return toggleUrgent(ctx.db, me, await abroadOrder(ctx.db, input.id, { userId: me.id, forUpdate: true }), true);
  },

  async normalOrder(input, ctx) {
    const me = requireUser(ctx);
    return toggleUrgent(ctx.db, me, await abroadOrder(ctx.db, input.id, { userId: me.id, forUpdate: true }), false);
  },
}));

export const backAbroadOrderService = implement(backAbroadOrder, () => ({
  async getOrderList(input, ctx) {
    return page(ctx.db, await orderRepo.listOrders(ctx.db, { ...input, orderType: ORDER_TYPE.abroad }, pageWindow(input)));
  },

  async getOrderInfo(input, ctx) {
    return detail(ctx.db, await abroadOrder(ctx.db, input.id));
  },

  async abroadOrderBale(input, ctx) {
    const order = await abroadOrderByTradeNo(ctx.db, input.tradeNo);
    await pick(ctx.db, requireUser(ctx), order, ctx.now);
    return dto(ctx.db, (await orderRepo.getOrder(ctx.db, order.id))!);
  },

  async cancleBale(input, ctx) {
    const order = await abroadOrderByTradeNo(ctx.db, input.tradeNo);
    await unpick(ctx.db, requireUser(ctx), order);
    return dto(ctx.db, (await orderRepo.getOrder(ctx.db, order.id))!);
  },

  async cancleOrder(input, ctx) {
    const me = requireUser(ctx);
    const order = await abroadOrder(ctx.db, input.orderId, { forUpdate: true });
    assertAllowed('staffCancel', order);
    await cancel(ctx.db, me, order, 'staffCancel');
    return dto(ctx.db, (await orderRepo.getOrder(ctx.db, order.id))!);
  },

  async procesOrderStatus(input, ctx) {
    const me = requireUser(ctx);
    for (const id of [...new Set(input.ids)].sort((a, b) => a - b)) {
      const order = await abroadOrder(ctx.db, id, { forUpdate: true });
      if (!manualOrderStatusAllowed(order.orderStatus, input.orderStatus)) {
        throw conflict(`订单 ${order.tradeNo} 不能从「${ORDER_STATUS_LABEL[order.orderStatus]}」改为「${ORDER_STATUS_LABEL[input.orderStatus]}」：${MANUAL_REFUSAL}`);
      }
      if (input.orderStatus === ORDER_STATUS.onHold && !input.reason) throw conflict('设为问题件需要填写原因。');
      await orderRepo.updateOrder(ctx.db, order.id, { orderStatus: input.orderStatus, holdReason: input.orderStatus === ORDER_STATUS.onHold ? input.reason ?? null : order.holdReason });
      await audit(ctx.db, me, [{ entity: 'order', entityId: order.id, tradeNo: order.tradeNo, orderNumber: order.orderNumber, action: 'processOrderStatus', before: order.orderStatus, after: input.orderStatus, note: input.reason ?? null }]);
    }
    return { count: new Set(input.ids).size };
  },

  async processOrderPackageStatus(input, ctx) {
    for (const id of [...new Set(input.ids)].sort((a, b) => a - b)) {
      const order = await abroadOrder(ctx.db, id, { forUpdate: true });
      // An overseas order's goods are in stock: its package status follows picking and nothing else.
      if (!manualPackageStatusAllowed(order, input.packageStatus)) throw conflict(`订单 ${order.tradeNo} 的包裹状态不能手动修改：${MANUAL_REFUSAL}`);
    }
    return { count: 0 };
  },

  async oneClickDelivery(input, ctx) {
    const me = requireUser(ctx);
    if (!input.ids?.length) {
      const ids = await repo.shippableAbroadOrderIds(ctx.db, { warehouseInfoId: input.warehouseInfoId!, site: input.site });
      return { count: (await shipOrders(ctx.db, ids, me, '海外仓一键出库', ctx.now)).shipped.length, skipped: [] };
    }
    const abroad = await repo.abroadOrderIds(ctx.db, input.ids);
    const outcome = await shipOrders(ctx.db, input.ids.filter((id) => abroad.has(id)), me, '海外仓一键出库', ctx.now);
    const notAbroad = input.ids.filter((id) => !abroad.has(id)).map((id) => ({ id, tradeNo: '', reason: '不是海外仓订单。' }));
    return { count: outcome.shipped.length, skipped: [...outcome.skipped, ...notAbroad] };
  },
}));
