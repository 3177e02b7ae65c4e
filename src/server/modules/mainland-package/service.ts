// BackMainLandPackage (DOMAIN §3): outbound bags of weighed mainland orders, one per warehouse,
// site and cargo category. Bagging (BackOrder/EditInterNationalShipment) and closing a bag
// (EditCompleteStatus, which ships every order in it through shipOrders) lock the bag row, so a
// bag cannot be closed while an order is being put in it.
import type { z } from 'zod';
import { backMainLandPackage, type BaggedOrderDto, type bagOrderActions, type MainLandPackageDto } from '#shared/contracts/mainland-package.ts';
import { pageWindow } from '#shared/contracts/common.ts';
import { ORDER_STATUS, ORDER_TYPE, PACKAGE_STATUS, type Site } from '#shared/enums.ts';
import type { ParsedInputOf } from '#shared/contracts/define.ts';
import { canOrder, isOrderClosed, leavesByOwnLine } from '#shared/rules/orders.ts';
import type { Db } from '../../db/client.ts';
import { implement, requireUser, type RequestContext } from '../../framework.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { audit } from '../audit/repository.ts';
import { itemOfOrder as receiptItemOfOrder } from '../delivery-receipts/repository.ts';
import { getOrder } from '../orders/repository.ts';
import { shipOrders } from '../orders/shipping.ts';
import { getWarehouse } from '../warehouse/repository.ts';
import * as repo from './repository.ts';

const SITE_LABEL: Record<string, string> = { TW: '台湾', MY: '马来西亚', SG: '新加坡', PH: '菲律宾', TH: '泰国', VN: '越南', ID: '印尼', BR: '巴西', MX: '墨西哥', CO: '哥伦比亚', CL: '智利' };
const CARGO_LABEL: Record<number, string> = { 1: '普货', 2: '特货', 3: '敏感货' };
const SHIPPING_LABEL: Record<number, string> = { 1: '虾皮官方物流', 2: '第三方物流', 3: '自提' };
const PACKAGE_STATUS_LABEL: Record<number, string> = { 0: '待到货', 1: '部分到货', 2: '已到齐', 3: '已打包', 4: '已称重', 5: '已出库' };
const WAREHOUSE_KIND_MAINLAND = 1;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export function toPackageDto(p: repo.PackageView, orders: readonly BaggedOrderDto[]): MainLandPackageDto {
  return {
    id: p.id, packageName: p.packageName, warehouseInfoId: p.warehouseInfoId, warehouseName: p.warehouseName, site: p.site as Site,
    cargoCategory: p.cargoCategory, long: p.long, wide: p.wide, high: p.high, weight: p.weight,
    mainLandInterNationalShipment: p.mainLandInterNationalShipment, isSend: p.isSend, sendTime: iso(p.sendTime),
    appointUserId: p.appointUserId, appointUserName: p.appointUserName, createUserId: p.createUserId, createUserName: p.createUserName,
    updateUserId: p.updateUserId, updateUserName: p.updateUserName, createTime: p.creationTime.toISOString(), updateTime: iso(p.updateTime),
    orderCount: orders.length, orders: [...orders],
  };
}

async function packageDto(tx: Db, id: number): Promise<MainLandPackageDto> {
  const view = await repo.getPackage(tx, id);
  if (!view) throw notFound('大陆包');
  return toPackageDto(view, (await repo.ordersOf(tx, [id])).get(id) ?? []);
}

async function dtos(tx: Db, rows: readonly repo.PackageView[]): Promise<MainLandPackageDto[]> {
  const orders = await repo.ordersOf(tx, rows.map((r) => r.id));
  return rows.map((r) => toPackageDto(r, orders.get(r.id) ?? []));
}

const bagLabel = (p: { packageName: string }) => `大陆包「${p.packageName}」`;

export const backMainLandPackageService = implement(backMainLandPackage, () => ({
  async geMainLandPackageList(input, ctx) {
    const { total, rows } = await repo.listPackages(ctx.db, input, pageWindow(input));
    return { totalCount: total, items: await dtos(ctx.db, rows) };
  },

  async getSelectShipmentList(input, ctx) {
    const { rows } = await repo.listPackages(ctx.db, { ...input, isSend: false }, { limit: 500, offset: 0 });
    return dtos(ctx.db, rows);
  },

  async getAppointUserList(_input, ctx) {
    return repo.listStaff(ctx.db);
  },

  async editMainLandPackage(input, ctx) {
    const me = requireUser(ctx);
    const warehouse = await getWarehouse(ctx.db, input.warehouseInfoId);
    if (!warehouse) throw notFound('仓库');
    if (warehouse.kind !== WAREHOUSE_KIND_MAINLAND) throw conflict(`仓库「${warehouse.warehouseName}」不是大陆仓，不能建大陆包。`);
    if (input.appointUserId && !(await repo.staffUser(ctx.db, input.appointUserId))) throw invalid('appointUserId', '指派的人员不存在、已停用或不是仓库人员');
    const waybill = input.mainLandInterNationalShipment ?? null;
    if (waybill && (await repo.waybillTaken(ctx.db, waybill, input.id || undefined))) throw conflict(`国际运单号 ${waybill} 已用于另一个大陆包。`);
    const values = {
      warehouseInfoId: input.warehouseInfoId, site: input.site, cargoCategory: input.cargoCategory, mainLandInterNationalShipment: waybill,
      long: input.long ?? null, wide: input.wide ?? null, high: input.high ?? null, weight: input.weight ?? null, appointUserId: input.appointUserId ?? null,
    };

    if (!input.id) {
      const row = await repo.insertPackage(ctx.db, { ...values, packageName: input.packageName || '', createUserId: me.id });
      // A bag without a name is called after what it holds and its number: 台湾-普货-12.
      if (!input.packageName) await repo.updatePackage(ctx.db, row.id, { packageName: `${SITE_LABEL[input.site]}-${CARGO_LABEL[input.cargoCategory]}-${row.id}` });
      return packageDto(ctx.db, row.id);
    }

    const current = await repo.lockPackage(ctx.db, input.id);
    if (!current) throw notFound('大陆包');
    if (current.isSend) throw conflict(`${bagLabel(current)}已发出，不能再修改。`);
    const moved = current.warehouseInfoId !== values.warehouseInfoId || current.site !== values.site || current.cargoCategory !== values.cargoCategory;
    if (moved && (await repo.ordersInPackage(ctx.db, current.id)).length > 0) {
      throw conflict(`${bagLabel(current)}里已有订单，不能再改仓库、站点或货物类别；请先把订单移出。`);
    }
    await repo.updatePackage(ctx.db, current.id, { ...values, packageName: input.packageName || current.packageName, updateUserId: me.id, updateTime: ctx.now });
    return packageDto(ctx.db, current.id);
  },

  async editCompleteStatus(input, ctx) {
    const me = requireUser(ctx);
    const bag = await repo.lockPackage(ctx.db, input.id);
    if (!bag) throw notFound('大陆包');
    if (bag.isSend) throw conflict(`${bagLabel(bag)}已发出。`);
    if (!bag.mainLandInterNationalShipment) throw conflict(`${bagLabel(bag)}还没有国际运单号，请先填写再发出。`);
    const inBag = await repo.ordersInPackage(ctx.db, bag.id);
    if (inBag.length === 0) throw conflict(`${bagLabel(bag)}里没有订单，不能发出。`);
    // All or nothing: a bag leaves with every order in it, so one order that may not ship stops it.
    const unpaid = inBag.filter((o) => o.orderStatus === ORDER_STATUS.awaitingFreight);
    if (unpaid.length) {
      throw conflict(`${bagLabel(bag)}里有待补运费的订单，不能发出：${unpaid.map((o) => o.tradeNo).join('、')}。请等卖家补足运费，或先把这些订单移出。`, unpaid.map((o) => o.tradeNo).join(','));
    }
    // Orders already dispatched some other way (one-click delivery) have left; they do not stop the bag.
    const toShip = inBag.filter((o) => !(o.packageStatus === PACKAGE_STATUS.dispatched && o.orderStatus === ORDER_STATUS.shipped));
    const outcome = await shipOrders(ctx.db, toShip.map((o) => o.id), me, `随大陆包 ${bag.packageName}（${bag.mainLandInterNationalShipment}）发出`, ctx.now);
    if (outcome.skipped.length) {
      throw conflict(`${bagLabel(bag)}里有不能出库的订单：${outcome.skipped.map((s) => `${s.tradeNo}（${s.reason}）`).join('；')}`, outcome.skipped.map((s) => s.tradeNo).join(','));
    }
    await repo.updatePackage(ctx.db, bag.id, { isSend: true, sendTime: ctx.now, updateUserId: me.id, updateTime: ctx.now });
    return { ...(await packageDto(ctx.db, bag.id)), shippedCount: outcome.shipped.length };
  },
}));

type BagInput = ParsedInputOf<(typeof bagOrderActions)['editInterNationalShipment']>;
type BagOutput = z.input<(typeof bagOrderActions)['editInterNationalShipment']['output']>;

export interface BagOptions {
  /** Only orders of this type (BackStockOrder's action bags stock orders only); another is 404. */
  orderType?: number;
}

/**
 * BackOrder/EditInterNationalShipment?id&mainLandPackageId (and BackStockOrder's): puts a weighed order
 * that leaves by the warehouse's own line into an open bag of its warehouse, site and cargo category
 * (moving it out of another open bag), or with mainLandPackageId 0 takes it out of its bag. Spread
 * into the BackOrder implementation; stock-orders calls it for its own.
 */
export async function editInterNationalShipment(input: BagInput, ctx: RequestContext, opts: BagOptions = {}): Promise<BagOutput> {
  const me = requireUser(ctx);
  const what = opts.orderType === ORDER_TYPE.stock ? '囤货订单' : '订单';
  // Locks in one order everywhere — bags (by id) before orders, as closing a bag does — so moving an
  // order between bags while one of them is being closed cannot deadlock.
  const seen = await getOrder(ctx.db, input.id);
  if (!seen || (opts.orderType !== undefined && seen.orderType !== opts.orderType)) throw notFound(what);
  const bagIds = [...new Set([seen.mainlandPackageId, input.mainLandPackageId].filter((id): id is number => !!id))].sort((a, b) => a - b);
  const locked = new Map<number, repo.PackageRow>();
  for (const id of bagIds) {
    const row = await repo.lockPackage(ctx.db, id);
    if (row) locked.set(id, row);
  }
  const order = (await getOrder(ctx.db, input.id, { forUpdate: true }))!;
  if (order.mainlandPackageId !== seen.mainlandPackageId) throw conflict(`订单 ${order.tradeNo} 刚被别人移动了大陆包，请刷新后重试。`);
  const from = order.mainlandPackageId ? locked.get(order.mainlandPackageId) : undefined;
  if (from?.isSend) throw conflict(`订单 ${order.tradeNo} 已随${bagLabel(from)}发出，不能再改。`);

  if (input.mainLandPackageId === 0) {
    if (!from) throw conflict(`订单 ${order.tradeNo} 不在任何大陆包里。`);
    await repo.setOrderPackage(ctx.db, order.id, null, ctx.now);
    await audit(ctx.db, me, [{ entity: 'order', entityId: order.id, tradeNo: order.tradeNo, orderNumber: order.orderNumber, action: 'unbag', note: `移出大陆包 ${from.packageName}` }]);
    return { orderId: order.id, tradeNo: order.tradeNo, mainLandPackageId: null, packageName: null, orderCount: (await repo.ordersInPackage(ctx.db, from.id)).length };
  }

  const bag = locked.get(input.mainLandPackageId);
  if (!bag) throw notFound('大陆包');
  if (!canOrder('bag', order)) {
    // The shared rule decides; the sentence names the one condition that failed, with the order's number.
    if (order.orderType === ORDER_TYPE.stock && !leavesByOwnLine(order)) {
      throw conflict(`囤货订单 ${order.tradeNo} 的物流方式是${SHIPPING_LABEL[order.shippingMethods] ?? order.shippingMethods}，不随大陆包发出；只有第三方物流的囤货订单可以装袋。`);
    }
    if (!leavesByOwnLine(order)) throw conflict(`订单 ${order.tradeNo} 不是大陆订单，不能装入大陆包。`);
    if (isOrderClosed(order)) throw conflict(`订单 ${order.tradeNo} 已发货、已完成或已取消，不能装袋。`);
    if (order.orderStatus === ORDER_STATUS.onHold) throw conflict(`订单 ${order.tradeNo} 是问题件，请先处理再装袋。`);
    throw conflict(`订单 ${order.tradeNo} 还未称重（当前：${PACKAGE_STATUS_LABEL[order.packageStatus]}），只有已称重的订单可以装袋。`);
  }
  if (bag.isSend) throw conflict(`${bagLabel(bag)}已发出，不能再装入订单。`);
  if (bag.warehouseInfoId !== order.warehouseInfoId) throw conflict(`订单 ${order.tradeNo} 属于仓库「${order.warehouseName}」，与${bagLabel(bag)}的仓库不同。`);
  if (bag.site !== order.site) throw conflict(`订单 ${order.tradeNo} 的站点是${SITE_LABEL[order.site] ?? order.site}，${bagLabel(bag)}是${SITE_LABEL[bag.site] ?? bag.site}，不能装入。`);
  if (bag.cargoCategory !== order.cargoCategory) {
    throw conflict(`订单 ${order.tradeNo} 是${CARGO_LABEL[order.cargoCategory]}，${bagLabel(bag)}装的是${CARGO_LABEL[bag.cargoCategory]}，不能混装。`);
  }
  if (order.mainlandPackageId !== bag.id) {
    // One way out: an order on a carrier's hand-over sheet leaves with that batch, not in a bag.
    const receipt = await receiptItemOfOrder(ctx.db, order.id);
    if (receipt) throw conflict(`订单 ${order.tradeNo} 已在交接批次 ${receipt.batch.batchName}（${receipt.batch.logisticMethod}）中，随交接单发出，不能再装袋。`);
    await repo.setOrderPackage(ctx.db, order.id, bag.id, ctx.now);
    await audit(ctx.db, me, [{
      // The bag goes in the note: an order's before/after are its status codes.
      entity: 'order', entityId: order.id, tradeNo: order.tradeNo, orderNumber: order.orderNumber, action: 'bag',
      note: from ? `从大陆包 ${from.packageName} 移到 ${bag.packageName}` : `装入大陆包 ${bag.packageName}`,
    }]);
  }
  return { orderId: order.id, tradeNo: order.tradeNo, mainLandPackageId: bag.id, packageName: bag.packageName, orderCount: (await repo.ordersInPackage(ctx.db, bag.id)).length };
}
