// Packing, weighing, fees and 补运费 (DOMAIN §3, §5, §9): the pack-and-weigh station's actions.
// Fees come from the fee settings effective at the moment of weighing (modules/fees) and move only
// through the ledger (modules/ledger): one post() per weighing, refs weigh:<orderId>:<version>:<channel>,
// so a weighing can never be charged twice and a re-weighing reverses exactly the live version.
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { fileUrl } from '#shared/file-links.ts';
import type { backOrder, CheckGoodsInfoDto } from '#shared/contracts/back-order.ts';
import type { frontOrder } from '#shared/contracts/orders.ts';
import type { GoodsWeighInput, ProcessingInfoDto, WeighResultDto } from '#shared/contracts/processing.ts';
import { FLOW_CHANNEL, ORDER_STATUS, ORDER_TYPE, PACKAGE_STATUS, SHIPPING_METHOD, type FlowChannel } from '#shared/enums.ts';
import { USER_TYPE } from '#shared/permissions.ts';
import type { Db, TenantId } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';
import { requireUser, type CurrentUser, type Deps, type Implementation } from '../../framework.ts';
import { conflict, forbidden, invalid, notFound } from '../../lib/errors.ts';
import { detectFileType, MAX_BYTES, UPLOAD_MESSAGES } from '../files/upload.ts';
import { audit } from '../audit/repository.ts';
import { baseCostCents, freightCents, gramsToKg, kgToGrams, type Dimensions } from '../fees/calc.ts';
import { effectiveWeighSettings } from '../fees/settings.ts';
import { isStoredImage } from '../files/repository.ts';
import { defaultFileStorage, fileKey, type FileStorage } from '../files/storage.ts';
import { getUser } from '../identity/repository.ts';
import { balanceCents, flowsByRefs, post, reverse, reverseThenPost, type FlowRow, type Posting } from '../ledger/ledger.ts';
import { centsText as points, centsToPoints } from '#shared/money.ts';
import { toOrderDto } from './dto.ts';
import { toParcelDto } from '../parcels/dto.ts';
import * as repo from './repository.ts';
import * as parcelRepo from '../parcels/repository.ts';
import { shipOrders } from './shipping.ts';
import { announceFloorWork } from '../notification/repository.ts';
import { assertAllowed } from './transitions.ts';

type Actor = Pick<CurrentUser, 'id' | 'name' | 'userName'>;
interface FeeLine { channel: FlowChannel; amountCents: number }

const ORDER_TYPE_LABEL: Record<number, string> = { 1: '跨境订单', 2: '大陆订单', 3: '囤货订单', 4: '海外仓订单' };
const CARGO_LABEL: Record<number, string> = { 1: '普货', 2: '特货', 3: '敏感货' };
/** The order fee channels in the order a bill lists them. */
const FEE_ORDER: readonly number[] = [FLOW_CHANNEL.orderFee, FLOW_CHANNEL.freight, FLOW_CHANNEL.packaging, FLOW_CHANNEL.urgentFee];

const weighRef = (orderId: number, version: number) => `weigh:${orderId}:${version}:`;
/** The flows a weighing posted: its refs are known, one per fee channel, so they are looked up by the unique key. */
const weighFlows = (tx: Db, order: repo.OrderView, version: number): Promise<FlowRow[]> =>
  flowsByRefs(tx, order.userId, FEE_ORDER.map((channel) => ({ channel, ref: `${weighRef(order.id, version)}${channel}` })));
const creatorOf = (me: Actor) => ({ creator: { userId: me.id, name: me.name || me.userName } });

export const packedImageLink = (guid: string) => fileUrl('getPackedImage', { guid });

// ---------------------------------------------------------------------------------------------
// Fees

/** Distinct SKUs of the order: a line without a SKU counts by its product name and specification. */
function distinctSkus(lines: readonly repo.OrderLineRow[]): number {
  return new Set(lines.map((l) => l.productSku.trim() || `${l.productName}\u0000${l.specification ?? ''}`)).size;
}

/**
 * The fee lines of an order weighing grams (with optional dimensions) under the settings effective
 * at `at`. A setting the charge needs but that is missing refuses the weighing (409): charging
 * nothing would be a silent loss, and guessing a price is worse.
 */
export async function computeFees(tx: Db, order: repo.OrderView, lines: readonly repo.OrderLineRow[], grams: number, dims: Dimensions | null, at: Date) {
  const withFreight = order.orderType === ORDER_TYPE.mainland || order.shippingMethods === SHIPPING_METHOD.thirdParty;
  // Every setting the charge needs, in one statement.
  const { base, freight: rule, thirdParty, urgentFeeCents } = await effectiveWeighSettings(tx, {
    warehouseInfoId: order.warehouseInfoId, orderType: order.orderType, site: order.site, cargoCategory: order.cargoCategory, at,
    freight: withFreight, thirdParty: withFreight && order.shippingMethods === SHIPPING_METHOD.thirdParty, urgent: order.isUrgent,
  });
  if (!base) {
    throw conflict(`仓库「${order.warehouseName}」没有对${ORDER_TYPE_LABEL[order.orderType] ?? '该类订单'}生效的基础费用设置，无法称重计费；请先在「基础费用设置」中添加。`);
  }
  const { operationCents, sackCents } = baseCostCents(base, distinctSkus(lines));
  const fees: FeeLine[] = [{ channel: FLOW_CHANNEL.orderFee, amountCents: operationCents }, { channel: FLOW_CHANNEL.packaging, amountCents: sackCents }];
  let chargeable = grams;
  const settings = [`基础费用设置 #${base.id}`];
  if (withFreight) {
    if (!rule) {
      throw conflict(`仓库「${order.warehouseName}」没有 ${order.site} 站点「${CARGO_LABEL[order.cargoCategory] ?? order.cargoCategory}」生效的运费规则，无法计算运费；请先在「大陆运费」中添加。`);
    }
    settings.push(`运费规则 #${rule.id}`);
    // Third-party lines divide the volume by their own bulky parameter when one is in effect.
    if (thirdParty) settings.push(`第三方物流参数 #${thirdParty.id}`);
    const freight = freightCents(thirdParty ? { ...rule, bulkyParameter: thirdParty.bulkyParameter } : rule, grams, dims);
    chargeable = freight.chargeableGrams;
    fees.push({ channel: FLOW_CHANNEL.freight, amountCents: freight.freightCents });
  }
  if (order.isUrgent) fees.push({ channel: FLOW_CHANNEL.urgentFee, amountCents: urgentFeeCents });
  const charged = fees.filter((f) => f.amountCents > 0).sort((a, b) => FEE_ORDER.indexOf(a.channel) - FEE_ORDER.indexOf(b.channel));
  return { fees: charged, totalCents: charged.reduce((s, f) => s + f.amountCents, 0), chargeableGrams: chargeable, basis: settings.join('、') };
}

const feeDtos = (fees: readonly FeeLine[]) => fees.map((f) => ({ channel: f.channel, amount: centsToPoints(f.amountCents) }));

function postingsOf(order: repo.OrderView, version: number, fees: readonly FeeLine[], remark: string): Posting[] {
  return fees.map((f) => ({
    channel: f.channel, amountCents: -f.amountCents, ref: `${weighRef(order.id, version)}${f.channel}`,
    tradeNo: order.tradeNo, orderNumber: order.orderNumber, storeName: order.storeName, site: order.site, warehouseName: order.warehouseName, remark,
  }));
}

// ---------------------------------------------------------------------------------------------
// What the station shows

/** The fee lines of the order's last weighing: posted (from the ledger) or still owed. */
export async function processingInfo(tx: Db, order: repo.OrderView): Promise<ProcessingInfoDto> {
  const owed = order.owedCents > 0 || order.orderStatus === ORDER_STATUS.awaitingFreight;
  let fees: FeeLine[] = [];
  if (order.weighVersion > 0) {
    fees = owed
      ? (order.owedFees ?? []).map((f) => ({ channel: f.channel as FlowChannel, amountCents: f.amountCents }))
      : (await weighFlows(tx, order, order.weighVersion)).map((f) => ({ channel: f.channel as FlowChannel, amountCents: -f.incurredCents }));
  }
  const total = fees.reduce((s, f) => s + f.amountCents, 0);
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    packedUserId: order.packedUserId, packedUserName: order.packedUserName, packedTime: iso(order.packedTime), packedImageGuid: order.packedImageGuid,
    weight: order.weightGrams === null ? null : gramsToKg(order.weightGrams), long: order.long, wide: order.wide, high: order.high,
    chargeableWeight: order.chargeableGrams === null ? null : gramsToKg(order.chargeableGrams), weighedTime: iso(order.weighedTime), weighVersion: order.weighVersion,
    fees: feeDtos(fees), total: centsToPoints(total), charged: order.weighVersion > 0 && !owed, owed: centsToPoints(order.owedCents),
    shippedTime: iso(order.shippedTime),
  };
}

function photoLinks(p: parcelRepo.ParcelRow): string[] {
  const links: string[] = [];
  if (p.imageGuid && p.imageGuid.length > 1) links.push(fileUrl('getLogisticsImage', { guid: p.imageGuid }));
  if (p.goodsImageGuid && p.goodsImageGuid.length > 1) links.push(fileUrl('getLogisticsImage', { guid: p.goodsImageGuid }));
  if (p.userUploadImageGuid && p.userUploadImageGuid.length > 1) links.push(fileUrl('getUserUploadImage', { guid: p.userUploadImageGuid }));
  return links;
}

export async function checkGoodsInfo(tx: Db, order: repo.OrderView): Promise<CheckGoodsInfoDto> {
  const [lines, parcels, seller, balance, processing] = [
    await repo.linesOf(tx, [order.id]), await parcelRepo.parcelsOfOrders(tx, [order.id]), await getUser(tx, order.userId),
    await balanceCents(tx, order.userId), await processingInfo(tx, order),
  ];
  return {
    order: toOrderDto(order, lines.get(order.id) ?? []),
    parcels: parcels.map((p) => ({ ...toParcelDto(p, order.warehouseName), photoLinks: photoLinks(p) })),
    seller: { id: order.userId, userCode: order.userCode, name: seller?.name ?? '', balance: centsToPoints(balance) },
    processing,
    packedImageLink: order.packedImageGuid && order.packedImageGuid.length > 1 ? packedImageLink(order.packedImageGuid) : null,
  };
}

/**
 * The order a scanned number names: its trade number, else (when exactly one order matches) its
 * marketplace order number or one of its tracking numbers.
 */
async function orderByScannedNumber(tx: Db, number: string, forUpdate = false): Promise<repo.OrderView> {
  const byTradeNo = await repo.orderByTradeNo(tx, number, forUpdate);
  if (byTradeNo) return byTradeNo;
  const { rows } = await repo.listOrders(tx, { number }, { limit: 10, offset: 0 });
  const live = rows.filter((r) => r.orderStatus !== ORDER_STATUS.cancelled);
  if (live.length > 1) throw conflict(`单号 ${number} 对应多个订单（${live.map((r) => r.tradeNo).join('、')}），请扫描订单号。`);
  const only = live[0] ?? rows[0];
  if (!only) throw notFound(`订单 ${number}`);
  return forUpdate ? (await repo.getOrder(tx, only.id, { forUpdate: true }))! : only;
}

// ---------------------------------------------------------------------------------------------
// Actions

export async function packOrder(tx: Db, me: CurrentUser, input: { tradeNo: string; packedUserId?: number | null | undefined; imageGuid?: string | null | undefined }, now: Date) {
  const order = await orderByScannedNumber(tx, input.tradeNo, true);
  assertAllowed('parcelDriven', order);
  assertAllowed('pack', order);
  let packer: { id: number; name: string } = { id: me.id, name: me.name || me.userName };
  if (input.packedUserId && input.packedUserId !== me.id) {
    const user = await getUser(tx, input.packedUserId);
    if (!user || user.userType !== USER_TYPE.staff || !user.isActive) throw invalid('packedUserId', '打包人不存在、不是仓库员工或已停用');
    packer = { id: user.id, name: user.name || user.userName };
  }
  if (input.imageGuid && !(await isStoredImage(tx, input.imageGuid))) throw invalid('imageGuid', '打包照片不存在，请先上传图片');
  const imageGuid = input.imageGuid?.toLowerCase() ?? order.packedImageGuid;
  await repo.updateOrder(tx, order.id, { packageStatus: PACKAGE_STATUS.packed, packedUserId: packer.id, packedUserName: packer.name, packedTime: now, packedImageGuid: imageGuid });
  // The packer is the audit row's user (the packing statistic counts per packer); who recorded it on
  // the packer's behalf is kept in the note.
  const recorder = packer.id === me.id ? '' : `，由 ${me.name || me.userName} 记录`;
  await audit(tx, { id: packer.id, name: packer.name, userName: packer.name }, [{
    entity: 'order', entityId: order.id, tradeNo: order.tradeNo, orderNumber: order.orderNumber, action: 'packed',
    before: `${order.orderStatus}/${order.packageStatus}`, after: `${order.orderStatus}/${PACKAGE_STATUS.packed}`,
    note: `打包人 ${packer.name}${recorder}${imageGuid ? '，有打包照片' : ''}`,
  }]);
  await announceFloorWork(tx, order.userId);
  return checkGoodsInfo(tx, (await repo.getOrder(tx, order.id))!);
}

export async function weighOrder(tx: Db, me: CurrentUser, input: z.output<typeof GoodsWeighInput>, now: Date): Promise<WeighResultDto> {
  const order = await orderByScannedNumber(tx, input.tradeNo, true);
  assertAllowed('weigh', order);
  const grams = kgToGrams(input.weight);
  const dims = input.long && input.wide && input.high ? { long: input.long, wide: input.wide, high: input.high } : null;
  const lines = (await repo.linesOf(tx, [order.id])).get(order.id) ?? [];
  // Everything that can refuse happens before anything changes.
  const { fees, totalCents, chargeableGrams, basis } = await computeFees(tx, order, lines, grams, dims, now);

  // A re-weighing first gives back what the previous weighing charged (its flows are the live ones:
  // earlier versions were reversed by earlier re-weighings; an owed weighing posted nothing), then
  // posts the new charge: one lock of the seller's account, one write of the flows (ledger.reverseThenPost).
  const live = order.weighVersion > 0 ? await weighFlows(tx, order, order.weighVersion) : [];
  const reversedCents = -live.reduce((s, f) => s + f.incurredCents, 0);
  const version = order.weighVersion + 1;
  const { result } = await reverseThenPost(tx, order.userId, live.map((f) => f.id), `订单 ${order.tradeNo} 重新称重，冲回上次称重的费用`,
    postingsOf(order, version, fees, `订单 ${order.tradeNo} 称重计费（${basis}）`), creatorOf(me));
  const charged = result.ok;
  const orderStatus = charged ? ORDER_STATUS.processing : ORDER_STATUS.awaitingFreight;
  await repo.updateOrder(tx, order.id, {
    weightGrams: grams, long: dims?.long ?? null, wide: dims?.wide ?? null, high: dims?.high ?? null, chargeableGrams, weighedTime: now,
    weighVersion: version, packageStatus: PACKAGE_STATUS.weighed, orderStatus,
    owedCents: charged ? 0 : totalCents, owedFees: charged ? null : fees.map((f) => ({ channel: f.channel, amountCents: f.amountCents })),
  });
  const summary = `重量 ${gramsToKg(grams)} kg，计费重 ${gramsToKg(chargeableGrams)} kg，费用 ${points(totalCents)}`;
  await audit(tx, me, [{
    entity: 'order', entityId: order.id, tradeNo: order.tradeNo, orderNumber: order.orderNumber, action: version > 1 ? 'reweigh' : 'weigh',
    before: `${order.orderStatus}/${order.packageStatus}`, after: `${orderStatus}/${PACKAGE_STATUS.weighed}`,
    note: `${summary}${reversedCents ? `，冲回上次 ${points(reversedCents)}` : ''}，${charged ? '已扣费' : `余额不足，待补运费 ${points(totalCents)}`}`,
  }]);
  await announceFloorWork(tx, order.userId);
  return {
    tradeNo: order.tradeNo, weight: gramsToKg(grams), chargeableWeight: gramsToKg(chargeableGrams), fees: feeDtos(fees), total: centsToPoints(totalCents),
    charged, owed: charged ? 0 : centsToPoints(totalCents), balance: centsToPoints(result.balanceCents), orderStatus, packageStatus: PACKAGE_STATUS.weighed,
  };
}

export async function supplyFreight(tx: Db, me: CurrentUser, orderId: number): Promise<WeighResultDto> {
  const order = await repo.getOrder(tx, orderId, { userId: me.id, forUpdate: true });
  if (!order) throw notFound('订单');
  assertAllowed('supplyFreight', order);
  const fees: FeeLine[] = (order.owedFees ?? []).map((f) => ({ channel: f.channel as FlowChannel, amountCents: f.amountCents }));
  const result = await post(tx, order.userId, postingsOf(order, order.weighVersion, fees, `订单 ${order.tradeNo} 补运费`), creatorOf(me));
  if (!result.ok) {
    throw conflict(`余额不足：订单 ${order.tradeNo} 待补运费 ${points(result.neededCents)} 积分，当前余额 ${points(result.balanceCents)} 积分，请先充值。`);
  }
  await repo.updateOrder(tx, order.id, { orderStatus: ORDER_STATUS.processing, owedCents: 0, owedFees: null });
  const total = fees.reduce((s, f) => s + f.amountCents, 0);
  await audit(tx, me, [{
    entity: 'order', entityId: order.id, tradeNo: order.tradeNo, orderNumber: order.orderNumber, action: 'supplyFreight',
    before: `${order.orderStatus}/${order.packageStatus}`, after: `${ORDER_STATUS.processing}/${order.packageStatus}`, note: `补运费 ${points(total)}`,
  }]);
  await announceFloorWork(tx, order.userId);
  return {
    tradeNo: order.tradeNo, weight: gramsToKg(order.weightGrams ?? 0), chargeableWeight: gramsToKg(order.chargeableGrams ?? order.weightGrams ?? 0),
    fees: feeDtos(fees), total: centsToPoints(total), charged: true, owed: 0, balance: centsToPoints(result.balanceCents),
    orderStatus: ORDER_STATUS.processing, packageStatus: order.packageStatus,
  };
}

/**
 * A weighed order cancelled by staff never ships: what its last weighing charged goes back to the
 * seller (channel 10 reversals) and nothing is owed any more. Returns the cents given back.
 */
export async function refundOrderFees(tx: Db, me: Actor, order: repo.OrderView, remark: string): Promise<number> {
  if (order.weighVersion === 0) return 0;
  const live = await weighFlows(tx, order, order.weighVersion);
  if (live.length) await reverse(tx, order.userId, live.map((f) => f.id), remark, creatorOf(me));
  if (order.owedCents || order.owedFees) await repo.updateOrder(tx, order.id, { owedCents: 0, owedFees: null });
  return -live.reduce((sum, f) => sum + f.incurredCents, 0);
}

/** Stores a base64 packing photo (type by content, image size limit) and links it to the order. */
export async function uploadPackedPhoto(tx: Db, storage: FileStorage, tenantId: TenantId, me: CurrentUser, input: { id?: number | undefined; tradeNo?: string | undefined; base64: string }) {
  if (tenantId === null) throw forbidden('文件属于租户，主机管理员不能上传文件。');
  const order = input.id !== undefined ? await repo.getOrder(tx, input.id, { forUpdate: true }) : await orderByScannedNumber(tx, input.tradeNo!, true);
  if (!order) throw notFound('订单');
  if (order.orderStatus === ORDER_STATUS.cancelled || order.packageStatus === PACKAGE_STATUS.dispatched) throw conflict('订单已取消或已出库，不能再上传打包照片。');
  const raw = input.base64.replace(/^data:[\w/+.-]*;base64,/, '').replace(/\s/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(raw)) throw invalid('base64', '不是有效的 base64 数据');
  const bytes = Buffer.from(raw, 'base64');
  if (bytes.length === 0) throw invalid('base64', UPLOAD_MESSAGES.empty);
  const detected = detectFileType(bytes.subarray(0, 64));
  if (!detected || detected.kind !== 'image') throw invalid('base64', '只支持 JPG/PNG/WEBP/HEIC 图片。');
  if (bytes.length > MAX_BYTES.image) throw invalid('base64', UPLOAD_MESSAGES.imageTooLarge);
  const guid = randomUUID();
  await storage.put(fileKey(tenantId, guid), bytes);
  await tx.insert(files).values({ guid, fileName: `packed-${order.tradeNo}.${detected.ext}`, contentType: detected.contentType, size: bytes.length, ownerUserId: me.id, kind: 'image' });
  await repo.updateOrder(tx, order.id, { packedImageGuid: guid });
  await audit(tx, me, [{ entity: 'order', entityId: order.id, tradeNo: order.tradeNo, orderNumber: order.orderNumber, action: 'packedPhoto', note: '上传打包照片' }]);
  return { guid, link: packedImageLink(guid) };
}

// ---------------------------------------------------------------------------------------------
// The handlers, spread into BackOrder and FrontOrder

type BackProcessing = Pick<Implementation<typeof backOrder>,
  'getCheckGoodsInfoResult' | 'warehouseOrderPacked' | 'uploadPackedBase64Img' | 'commodityWeigh' | 'goodsWeigh' | 'oneClickDelivery'>;

export function backProcessingHandlers(deps: Deps): BackProcessing {
  const storage = defaultFileStorage(deps);
  return {
    async getCheckGoodsInfoResult(input, ctx) {
      return checkGoodsInfo(ctx.db, await orderByScannedNumber(ctx.db, input.tradeNo));
    },
    async warehouseOrderPacked(input, ctx) {
      return packOrder(ctx.db, requireUser(ctx), input, ctx.now);
    },
    async uploadPackedBase64Img(input, ctx) {
      return uploadPackedPhoto(ctx.db, storage, ctx.tenantId, requireUser(ctx), input);
    },
    async commodityWeigh(input, ctx) {
      return weighOrder(ctx.db, requireUser(ctx), { tradeNo: input.tradeNo, weight: input.resultWeight }, ctx.now);
    },
    async goodsWeigh(input, ctx) {
      return weighOrder(ctx.db, requireUser(ctx), input, ctx.now);
    },
    async oneClickDelivery(input, ctx) {
      const me = requireUser(ctx);
      const ids = input.ids?.length
        ? input.ids
        : await repo.shippableOrderIds(ctx.db, { warehouseInfoId: input.warehouseInfoId!, site: input.site });
      const outcome = await shipOrders(ctx.db, ids, me, '一键出库', ctx.now);
      return { count: outcome.shipped.length, skipped: input.ids?.length ? outcome.skipped : [] };
    },
  };
}

export function frontProcessingHandlers(): Pick<Implementation<typeof frontOrder>, 'supplyOrderFreight'> {
  return {
    async supplyOrderFreight(input, ctx) {
      return supplyFreight(ctx.db, requireUser(ctx), input.id);
    },
  };
}
