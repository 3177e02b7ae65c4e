// BackOrder: the back office reads, searches and corrects orders (DOMAIN §3). Staff see every
// order of the tenant (group data scopes arrive with BackGroup).
import { backOrder } from '#shared/contracts/back-order.ts';
import { pageWindow } from '#shared/contracts/common.ts';
import { ORDER_STATUS, PACKAGE_STATUS, RECEIVE_STATUS } from '#shared/enums.ts';
import { requireUser, type Deps, type Implementation } from '../../framework.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { audit } from '../audit/repository.ts';
import { listSellers } from '../identity/repository.ts';
import { orderDetail, orderDto } from './front-order.ts';
import { cancelOrderKeepingGoods } from './inbound.ts';
import { takeSlot } from '../holding-slots/repository.ts';
import { parcelInSlot, withSlotHolders } from '../holding-slots/service.ts';
import { parcelPage } from './logistics.ts';
import { attachPhotos, parcelPhotoHandlers } from '../parcels/photos.ts';
import { MANUAL_REFUSAL, manualOrderStatusAllowed, manualPackageStatusAllowed } from '#shared/rules/orders.ts';
import { assertAllowed } from './transitions.ts';
import { assertParcelAllowed } from '../parcels/transitions.ts';
import { toOrderDto } from './dto.ts';
import { toParcelDto } from '../parcels/dto.ts';
import * as repo from './repository.ts';
import { writtenJson } from '../../lib/answer-writer.ts';
import type { OrderDto } from '#shared/contracts/orders.ts';
import * as parcelRepo from '../parcels/repository.ts';
import { backProcessingHandlers, refundOrderFees } from './processing.ts';

const ORDER_STATUS_LABEL: Record<number, string> = { 1: '待处理', 2: '处理中', 3: '待补运费', 4: '已发货', 5: '已完成', 6: '已取消', 7: '问题件' };
const PACKAGE_STATUS_LABEL: Record<number, string> = { 0: '待到货', 1: '部分到货', 2: '已到齐', 3: '已打包', 4: '已称重', 5: '已出库' };

/**
 * BackOrder's actions but EditInterNationalShipment: bagging is mainland-package's, a module that stands
 * above orders, so modules/index.ts joins the two into the one BackOrder service.
 */
export const backOrderHandlers = (deps: Deps): Omit<Implementation<typeof backOrder>, 'editInterNationalShipment'> => ({
  ...backProcessingHandlers(deps),
  // modules/parcels/photos.ts
  setTakePicture: parcelPhotoHandlers(deps).setTakePicture,
  uploadIntoPicBase64Img: parcelPhotoHandlers(deps).uploadIntoPicBase64Img,

  async getUserList(input, ctx) {
    const rows = await listSellers(ctx.db, input.keyword, 500);
    return rows.map((r) => ({ id: r.id, userCode: r.userCode ?? '', name: r.name, userName: r.userName }));
  },

  async getOrderList(input, ctx) {
    // The page's JSON is PostgreSQL's (decision 0052).
    const { total, capped, items } = await repo.orderPageJson(ctx.db, input, pageWindow(input));
    return { totalCount: total, totalCountCapped: capped, items: writtenJson<OrderDto[]>(items) };
  },

  async getOrderInfo(input, ctx) {
    const order = await repo.getOrder(ctx.db, input.id);
    if (!order) throw notFound('订单');
    // Staff see what really sits in the slot the order and its parcels name (issue 44 item 1c).
    const detail = await orderDetail(ctx.db, order);
    const [shown] = await withSlotHolders(ctx.db, [detail], (o, slot) => slot.orderId === o.id);
    return { ...shown!, parcels: await withSlotHolders(ctx.db, detail.parcels, parcelInSlot) };
  },

  async getSearchOrderList(input, ctx) {
    const { rows } = await repo.listOrdersWithLines(ctx.db, { number: input.tradeNo }, { limit: 50, offset: 0 });
    return rows.map((r) => toOrderDto(r, r.lines));
  },

  async arriveWarehouse(input, ctx) {
    const me = requireUser(ctx);
    const order = await repo.orderByTradeNo(ctx.db, input.tradeNo, true);
    if (!order) throw notFound('订单');
    assertAllowed('arriveWarehouse', order);
    const orderStatus = order.orderStatus === ORDER_STATUS.pending ? ORDER_STATUS.processing : order.orderStatus;
    const slot = order.shelfNumber ? {} : await takeSlot(ctx.db, order.warehouseInfoId, { orderId: order.id }, ctx.now);
    await repo.updateOrder(ctx.db, order.id, { packageStatus: PACKAGE_STATUS.complete, orderStatus, ...slot });
    await audit(ctx.db, me, [{ entity: 'order', entityId: order.id, tradeNo: order.tradeNo, orderNumber: order.orderNumber, action: 'arriveWarehouse', before: `${order.orderStatus}/${order.packageStatus}`, after: `${orderStatus}/${PACKAGE_STATUS.complete}`, note: '仓库手动标记已到齐' }]);
    return orderDto(ctx.db, (await repo.getOrder(ctx.db, order.id))!);
  },

  async cancelOrder(input, ctx) {
    const me = requireUser(ctx);
    const order = await repo.getOrder(ctx.db, input.id, { forUpdate: true });
    if (!order) throw notFound('订单');
    assertAllowed('parcelDriven', order);
    assertAllowed('staffCancel', order);
    await refundOrderFees(ctx.db, me, order, `订单 ${order.tradeNo} 已被仓库取消，退回称重费用`);
    await cancelOrderKeepingGoods(ctx.db, me, order, 'staffCancel', '订单已被仓库取消，待卖家处理');
    return orderDto(ctx.db, (await repo.getOrder(ctx.db, order.id))!);
  },

  async cancelUrgentOrder(input, ctx) {
    const me = requireUser(ctx);
    const order = await repo.getOrder(ctx.db, input.id, { forUpdate: true });
    if (!order) throw notFound('订单');
    assertAllowed('markNormal', order);
    await repo.updateOrder(ctx.db, order.id, { isUrgent: false });
    await audit(ctx.db, me, [{ entity: 'order', entityId: order.id, tradeNo: order.tradeNo, orderNumber: order.orderNumber, action: 'cancelUrgent' }]);
    return orderDto(ctx.db, { ...order, isUrgent: false });
  },

  async procesOrderStatus(input, ctx) {
    const me = requireUser(ctx);
    for (const id of [...new Set(input.ids)].sort((a, b) => a - b)) {
      const order = await repo.getOrder(ctx.db, id, { forUpdate: true });
      if (!order) throw notFound(`订单 ${id}`);
      if (!manualOrderStatusAllowed(order.orderStatus, input.orderStatus)) {
        throw conflict(`订单 ${order.tradeNo} 不能从「${ORDER_STATUS_LABEL[order.orderStatus]}」改为「${ORDER_STATUS_LABEL[input.orderStatus]}」：${MANUAL_REFUSAL}`);
      }
      if (input.orderStatus === ORDER_STATUS.onHold && !input.reason) throw conflict('设为问题件需要填写原因。');
      await repo.updateOrder(ctx.db, order.id, { orderStatus: input.orderStatus, holdReason: input.orderStatus === ORDER_STATUS.onHold ? input.reason ?? null : order.holdReason });
      // On or off hold: the stations' indexes learn it with their next delta (the offline verdict says 问题件).
      if (order.orderStatus === ORDER_STATUS.onHold || input.orderStatus === ORDER_STATUS.onHold) await parcelRepo.touchIndexOfOrderParcels(ctx.db, order.id);
      await audit(ctx.db, me, [{ entity: 'order', entityId: order.id, tradeNo: order.tradeNo, orderNumber: order.orderNumber, action: 'processOrderStatus', before: order.orderStatus, after: input.orderStatus, note: input.reason ?? null }]);
    }
    return { count: new Set(input.ids).size };
  },

  async processOrderPackageStatus(input, ctx) {
    const me = requireUser(ctx);
    for (const id of [...new Set(input.ids)].sort((a, b) => a - b)) {
      const order = await repo.getOrder(ctx.db, id, { forUpdate: true });
      if (!order) throw notFound(`订单 ${id}`);
      if (!manualPackageStatusAllowed(order, input.packageStatus)) {
        throw conflict(`订单 ${order.tradeNo} 的包裹状态不能从「${PACKAGE_STATUS_LABEL[order.packageStatus]}」改为「${PACKAGE_STATUS_LABEL[input.packageStatus]}」：${MANUAL_REFUSAL}`);
      }
      await repo.updateOrder(ctx.db, order.id, { packageStatus: input.packageStatus });
      await audit(ctx.db, me, [{ entity: 'order', entityId: order.id, tradeNo: order.tradeNo, orderNumber: order.orderNumber, action: 'processPackageStatus', before: order.packageStatus, after: input.packageStatus, note: input.reason ?? null }]);
    }
    return { count: new Set(input.ids).size };
  },

  async setTakePictureAbnormal(input, ctx) {
    const parcel = await parcelRepo.lockParcelById(ctx.db, input.id);
    if (!parcel) throw notFound('包裹');
    assertParcelAllowed('markAbnormal', parcel);
    return toParcelDto(await attachPhotos(ctx.db, requireUser(ctx), parcel, { imageGuid: input.imageGuid, abnormalReason: input.reason }));
  },

  async getAbnormalReceivingOrderList(input, ctx) {
    const statuses = input.receiveStatus !== undefined ? [input.receiveStatus] : [RECEIVE_STATUS.unclaimed, RECEIVE_STATUS.abnormal];
    const { total, capped, rows } = await parcelRepo.listParcels(ctx.db, { ...input, receiveStatus: undefined, statuses }, pageWindow(input));
    return parcelPage(ctx.db, { total, capped, rows });
  },
});
