// Stock records (囤货单, DOMAIN §7; spec 001 §7 FrontStock, BackStock): a seller declares one product of
// a stockpile shipment (tradeNo SR…); the warehouse signs its logisticsNumber in at the parcel scan
// (Logistics/SignByScan, or by hand with BackStock/EditStatus or Logistics/StockLogisticsSign?id of its
// parcel), inspects, labels and shelves it. productStatus moves by src/shared/rules/stock.ts.
import { z } from 'zod';
import { ENUM_CODES, type StockStatus } from '../enums.ts';
import { optionalText, paged, pagedResult, text, isoTime } from './common.ts';
import { defineService } from './define.ts';
import { centimetres, kilograms, points } from './fees.ts';
import { ListedHistoryDto, StockProductDto, barCode, shelfPosition } from './inventory.ts';
import { trackingNumber } from './orders.ts';
import { sortingOf, STOCK_SORT_FIELDS } from './sorting.ts';

const id = z.number().int().positive();
const stockStatus = z.union(ENUM_CODES.StockStatus.map((v) => z.literal(v)) as unknown as [z.ZodLiteral<StockStatus>, z.ZodLiteral<StockStatus>]);
const nums = z.number().int().min(1).max(1_000_000);

export const StockRecordDto = z.object({
  id: z.number().int(), tradeNo: z.string(),
  /** 0 待到货 1 已到货 2 验货通过 3 验货不通过 4 已贴标 5 已上架 6 已取消. */
  productStatus: z.number().int(),
  userId: z.number().int(), userCode: z.string().nullable(),
  storeId: z.number().int(), storeName: z.string().nullable(), orderSite: z.string(),
  warehouseInfoId: z.number().int(), warehouseName: z.string().nullable(),
  productSku: z.string(), productName: z.string(), productType: z.string().nullable(),
  productNums: z.number().int(), packageNums: z.number().int(), logisticsNumber: z.string(),
  purchaseCost: z.number().nullable(), productLink: z.string().nullable(), productImgGuid: z.string().nullable(),
  productLong: z.number().nullable(), productWide: z.number().nullable(), productHigh: z.number().nullable(), productWeight: z.number().nullable(),
  remark: z.string().nullable(),
  arrivedTime: z.string().nullable(),
  isCheckBy: z.string().nullable(), checkTime: z.string().nullable(), checkNums: z.number().int().nullable(),
  checkImageGuid: z.string().nullable(), checkRemark: z.string().nullable(),
  /** The quantity to shelve when it differs from productNums (counted at inspection or accepted by HandleAbnormal). */
  acceptedNums: z.number().int().nullable(),
  /** HandleAbnormal chose to send it back: the seller gives the return waybill with CreateReturnStore. */
  returnRequested: z.boolean(), returnShipNumber: z.string().nullable(), returnTime: z.string().nullable(),
  /** The stock product it goes into, from labelling (4) on, with its barcode and shelf. */
  stockProductId: z.number().int().nullable(), barCode: z.string().nullable(), shelfPosition: z.string().nullable(),
  labelTime: z.string().nullable(),
  shelvedNums: z.number().int(),
  /** Still to shelve: (acceptedNums ?? productNums) − shelvedNums. */
  remainingNums: z.number().int(),
  /** When the last of it was shelved. */
  warehouseIssueTime: z.string().nullable(),
  /** First-leg freight per item (points), GetHeadFee's estimate. */
  headFee: z.number().nullable(),
  /** The shelving fee charged (points), once. */
  shelfCost: z.number().nullable(), shelfCostTime: z.string().nullable(),
  creationTime: z.string(), lastModificationTime: z.string().nullable(),
});
export type StockRecordDto = z.infer<typeof StockRecordDto>;

const productDetails = {
  productType: optionalText(64),
  purchaseCost: points().optional().nullable(),
  productLink: optionalText(512),
  productImgGuid: z.uuid().optional().nullable(),
  productLong: centimetres().optional().nullable(),
  productWide: centimetres().optional().nullable(),
  productHigh: centimetres().optional().nullable(),
  /** Weight of one item, kg. */
  productWeight: kilograms().optional().nullable(),
  remark: optionalText(512),
};

/** No id (or 0) declares a new record; with an id, edits the seller's record while it is 0 待到货. */
export const EditStockInput = z.object({
  id: z.number().int().min(0).optional(),
  storeId: id, warehouseInfoId: id,
  productSku: text(128), productName: text(256),
  productNums: nums, packageNums: z.number().int().min(0).max(10_000),
  logisticsNumber: trackingNumber,
  ...productDetails,
});

const listFilters = {
  productStatus: stockStatus.optional(),
  /** Trade number, SKU, product name or logistics number (contains). */
  keyword: z.string().trim().max(128).optional(),
  /** Trade number or logistics number, whole or its tail ("0001111" finds SR…0001111): index-backed (decision 0070). */
  number: z.string().trim().max(64).optional(),
  storeId: id.optional(),
  warehouseInfoId: id.optional(),
  timeFrom: isoTime.optional(),
  timeTo: isoTime.optional(),
};
export const FrontStockListInput = paged({ ...listFilters, sorting: sortingOf(STOCK_SORT_FIELDS) });
export const BackStockListInput = paged({ ...listFilters, userCode: z.string().trim().max(16).optional(), sorting: sortingOf(STOCK_SORT_FIELDS) });

export const frontStock = defineService('FrontStock', {
  getStockList: { method: 'GET', permission: 'Front.Stock', input: FrontStockListInput, output: pagedResult(StockRecordDto) },
  editStock: { method: 'POST', permission: 'Front.Stock', input: EditStockInput, output: StockRecordDto },
  /** Details the seller adds later (photo, link, dimensions, cost…), at any status but 6. */
  supplementStockInfo: { method: 'POST', permission: 'Front.Stock', input: z.object({ id, ...productDetails }), output: StockRecordDto },
  /** 3 验货不通过 with HandleAbnormal's returnIt → 6: the goods go back on the seller's waybill shipNumber (orderId: the record). */
  createReturnStore: {
    method: 'POST', permission: 'Front.Stock', query: ['orderId', 'shipNumber'],
    input: z.object({ orderId: id, shipNumber: trackingNumber }), output: StockRecordDto,
  },
  /** 0 → 6 only; after arrival 409. */
  cancleStock: { method: 'POST', permission: 'Front.Stock', input: z.object({ id }), output: StockRecordDto },
});

const STOCK = 'warehouse.Stock' as const;

export const ShelfUpCheckDto = z.object({
  record: StockRecordDto,
  /** The product's shelf when it has one, else a free shelf of the warehouse (null when none is free). */
  suggestedShelfPosition: z.string().nullable(),
  /** Whether the product already has a shelf (then it goes there). */
  haveShelf: z.boolean(),
  /** Still to shelve, over every labelled record of the product when asked by barcode. */
  remainingNums: z.number().int(),
});
export type ShelfUpCheckDto = z.infer<typeof ShelfUpCheckDto>;

export const ShelfUpResultDto = z.object({
  /** The records shelved (one, or several when shelved by barcode), after the move. */
  records: z.array(StockRecordDto),
  product: StockProductDto,
  /** The type-1 movements written, one per record. */
  listedHistories: z.array(ListedHistoryDto),
});
export type ShelfUpResultDto = z.infer<typeof ShelfUpResultDto>;

export const HeadFeeDto = z.object({
  id: z.number().int(),
  /** First-leg freight per item (points) = freight of the whole shipment / its items. */
  headFee: z.number(),
  /** The whole shipment's freight (points) and its chargeable weight (kg). */
  totalFreight: z.number(), chargeableWeight: z.number(), productNums: z.number().int(),
});

const byRecordOrBarcode = z.object({ id: id.optional(), barCode: barCode.optional() })
  .refine((q) => (q.id === undefined) !== (q.barCode === undefined), { message: '请提供囤货单 id 或商品条码 barCode（二选一）', path: ['id'] });

export const backStock = defineService('BackStock', {
  getStockList: { method: 'GET', permission: STOCK, input: BackStockListInput, output: pagedResult(StockRecordDto) },
  /** By hand: isArrived true 0 → 1 (as the scan does), false 1 → 0. */
  editStatus: {
    method: 'POST', permission: STOCK, query: ['id', 'isArrived'], input: z.object({ id, isArrived: z.boolean() }), output: StockRecordDto,
  },
  /**
   * Inspection (验货) 1 → 2 (ispass) or 3. The floor sends what it counted, the photo's guid and a note
   * in the body; a pass with a count other than productNums accepts the count.
   */
  isCheckPass: {
    method: 'POST', permission: STOCK, query: ['id', 'ispass'], offline: true,
    input: z.object({
      id, ispass: z.boolean(), checkNums: z.number().int().min(0).max(1_000_000).optional().nullable(),
      checkImageGuid: z.uuid().optional().nullable(), checkRemark: optionalText(512),
    }),
    output: StockRecordDto,
  },
  /** Resolves 3 验货不通过: accept a corrected quantity (→ 2) or send it back (the seller then gives CreateReturnStore). */
  handleAbnormal: {
    method: 'POST', permission: STOCK,
    input: z.object({ id, acceptedQuantity: nums.optional().nullable(), returnIt: z.boolean().optional(), remark: optionalText(512) })
      .refine((q) => (q.acceptedQuantity != null) !== (q.returnIt === true), { message: '请填写接收数量，或选择退回（二选一）', path: ['acceptedQuantity'] }),
    output: StockRecordDto,
  },
  /** 2 → 4: the record's stock product is created if new, with a tenant-unique barCode (print it with File/GetPdfbyte). */
  processLabel: { method: 'POST', permission: STOCK, query: ['id'], input: z.object({ id }), output: StockRecordDto },
  /** Before shelving: the record (by id, or the oldest labelled one of a product barcode) and the shelf to use. */
  shelfUpCheck: { method: 'GET', permission: STOCK, input: byRecordOrBarcode, output: ShelfUpCheckDto },
  /** Whether the record's product has a shelf already, and a free one if not. */
  checkWhetherHaveShelf: {
    method: 'GET', permission: STOCK, input: z.object({ id }),
    output: z.object({ haveShelf: z.boolean(), shelfPosition: z.string().nullable(), freeShelfPositions: z.array(z.string()) }),
  },
  /**
   * Shelves `quantity` of a labelled record (or, by barCode, of the product's labelled records, oldest
   * first) on `shelfPosition` of its warehouse: one type-1 ListedHistory row per record with its
   * tradeNo; a record is 5 once all of it is shelved. Queued offline by the floor (Idempotency-Key).
   */
  shelfUp: {
    method: 'POST', permission: STOCK, offline: true,
    input: z.object({ id: id.optional(), barCode: barCode.optional(), shelfPosition, quantity: nums })
      .refine((q) => (q.id === undefined) !== (q.barCode === undefined), { message: '请提供囤货单 id 或商品条码 barCode（二选一）', path: ['id'] }),
    output: ShelfUpResultDto,
  },
  /** Posts the one-time shelving fee (channel 6): shelved items × the product's (else the store's) fee per item; once. */
  deductShelfCost: { method: 'POST', permission: STOCK, query: ['id'], input: z.object({ id }), output: StockRecordDto },
  /**
   * Estimates the first-leg freight per item from the warehouse's freight rule for the store's site
   * (cargoCategory default 1; weight and dimensions of one item default to the record's) and keeps it as
   * the record's and its product's headFee. Charges nothing.
   */
  getHeadFee: {
    method: 'POST', permission: STOCK,
    input: z.object({
      id, cargoCategory: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
      productWeight: kilograms().optional(), productLong: centimetres().optional(), productWide: centimetres().optional(), productHigh: centimetres().optional(),
    }),
    output: HeadFeeDto,
  },
});
