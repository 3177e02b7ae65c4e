// DeliveryReceipt (交接单, DOMAIN §7): staff scan outbound orders into the open batch of a store and
// logistic method; closing the batch ships its orders by the one dispatch rule (orders/shipping.ts).
import type { file } from '#shared/contracts/file.ts';
import { deliveryReceipt, type DeliveryBatchDto, type DeliveryReceiptItemDto } from '#shared/contracts/stock-out.ts';
import { pageWindow } from '#shared/contracts/common.ts';
import { ORDER_STATUS, PACKAGE_STATUS } from '#shared/enums.ts';
import { centsText } from '#shared/money.ts';
import { ORDER_RULES } from '#shared/rules/orders.ts';
import type { Db } from '../../db/client.ts';
import { implement, requireUser, type CurrentUser, type Implementation } from '../../framework.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { audit } from '../audit/repository.ts';
import { gramsToKg } from '../fees/calc.ts';
import { orderByTradeNo, type OrderView } from '../orders/repository.ts';
import { dayStamp } from '../platform/trade-no.ts';
import { shipOrders } from '../orders/shipping.ts';
import { getStore, listStores } from '../stores/repository.ts';
import * as repo from './repository.ts';
import { renderHandOverSheet } from './sheet.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toBatchDto(b: repo.BatchView): DeliveryBatchDto {
  return {
    id: b.id, batchName: b.batchName, storeId: b.storeId, storeName: b.storeName, userCode: b.userCode, logisticMethod: b.logisticMethod,
    isClosed: b.isClosed, count: b.count, totalWeight: gramsToKg(b.totalGrams), closedTime: iso(b.closedTime), closedUserName: b.closedUserName,
    creationTime: b.creationTime.toISOString(),
  };
}

const toItemDto = (i: repo.ItemView, b: repo.BatchRow): DeliveryReceiptItemDto => ({
  id: i.id, batchName: b.batchName, storeId: b.storeId, logisticMethod: b.logisticMethod, tradeNo: i.tradeNo, orderNumber: i.orderNumber,
  weight: i.weightGrams === null ? null : gramsToKg(i.weightGrams), userName: i.userName, creationTime: i.creationTime.toISOString(),
});

/** Why an order cannot be handed over yet, in the sentence the scanner shows; null when it can. */
export function handOverRefusal(o: OrderView): string | null {
  if (ORDER_RULES.ship.allowed(o)) return null;
  if (o.orderStatus === ORDER_STATUS.cancelled) return `订单 ${o.tradeNo} 已取消，不能交接。`;
  if (o.packageStatus === PACKAGE_STATUS.dispatched || o.orderStatus === ORDER_STATUS.shipped || o.orderStatus === ORDER_STATUS.completed) {
    return `订单 ${o.tradeNo} 已出库，不能再加入交接单。`;
  }
  if (o.packageStatus < PACKAGE_STATUS.weighed) return `订单 ${o.tradeNo} 尚未称重，不能加入交接单；请先打包称重。`;
  if (o.orderStatus === ORDER_STATUS.awaitingFreight || o.owedCents > 0) {
    return `订单 ${o.tradeNo} 待补运费 ${centsText(o.owedCents)} 积分，卖家付清后才能交接。`;
  }
  return `订单 ${o.tradeNo}：${ORDER_RULES.ship.refusal}`;
}

/** The open batch of (store, method), opened now when there is none: named yyMMdd-NN, unique within the store. */
async function openBatchOf(tx: Db, me: CurrentUser, storeId: number, logisticMethod: string, now: Date): Promise<repo.BatchRow> {
  await repo.lockStoreBatches(tx, storeId);
  const open = await repo.openBatch(tx, storeId, logisticMethod);
  if (open) return open;
  const prefix = `${dayStamp(now)}-`;
  const n = (await repo.batchesNamed(tx, storeId, prefix)) + 1;
  return repo.insertBatch(tx, { storeId, logisticMethod, batchName: `${prefix}${String(n).padStart(2, '0')}`, creatorUserId: me.id });
}

async function batchDto(tx: Db, id: number): Promise<DeliveryBatchDto> {
  return toBatchDto((await repo.getBatch(tx, id))!);
}

export const deliveryReceiptService = implement(deliveryReceipt, () => ({
  async getStoreOptions(input, ctx) {
    const { rows } = await listStores(ctx.db, { keyword: input.keyword, whetherEffective: true }, { limit: 500, offset: 0 });
    return { items: rows.map((r) => ({ id: r.store.id, storeName: r.store.storeName, userCode: r.userCode, site: r.store.site })) };
  },

  async getList(input, ctx) {
    const { total, rows } = await repo.listBatches(ctx.db, input, pageWindow(input));
    return { totalCount: total, items: rows.map(toBatchDto) };
  },

  async getBatchList(input, ctx) {
    const { rows } = await repo.listBatches(ctx.db, { storeId: input.storeId }, { limit: 200, offset: 0 });
    return { items: rows.map(toBatchDto) };
  },

  async getBatchNumberList(input, ctx) {
    const batch = await repo.batchByName(ctx.db, input.storeId, input.batchName);
    if (!batch) throw notFound('交接批次');
    return { items: (await repo.itemsOfBatches(ctx.db, [batch.id])).map((i) => toItemDto(i, batch)) };
  },

  async add(input, ctx) {
    const me = requireUser(ctx);
    const store = await getStore(ctx.db, input.storeId);
    if (!store) throw notFound('店铺');
    const order = await orderByTradeNo(ctx.db, input.tradeNo, true);
    if (!order) throw notFound(`订单 ${input.tradeNo}`);
    if (order.storeId !== store.id) throw conflict(`订单 ${order.tradeNo} 属于店铺「${order.storeName}」，不是「${store.storeName}」的订单。`);
    const earlier = await repo.itemOfOrder(ctx.db, order.id);
    if (earlier) {
      // The same scan again (a double beep, a replay): the order is already where it should be.
      const same = !earlier.batch.isClosed && earlier.batch.storeId === store.id && earlier.batch.logisticMethod === input.logisticMethod;
      if (same) return toItemDto({ ...earlier.item, orderNumber: order.orderNumber }, earlier.batch);
      throw conflict(`订单 ${order.tradeNo} 已在交接批次 ${earlier.batch.batchName}（${earlier.batch.logisticMethod}）中。`);
    }
    const refusal = handOverRefusal(order);
    if (refusal) throw conflict(refusal);
    // One way out: a bagged order leaves with its mainland bag (BackMainLandPackage), not on this sheet.
    if (order.mainlandPackageId) throw conflict(`订单 ${order.tradeNo} 已装入大陆包，随大陆包发出，不能加入交接单；如需交接请先移出大陆包。`);
    const batch = await openBatchOf(ctx.db, me, store.id, input.logisticMethod, ctx.now);
    const item = await repo.insertItem(ctx.db, {
      batchId: batch.id, orderId: order.id, tradeNo: order.tradeNo, weightGrams: order.weightGrams, userId: me.id, userName: me.name || me.userName,
    });
    await audit(ctx.db, me, [{
      entity: 'order', entityId: order.id, tradeNo: order.tradeNo, orderNumber: order.orderNumber, action: 'deliveryReceipt',
      note: `加入交接批次 ${batch.batchName}（${batch.logisticMethod}）`,
    }]);
    return toItemDto({ ...item, orderNumber: order.orderNumber }, batch);
  },

  async closeBatch(input, ctx) {
    const me = requireUser(ctx);
    const batch = input.batchName
      ? await repo.batchByName(ctx.db, input.storeId, input.batchName, true)
      : await repo.openBatch(ctx.db, input.storeId, input.logisticMethod!, true);
    if (!batch) throw notFound(input.batchName ? '交接批次' : `店铺没有「${input.logisticMethod}」的未关闭批次`);
    if (batch.isClosed) throw conflict(`交接批次 ${batch.batchName} 已关闭。`);
    const items = await repo.itemsOfBatches(ctx.db, [batch.id]);
    if (items.length === 0) throw conflict(`交接批次 ${batch.batchName} 中还没有订单，不能关闭。`);
    const outcome = await shipOrders(ctx.db, items.map((i) => i.orderId), me, `交接单 ${batch.batchName}（${batch.logisticMethod}）`, ctx.now);
    if (outcome.skipped.length) {
      // All or nothing: the sheet the carrier signs must list exactly what left the warehouse.
      throw conflict(`交接批次 ${batch.batchName} 中有订单不能出库：${outcome.skipped.map((s) => `${s.tradeNo} ${s.reason}`).join('；')}`);
    }
    await repo.closeBatch(ctx.db, batch.id, { closedTime: ctx.now, closedUserName: me.name || me.userName });
    return batchDto(ctx.db, batch.id);
  },
}));

/** File/GetDeliveryReceip: the batch read in one short transaction, the PDF drawn after it. */
export function deliveryReceiptSheetAction(): Pick<Implementation<typeof file>, 'getDeliveryReceip'> {
  return {
    async getDeliveryReceip(q, ctx) {
      const data = await ctx.transaction(async (tx) => {
        const found = await repo.batchByName(tx, q.storeId, q.batchName);
        if (!found || (q.logisticMethod && q.logisticMethod !== found.logisticMethod)) throw notFound('交接批次');
        const batch = (await repo.getBatch(tx, found.id))!;
        const items = await repo.itemsOfBatches(tx, [batch.id]);
        return {
          batchName: batch.batchName, storeName: batch.storeName, userCode: batch.userCode, logisticMethod: batch.logisticMethod,
          isClosed: batch.isClosed, closedTime: batch.closedTime, printedAt: new Date(),
          rows: items.map((i) => ({ tradeNo: i.tradeNo, orderNumber: i.orderNumber, weightKg: i.weightGrams === null ? null : gramsToKg(i.weightGrams) })),
        };
      });
      return { body: await renderHandOverSheet(data), contentType: 'application/pdf', fileName: `交接单-${data.batchName}.pdf`, disposition: 'inline' };
    },
  };
}
