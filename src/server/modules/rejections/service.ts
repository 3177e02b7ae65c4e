// ExpressRejection (seller) and BackExpressRejectionReturn (staff), DOMAIN §6. Every change runs in
// the request transaction; the parcel row is locked before the request row, as the scan does.
import { backExpressRejectionReturn, expressRejection, type RejectionDto } from '#shared/contracts/rejections.ts';
import { pageWindow } from '#shared/contracts/common.ts';
import { FLOW_CHANNEL, labelKey, ORDER_TYPE, RECEIVE_STATUS, REJECTION_HANDLE_TYPE, REJECTION_STATUS } from '#shared/enums.ts';
import { translate } from '#shared/i18n/index.ts';
import type { Db } from '../../db/client.ts';
import { implement, requireUser, type CurrentUser } from '../../framework.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { audit } from '../audit/repository.ts';
import * as ledger from '../ledger/ledger.ts';
import { centsText, centsToPoints, pointsToCents } from '#shared/money.ts';
import { getWarehouse } from '../warehouse/repository.ts';
import { PARCEL_RULES } from '#shared/rules/parcels.ts';
import type { RejectionAction } from '#shared/rules/rejections.ts';
import { assertParcelAllowed } from '../parcels/transitions.ts';
import { slotForLoneParcel } from '../holding-slots/repository.ts';
import * as repo from './repository.ts';
import { nextRejectionStatus } from './transitions.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toRejectionDto(r: repo.RejectionRow, warehouseName: string | null): RejectionDto {
  return {
    id: r.id, shipment: r.shipment, expressCompany: r.expressCompany, warehouseInfoId: r.warehouseInfoId, warehouseName,
    userId: r.userId, userCode: r.userCode, handleType: r.handleType, handleStatus: r.handleStatus, reMark: r.reMark,
    recipientName: r.recipientName, receiptPhone: r.receiptPhone, receiptAddress: r.receiptAddress, reason: r.reason,
    rejectionTime: iso(r.rejectionTime), revokedTime: iso(r.revokedTime),
    returnNo: r.returnNo, returnExpressCompany: r.returnExpressCompany, expressCost: centsToPoints(r.expressCostCents),
    returnTime: iso(r.returnTime), deductionType: r.deductionType,
    deductionAmount: r.deductionCents === null || r.handleStatus !== REJECTION_STATUS.deducted ? null : centsToPoints(r.deductionCents),
    warehouseRemark: r.warehouseRemark, creationTime: r.creationTime.toISOString(),
  };
}

const dto = async (tx: Db, r: repo.RejectionRow) => toRejectionDto(r, await repo.warehouseName(tx, r.warehouseInfoId));

const page = ({ total, rows }: Awaited<ReturnType<typeof repo.listRejections>>) =>
  ({ totalCount: total, items: rows.map((r) => toRejectionDto(r.row, r.warehouseName)) });

async function assertNoPending(tx: Db, shipment: string) {
  const pending = await repo.pendingForShipment(tx, shipment);
  if (pending) throw conflict(`快递单号 ${shipment} 已有待处理的${pending.handleType === REJECTION_HANDLE_TYPE.rejection ? '拒收' : '退回'}申请，请勿重复提交`);
}

const SIGNED_IN: readonly number[] = [RECEIVE_STATUS.signed, RECEIVE_STATUS.stored, RECEIVE_STATUS.unclaimed, RECEIVE_STATUS.abnormal];

/** Applies one move of the transition table to a locked request and audits it. */
async function move(tx: Db, who: CurrentUser, row: repo.RejectionRow, action: RejectionAction, changes: Partial<repo.RejectionRow>, note: string | null = null) {
  const to = nextRejectionStatus(action, row);
  const updated = await repo.updateRejection(tx, row.id, { ...changes, handleStatus: to });
  await audit(tx, who, [{ entity: 'rejection', entityId: row.id, orderNumber: row.shipment, action, before: row.handleStatus, after: to, note }]);
  return updated;
}

/** Reads a request, locks its parcel (if any) then the request itself: the scan's lock order. */
async function lockRequest(tx: Db, id: number, ownerId?: number) {
  const found = await repo.getRejection(tx, id);
  if (!found || (ownerId !== undefined && found.userId !== ownerId)) throw notFound('申请');
  const parcel = await repo.lockParcelByShipment(tx, found.shipment);
  const row = (await repo.getRejection(tx, id, { forUpdate: true }))!;
  return { row, parcel };
}

export const expressRejectionService = implement(expressRejection, () => ({
  async getExpressRejectionList(input, ctx) {
    const me = requireUser(ctx);
    return page(await repo.listRejections(ctx.db, { ...input, userId: me.id }, pageWindow(input)));
  },

  async createRejectionInfo(input, ctx) {
    const me = requireUser(ctx);
    const warehouse = await getWarehouse(ctx.db, input.warehouseInfoId);
    if (!warehouse || !warehouse.isEnabled) throw invalid('warehouseInfoId', '仓库不存在或已停用');
    const { parcel } = await repo.lockOrDeclareParcel(ctx.db, input.shipment, { userId: me.id, userCode: me.userCode, warehouseInfoId: warehouse.id });
    if (parcel.userId !== null && parcel.userId !== me.id) throw conflict(`快递单号 ${input.shipment} 已被其他卖家申报，不能申请拒收`);
    if (SIGNED_IN.includes(parcel.receiveStatus)) throw conflict(`快递单号 ${input.shipment} 的包裹已签收入库，不能拒收；可以申请退回`);
    if (parcel.receiveStatus !== RECEIVE_STATUS.declared) throw conflict(`快递单号 ${input.shipment} 的包裹已拒收或已退回`);
    await assertNoPending(ctx.db, input.shipment);
    if (parcel.userId === null || parcel.warehouseInfoId === null) {
      await repo.updateParcel(ctx.db, parcel.id, { userId: me.id, userCode: me.userCode, warehouseInfoId: parcel.warehouseInfoId ?? warehouse.id });
    }
    const row = await repo.insertRejection(ctx.db, {
      shipment: input.shipment, expressCompany: input.expressCompany, warehouseInfoId: warehouse.id, userId: me.id, userCode: me.userCode,
      handleType: REJECTION_HANDLE_TYPE.rejection, handleStatus: REJECTION_STATUS.pending, reMark: input.reMark ?? null,
    });
    await audit(ctx.db, me, [{ entity: 'rejection', entityId: row.id, orderNumber: row.shipment, action: 'createRejection', after: row.handleStatus }]);
    return toRejectionDto(row, warehouse.warehouseName);
  },

  async createReturnInfo(input, ctx) {
    const me = requireUser(ctx);
    const parcel = await repo.lockParcelByShipment(ctx.db, input.shipment);
    if (!parcel || parcel.userId !== me.id) throw notFound('包裹');
    if (!PARCEL_RULES.sendBack.allowed(parcel)) {
      throw conflict(`快递单号 ${input.shipment} 的包裹尚未签收入库，不能申请退回${parcel.receiveStatus === RECEIVE_STATUS.declared ? '；未到仓的包裹可以申请拒收' : ''}`);
    }
    await assertNoPending(ctx.db, input.shipment);
    const row = await repo.insertRejection(ctx.db, {
      shipment: input.shipment, warehouseInfoId: parcel.warehouseInfoId, userId: me.id, userCode: me.userCode,
      handleType: REJECTION_HANDLE_TYPE.return, handleStatus: REJECTION_STATUS.pending, reMark: input.reMark ?? null,
      recipientName: input.recipientName, receiptPhone: input.receiptPhone, receiptAddress: input.receiptAddress,
    });
    await audit(ctx.db, me, [{ entity: 'rejection', entityId: row.id, orderNumber: row.shipment, action: 'createReturn', after: row.handleStatus }]);
    return dto(ctx.db, row);
  },

  async editRevoked(input, ctx) {
    const me = requireUser(ctx);
    const { row } = await lockRequest(ctx.db, input.id, me.id);
    return dto(ctx.db, await move(ctx.db, me, row, 'revoke', { revokedTime: ctx.now }));
  },
}));

export const backExpressRejectionReturnService = implement(backExpressRejectionReturn, () => ({
  async getBackRejectionReturnList(input, ctx) {
    return page(await repo.listRejections(ctx.db, { ...input, warehouseKind: 1 }, pageWindow(input)));
  },

  async getBackOverseasReturnList(input, ctx) {
    return page(await repo.listRejections(ctx.db, { ...input, warehouseKind: 2 }, pageWindow(input)));
  },

  async confirmRejection(input, ctx) {
    const me = requireUser(ctx);
    const { row } = await lockRequest(ctx.db, input.id);
    nextRejectionStatus('confirmRejection', row);
    // A number nobody declared yet gets its parcel now, as the seller's.
    const { parcel } = await repo.lockOrDeclareParcel(ctx.db, row.shipment, { userId: row.userId, userCode: row.userCode, warehouseInfoId: row.warehouseInfoId });
    if (parcel.userId !== null && parcel.userId !== row.userId) throw conflict(`快递单号 ${row.shipment} 属于其他卖家，不能拒收`);
    if (parcel.receiveStatus !== RECEIVE_STATUS.declared) throw conflict(`快递单号 ${row.shipment} 的包裹已签收或已处理，不能拒收；请标记拒收失败`);
    await repo.updateParcel(ctx.db, parcel.id, {
      receiveStatus: RECEIVE_STATUS.refused, rejectionTime: ctx.now, userId: row.userId, userCode: row.userCode,
      warehouseInfoId: parcel.warehouseInfoId ?? row.warehouseInfoId,
    });
    await audit(ctx.db, me, [{ entity: 'parcel', entityId: parcel.id, orderNumber: parcel.shipment, action: 'refused', before: parcel.receiveStatus, after: RECEIVE_STATUS.refused }]);
    return dto(ctx.db, await move(ctx.db, me, row, 'confirmRejection', { rejectionTime: ctx.now, handleUserId: me.id }));
  },

  async processFaile(input, ctx) {
    const me = requireUser(ctx);
    const { row } = await lockRequest(ctx.db, input.id);
    return dto(ctx.db, await move(ctx.db, me, row, 'fail', { reason: input.reason, handleUserId: me.id }, input.reason));
  },

  async cancleFail(input, ctx) {
    const me = requireUser(ctx);
    const { row } = await lockRequest(ctx.db, input.id);
    nextRejectionStatus('cancelFail', row);
    await assertNoPending(ctx.db, row.shipment);
    return dto(ctx.db, await move(ctx.db, me, row, 'cancelFail', { reason: null }));
  },

  async confirmReturn(input, ctx) {
    const me = requireUser(ctx);
    const { row, parcel } = await lockRequest(ctx.db, input.id);
    nextRejectionStatus('confirmReturn', row);
    if (!parcel) throw notFound('包裹');
    assertParcelAllowed('sendBack', parcel);
    await repo.updateParcel(ctx.db, parcel.id, { receiveStatus: RECEIVE_STATUS.returned });
    await audit(ctx.db, me, [{ entity: 'parcel', entityId: parcel.id, orderNumber: parcel.shipment, action: 'returned', before: parcel.receiveStatus, after: RECEIVE_STATUS.returned }]);
    return dto(ctx.db, await move(ctx.db, me, row, 'confirmReturn', {
      returnNo: input.returnNo, returnExpressCompany: input.returnExpressCompany, expressCostCents: pointsToCents(input.expressCost),
      returnTime: ctx.now, handleUserId: me.id,
    }, `${input.returnExpressCompany} ${input.returnNo}`));
  },

  async cancleReturn(input, ctx) {
    const me = requireUser(ctx);
    const { row, parcel } = await lockRequest(ctx.db, input.id);
    nextRejectionStatus('cancelReturn', row);
    await assertNoPending(ctx.db, row.shipment);
    if (parcel && parcel.receiveStatus === RECEIVE_STATUS.returned) {
      // Back on the shelf: a parcel of no order takes a slot of its own again (decision 0062).
      const shelfNumber = parcel.warehouseInfoId === null ? null : await slotForLoneParcel(ctx.db,
        { id: parcel.id, orderId: parcel.orderId, receiveStatus: RECEIVE_STATUS.signed, isStock: parcel.orderType === ORDER_TYPE.stock }, parcel.warehouseInfoId, ctx.now);
      await repo.updateParcel(ctx.db, parcel.id, { receiveStatus: RECEIVE_STATUS.signed, ...(shelfNumber ? { shelfNumber } : {}) });
      await audit(ctx.db, me, [{ entity: 'parcel', entityId: parcel.id, orderNumber: parcel.shipment, action: 'returnCancelled', before: parcel.receiveStatus, after: RECEIVE_STATUS.signed }]);
    }
    return dto(ctx.db, await move(ctx.db, me, row, 'cancelReturn', { returnNo: null, returnExpressCompany: null, expressCostCents: null, returnTime: null }));
  },

  async confirmDeduction(input, ctx) {
    const me = requireUser(ctx);
    const { row } = await lockRequest(ctx.db, input.id);
    nextRejectionStatus('confirmDeduction', row);
    const amountCents = pointsToCents(input.amount);
    // Each charge of a request has its own ref: one charged, refunded and charged again posts twice.
    const earlier = await ledger.flowsByRefPrefix(ctx.db, row.userId, `rejection:${row.id}:`);
    const posted = await ledger.post(ctx.db, row.userId, [{
      channel: FLOW_CHANNEL.rejectionFee, amountCents: -amountCents, ref: `rejection:${row.id}:${earlier.length + 1}`,
      orderNumber: row.shipment, remark: `${translate('zh-Hans', labelKey('RejectionDeductionType', input.deductionType))}（快递单号 ${row.shipment}）`,
    }], { creator: { userId: me.id, name: me.userName } });
    if (!posted.ok) {
      throw conflict(`卖家积分不足：需扣 ${centsText(posted.neededCents)}，余额 ${centsText(posted.balanceCents)}。请卖家充值后再扣费。`);
    }
    return dto(ctx.db, await move(ctx.db, me, row, 'confirmDeduction', {
      deductionType: input.deductionType, deductionCents: amountCents, deductionFlowId: posted.flows[0]!.id, handleUserId: me.id,
    }, centsText(amountCents)));
  },

  async deductionReturn(input, ctx) {
    const me = requireUser(ctx);
    const { row } = await lockRequest(ctx.db, input.id);
    nextRejectionStatus('deductionReturn', row);
    if (row.deductionFlowId !== null) {
      await ledger.reverse(ctx.db, row.userId, [row.deductionFlowId], `撤销扣费（快递单号 ${row.shipment}）`, { creator: { userId: me.id, name: me.userName } });
    }
    return dto(ctx.db, await move(ctx.db, me, row, 'deductionReturn', { deductionFlowId: null }));
  },

  async addWarehouseRemark(input, ctx) {
    const me = requireUser(ctx);
    const { row } = await lockRequest(ctx.db, input.id);
    const remark = input.remark?.trim() || null;
    const updated = await repo.updateRejection(ctx.db, row.id, { warehouseRemark: remark });
    await audit(ctx.db, me, [{ entity: 'rejection', entityId: row.id, orderNumber: row.shipment, action: 'warehouseRemark', before: row.handleStatus, after: row.handleStatus, note: remark }]);
    return dto(ctx.db, updated);
  },
}));
