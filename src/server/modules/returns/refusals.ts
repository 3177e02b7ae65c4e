// BackRefusalOrder and YNRefusalOrder (DOMAIN §6): a shipped order refused at its destination comes
// back and its trade number is scanned in (Create); staff decide once (HandleStatus: 1 重新入库,
// 2 退回卖家, 3 销毁) and may correct the decision with a reason (AgainHandleStatus). The two lines
// are the same actions over separate records (`line`); FrontRefusalOrder shows a seller theirs.
// 重新入库 moves inventory through the inventory module (restock.ts).
import { backRefusalOrder, frontRefusalOrder, ynRefusalOrder, type RefusalOrderDto } from '#shared/contracts/returns.ts';
import { pageWindow } from '#shared/contracts/common.ts';
import { labelKey, REFUSAL_LINE, REFUSAL_STATUS } from '#shared/enums.ts';
import { translate } from '#shared/i18n/index.ts';
import { canRefusal, REFUSABLE_ORDER, REFUSAL_RULES, type DecisionAction } from '#shared/rules/returns.ts';
import type { Db } from '../../db/client.ts';
import { implement, requireUser, type CurrentUser, type Implementation, type RequestContext } from '../../framework.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { audit } from '../audit/repository.ts';
import { iso, onTheFloor, whoName } from './common.ts';
import * as repo from './repository.ts';
import { itemsToRestock, moveRestocked } from './restock.ts';

type Line = (typeof REFUSAL_LINE)[keyof typeof REFUSAL_LINE];

export function toRefusalDto(r: repo.RefusalRow, warehouseName: string | null): RefusalOrderDto {
  return {
    id: r.id, line: r.line, tradeNo: r.tradeNo, orderNumber: r.orderNumber, orderId: r.orderId, orderType: r.orderType,
    userId: r.userId, userCode: r.userCode, storeName: r.storeName, site: r.site, warehouseInfoId: r.warehouseInfoId, warehouseName,
    reason: r.reason, handleStatus: r.handleStatus, remark: r.remark, againRemark: r.againRemark, stockItems: r.stockItems, handleTime: iso(r.handleTime),
    handleUserName: r.handleUserName, scanUserName: r.scanUserName, creationTime: r.creationTime.toISOString(),
  };
}

const dto = async (tx: Db, r: repo.RefusalRow) => toRefusalDto(r, await repo.warehouseName(tx, r.warehouseInfoId));
const page = ({ total, capped, rows }: Awaited<ReturnType<typeof repo.listRefusals>>) =>
  ({ totalCount: total, totalCountCapped: capped, items: rows.map((r) => toRefusalDto(r.row, r.warehouseName)) });
const lineName = (line: number) => translate('zh-Hans', labelKey('RefusalLine', line));

/** A refusal of this line, locked; another line's (or none) is 404, as for a record that is not there. */
async function lockRefusal(tx: Db, id: number, line: Line) {
  const row = await repo.getRefusal(tx, id, { forUpdate: true });
  if (!row || row.line !== line) throw notFound('拒收单');
  return row;
}

type DecisionInput = { handleStatus: number; remark?: string | null | undefined; items?: { stockProductId: number; quantity: number }[] | undefined };

/**
 * One decision (HandleStatus or AgainHandleStatus) on a locked refusal, audited with its remark.
 * 重新入库 puts the goods into stock; a correction away from it (or to it again) first takes out what
 * the earlier one put in.
 */
async function decide(ctx: RequestContext, me: CurrentUser, row: repo.RefusalRow, action: DecisionAction, input: DecisionInput) {
  if (!canRefusal(action, row)) throw conflict(REFUSAL_RULES[action].refusal);
  const restock = input.handleStatus === REFUSAL_STATUS.restock;
  if (!restock && input.items?.length) throw invalid('items', '只有重新入库需要指定入库的商品');
  const remark = input.remark ?? null;
  const ref = (what: string) => ({ tradeNo: row.tradeNo, remark: `${lineName(row.line)}${what}（订单号 ${row.orderNumber}）` });
  if (row.stockItems?.length) await moveRestocked(ctx.db, me, row.stockItems, -1, ref('更正，撤销重新入库'));
  const stockItems = restock ? await itemsToRestock(ctx.db, row, input.items) : null;
  if (stockItems) await moveRestocked(ctx.db, me, stockItems, 1, ref('重新入库'));
  const updated = await repo.updateRefusal(ctx.db, row.id, {
    handleStatus: input.handleStatus, remark, stockItems, ...(action === 'handleAgain' ? { againRemark: remark } : {}),
    handleTime: ctx.now, handleUserId: me.id, handleUserName: whoName(me),
  });
  await audit(ctx.db, me, [{
    entity: 'refusal', entityId: row.id, tradeNo: row.tradeNo, orderNumber: row.orderNumber,
    action: action === 'handle' ? 'handleStatus' : 'againHandleStatus', before: row.handleStatus, after: input.handleStatus, note: remark,
  }]);
  return updated;
}

function refusalHandlers(line: Line): Implementation<typeof backRefusalOrder> {
  return {
    // The floor's scan: the order in the picker's hand, whichever site it is for (decision 0023).
    create: (input, ctx) => onTheFloor(ctx, async () => {
      const me = requireUser(ctx);
      const found = await repo.orderByTradeNo(ctx.db, input.tradeNo);
      if (!found) throw conflict(translate(ctx.language, '没有交易号为 {0} 的订单，请核对后再扫。').replace('{0}', input.tradeNo));
      const { order, storeName } = found;
      if (!REFUSABLE_ORDER.allowed(order)) throw conflict(`订单 ${order.tradeNo}：${REFUSABLE_ORDER.refusal}`);
      const { row, created } = await repo.insertRefusal(ctx.db, {
        line, orderId: order.id, tradeNo: order.tradeNo, orderNumber: order.orderNumber, orderType: order.orderType,
        userId: order.userId, userCode: order.userCode, storeName, site: order.site, warehouseInfoId: order.warehouseInfoId,
        reason: input.reason ?? null, handleStatus: REFUSAL_STATUS.pending, scanUserId: me.id, scanUserName: whoName(me),
      });
      if (row.line !== line) throw conflict(`订单 ${row.tradeNo} 已登记在${lineName(row.line)}中，同一订单只登记一次。`);
      if (created) {
        await audit(ctx.db, me, [{
          entity: 'refusal', entityId: row.id, tradeNo: row.tradeNo, orderNumber: row.orderNumber, action: 'refusalScanned',
          after: row.handleStatus, note: row.reason,
        }]);
      }
      return { ...(await dto(ctx.db, row)), repeated: !created };
    }),

    async getRefusalOrderList(input, ctx) {
      return page(await repo.listRefusals(ctx.db, { ...input, line }, pageWindow(input)));
    },

    async handleStatus(input, ctx) {
      const me = requireUser(ctx);
      const row = await lockRefusal(ctx.db, input.id, line);
      return dto(ctx.db, await decide(ctx, me, row, 'handle', input));
    },

    async againHandleStatus(input, ctx) {
      const me = requireUser(ctx);
      const row = await lockRefusal(ctx.db, input.id, line);
      return dto(ctx.db, await decide(ctx, me, row, 'handleAgain', input));
    },
  };
}

export const backRefusalOrderService = implement(backRefusalOrder, () => refusalHandlers(REFUSAL_LINE.general));
export const ynRefusalOrderService = implement(ynRefusalOrder, () => refusalHandlers(REFUSAL_LINE.vietnam));

export const frontRefusalOrderService = implement(frontRefusalOrder, () => ({
  async getRefusalOrderList(input, ctx) {
    const me = requireUser(ctx);
    return page(await repo.listRefusals(ctx.db, { ...input, userId: me.id }, pageWindow(input)));
  },
}));
