// Stock orders (囤货订单, DOMAIN §7, issue 14): orders shipped from a seller's stock in our warehouse
// (tradeNo ST…, orderType 3). Creating one reserves its products through the inventory module; the
// floor picks and packs it by scanning (StockOrderBale: stock out, reservation released), then it is
// weighed and charged like any order (DOMAIN §5) and handed over (delivery receipts). Also the
// seller's combination products (a bundle of products ordered as one).
import { z } from 'zod';
import { SITES } from '../enums.ts';
import { listResult, optionalText, paged, pagedResult, text, isoTime } from './common.ts';
import { defineService } from './define.ts';
import { bagOrderActions } from './mainland-package.ts';
import { AuditDto, OrderDto, OrderStatistics } from './orders.ts';
import { dimensionCm, ProcessingInfoDto, WeighResultDto, weightKg } from './processing.ts';

const id = z.number().int().positive();
const site = z.enum(SITES);
const code = <T extends readonly [number, ...number[]]>(values: T) => z.union(values.map((v) => z.literal(v)) as unknown as [z.ZodLiteral<T[number]>, z.ZodLiteral<T[number]>]);
const quantity = z.number().int().min(1).max(100_000);
const ids = z.array(id).min(1).max(500);

// ---------------------------------------------------------------------------------------------
// Combination products (FrontStockProduct EditCombinationStock / CancleCombinationStock)

export const CombinationDto = z.object({
  id: z.number().int(), productSku: z.string(), productName: z.string(),
  items: z.array(z.object({ stockProductId: z.number().int(), productSku: z.string(), productName: z.string(), quantity: z.number().int(), available: z.number().int() })),
  /** How many whole bundles the parts' available stock makes now. */
  available: z.number().int(),
  creationTime: z.string(),
});
export type CombinationDto = z.infer<typeof CombinationDto>;

export const EditCombinationInput = z.object({
  /** Absent or 0 creates; else replaces that combination's name and parts. */
  id: z.number().int().min(0).optional(),
  productSku: text(128), productName: text(256),
  items: z.array(z.object({ stockProductId: id, quantity })).min(1, '组合至少需要一个商品').max(50),
});

/** Spread into FrontStockProduct (contracts/inventory.ts): the spec lists them there. */
export const combinationActions = {
  editCombinationStock: { method: 'POST', permission: 'Front.Stock', input: EditCombinationInput, output: z.object({ id: z.number().int() }) },
  cancleCombinationStock: { method: 'POST', permission: 'Front.Stock', input: z.object({ id }), output: z.null() },
  /** The seller's combinations (the order form's picker and the combination screen). */
  getCombinationList: { method: 'GET', permission: 'Front.Stock', input: paged({ keyword: z.string().trim().max(128).optional() }), output: pagedResult(CombinationDto) },
} as const;

// ---------------------------------------------------------------------------------------------
// Stock orders

export const StockOrderItemInput = z.object({ stockProductId: id.optional(), combinationId: id.optional(), quantity })
  .refine((v) => (v.stockProductId === undefined) !== (v.combinationId === undefined), { message: '每行填写 stockProductId 或 combinationId 之一', path: ['stockProductId'] });

export const CreateStockOrderInput = z.object({
  storeId: id, orderNumber: text(64), site, shippingMethods: code([1, 2, 3] as const), cargoCategory: code([1, 2, 3] as const),
  pdfGuid: z.uuid().optional().nullable(),
  items: z.array(StockOrderItemInput).min(1, '至少需要一行商品').max(100),
  reMark: optionalText(512),
});
export const UpdateStockOrderInput = CreateStockOrderInput.extend({ id });

/** What the order takes from one product (combinations already broken into their parts). */
export const StockOrderItemDto = z.object({
  stockProductId: z.number().int(), productSku: z.string(), productName: z.string(), barCode: z.string(),
  shelfPosition: z.string().nullable(), quantity: z.number().int(),
  /** The combination the line came from, if any. */
  combinationId: z.number().int().nullable(), combinationSku: z.string().nullable(),
});
export type StockOrderItemDto = z.infer<typeof StockOrderItemDto>;

export const StockOrderDto = OrderDto.extend({ items: z.array(StockOrderItemDto) });
export type StockOrderDto = z.infer<typeof StockOrderDto>;

export const StockOrderDetailDto = StockOrderDto.extend({ audit: z.array(AuditDto), processing: ProcessingInfoDto });
export type StockOrderDetailDto = z.infer<typeof StockOrderDetailDto>;

const listFilters = {
  orderStatus: code([1, 2, 3, 4, 5, 6, 7] as const).optional(), packageStatus: code([0, 1, 2, 3, 4, 5] as const).optional(),
  storeId: id.optional(), site: site.optional(), isUrgent: z.boolean().optional(),
  timeFrom: isoTime.optional(), timeTo: isoTime.optional(),
  /** Trade number or marketplace order number. */
  number: z.string().trim().max(64).optional(),
};
export const StockOrderListInput = paged(listFilters);
export const BackStockOrderListInput = paged({ ...listFilters, userCode: z.string().trim().max(16).optional(), warehouseInfoId: id.optional() });

const byStockOrderId = z.object({ stockOrderId: id });
const byId = z.object({ id });
const byTradeNo = z.object({ tradeNo: z.string().trim().min(1).max(32) });
const countResult = z.object({ count: z.number().int() });

export const frontStockOrder = defineService('FrontStockOrder', {
  getStockOrderList: { method: 'GET', permission: 'Front.Stock', input: StockOrderListInput, output: pagedResult(StockOrderDto) },
  getStockOrderInfo: { method: 'GET', permission: 'Front.Stock', input: byStockOrderId, output: StockOrderDetailDto },
  getOrderStatistics: { method: 'GET', permission: 'Front.Stock', input: z.object({}), output: OrderStatistics },
  /** Reserves every product at once; a short one refuses the whole order (409 naming its SKU). */
  createStockOrder: { method: 'POST', permission: 'Front.Stock', input: CreateStockOrderInput, output: StockOrderDto },
  /** Before picking: the reservation is replaced by the new lines'. */
  updateOrder: { method: 'POST', permission: 'Front.Stock', input: UpdateStockOrderInput, output: StockOrderDto },
  cancleStockOrder: { method: 'POST', permission: 'Front.Stock', query: ['stockOrderId'], input: byStockOrderId, output: StockOrderDto },
  urgentOrder: { method: 'POST', permission: 'Front.Stock', query: ['id'], input: byId, output: StockOrderDto },
  normalOrder: { method: 'POST', permission: 'Front.Stock', query: ['stockOrderId'], input: byStockOrderId, output: StockOrderDto },
});

const STOCK = 'warehouse.Stock' as const;

/** The picker's scans: every product barcode with how many were scanned (must match the order exactly). */
export const StockOrderBaleInput = byTradeNo.extend({
  items: z.array(z.object({ barCode: z.string().trim().min(1).max(64), quantity })).max(200).optional(),
});

export const backStockOrder = defineService('BackStockOrder', {
  getStockOrderList: { method: 'GET', permission: STOCK, input: BackStockOrderListInput, output: pagedResult(StockOrderDto) },
  /** Orders that take a product (id or SKU), or by trade/marketplace number. */
  getFindStockOrderList: {
    method: 'GET', permission: STOCK,
    input: paged({ stockProductId: id.optional(), productSku: z.string().trim().max(128).optional(), number: z.string().trim().max(64).optional(), userCode: z.string().trim().max(16).optional() }),
    output: pagedResult(StockOrderDto),
  },
  getStockOrderInfo: { method: 'GET', permission: STOCK, input: byStockOrderId, output: StockOrderDetailDto },
  /** The floor's picking list: open orders waiting to be picked (packageStatus 2), with their barcodes. */
  getPickList: { method: 'GET', permission: STOCK, input: z.object({ warehouseInfoId: id.optional() }), output: listResult(StockOrderDto) },
  /** 拣货打包: stock out (ListedHistory type 2 per product), reservation released, packageStatus 3. */
  stockOrderBale: { method: 'POST', permission: STOCK, input: StockOrderBaleInput, output: StockOrderDto, offline: true },
  /** Undo a pick before weighing: stock back (a positive type-2 row), reserved again, packageStatus 2. */
  cancleBale: { method: 'POST', permission: STOCK, input: byTradeNo, output: StockOrderDto },
  cancelUrgentOrder: { method: 'POST', permission: STOCK, query: ['id'], input: byId, output: StockOrderDto },
  cancleStockOrder: { method: 'POST', permission: STOCK, query: ['stockOrderId'], input: byStockOrderId, output: StockOrderDto },
  procesOrderStatu: {
    method: 'POST', permission: STOCK, input: z.object({ ids, orderStatus: code([1, 2, 3, 4, 5, 6, 7] as const), reason: optionalText(512) }), output: countResult,
  },
  processOrderPackageStatus: {
    method: 'POST', permission: STOCK, input: z.object({ ids, packageStatus: code([0, 1, 2, 3, 4, 5] as const), reason: optionalText(512) }), output: countResult,
  },
  /**
   * 国际运单 (DOMAIN §3): puts a weighed stock order sent 第三方物流 into an open mainland bag of its
   * warehouse, site and cargo category, or with mainLandPackageId 0 takes it out — BackOrder's action
   * for stock orders, under this service's permission.
   */
  editInterNationalShipment: { ...bagOrderActions.editInterNationalShipment, permission: STOCK },
  /** Weighs a picked order and charges it (DOMAIN §5 with the orderType 3 base cost); the answer of DOMAIN §9. */
  goodsWeigh: {
    method: 'POST', permission: STOCK,
    input: byTradeNo.extend({ weight: weightKg, length: dimensionCm.optional().nullable(), width: dimensionCm.optional().nullable(), height: dimensionCm.optional().nullable() }),
    output: WeighResultDto,
  },
});
