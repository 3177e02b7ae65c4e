// Marketplace returns at the mainland warehouse (DOMAIN §6): ShopeeOrderReturn (staff) and
// FrontShopeeOrderReturn (the seller). A returned parcel's marketplace order number is scanned in
// (CheckUserCode): its seller is found by their order or by the return they pre-declared
// (CreateOrderReturn), and the return is recorded once. The seller decides 1 入库, 2 退回卖家 (with an
// address) or 3 销毁 (the tenant's destroy fee, channel 9, posted once per return); staff mark it handled,
// which for 入库 puts the goods into stock through the inventory module (restock.ts).
import { frontShopeeOrderReturn, shopeeOrderReturn, type OrderReturnDto } from '#shared/contracts/returns.ts';
import { pageWindow } from '#shared/contracts/common.ts';
import { FLOW_CHANNEL, ORDER_RETURN_HANDLE_TYPE, ORDER_RETURN_STATUS } from '#shared/enums.ts';
import { centsText, centsToPoints } from '#shared/money.ts';
import { canOrderReturn, ORDER_RETURN_RULES } from '#shared/rules/returns.ts';
import type { Db } from '../../db/client.ts';
import { implement, requireUser, type CurrentUser } from '../../framework.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { audit } from '../audit/repository.ts';
import type { AuditAction } from '#shared/audit-actions.ts';
import { destroyFeeCents } from '../fees/settings.ts';
import * as ledger from '../ledger/ledger.ts';
import { getWarehouse } from '../warehouse/repository.ts';
import { iso, onTheFloor, whoName } from './common.ts';
import * as repo from './repository.ts';
import { itemsToRestock, moveRestocked } from './restock.ts';

export function toOrderReturnDto(r: repo.OrderReturnRow, warehouseName: string | null): OrderReturnDto {
  return {
    id: r.id, orderNumber: r.orderNumber, userId: r.userId, userCode: r.userCode, orderId: r.orderId, tradeNo: r.tradeNo, shipment: r.shipment,
    warehouseInfoId: r.warehouseInfoId, warehouseName, whetherHandle: r.whetherHandle, handleType: r.handleType, reMark: r.reMark,
    warehouseRemark: r.warehouseRemark, recipientName: r.recipientName, receiptPhone: r.receiptPhone, receiptAddress: r.receiptAddress,
    destroyFee: centsToPoints(r.destroyFeeCents), returnTime: iso(r.returnTime), preDeclared: r.preDeclared, stockItems: r.stockItems, decisionTime: iso(r.decisionTime),
    handleTime: iso(r.handleTime), handleUserName: r.handleUserName, scanUserName: r.scanUserName, creationTime: r.creationTime.toISOString(),
  };
}

const dto = async (tx: Db, r: repo.OrderReturnRow) => toOrderReturnDto(r, await repo.warehouseName(tx, r.warehouseInfoId));
const page = ({ total, capped, rows }: Awaited<ReturnType<typeof repo.listReturns>>) =>
  ({ totalCount: total, totalCountCapped: capped, items: rows.map((r) => toOrderReturnDto(r.row, r.warehouseName)) });

/** Marketplace returns arrive at a mainland warehouse (overseas ones have AbroadStockReturn). */
async function mainlandWarehouse(tx: Db, id: number) {
  const w = await getWarehouse(tx, id);
  if (!w || !w.isEnabled) throw invalid('warehouseInfoId', '仓库不存在或已停用');
  if (w.kind !== 1) throw invalid('warehouseInfoId', '平台退货只能退到大陆仓');
  return w;
}

type Candidate = { userId: number; userCode: string; orderId: number | null; tradeNo: string | null };

/** The sellers this order number may belong to: a pre-declared return names one, an order another. */
async function candidatesOf(tx: Db, orderNumber: string): Promise<{ sellers: Candidate[]; declared: repo.OrderReturnRow[] }> {
  const declared = await repo.returnsByNumber(tx, orderNumber);
  const byUser = new Map<number, Candidate>();
  for (const r of declared) byUser.set(r.userId, { userId: r.userId, userCode: r.userCode, orderId: r.orderId, tradeNo: r.tradeNo });
  for (const o of await repo.ordersByNumber(tx, orderNumber)) {
    const known = byUser.get(o.userId);
    if (!known) byUser.set(o.userId, { userId: o.userId, userCode: o.userCode, orderId: o.id, tradeNo: o.tradeNo });
    else if (known.orderId === null) byUser.set(o.userId, { ...known, orderId: o.id, tradeNo: o.tradeNo });
  }
  return { sellers: [...byUser.values()], declared };
}

async function lockOwn(tx: Db, id: number, ownerId?: number) {
  const row = await repo.getReturn(tx, id, { forUpdate: true });
  if (!row || (ownerId !== undefined && row.userId !== ownerId)) throw notFound('退货');
  return row;
}

/** The seller's decision; 销毁 posts the destroy fee (channel 9) once, under the return's own ref. */
async function sellerDecides(tx: Db, me: CurrentUser, row: repo.OrderReturnRow, input: {
  handleType: number; recipientName?: string | null | undefined; receiptPhone?: string | null | undefined;
  receiptAddress?: string | null | undefined; reMark?: string | null | undefined;
}, now: Date) {
  const sendBack = input.handleType === ORDER_RETURN_HANDLE_TYPE.returnToSeller;
  const changes: Partial<repo.OrderReturnRow> = {
    handleType: input.handleType, decisionTime: now,
    recipientName: sendBack ? input.recipientName ?? null : null, receiptPhone: sendBack ? input.receiptPhone ?? null : null,
    receiptAddress: sendBack ? input.receiptAddress ?? null : null,
    ...(input.reMark !== undefined ? { reMark: input.reMark?.trim() || null } : {}),
  };
  if (input.handleType === ORDER_RETURN_HANDLE_TYPE.destroy) {
    const fee = await destroyFeeCents(tx);
    const posted = await ledger.post(tx, row.userId, [{
      channel: FLOW_CHANNEL.destruction, amountCents: -fee, ref: `orderReturn:${row.id}:destroy`, tradeNo: row.tradeNo,
      orderNumber: row.orderNumber, remark: `平台退货销毁（订单号 ${row.orderNumber}）`,
    }], { creator: { userId: me.id, name: whoName(me) } });
    if (!posted.ok) throw conflict(`积分不足：销毁费 ${centsText(fee)}，余额 ${centsText(posted.balanceCents)}。请先充值再选择销毁。`);
    Object.assign(changes, { destroyFeeCents: fee > 0 ? fee : null, destroyFlowId: posted.flows[0]?.id ?? null });
  }
  const updated = await repo.updateReturn(tx, row.id, changes);
  await audit(tx, me, [{
    entity: 'orderReturn', entityId: row.id, tradeNo: row.tradeNo, orderNumber: row.orderNumber, action: 'sellerDecision',
    before: row.handleType, after: input.handleType, note: input.reMark ?? null,
  }]);
  return updated;
}

export const shopeeOrderReturnService = implement(shopeeOrderReturn, () => ({
  async getShopeeOrderReturnList(input, ctx) {
    return page(await repo.listReturns(ctx.db, input, pageWindow(input)));
  },

  async checkUserCode(input, ctx) {
    const me = requireUser(ctx);
    // The station's warehouse must be one the member may use; the parcel in hand may be any seller's.
    const warehouse = await mainlandWarehouse(ctx.db, input.warehouseInfoId);
    return onTheFloor(ctx, async () => {
      const { sellers } = await candidatesOf(ctx.db, input.orderNumber);
      if (sellers.length === 0) {
        throw conflict(`找不到订单号 ${input.orderNumber} 的卖家：没有这个订单，卖家也没有预报这笔退货。请放到待认领区并联系卖家。`);
      }
      if (sellers.length > 1) {
        throw conflict(`订单号 ${input.orderNumber} 对应多个卖家（${sellers.map((s) => s.userCode).join('、')}），请核对后人工处理。`);
      }
      const seller = sellers[0]!;
      const { row, created } = await repo.insertOrLockReturn(ctx.db, {
        orderNumber: input.orderNumber, userId: seller.userId, userCode: seller.userCode, orderId: seller.orderId, tradeNo: seller.tradeNo,
        warehouseInfoId: warehouse.id, returnTime: ctx.now, scanUserId: me.id, scanUserName: whoName(me),
      });
      // A pre-declared return is the same record: this scan is its arrival. A rescan changes nothing.
      const arrived = !created && row.returnTime === null
        ? await repo.updateReturn(ctx.db, row.id, {
          returnTime: ctx.now, warehouseInfoId: warehouse.id, scanUserId: me.id, scanUserName: whoName(me),
          orderId: row.orderId ?? seller.orderId, tradeNo: row.tradeNo ?? seller.tradeNo,
        })
        : row;
      const repeated = !created && row.returnTime !== null;
      if (!repeated) {
        await audit(ctx.db, me, [{
          entity: 'orderReturn', entityId: arrived.id, tradeNo: arrived.tradeNo, orderNumber: arrived.orderNumber, action: 'returnScanned',
          after: arrived.whetherHandle, note: warehouse.warehouseName,
        }]);
      }
      return { ...toOrderReturnDto(arrived, warehouse.warehouseName), repeated };
    });
  },

  async update(input, ctx) {
    const me = requireUser(ctx);
    const row = await lockOwn(ctx.db, input.id);
    const changes: Partial<repo.OrderReturnRow> = {};
    if (input.reMark !== undefined) changes.warehouseRemark = input.reMark?.trim() || null;
    if (input.returnTime !== undefined) changes.returnTime = input.returnTime ? new Date(input.returnTime) : row.returnTime;
    let action: AuditAction = 'warehouseRemark';
    const handling = input.whetherHandle !== undefined && input.whetherHandle !== row.whetherHandle;
    if (input.items?.length && !(handling && row.handleType === ORDER_RETURN_HANDLE_TYPE.toStock)) {
      throw invalid('items', '只有标记为已处理、卖家选择入库的退货需要指定入库的商品');
    }
    if (handling) {
      if (input.whetherHandle === ORDER_RETURN_STATUS.pending) throw conflict('已处理的退货不能改回待处理。');
      if (!canOrderReturn('handle', { ...row, returnTime: changes.returnTime ?? row.returnTime })) throw conflict(ORDER_RETURN_RULES.handle.refusal);
      Object.assign(changes, { whetherHandle: ORDER_RETURN_STATUS.handled, handleTime: ctx.now, handleUserId: me.id, handleUserName: whoName(me) });
      if (row.handleType === ORDER_RETURN_HANDLE_TYPE.toStock) {
        // 入库: the goods go into the seller's stock at the warehouse they came back to.
        changes.stockItems = await itemsToRestock(ctx.db, row, input.items);
        await moveRestocked(ctx.db, me, changes.stockItems, 1, { tradeNo: row.tradeNo, remark: `平台退货入库（订单号 ${row.orderNumber}）` });
      }
      action = 'handled';
    }
    const updated = Object.keys(changes).length ? await repo.updateReturn(ctx.db, row.id, changes) : row;
    await audit(ctx.db, me, [{
      entity: 'orderReturn', entityId: row.id, tradeNo: row.tradeNo, orderNumber: row.orderNumber, action,
      before: row.whetherHandle, after: updated.whetherHandle, note: updated.warehouseRemark,
    }]);
    return dto(ctx.db, updated);
  },
}));

export const frontShopeeOrderReturnService = implement(frontShopeeOrderReturn, () => ({
  async getUserShopeeOrderReturnList(input, ctx) {
    const me = requireUser(ctx);
    return page(await repo.listReturns(ctx.db, { ...input, userId: me.id }, pageWindow(input)));
  },

  async getDestroyFee(_input, ctx) {
    return { destroyFee: centsToPoints(await destroyFeeCents(ctx.db)) };
  },

  async update(input, ctx) {
    const me = requireUser(ctx);
    const row = await lockOwn(ctx.db, input.id, me.id);
    // Choosing 销毁 again is the same decision: the fee was posted once, nothing more happens.
    if (row.handleType === ORDER_RETURN_HANDLE_TYPE.destroy && input.handleType === ORDER_RETURN_HANDLE_TYPE.destroy) return dto(ctx.db, row);
    if (!canOrderReturn('decide', row)) throw conflict(ORDER_RETURN_RULES.decide.refusal);
    return dto(ctx.db, await sellerDecides(ctx.db, me, row, input, ctx.now));
  },

  async createOrderReturn(input, ctx) {
    const me = requireUser(ctx);
    const warehouse = await mainlandWarehouse(ctx.db, input.warehouseInfoId);
    // Only for their own order, or a number no order here has: another seller's number would make the
    // floor's scan of that seller's return answer 多个卖家 (issue 42).
    const orders = await repo.ordersByNumber(ctx.db, input.orderNumber);
    const order = orders.find((o) => o.userId === me.id);
    if (!order && orders.length > 0) throw conflict(`订单号 ${input.orderNumber} 不是您的订单：只能为自己的订单或仓库里还没有的订单号预报退货。`);
    const { row, created } = await repo.insertOrLockReturn(ctx.db, {
      orderNumber: input.orderNumber, userId: me.id, userCode: me.userCode ?? '', orderId: order?.id ?? null, tradeNo: order?.tradeNo ?? null,
      shipment: input.shipment ?? null, warehouseInfoId: warehouse.id, reMark: input.reMark ?? null, preDeclared: true,
    });
    if (!created) throw conflict(`订单号 ${input.orderNumber} 的退货已经登记过，请勿重复提交。`);
    await audit(ctx.db, me, [{ entity: 'orderReturn', entityId: row.id, tradeNo: row.tradeNo, orderNumber: row.orderNumber, action: 'preDeclared', after: row.whetherHandle }]);
    return toOrderReturnDto(row, warehouse.warehouseName);
  },
}));
