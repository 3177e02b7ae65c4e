// FrontOrder: a seller's own orders (DOMAIN §3, §9). Another seller's order is a 404.
import type { z } from 'zod';
import { frontOrder, type CreateOrderInput } from '#shared/contracts/orders.ts';
import { pageWindow } from '#shared/contracts/common.ts';
import { ORDER_STATUS, ORDER_TYPE, RECEIVE_STATUS, SHIPPING_METHOD } from '#shared/enums.ts';
import type { Db } from '../../db/client.ts';
import { implement, requireUser, type CurrentUser } from '../../framework.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { audit, auditOf, toAuditDto } from '../audit/repository.ts';
import { advanceOrder, cancelOrderKeepingGoods } from './inbound.ts';
import { declareExistingParcel } from '../parcels/declare.ts';
import { nextTradeNo } from '../platform/trade-no.ts';
import { assertAllowed } from './transitions.ts';
import { pointsToCents } from '#shared/money.ts';
import { toOrderDto } from './dto.ts';
import { toStoreDto } from '../stores/dto.ts';
import { getStore, storesOfUser } from '../stores/repository.ts';
import { toParcelDto } from '../parcels/dto.ts';
import * as repo from './repository.ts';
import { writtenJson } from '../../lib/answer-writer.ts';
import type { OrderDto } from '#shared/contracts/orders.ts';
import * as parcelRepo from '../parcels/repository.ts';
import { getWarehouse } from '../warehouse/repository.ts';
import { frontProcessingHandlers, processingInfo } from './processing.ts';
import { assertAttachable } from '../files/attach.ts';

type OrderInput = z.output<typeof CreateOrderInput>;

export async function orderDto(tx: Db, order: repo.OrderView) {
  const lines = await repo.linesOf(tx, [order.id]);
  return toOrderDto(order, lines.get(order.id) ?? []);
}

/** The order with its lines, parcels and audit trail (seller and back office alike). */
export async function orderDetail(tx: Db, order: repo.OrderView) {
  const [dto, parcels, trail] = [await orderDto(tx, order), await parcelRepo.parcelsOfOrders(tx, [order.id]), await auditOf(tx, 'order', order.id)];
  return { ...dto, parcels: parcels.map((p) => toParcelDto(p, order.warehouseName)), audit: trail.map(toAuditDto), processing: await processingInfo(tx, order) };
}

async function ownOrder(tx: Db, me: CurrentUser, id: number, forUpdate = false): Promise<repo.OrderView> {
  const order = await repo.getOrder(tx, id, { userId: me.id, forUpdate });
  if (!order) throw notFound('订单');
  return order;
}

/** The store an order is placed for: the seller's own, enabled, of the order's site (every kind of order). */
export async function checkSellerStore(tx: Db, me: CurrentUser, input: { storeId: number; site: string }) {
  const store = await getStore(tx, input.storeId);
  if (!store || store.userId !== me.id) throw invalid('storeId', '店铺不存在或不属于您');
  if (!store.whetherEffective) throw conflict(`店铺 ${store.storeName} 已停用，不能下单。`);
  if (store.site !== input.site) throw invalid('site', `与店铺站点 ${store.site} 不一致`);
  return store;
}

/** Checks what an order refers to: the seller's own enabled store, an enabled warehouse, the label. */
async function checkReferences(tx: Db, me: CurrentUser, input: OrderInput) {
  const store = await checkSellerStore(tx, me, input);
  const warehouse = await getWarehouse(tx, input.warehouseInfoId);
  if (!warehouse || !warehouse.isEnabled) throw invalid('warehouseInfoId', '仓库不存在或已停用');
  if (input.shippingMethods === SHIPPING_METHOD.shopeeSls && !input.pdfGuid) throw invalid('pdfGuid', '虾皮官方物流的订单需要上传面单 PDF');
  return { store, warehouse };
}

/**
 * Ties the order's tracking numbers to parcel rows: declares new ones, claims ones already signed
 * in as 无主件, refuses numbers that belong to another order. Returns whether any was already here.
 */
async function declareParcels(tx: Db, me: CurrentUser, order: repo.OrderRow, shipments: readonly string[]): Promise<boolean> {
  const existing = await parcelRepo.parcelsByShipments(tx, shipments, true);
  const byShipment = new Map(existing.map((p) => [p.shipment, p]));
  let arrived = false;
  const fresh: string[] = [];
  for (const shipment of shipments) {
    const p = byShipment.get(shipment);
    if (!p) { fresh.push(shipment); continue; }
    if (p.orderId === order.id) { if (p.receiveStatus === RECEIVE_STATUS.signed) arrived = true; continue; }
    const outcome = await declareExistingParcel(tx, me, p, me,
      { orderId: order.id, orderType: order.orderType, storeId: order.storeId, warehouseInfoId: order.warehouseInfoId, tradeNo: order.tradeNo }, '卖家申报后认领无主件');
    if (outcome === 'taken') throw conflict(`快递单号 ${shipment} 已被其他订单申报。`);
    if (outcome === 'closed') throw conflict(`快递单号 ${shipment} 的包裹状态不允许再申报。`);
    if (outcome === 'claimed') arrived = true;
  }
  await parcelRepo.insertParcels(tx, fresh.map((shipment) => ({
    shipment, warehouseInfoId: order.warehouseInfoId, userId: me.id, userCode: me.userCode, orderId: order.id, orderType: order.orderType,
    storeId: order.storeId, receiveStatus: RECEIVE_STATUS.declared,
  })));
  return arrived;
}

const distinctShipments = (input: OrderInput) => [...new Set(input.orderProductInfosList.map((l) => l.shipment))];
const lineValues = (input: OrderInput) => input.orderProductInfosList.map((l) => ({
  productName: l.productName, productSku: l.productSku, specification: l.specification ?? null, quantity: l.quantity,
  price: pointsToCents(l.price), productImg: l.productImg ?? null, shipment: l.shipment,
}));

/** Who places an order: the seller (audit names him). */
export type SellerRef = Pick<CurrentUser, 'id' | 'name' | 'userName' | 'userCode'>;
type OrderFields = Pick<repo.OrderRow, 'orderNumber' | 'storeId' | 'warehouseInfoId' | 'site' | 'orderType' | 'cargoCategory' | 'shippingMethods' | 'reMark' | 'pdfGuid'>;
type LineValues = Parameters<typeof repo.replaceLines>[2];

/**
 * A new seller order (CB… or ML…) with its lines and its audit row: the one creation path, for the
 * order form (CreateOrder) and for orders synced from a marketplace. References are the caller's to check.
 */
export async function insertSellerOrder(tx: Db, seller: SellerRef, fields: OrderFields, lines: LineValues, now: Date): Promise<repo.OrderRow> {
  const tradeNo = await nextTradeNo(tx, fields.orderType === ORDER_TYPE.mainland ? 'ML' : 'CB', now);
  const row = await repo.insertOrder(tx, { ...fields, tradeNo, userId: seller.id, userCode: seller.userCode ?? '' });
  await repo.replaceLines(tx, row.id, lines);
  await audit(tx, seller, [{ entity: 'order', entityId: row.id, tradeNo, orderNumber: row.orderNumber, action: 'create', after: `${row.orderStatus}/${row.packageStatus}` }]);
  return row;
}

/** The seller's order with this number that is not cancelled, if any (CreateOrder refuses a second one). */
export async function openOrderWithNumber(tx: Db, userId: number, orderNumber: string): Promise<repo.OrderView | undefined> {
  const { rows } = await repo.listOrders(tx, { userId, number: orderNumber }, { limit: 20, offset: 0 });
  return rows.find((o) => o.orderNumber === orderNumber && o.orderStatus !== ORDER_STATUS.cancelled);
}

export const frontOrderService = implement(frontOrder, () => ({
  ...frontProcessingHandlers(),
  async getStoreList(_input, ctx) {
    const me = requireUser(ctx);
    const rows = await storesOfUser(ctx.db, me.id);
    return rows.map((s) => toStoreDto(s, { userCode: me.userCode, userName: me.name }));
  },

  async getOrderList(input, ctx) {
    const me = requireUser(ctx);
    // The page's JSON is PostgreSQL's (decision 0052).
    const { total, capped, items } = await repo.orderPageJson(ctx.db, { ...input, userId: me.id }, pageWindow(input));
    return { totalCount: total, totalCountCapped: capped, items: writtenJson<OrderDto[]>(items) };
  },

  async getOrderInfo(input, ctx) {
    return orderDetail(ctx.db, await ownOrder(ctx.db, requireUser(ctx), input.id));
  },

  async getOrderStatistics(_input, ctx) {
    const { byStatus, byPackage } = await repo.orderStatistics(ctx.db, requireUser(ctx).id);
    return {
      total: byStatus.reduce((s, r) => s + r.n, 0),
      byOrderStatus: Object.fromEntries(byStatus.map((r) => [String(r.code), r.n])),
      byPackageStatus: Object.fromEntries(byPackage.map((r) => [String(r.code), r.n])),
    };
  },

  async createOrder(input, ctx) {
    const me = requireUser(ctx);
    await checkReferences(ctx.db, me, input);
    await assertAttachable(ctx.db, me, { guid: input.pdfGuid, field: 'pdfGuid', kind: 'pdf' });
    if (await openOrderWithNumber(ctx.db, me.id, input.orderNumber)) throw conflict(`订单号 ${input.orderNumber} 已存在。`);
    const row = await insertSellerOrder(ctx.db, me, {
      orderNumber: input.orderNumber, storeId: input.storeId, warehouseInfoId: input.warehouseInfoId,
      site: input.site, orderType: input.orderType, cargoCategory: input.cargoCategory, shippingMethods: input.shippingMethods,
      reMark: input.reMark ?? null, pdfGuid: input.pdfGuid ?? null,
    }, lineValues(input), ctx.now);
    if (await declareParcels(ctx.db, me, row, distinctShipments(input))) await advanceOrder(ctx.db, me, row.id);
    return orderDto(ctx.db, (await repo.getOrder(ctx.db, row.id))!);
  },

  async updateOrder(input, ctx) {
    const me = requireUser(ctx);
    const order = await ownOrder(ctx.db, me, input.id, true);
    assertAllowed('parcelDriven', order);
    assertAllowed('sellerUpdate', order);
    await checkReferences(ctx.db, me, input);
    await assertAttachable(ctx.db, me, { guid: input.pdfGuid, current: order.pdfGuid, field: 'pdfGuid', kind: 'pdf' });
    const shipments = distinctShipments(input);
    const here = (await parcelRepo.parcelsOfOrders(ctx.db, [order.id])).filter((p) => p.receiveStatus !== RECEIVE_STATUS.declared);
    const dropped = here.filter((p) => !shipments.includes(p.shipment));
    if (dropped.length) throw conflict(`快递单号 ${dropped.map((p) => p.shipment).join('、')} 已签收，不能从订单中移除。`);
    await repo.updateOrder(ctx.db, order.id, {
      orderNumber: input.orderNumber, storeId: input.storeId, warehouseInfoId: input.warehouseInfoId, site: input.site, orderType: input.orderType,
      cargoCategory: input.cargoCategory, shippingMethods: input.shippingMethods, reMark: input.reMark ?? null, pdfGuid: input.pdfGuid ?? null,
    });
    await repo.replaceLines(ctx.db, order.id, lineValues(input));
    await parcelRepo.releaseDeclaredParcels(ctx.db, order.id, shipments);
    await declareParcels(ctx.db, me, { ...order, orderType: input.orderType, storeId: input.storeId, warehouseInfoId: input.warehouseInfoId }, shipments);
    await advanceOrder(ctx.db, me, order.id);
    await audit(ctx.db, me, [{ entity: 'order', entityId: order.id, tradeNo: order.tradeNo, orderNumber: input.orderNumber, action: 'update' }]);
    return orderDto(ctx.db, (await repo.getOrder(ctx.db, order.id))!);
  },

  async cancelOrder(input, ctx) {
    const me = requireUser(ctx);
    const order = await ownOrder(ctx.db, me, input.id, true);
    assertAllowed('parcelDriven', order);
    assertAllowed('sellerCancel', order);
    await cancelOrderKeepingGoods(ctx.db, me, order, 'cancel', '订单已取消，待卖家处理');
    return orderDto(ctx.db, (await repo.getOrder(ctx.db, order.id))!);
  },

  async urgentOrder(input, ctx) {
    const me = requireUser(ctx);
    const order = await ownOrder(ctx.db, me, input.id, true);
    assertAllowed('markUrgent', order);
    await repo.updateOrder(ctx.db, order.id, { isUrgent: true });
    await audit(ctx.db, me, [{ entity: 'order', entityId: order.id, tradeNo: order.tradeNo, orderNumber: order.orderNumber, action: 'urgent' }]);
    return orderDto(ctx.db, { ...order, isUrgent: true });
  },

  async normalOrder(input, ctx) {
    const me = requireUser(ctx);
    const order = await ownOrder(ctx.db, me, input.id, true);
    assertAllowed('markNormal', order);
    await repo.updateOrder(ctx.db, order.id, { isUrgent: false });
    await audit(ctx.db, me, [{ entity: 'order', entityId: order.id, tradeNo: order.tradeNo, orderNumber: order.orderNumber, action: 'normal' }]);
    return orderDto(ctx.db, { ...order, isUrgent: false });
  },

  async getAbnormalReceivingOrderList(input, ctx) {
    const { total, capped, rows } = await parcelRepo.listParcels(ctx.db, { ...input, statuses: [RECEIVE_STATUS.abnormal], userId: requireUser(ctx).id }, pageWindow(input));
    return { totalCount: total, totalCountCapped: capped, items: rows.map((r) => toParcelDto(r.parcel, r.warehouseName)) };
  },

  async getSearchResult(input, ctx) {
    const { rows } = await repo.listOrdersWithLines(ctx.db, { userId: requireUser(ctx).id, number: input.number }, { limit: 50, offset: 0 });
    return rows.map((r) => toOrderDto(r, r.lines));
  },
}));

