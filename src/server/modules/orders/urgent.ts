// 催单 (urge requests) and the seller's own parcels (UserExpressInfo).
import { backUrgentOrder, frontUrgentOrder, userExpressInfo, type UrgentRequestDto } from '#shared/contracts/orders.ts';
import { pageWindow } from '#shared/contracts/common.ts';
import { URGENT_REQUEST_STATUS } from '#shared/enums.ts';
import type { Db } from '../../db/client.ts';
import { implement, requireUser } from '../../framework.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { assertAttachable } from '../files/attach.ts';
import { audit } from '../audit/repository.ts';
import { publishNotification } from '../notification/service.ts';
import { toParcelDto } from '../parcels/dto.ts';
import * as repo from './repository.ts';
import * as parcelRepo from '../parcels/repository.ts';
import { assertAllowed } from './transitions.ts';
import { assertParcelAllowed } from '../parcels/transitions.ts';

function toDto(v: repo.UrgentRequestView): UrgentRequestDto {
  const r = v.request;
  return {
    id: r.id, orderId: r.orderId, tradeNo: v.tradeNo, orderNumber: v.orderNumber, userCode: v.userCode, message: r.message,
    status: r.status === URGENT_REQUEST_STATUS.replied ? URGENT_REQUEST_STATUS.replied : URGENT_REQUEST_STATUS.pending,
    reply: r.reply, replyUserName: r.replyUserName, replyTime: r.replyTime?.toISOString() ?? null, creationTime: r.creationTime.toISOString(),
  };
}

async function listRequests(tx: Db, f: repo.UrgentFilter, page: { limit: number; offset: number }) {
  const { total, rows } = await repo.listUrgentRequests(tx, f, page);
  return { totalCount: total, items: rows.map(toDto) };
}

export const frontUrgentOrderService = implement(frontUrgentOrder, () => ({
  async getUrgentDataList(input, ctx) {
    return listRequests(ctx.db, { ...input, userId: requireUser(ctx).id }, pageWindow(input));
  },
  async createUrgent(input, ctx) {
    const me = requireUser(ctx);
    const order = await repo.getOrder(ctx.db, input.orderId, { userId: me.id });
    if (!order) throw notFound('订单');
    assertAllowed('urge', order);
    const id = await repo.insertUrgentRequest(ctx.db, { orderId: order.id, userId: me.id, message: input.message });
    await audit(ctx.db, me, [{ entity: 'order', entityId: order.id, tradeNo: order.tradeNo, orderNumber: order.orderNumber, action: 'urge', note: input.message }]);
    return toDto((await repo.getUrgentRequest(ctx.db, id))!);
  },
}));

export const backUrgentOrderService = implement(backUrgentOrder, () => ({
  async getUrgentDataList(input, ctx) {
    return listRequests(ctx.db, input, pageWindow(input));
  },
  async processUrgentOrder(input, ctx) {
    const me = requireUser(ctx);
    const current = await repo.getUrgentRequest(ctx.db, input.id);
    if (!current) throw notFound('催单');
    if (current.request.status === URGENT_REQUEST_STATUS.replied) throw conflict('该催单已处理。');
    await repo.updateUrgentRequest(ctx.db, input.id, {
      status: URGENT_REQUEST_STATUS.replied, reply: input.reply, replyUserName: me.name || me.userName, replyTime: ctx.now,
    });
    // The seller hears back at once in the notice panel.
    await publishNotification(ctx.db, [current.request.userId], { type: 1, title: `催单已回复：${current.tradeNo}`, description: input.reply });
    return toDto((await repo.getUrgentRequest(ctx.db, input.id))!);
  },
}));

export const userExpressInfoService = implement(userExpressInfo, () => ({
  async getUserExpressInfoList(input, ctx) {
    const { total, capped, rows } = await parcelRepo.listParcels(ctx.db, { ...input, userId: requireUser(ctx).id }, pageWindow(input));
    return { totalCount: total, totalCountCapped: capped, items: rows.map((r) => toParcelDto(r.parcel, r.warehouseName)) };
  },
  async edit(input, ctx) {
    const me = requireUser(ctx);
    const parcel = await parcelRepo.lockParcelById(ctx.db, input.id);
    if (!parcel || parcel.userId !== me.id) throw notFound('包裹');
    assertParcelAllowed('sellerEdit', parcel);
    const changes: Partial<parcelRepo.ParcelRow> = {};
    if (input.reMark !== undefined) changes.reMark = input.reMark;
    if (input.userUploadImageGuid) {
      await assertAttachable(ctx.db, me, { guid: input.userUploadImageGuid, current: parcel.userUploadImageGuid, field: 'userUploadImageGuid', kind: 'image' });
      changes.userUploadImageGuid = input.userUploadImageGuid.toLowerCase();
    }
    if (input.shipment && input.shipment !== parcel.shipment) {
      if (await parcelRepo.parcelByShipment(ctx.db, input.shipment)) throw conflict(`快递单号 ${input.shipment} 已存在。`);
      changes.shipment = input.shipment;
      // The order's lines carry the tracking number too: keep them in step.
      if (parcel.orderId) await repo.renameLineShipment(ctx.db, parcel.orderId, parcel.shipment, input.shipment);
    }
    const updated = await parcelRepo.updateParcel(ctx.db, parcel.id, changes);
    await audit(ctx.db, me, [{ entity: 'parcel', entityId: parcel.id, orderNumber: updated.shipment, action: 'sellerEdit', note: changes.shipment ? `单号 ${parcel.shipment} → ${changes.shipment}` : null }]);
    return toParcelDto(updated);
  },
}));
