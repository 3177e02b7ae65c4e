// Stock products, their movements and shelves (DOMAIN §7; spec 001 §7 FrontStockProduct,
// BackStockProduct, ListedHistory, FrontListedHistory, Shelves). Quantities change only through
// ListedHistory rows (server: modules/inventory); a product's figures always equal the sum of its rows.
import { z } from 'zod';
import { ENUM_CODES } from '../enums.ts';
import { listResult, optionalText, paged, pagedResult, isoTime } from './common.ts';
import { defineService } from './define.ts';
import { combinationActions } from './stock-orders.ts';
import { points } from './fees.ts';

const id = z.number().int().positive();
const code = <T extends readonly [number, ...number[]]>(values: T) =>
  z.union(values.map((v) => z.literal(v)) as unknown as [z.ZodLiteral<T[number]>, z.ZodLiteral<T[number]>]);
export const stockProductStatus = code(ENUM_CODES.StockProductStatus);
export const listedType = code(ENUM_CODES.ListedType);
const quantity = z.number().int().min(0).max(10_000_000);

/** A shelf position as printed on its label (`A-01-02`): letters, digits and dashes; upper-cased. */
export const shelfPosition = z.string().trim().toUpperCase().min(1).max(32)
  .regex(/^[A-Z0-9]+(-[A-Z0-9]+)*$/, '货架号只能包含字母、数字和连字符（如 A-01-02）');
/** A product barcode (Code 128): printable ASCII. */
export const barCode = z.string().trim().min(1).max(64).regex(/^[\x21-\x7e]+$/, '条码只能包含英文字母、数字和符号');

export const StockProductDto = z.object({
  id: z.number().int(), userId: z.number().int(), userCode: z.string().nullable(),
  storeId: z.number().int(), storeName: z.string().nullable(), site: z.string(),
  warehouseInfoId: z.number().int(), warehouseName: z.string().nullable(),
  productSku: z.string(), productName: z.string(), productType: z.string().nullable(), productImgGuid: z.string().nullable(),
  barCode: z.string(),
  totalStorage: z.number().int(), totalOutgoing: z.number().int(),
  inventory: z.number().int(), reserved: z.number().int(), available: z.number().int(),
  shelfPosition: z.string().nullable(),
  safeStockNumber: z.number().int(), preStockNumber: z.number().int(),
  /** 1 可用 / 2 不可用 / 3 禁用. */
  status: z.number().int(),
  /** First-leg freight per item (points), GetHeadFee's estimate. */
  headFee: z.number().nullable(),
  /** One-time shelving fee per item (points): the product's own, else its store's; null when neither is set. */
  onlyOneShelfCost: z.number().nullable(),
  /** Shelving fees charged so far (points). */
  shelfCost: z.number(),
  deductIntegral: z.number().nullable(), deductionCycle: z.number().int().nullable(), beginDeductionTime: z.string().nullable(),
  remark: z.string().nullable(),
  creationTime: z.string(), lastModificationTime: z.string().nullable(),
});
export type StockProductDto = z.infer<typeof StockProductDto>;

export const ListedHistoryDto = z.object({
  id: z.number().int(), stockProductId: z.number().int(),
  productSku: z.string(), productName: z.string(), barCode: z.string(), userCode: z.string().nullable(),
  warehouseInfoId: z.number().int(),
  /** 1 上架 / 2 出库 / 3 盘点调整 / 4 退货入库 / 5 销毁. */
  type: z.number().int(),
  /** Signed: what the movement added to (or took from) the inventory. */
  quantity: z.number().int(),
  /** The product's inventory right after this movement. */
  inventoryAfter: z.number().int(),
  shelfPosition: z.string().nullable(), tradeNo: z.string().nullable(), remark: z.string().nullable(),
  /** Who moved it (the operator). */
  userName: z.string().nullable(),
  creationTime: z.string(),
});
export type ListedHistoryDto = z.infer<typeof ListedHistoryDto>;

export const ShelfDto = z.object({
  id: z.number().int(), warehouseInfoId: z.number().int(), warehouseName: z.string().nullable(), shelfPosition: z.string(),
  /** Products whose shelfPosition is this shelf, and their inventory in total. */
  productCount: z.number().int(), inventory: z.number().int(),
  creationTime: z.string(),
});
export type ShelfDto = z.infer<typeof ShelfDto>;

const productFilters = {
  /** SKU, name or barcode (contains). */
  keyword: z.string().trim().max(128).optional(),
  storeId: id.optional(),
  warehouseInfoId: id.optional(),
  status: stockProductStatus.optional(),
  shelfPosition: z.string().trim().toUpperCase().max(32).optional(),
  /** Only products whose available quantity is below their safe stock number. */
  belowSafe: z.boolean().optional(),
};
const historyFilters = {
  stockProductId: id.optional(),
  type: listedType.optional(),
  tradeNo: z.string().trim().max(32).optional(),
  timeFrom: isoTime.optional(),
  timeTo: isoTime.optional(),
};
const byStockId = z.object({ stockId: id });

export const frontStockProduct = defineService('FrontStockProduct', {
  // issue 14 (stock-out): the seller's combination products (contracts/stock-orders.ts).
  ...combinationActions,
  /** The seller's own products. */
  getStockProductList: { method: 'GET', permission: 'Front.Stock', input: paged(productFilters), output: pagedResult(StockProductDto) },
  /** One product's movements, newest first (stockId: the product's id). */
  getInOutStockRecord: {
    method: 'GET', permission: 'Front.Stock', input: paged({ stockId: id, type: listedType.optional() }), output: pagedResult(ListedHistoryDto),
  },
  updateStockProductAvailable: { method: 'GET', permission: 'Front.Stock', input: byStockId, output: StockProductDto, summary: 'status → 1 可用' },
  updateStockProductNotAvailable: { method: 'GET', permission: 'Front.Stock', input: byStockId, output: StockProductDto, summary: 'status → 2 不可用' },
  updateStockProductDisable: { method: 'GET', permission: 'Front.Stock', input: byStockId, output: StockProductDto, summary: 'status → 3 禁用' },
  /** A notification reaches the seller when available drops below it (0: never). */
  editSafeStockNum: { method: 'GET', permission: 'Front.Stock', input: z.object({ id, safestockNumber: quantity }), output: StockProductDto },
  /** The seller's own description of a product; barCode must be free in the tenant (409). */
  editStockProduct: {
    method: 'POST', permission: 'Front.Stock',
    input: z.object({
      id, productName: z.string().trim().min(1).max(256).optional(), productType: optionalText(64), productImgGuid: z.uuid().optional().nullable(),
      barCode: barCode.optional(), remark: optionalText(512),
    }),
    output: StockProductDto,
  },
});

const STOCK = 'warehouse.Stock' as const;

export const backStockProduct = defineService('BackStockProduct', {
  getStockProductList: {
    method: 'GET', permission: STOCK, input: paged({ ...productFilters, userCode: z.string().trim().max(16).optional() }), output: pagedResult(StockProductDto),
  },
  /** The product's storage fee settings: points per item every deductionCycle days from beginDeductionTime (null: the store's). */
  setStockCost: {
    method: 'POST', permission: STOCK,
    input: z.object({
      id, deductIntegral: points().optional().nullable(), deductionCycle: z.number().int().min(1).max(365).optional().nullable(),
      beginDeductionTime: isoTime.optional().nullable(),
    }),
    output: StockProductDto,
  },
  /** The one-time shelving fee per item of this product (points), charged by BackStock/DeductShelfCost. */
  settingShelfCost: {
    method: 'POST', permission: STOCK, query: ['id', 'onlyOneShelfCost'], input: z.object({ id, onlyOneShelfCost: points() }), output: StockProductDto,
  },
  /** Moves a product to another shelf of its warehouse (the goods move with it; no movement row). */
  editShelfPosition: { method: 'POST', permission: STOCK, input: z.object({ id, shelfPosition }), output: StockProductDto },
  /**
   * A counted correction: stocknum is the quantity counted (absolute). Writes one type-3 row with the
   * difference (none when it matches); below 0 is refused (400), below what open orders hold is 409.
   */
  createStockNum: {
    method: 'GET', permission: STOCK, input: z.object({ id, stocknum: quantity, reason: optionalText(256) }), output: StockProductDto,
  },
  /** Expected inbound quantity (a figure for planning; moves nothing). */
  editPreStockNum: { method: 'GET', permission: STOCK, input: z.object({ id, prestockNumber: quantity }), output: StockProductDto },
});

export const listedHistory = defineService('ListedHistory', {
  getList: {
    method: 'GET', permission: STOCK, input: paged({ ...historyFilters, userCode: z.string().trim().max(16).optional(), warehouseInfoId: id.optional() }),
    output: pagedResult(ListedHistoryDto),
  },
});

export const frontListedHistory = defineService('FrontListedHistory', {
  /** The seller's own products' movements. */
  getList: { method: 'GET', permission: 'Front.Stock', input: paged(historyFilters), output: pagedResult(ListedHistoryDto) },
});

export const shelves = defineService('Shelves', {
  getList: {
    method: 'GET', permission: STOCK,
    input: paged({
      warehouseInfoId: id.optional(),
      /** Positions starting with it (A-01 lists A-01-01, A-01-02…). */
      shelfPosition: z.string().trim().toUpperCase().max(32).optional(),
      /** Only shelves no product names (free for a new product). */
      free: z.boolean().optional(),
    }),
    output: pagedResult(ShelfDto),
  },
  /**
   * One shelf, or with endShelfPosition every position between the two that differ in the last
   * number group only (A-01-01 … A-01-20, at most 1000). Positions that exist already are left as
   * they are and listed in `existing`; a single one that exists is 409.
   */
  add: {
    method: 'POST', permission: STOCK,
    input: z.object({ warehouseInfoId: id, shelfPosition, endShelfPosition: shelfPosition.optional().nullable() }),
    output: listResult(ShelfDto).extend({ existing: z.array(z.string()) }),
  },
  /** Detaches the products on it; refused (409) while any of them has inventory. */
  clear: { method: 'POST', permission: STOCK, input: z.object({ id }), output: ShelfDto },
  /** Removes an empty shelf (no product names it); otherwise 409. */
  delete: { method: 'POST', permission: STOCK, input: z.object({ id }), output: z.null() },
});
