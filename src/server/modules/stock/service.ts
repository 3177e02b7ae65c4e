// FrontStock (the seller declares) and BackStock (the warehouse receives, inspects, labels, shelves),
// DOMAIN §7. Each action locks its record, asks the shared table (rules/stock.ts) and audits the move.
// Lock order, the same everywhere: parcel → record → shelf (share) → product, so no two actions wait
// on each other in a circle. Quantities move only through the inventory module; money through the ledger.
import { backStock, frontStock, type StockRecordDto } from '#shared/contracts/stock.ts';
import { pageWindow } from '#shared/contracts/common.ts';
import type { ParsedInputOf } from '#shared/contracts/define.ts';
import { STATISTIC_AUDIT_ACTIONS } from '#shared/contracts/statistics.ts';
import { FLOW_CHANNEL, LISTED_TYPE, ORDER_TYPE, RECEIVE_STATUS, STOCK_STATUS } from '#shared/enums.ts';
import { centsText, centsToPoints, pointsToCents } from '#shared/money.ts';
import { afterShelfUp, canStock, STOCK_TRANSITIONS, stockRemaining, type StockAction } from '#shared/rules/stock.ts';
import type { Db } from '../../db/client.ts';
import { implement, requireUser, type CurrentUser } from '../../framework.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { audit } from '../audit/repository.ts';
import { freightCents, gramsToKg, kgToGrams, volumetricGrams } from '../fees/calc.ts';
import { effectiveFreight } from '../fees/settings.ts';
import { assertAttachable } from '../files/attach.ts';
import { toListedHistoryDto } from '../inventory/dto.ts';
import { ensureStockProduct, moveInventory } from '../inventory/inventory.ts';
import * as inventoryRepo from '../inventory/repository.ts';
import { requireShelf, stockProductDto } from '../inventory/service.ts';
import * as ledger from '../ledger/ledger.ts';
import { declareExistingParcel } from '../parcels/declare.ts';
import * as parcelRepo from '../parcels/repository.ts';
import { nextTradeNo } from '../platform/trade-no.ts';
import { getStore } from '../stores/repository.ts';
import { getWarehouse } from '../warehouse/repository.ts';
import { toStockRecordDto } from './dto.ts';
import * as repo from './repository.ts';

type Row = repo.StockRecordRow;

async function recordDto(tx: Db, id: number): Promise<StockRecordDto> {
  const view = await repo.recordView(tx, id);
  if (!view) throw notFound('囤货单');
  return toStockRecordDto(view);
}

const page = ({ total, capped, rows }: Awaited<ReturnType<typeof repo.listRecords>>) =>
  ({ totalCount: total, totalCountCapped: capped, items: rows.map(toStockRecordDto) });

/** Locks a record; a seller's own only (another seller's is 404, like one that does not exist). */
async function lockRecord(tx: Db, id: number, owner?: CurrentUser): Promise<Row> {
  const row = await repo.lockRecord(tx, id);
  if (!row || (owner && row.userId !== owner.id)) throw notFound('囤货单');
  return row;
}

function assertStock(action: StockAction, r: Row): void {
  if (!canStock(action, r)) throw conflict(STOCK_TRANSITIONS[action].refusal);
}

/** Applies a move of the table to a locked record and audits it. */
async function move(tx: Db, who: CurrentUser, r: Row, action: StockAction, changes: Partial<Row>, note: string | null = null): Promise<Row> {
  assertStock(action, r);
  const to = STOCK_TRANSITIONS[action].to ?? r.productStatus;
  // An edit whose new number is already signed in arrives with it: changes may name the status.
  const updated = await repo.updateRecord(tx, r.id, { productStatus: to, ...changes });
  await audit(tx, who, [{ entity: 'stock', entityId: r.id, tradeNo: r.tradeNo, orderNumber: r.logisticsNumber, action, before: r.productStatus, after: updated.productStatus, note }]);
  return updated;
}

const SIGNED_IN: readonly number[] = [RECEIVE_STATUS.signed, RECEIVE_STATUS.stored];

/**
 * Declares the record's tracking number as a parcel of the seller's stock (orderType 3, no order), so
 * the scan signs it in (SIGNED) and marks the record 已到货. Answers whether the goods are already here:
 * another record of the seller declared the same number and it arrived, or it was signed in as 无主件
 * before anyone declared it (then the seller claims it, as an order would).
 */
async function declareParcel(tx: Db, me: CurrentUser, r: { logisticsNumber: string; storeId: number; warehouseInfoId: number; tradeNo: string }): Promise<'declared' | 'arrived'> {
  const shipment = r.logisticsNumber;
  const { parcel, created } = await parcelRepo.lockParcel(tx, shipment, {
    receiveStatus: RECEIVE_STATUS.declared, userId: me.id, userCode: me.userCode, warehouseInfoId: r.warehouseInfoId, storeId: r.storeId, orderType: ORDER_TYPE.stock,
  });
  if (created) return 'declared';
  if (parcel.orderId === null && parcel.userId === me.id && parcel.orderType === ORDER_TYPE.stock) {
    if (parcel.receiveStatus === RECEIVE_STATUS.declared) return 'declared';
    if (SIGNED_IN.includes(parcel.receiveStatus)) return 'arrived';
  }
  const outcome = await declareExistingParcel(tx, me, parcel, { id: me.id, userCode: me.userCode },
    { storeId: r.storeId, warehouseInfoId: r.warehouseInfoId, orderType: ORDER_TYPE.stock, tradeNo: r.tradeNo }, `囤货单 ${r.tradeNo} 认领`);
  if (outcome === 'taken') throw conflict(`快递单号 ${shipment} 已被其他卖家或订单使用`);
  if (outcome === 'closed') throw conflict(`快递单号 ${shipment} 的包裹已拒收、退回或异常，不能用于囤货单`);
  return outcome === 'claimed' ? 'arrived' : 'declared';
}

/** The record no longer needs its number: the declared parcel goes unless another of the seller's records uses it. */
async function releaseParcel(tx: Db, r: Row): Promise<void> {
  if (await repo.otherRecordUsesNumber(tx, r.logisticsNumber, r.userId, r.id)) return;
  await parcelRepo.deleteDeclaredStockParcel(tx, r.logisticsNumber, r.userId);
}

type EditInput = ParsedInputOf<typeof frontStock.actions.editStock>;
type Details = ParsedInputOf<typeof frontStock.actions.supplementStockInfo>;

/** The optional product details as columns (only those given). */
function detailColumns(d: Omit<Details, 'id'>): Partial<Row> {
  const out: Partial<Row> = {};
  if (d.productType !== undefined) out.productType = d.productType;
  if (d.purchaseCost !== undefined) out.purchaseCostCents = pointsToCents(d.purchaseCost);
  if (d.productLink !== undefined) out.productLink = d.productLink;
  if (d.productImgGuid !== undefined) out.productImgGuid = d.productImgGuid;
  if (d.productLong !== undefined) out.productLong = d.productLong;
  if (d.productWide !== undefined) out.productWide = d.productWide;
  if (d.productHigh !== undefined) out.productHigh = d.productHigh;
  if (d.productWeight !== undefined) out.productWeight = d.productWeight;
  if (d.remark !== undefined) out.remark = d.remark;
  return out;
}

async function checkStoreAndWarehouse(tx: Db, me: CurrentUser, input: Pick<EditInput, 'storeId' | 'warehouseInfoId'>) {
  const store = await getStore(tx, input.storeId);
  if (!store || store.userId !== me.id) throw invalid('storeId', '店铺不存在或不属于您');
  if (!store.whetherEffective) throw invalid('storeId', '店铺已停用');
  const warehouse = await getWarehouse(tx, input.warehouseInfoId);
  if (!warehouse || !warehouse.isEnabled) throw invalid('warehouseInfoId', '仓库不存在或已停用');
  return store;
}

async function createRecord(tx: Db, me: CurrentUser, input: EditInput, now: Date): Promise<Row> {
  const store = await checkStoreAndWarehouse(tx, me, input);
  await assertAttachable(tx, me, { guid: input.productImgGuid, field: 'productImgGuid', kind: 'image' });
  const tradeNo = await nextTradeNo(tx, 'SR', now);
  const arrival = await declareParcel(tx, me, { ...input, tradeNo });
  const here = arrival === 'arrived';
  const row = await repo.insertRecord(tx, {
    tradeNo, userId: me.id, userCode: me.userCode, storeId: store.id, site: store.site, warehouseInfoId: input.warehouseInfoId,
    productSku: input.productSku, productName: input.productName, productNums: input.productNums, packageNums: input.packageNums,
    logisticsNumber: input.logisticsNumber, ...detailColumns(input),
    productStatus: here ? STOCK_STATUS.arrived : STOCK_STATUS.awaiting, arrivedTime: here ? now : null,
  });
  await audit(tx, me, [{
    entity: 'stock', entityId: row.id, tradeNo, orderNumber: row.logisticsNumber, action: 'create', after: row.productStatus,
    note: here ? '快递单号的包裹已签收入库' : null,
  }]);
  return row;
}

async function editRecord(tx: Db, me: CurrentUser, id: number, input: EditInput): Promise<Row> {
  const r = await lockRecord(tx, id, me);
  assertStock('edit', r);
  const store = await checkStoreAndWarehouse(tx, me, input);
  await assertAttachable(tx, me, { guid: input.productImgGuid, current: r.productImgGuid, field: 'productImgGuid', kind: 'image' });
  const moved = r.logisticsNumber !== input.logisticsNumber || r.warehouseInfoId !== input.warehouseInfoId || r.storeId !== input.storeId;
  let arrived = false;
  if (moved) {
    await releaseParcel(tx, r);
    arrived = (await declareParcel(tx, me, { ...input, tradeNo: r.tradeNo })) === 'arrived';
  }
  return move(tx, me, r, 'edit', {
    storeId: store.id, site: store.site, warehouseInfoId: input.warehouseInfoId, productSku: input.productSku, productName: input.productName,
    productNums: input.productNums, packageNums: input.packageNums, logisticsNumber: input.logisticsNumber, ...detailColumns(input),
    ...(arrived ? { productStatus: STOCK_STATUS.arrived, arrivedTime: new Date() } : {}),
  });
}

export const frontStockService = implement(frontStock, () => ({
  async getStockList(input, ctx) {
    return page(await repo.listRecords(ctx.db, { ...input, userId: requireUser(ctx).id }, pageWindow(input)));
  },

  async editStock(input, ctx) {
    const me = requireUser(ctx);
    const row = input.id ? await editRecord(ctx.db, me, input.id, input) : await createRecord(ctx.db, me, input, ctx.now);
    return recordDto(ctx.db, row.id);
  },

  async supplementStockInfo(input, ctx) {
    const me = requireUser(ctx);
    const r = await lockRecord(ctx.db, input.id, me);
    await assertAttachable(ctx.db, me, { guid: input.productImgGuid, current: r.productImgGuid, field: 'productImgGuid', kind: 'image' });
    await move(ctx.db, me, r, 'supplement', detailColumns(input));
    return recordDto(ctx.db, r.id);
  },

  async createReturnStore(input, ctx) {
    const me = requireUser(ctx);
    const r = await lockRecord(ctx.db, input.orderId, me);
    await move(ctx.db, me, r, 'returnGoods', { returnShipNumber: input.shipNumber, returnTime: ctx.now }, `退回快递单号 ${input.shipNumber}`);
    return recordDto(ctx.db, r.id);
  },

  async cancleStock(input, ctx) {
    const me = requireUser(ctx);
    const r = await lockRecord(ctx.db, input.id, me);
    await move(ctx.db, me, r, 'cancel', {});
    await releaseParcel(ctx.db, r);
    return recordDto(ctx.db, r.id);
  },
}));

type ShelfUpInput = ParsedInputOf<typeof backStock.actions.shelfUp>;

/** The records ShelfUp fills, locked, and how many of each: one by id, or the product's oldest first by barcode. */
async function shelfUpTargets(tx: Db, input: Pick<ShelfUpInput, 'id' | 'barCode' | 'quantity'>): Promise<{ record: Row; take: number }[]> {
  let records: Row[];
  if (input.id !== undefined) {
    const r = await lockRecord(tx, input.id);
    assertStock('shelfUp', r);
    records = [r];
  } else {
    const product = await inventoryRepo.productByBarCode(tx, input.barCode!);
    if (!product) throw notFound('商品条码');
    records = await repo.shelvableRecords(tx, product.id, true);
    if (records.length === 0) throw conflict(`商品 ${product.productSku}（条码 ${product.barCode}）没有待上架的囤货单`);
  }
  const remaining = records.reduce((s, r) => s + stockRemaining(r), 0);
  if (remaining < input.quantity) {
    throw conflict(`超过待上架数量：${input.id !== undefined ? `囤货单 ${records[0]!.tradeNo}` : `商品 ${records[0]!.productSku}`} 还可上架 ${remaining} 件`);
  }
  const out: { record: Row; take: number }[] = [];
  let left = input.quantity;
  for (const record of records) {
    const take = Math.min(left, stockRemaining(record));
    if (take > 0) out.push({ record, take });
    left -= take;
    if (left === 0) break;
  }
  return out;
}

async function shelfUp(tx: Db, me: CurrentUser, input: ShelfUpInput, now: Date) {
  const targets = await shelfUpTargets(tx, input);
  const first = targets[0]!.record;
  const productId = first.stockProductId!;
  await requireShelf(tx, first.warehouseInfoId, input.shelfPosition);
  const [product] = await inventoryRepo.lockProducts(tx, [productId]);
  if (product!.shelfPosition && product!.shelfPosition !== input.shelfPosition && product!.inventory > 0) {
    throw conflict(`商品 ${product!.productSku} 已在货架 ${product!.shelfPosition}（库存 ${product!.inventory} 件），请上架到该货架，或先移库`);
  }
  if (product!.shelfPosition !== input.shelfPosition) await inventoryRepo.updateProduct(tx, productId, { shelfPosition: input.shelfPosition });
  const { rows } = await moveInventory(tx, me, targets.map(({ record, take }) => ({
    stockProductId: productId, type: LISTED_TYPE.shelfUp, quantity: take, tradeNo: record.tradeNo, shelfPosition: input.shelfPosition,
  })));
  for (const { record, take } of targets) {
    const to = afterShelfUp(record, take);
    await repo.updateRecord(tx, record.id, { shelvedNums: record.shelvedNums + take, productStatus: to, ...(to === STOCK_STATUS.shelved ? { shelfTime: now } : {}) });
    await audit(tx, me, [{
      entity: 'stock', entityId: record.id, tradeNo: record.tradeNo, orderNumber: record.logisticsNumber, action: STATISTIC_AUDIT_ACTIONS.shelve,
      before: record.productStatus, after: to, note: `上架 ${take} 件到 ${input.shelfPosition}`,
    }]);
  }
  const productDto = await stockProductDto(tx, productId);
  return {
    records: await Promise.all(targets.map(({ record }) => recordDto(tx, record.id))),
    product: productDto,
    listedHistories: rows.map((row) => toListedHistoryDto({ row, productSku: productDto.productSku, productName: productDto.productName, barCode: productDto.barCode, userCode: productDto.userCode })),
  };
}

/** The record's product: its own from labelling on, else the one an earlier record of the same SKU made. */
async function productOfRecord(tx: Db, r: Row) {
  return r.stockProductId ? inventoryRepo.productById(tx, r.stockProductId) : inventoryRepo.productByKey(tx, r);
}

async function deductShelfCost(tx: Db, me: CurrentUser, id: number, now: Date): Promise<Row> {
  const r = await lockRecord(tx, id);
  assertStock('deductShelfCost', r);
  if (r.shelfCostCents !== null) throw conflict(`囤货单 ${r.tradeNo} 已扣过上架费（${centsText(r.shelfCostCents)}），不能重复扣费`);
  const view = await inventoryRepo.productWithNames(tx, r.stockProductId!);
  const perItem = view!.product.onlyOneShelfCostCents ?? view!.storeShelfCostCents;
  if (!perItem) throw conflict(`商品 ${r.productSku} 没有设置单件上架费（商品或店铺），请先设置再扣费`);
  const cents = perItem * r.shelvedNums;
  const warehouse = await getWarehouse(tx, r.warehouseInfoId);
  const posted = await ledger.post(tx, r.userId, [{
    channel: FLOW_CHANNEL.shelving, amountCents: -cents, ref: `stock:${r.id}:shelf`, tradeNo: r.tradeNo, orderNumber: r.logisticsNumber,
    storeName: view!.storeName, site: r.site, warehouseName: warehouse?.warehouseName ?? null,
    remark: `上架费 ${r.shelvedNums} 件 × ${centsText(perItem)}`,
  }], { creator: { userId: me.id, name: me.name || me.userName } });
  if (!posted.ok) throw conflict(`卖家 ${r.userCode ?? ''} 积分余额不足：上架费 ${centsText(cents)}，余额 ${centsText(posted.balanceCents)}`);
  await inventoryRepo.addShelfCost(tx, r.stockProductId!, cents);
  return move(tx, me, r, 'deductShelfCost', { shelfCostCents: cents, shelfCostTime: now }, `上架费 ${centsText(cents)}`);
}

type HeadFeeInput = ParsedInputOf<typeof backStock.actions.getHeadFee>;

async function headFee(tx: Db, me: CurrentUser, input: HeadFeeInput, now: Date) {
  const r = await lockRecord(tx, input.id);
  const cargoCategory = input.cargoCategory ?? 1;
  const rule = await effectiveFreight(tx, r.warehouseInfoId, r.site, cargoCategory, now);
  if (!rule) throw conflict(`该仓库没有适用于站点 ${r.site}、货物类型 ${cargoCategory} 的生效运费设置，无法估算头程费`);
  const kg = input.productWeight ?? r.productWeight;
  if (!kg) throw invalid('productWeight', '请提供单件重量（kg）');
  const long = input.productLong ?? r.productLong;
  const wide = input.productWide ?? r.productWide;
  const high = input.productHigh ?? r.productHigh;
  const items = r.acceptedNums ?? r.productNums;
  const volumetric = long && wide && high ? volumetricGrams({ long, wide, high }, rule.bulkyParameter) : null;
  const actual = kgToGrams(kg) * items;
  const grams = volumetric === null ? actual : Math.max(actual, volumetric * items);
  const total = freightCents(rule, grams).freightCents;
  const perItem = Math.round(total / items);
  await move(tx, me, r, 'headFee', { headFeeCents: perItem }, `头程费 ${centsText(perItem)}/件`);
  if (r.stockProductId) await inventoryRepo.updateProduct(tx, r.stockProductId, { headFeeCents: perItem });
  return { id: r.id, headFee: centsToPoints(perItem), totalFreight: centsToPoints(total), chargeableWeight: gramsToKg(grams), productNums: items };
}

export const backStockService = implement(backStock, () => ({
  async getStockList(input, ctx) {
    return page(await repo.listRecords(ctx.db, input, pageWindow(input)));
  },

  async editStatus(input, ctx) {
    const me = requireUser(ctx);
    const r = await lockRecord(ctx.db, input.id);
    await move(ctx.db, me, r, input.isArrived ? 'arrive' : 'unarrive', { arrivedTime: input.isArrived ? ctx.now : null }, '手动标记');
    return recordDto(ctx.db, r.id);
  },

  async isCheckPass(input, ctx) {
    const me = requireUser(ctx);
    const r = await lockRecord(ctx.db, input.id);
    assertStock(input.ispass ? 'pass' : 'fail', r);
    if (input.ispass && input.checkNums === 0) throw conflict('验货通过的数量必须大于 0；没有货物请选择验货不通过');
    await assertAttachable(ctx.db, me, { guid: input.checkImageGuid, current: r.checkImageGuid, field: 'checkImageGuid', kind: 'image' });
    const counted = input.checkNums ?? null;
    await move(ctx.db, me, r, input.ispass ? 'pass' : 'fail', {
      isCheckBy: me.name || me.userName, checkTime: ctx.now, checkNums: counted, checkRemark: input.checkRemark ?? null,
      ...(input.checkImageGuid !== undefined ? { checkImageGuid: input.checkImageGuid } : {}),
      acceptedNums: input.ispass && counted !== null && counted !== r.productNums ? counted : null,
    }, counted !== null ? `清点 ${counted} 件` : null);
    return recordDto(ctx.db, r.id);
  },

  async handleAbnormal(input, ctx) {
    const me = requireUser(ctx);
    const r = await lockRecord(ctx.db, input.id);
    if (input.acceptedQuantity != null) {
      await move(ctx.db, me, r, 'acceptAbnormal', { acceptedNums: input.acceptedQuantity, checkRemark: input.remark ?? r.checkRemark }, `接收 ${input.acceptedQuantity} 件`);
    } else {
      await move(ctx.db, me, r, 'markReturn', { returnRequested: true, checkRemark: input.remark ?? r.checkRemark }, '退回卖家');
    }
    return recordDto(ctx.db, r.id);
  },

  async processLabel(input, ctx) {
    const me = requireUser(ctx);
    const r = await lockRecord(ctx.db, input.id);
    assertStock('label', r);
    const product = await ensureStockProduct(ctx.db, {
      userId: r.userId, userCode: r.userCode, storeId: r.storeId, site: r.site, warehouseInfoId: r.warehouseInfoId,
      productSku: r.productSku, productName: r.productName, productType: r.productType, productImgGuid: r.productImgGuid,
    });
    await move(ctx.db, me, r, 'label', { stockProductId: product.id, labelTime: ctx.now }, `条码 ${product.barCode}`);
    return recordDto(ctx.db, r.id);
  },

  async shelfUpCheck(input, ctx) {
    let records: Row[];
    if (input.id !== undefined) {
      const view = await repo.recordView(ctx.db, input.id);
      if (!view) throw notFound('囤货单');
      if (!canStock('shelfUp', view.record)) throw conflict(STOCK_TRANSITIONS.shelfUp.refusal);
      records = [view.record];
    } else {
      const product = await inventoryRepo.productByBarCode(ctx.db, input.barCode!);
      if (!product) throw notFound('商品条码');
      records = await repo.shelvableRecords(ctx.db, product.id, false);
      if (records.length === 0) throw conflict(`商品 ${product.productSku}（条码 ${product.barCode}）没有待上架的囤货单`);
    }
    const first = records[0]!;
    const product = await productOfRecord(ctx.db, first);
    const suggested = product?.shelfPosition ?? (await inventoryRepo.freeShelves(ctx.db, first.warehouseInfoId, 1))[0] ?? null;
    return {
      record: await recordDto(ctx.db, first.id), suggestedShelfPosition: suggested, haveShelf: !!product?.shelfPosition,
      remainingNums: records.reduce((s, r) => s + stockRemaining(r), 0),
    };
  },

  async checkWhetherHaveShelf(input, ctx) {
    const view = await repo.recordView(ctx.db, input.id);
    if (!view) throw notFound('囤货单');
    const product = await productOfRecord(ctx.db, view.record);
    return {
      haveShelf: !!product?.shelfPosition, shelfPosition: product?.shelfPosition ?? null,
      freeShelfPositions: await inventoryRepo.freeShelves(ctx.db, view.record.warehouseInfoId, 5),
    };
  },

  shelfUp: (input, ctx) => shelfUp(ctx.db, requireUser(ctx), input, ctx.now),

  async deductShelfCost(input, ctx) {
    const row = await deductShelfCost(ctx.db, requireUser(ctx), input.id, ctx.now);
    return recordDto(ctx.db, row.id);
  },

  getHeadFee: (input, ctx) => headFee(ctx.db, requireUser(ctx), input, ctx.now),
}));
