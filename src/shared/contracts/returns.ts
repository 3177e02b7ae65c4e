// The things that come back (DOMAIN §6, spec 001 §7): orders refused at their destination and
// shipped back to us (BackRefusalOrder, and YNRefusalOrder for the Vietnam line: the same actions on
// separate records), parcels pre-alerted before any order named them (AdvanceOrder, imported from
// xlsx through File/ImportAdvanceOrder) and marketplace returns at the mainland warehouse
// (ShopeeOrderReturn for staff, FrontShopeeOrderReturn for the seller). Every decision is audited
// (OrderOperate); the destroy fee of a return is a ledger posting (channel 9).
import { z } from 'zod';
import { optionalText, paged, pagedResult, text, isoTime } from './common.ts';
import { defineService } from './define.ts';
import { trackingNumber, trackingNumberFilter } from './orders.ts';

const id = z.number().int().positive();
const STAFF = 'OrderManage.ExpressShipmentDelivery' as const;

/** What a to-stock decision put back (ListedHistory type 4, DOMAIN §7). */
export const RestockedItemDto = z.object({ stockProductId: z.number().int(), productSku: z.string(), quantity: z.number().int() });
/**
 * What goes back to stock, named by staff: the seller's stock products at that warehouse and how many.
 * Left out: the order's own lines, each into its SKU's product of the order's store at that warehouse.
 */
export const RestockItemsInput = z.array(z.object({ stockProductId: id, quantity: z.number().int().positive().max(100_000) })).min(1).max(50);
const SELLER = 'Front.Orders' as const;

/** A trade number as scanned or typed: trimmed, upper case (ours always are). */
const tradeNoInput = z.string().trim().min(1).max(32).transform((s) => s.toUpperCase());
/** A marketplace order number as scanned: trimmed, kept as written (it is matched exactly). */
const orderNumberInput = z.string().trim().min(1).max(64);

// ── Refused orders (BackRefusalOrder, YNRefusalOrder) ───────────────────────────────────────────

export const RefusalOrderDto = z.object({
  id: z.number().int(),
  /** 1 拒收订单 (BackRefusalOrder), 2 越南线 (YNRefusalOrder). */
  line: z.number().int(),
  tradeNo: z.string(),
  orderNumber: z.string(),
  orderId: z.number().int(),
  orderType: z.number().int(),
  userId: z.number().int(),
  userCode: z.string(),
  storeName: z.string().nullable(),
  site: z.string(),
  warehouseInfoId: z.number().int().nullable(),
  warehouseName: z.string().nullable(),
  /** What the picker noted at the scan (why it came back, the state it is in). */
  reason: z.string().nullable(),
  /** 0 待处理, 1 重新入库, 2 退回卖家, 3 销毁. */
  handleStatus: z.number().int(),
  /** The remark of the decision in force (HandleStatus's, or AgainHandleStatus's reason). */
  remark: z.string().nullable(),
  /** The reason of the last correction (AgainHandleStatus), kept on the item. */
  againRemark: z.string().nullable(),
  /** 重新入库: what went back to stock; null otherwise. */
  stockItems: z.array(RestockedItemDto).nullable(),
  handleTime: z.string().nullable(),
  handleUserName: z.string().nullable(),
  scanUserName: z.string().nullable(),
  creationTime: z.string(),
});
export type RefusalOrderDto = z.infer<typeof RefusalOrderDto>;

/** Create's answer: the refusal, and whether this scan found it already recorded (nothing added). */
export const RefusalScanDto = RefusalOrderDto.extend({ repeated: z.boolean() });
export type RefusalScanDto = z.infer<typeof RefusalScanDto>;

export const RefusalListInput = paged({
  tradeNo: z.string().trim().max(32).optional(),
  orderNumber: z.string().trim().max(64).optional(),
  userCode: z.string().trim().max(16).optional(),
  handleStatus: z.number().int().min(0).max(3).optional(),
  timeFrom: isoTime.optional(),
  timeTo: isoTime.optional(),
});

const refusalDecision = z.union([z.literal(1), z.literal(2), z.literal(3)]);

/** The same actions on either line's records; another line's id is 404. */
const refusalActions = {
  /** A refused order's trade number scanned back in: a refusal (handleStatus 0); a rescan answers the same record. */
  create: {
    method: 'POST', permission: STAFF, offline: true,
    input: z.object({ tradeNo: tradeNoInput, reason: optionalText(512) }),
    output: RefusalScanDto,
  },
  getRefusalOrderList: { method: 'GET', permission: STAFF, input: RefusalListInput, output: pagedResult(RefusalOrderDto) },
  /** The decision, once, from 0: 1 重新入库 (into stock: `items`, or the order's lines), 2 退回卖家, 3 销毁. */
  handleStatus: {
    method: 'POST', permission: STAFF,
    input: z.object({ id, handleStatus: refusalDecision, remark: optionalText(512), items: RestockItemsInput.optional() }),
    output: RefusalOrderDto,
  },
  /** Corrects a decision; the remark is the reason, required and kept. Leaving 重新入库 takes its goods back out of stock. */
  againHandleStatus: {
    method: 'POST', permission: STAFF,
    input: z.object({ id, handleStatus: refusalDecision, remark: text(512), items: RestockItemsInput.optional() }),
    output: RefusalOrderDto,
  },
} as const;

export const backRefusalOrder = defineService('BackRefusalOrder', refusalActions);
export const ynRefusalOrder = defineService('YNRefusalOrder', refusalActions);

/** The seller's side: what came back of their orders, on either line, and what was decided. */
export const frontRefusalOrder = defineService('FrontRefusalOrder', {
  getRefusalOrderList: {
    method: 'GET', permission: SELLER,
    input: paged({
      line: z.union([z.literal(1), z.literal(2)]).optional(), tradeNo: z.string().trim().max(32).optional(),
      orderNumber: z.string().trim().max(64).optional(), handleStatus: z.number().int().min(0).max(3).optional(),
    }),
    output: pagedResult(RefusalOrderDto),
  },
});

// ── Advance orders (AdvanceOrder) ───────────────────────────────────────────────────────────────

export const AdvanceOrderDto = z.object({
  id: z.number().int(),
  shipment: z.string(),
  expressCompany: z.string().nullable(),
  userId: z.number().int().nullable(),
  userCode: z.string().nullable(),
  /** 0 待处理 (after import), 1 已匹配订单, 2 转囤货, 3 退回. */
  handleStatus: z.number().int(),
  /** The latest remark: the import's 备注, then each decision's. */
  remark: z.string().nullable(),
  /** The 备注 the import brought, as it was. */
  importRemark: z.string().nullable(),
  againRemark: z.string().nullable(),
  handleTime: z.string().nullable(),
  handleUserName: z.string().nullable(),
  creatorName: z.string().nullable(),
  creationTime: z.string(),
});
export type AdvanceOrderDto = z.infer<typeof AdvanceOrderDto>;

export const AdvanceListInput = paged({
  shipment: trackingNumberFilter.optional(),
  userCode: z.string().trim().max(16).optional(),
  expressCompany: z.string().trim().max(64).optional(),
  handleStatus: z.number().int().min(0).max(3).optional(),
  timeFrom: isoTime.optional(),
  timeTo: isoTime.optional(),
});

/** What File/ImportAdvanceOrder answers: good rows are imported, each bad one is reported by its sheet row (header = 1). */
export const AdvanceImportResultDto = z.object({
  imported: z.number().int(),
  failed: z.array(z.object({ row: z.number().int(), shipment: z.string(), reason: z.string() })),
});
export type AdvanceImportResultDto = z.infer<typeof AdvanceImportResultDto>;

const advanceDecision = z.union([z.literal(1), z.literal(2), z.literal(3)]);

export const advanceOrder = defineService('AdvanceOrder', {
  getOrderList: { method: 'GET', permission: STAFF, input: AdvanceListInput, output: pagedResult(AdvanceOrderDto) },
  /** The decision, once, from 0: 1 已匹配订单, 2 转囤货, 3 退回. */
  handleStatus: { method: 'POST', permission: STAFF, input: z.object({ id, handleStatus: advanceDecision, remark: optionalText(512) }), output: AdvanceOrderDto },
  againHandleStatus: { method: 'POST', permission: STAFF, input: z.object({ id, handleStatus: advanceDecision, remark: text(512) }), output: AdvanceOrderDto },
});

// ── Marketplace returns (ShopeeOrderReturn, FrontShopeeOrderReturn) ─────────────────────────────

export const OrderReturnDto = z.object({
  id: z.number().int(),
  orderNumber: z.string(),
  userId: z.number().int(),
  userCode: z.string(),
  /** The seller's order it matched, when there is one. */
  orderId: z.number().int().nullable(),
  tradeNo: z.string().nullable(),
  shipment: z.string().nullable(),
  warehouseInfoId: z.number().int().nullable(),
  warehouseName: z.string().nullable(),
  /** 0 待处理, 1 已处理. */
  whetherHandle: z.number().int(),
  /** The seller's decision: 1 入库, 2 退回卖家, 3 销毁; null until they choose. */
  handleType: z.number().int().nullable(),
  reMark: z.string().nullable(),
  warehouseRemark: z.string().nullable(),
  recipientName: z.string().nullable(),
  receiptPhone: z.string().nullable(),
  receiptAddress: z.string().nullable(),
  /** The destroy fee charged (channel 9), points; null when none was. */
  destroyFee: z.number().nullable(),
  /** When the parcel was scanned in at the warehouse; null while it is only pre-declared. */
  returnTime: z.string().nullable(),
  /** The seller declared it before it arrived (CreateOrderReturn). */
  preDeclared: z.boolean(),
  /** 入库, once handled: what went into stock. */
  stockItems: z.array(RestockedItemDto).nullable(),
  decisionTime: z.string().nullable(),
  handleTime: z.string().nullable(),
  handleUserName: z.string().nullable(),
  scanUserName: z.string().nullable(),
  creationTime: z.string(),
});
export type OrderReturnDto = z.infer<typeof OrderReturnDto>;

/** CheckUserCode's answer: the return, and whether this scan found it already scanned in. */
export const CheckUserCodeDto = OrderReturnDto.extend({ repeated: z.boolean() });
export type CheckUserCodeDto = z.infer<typeof CheckUserCodeDto>;

const returnFilters = {
  orderNumber: z.string().trim().max(64).optional(),
  whetherHandle: z.union([z.literal(0), z.literal(1)]).optional(),
  handleType: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
};

export const shopeeOrderReturn = defineService('ShopeeOrderReturn', {
  getShopeeOrderReturnList: {
    method: 'GET', permission: STAFF,
    input: paged({ ...returnFilters, userCode: z.string().trim().max(16).optional(), warehouseInfoId: id.optional(), timeFrom: isoTime.optional(), timeTo: isoTime.optional() }),
    output: pagedResult(OrderReturnDto),
  },
  /**
   * A returned parcel's marketplace order number scanned in: finds the seller (their order, or the
   * return they pre-declared) and records the return once; no seller → 409, nothing recorded.
   */
  checkUserCode: {
    method: 'POST', permission: STAFF, query: ['orderNumber', 'warehouseInfoId'], offline: true,
    input: z.object({ orderNumber: orderNumberInput, warehouseInfoId: id }),
    output: CheckUserCodeDto,
  },
  /**
   * Staff: mark it handled (whetherHandle 1, once it is here and the seller has chosen; 入库 puts `items`,
   * or the order's lines, into stock), the warehouse's remark, the arrival time.
   */
  update: {
    method: 'POST', permission: STAFF,
    input: z.object({
      id, whetherHandle: z.union([z.literal(0), z.literal(1)]).optional(), reMark: optionalText(512), returnTime: isoTime.optional().nullable(),
      items: RestockItemsInput.optional(),
    }),
    output: OrderReturnDto,
  },
});

const orderReturnDecision = z.object({
  id,
  handleType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  recipientName: optionalText(64),
  receiptPhone: optionalText(32),
  receiptAddress: optionalText(512),
  reMark: optionalText(512),
}).superRefine((v, ctx) => {
  if (v.handleType !== 2) return;
  for (const [key, label] of [['recipientName', '收件人'], ['receiptPhone', '联系电话'], ['receiptAddress', '退回地址']] as const) {
    if (!v[key]) ctx.addIssue({ code: 'custom', path: [key], message: `退回卖家时请填写${label}` });
  }
});

export const frontShopeeOrderReturn = defineService('FrontShopeeOrderReturn', {
  getUserShopeeOrderReturnList: { method: 'GET', permission: SELLER, input: paged(returnFilters), output: pagedResult(OrderReturnDto) },
  /** What choosing 销毁 costs now (the tenant's destroy fee, points), shown before the seller decides. */
  getDestroyFee: { method: 'GET', permission: SELLER, input: z.object({}), output: z.object({ destroyFee: z.number() }) },
  /** The seller's decision: 1 入库, 2 退回卖家 (with an address), 3 销毁 (the destroy fee, channel 9, once). */
  update: { method: 'POST', permission: SELLER, input: orderReturnDecision, output: OrderReturnDto },
  /** Pre-declares a return on its way, so the scan finds its seller even without an order here. */
  createOrderReturn: {
    method: 'POST', permission: SELLER,
    input: z.object({ orderNumber: orderNumberInput, warehouseInfoId: id, shipment: trackingNumber.optional().nullable(), reMark: optionalText(512) }),
    output: OrderReturnDto,
  },
});
