// File (issue 4 §2/§5/§6, issue 10 §1): every /api/File/* action — uploads, the image and PDF links,
// the xlsx exports, the express import and the label PDFs — declared like any other action. The URLs,
// methods and query names are the old console's public API and stay as they are.
import { z } from 'zod';
import { MAX_PAGE_SIZE } from './common.ts';
import { defineService, fileBytes } from './define.ts';
import { ExpressImportDto } from './express-import.ts';
import { FlowExportInput } from './ledger.ts';
import { BackOrderListInput, OrderListInput, ParcelListInput } from './orders.ts';
import { CourierExpressDeliveryListInput } from './courier.ts';
import { BackStockOrderListInput } from './stock-orders.ts';
import { FILE_BASE_PATH } from '../constants.ts';
import { ConsumptionFlowInput, StatisticRangeInput } from './statistics.ts';
import { BackStockListInput, FrontStockListInput } from './stock.ts';
import { shelfPosition } from './inventory.ts';
import { AdvanceImportResultDto, AdvanceListInput, RefusalListInput } from './returns.ts';
import { AbroadOrderListInput, AbroadReturnListInput, BackAbroadOrderListInput, StaffAbroadReturnListInput } from './overseas.ts';

const MB = 1024 * 1024;

export const UploadedFileDto = z.object({ guid: z.string(), fileName: z.string(), contentType: z.string(), size: z.number() });
export type UploadedFileDto = z.infer<typeof UploadedFileDto>;

/** Spec 001 §5: a link exists only for a guid longer than 1 character; anything else is no such file. */
export const FileGuidQuery = z.object({
  guid: z.string().max(64).optional().describe('the file guid (links exist only when it is longer than 1 character)'),
});
export const PdfQuery = FileGuidQuery.extend({
  id: z.string().max(64).optional().describe('accepted for old clients; the guid decides'),
  orderNumber: z.string().max(64).optional().describe('accepted for old clients; the guid decides'),
});

export const OrderLabelQuery = z.object({
  tradeNo: z.string().trim().min(1).max(32).optional(),
  id: z.number().int().positive().optional(),
}).refine((q) => q.tradeNo || q.id, { message: '请提供交易号 tradeNo 或订单 id', path: ['tradeNo'] });

export const BarcodeLabelQuery = z.object({
  barCode: z.string().trim().min(1).max(64).regex(/^[\x20-\x7e]+$/, '条码只能包含英文字母、数字和符号').optional(),
  /**
   * A stock product's label instead of a given barCode: its barcode, shelf, seller code and SKU (a
   * seller prints only their own products).
   */
  stockProductId: z.number().int().positive().optional(),
  /** Pages: one label per item. */
  copies: z.number().int().min(1).max(500).optional(),
  shelfPosition: z.string().trim().max(32).optional(),
  /** An image link of ours (…?guid=…) or a bare guid; anything else is ignored. */
  imageUrl: z.string().trim().max(512).optional(),
  isDate: z.boolean().optional(),
  userId: z.number().int().positive().optional(),
}).refine((q) => q.barCode || q.stockProductId, { message: '请提供条码 barCode 或库存商品 stockProductId', path: ['barCode'] });

/** Shelf labels: every existing shelf of the warehouse from shelfPosition to endShelfPosition (last number group). */
export const ShelfLabelQuery = z.object({
  warehouseInfoId: z.number().int().positive(), shelfPosition, endShelfPosition: shelfPosition.optional(),
});

export const CustomLabelQuery = z.object({
  guid: z.string().trim().max(64).optional(),
  userId: z.number().int().positive().optional(),
  heightPercentage: z.number().min(10).max(90).optional(),
  /** Lines: a JSON array, or text separated by new lines, | or ；. */
  infos: z.union([z.string().max(4000), z.array(z.string().max(500))]).optional(),
});

/** The hand-over sheet of a delivery-receipt batch (交接单); logisticMethod and userId are accepted for old clients. */
export const DeliveryReceiptSheetQuery = z.object({
  storeId: z.number().int().positive(),
  batchName: z.string().trim().min(1).max(48),
  logisticMethod: z.string().trim().max(32).optional(),
  userId: z.number().int().positive().optional(),
});

/**
 * The most ids GetExpressExportSelected takes: one page of the largest size (a selection is made on
 * one page). They travel in the GET's query string, which Node caps at 16 KB with the headers (431
 * past it; 10 000 ids were allowed and never arrived) and proxies often at 8 KB: 500 ten-digit ids
 * are about 7.5 KB even written `ids=…&ids=…`.
 */
export const EXPORT_SELECTED_MAX = MAX_PAGE_SIZE;
export const ExportSelectedInput = z.object({ ids: z.array(z.number().int().positive()).min(1).max(EXPORT_SELECTED_MAX) });

/**
 * The most orders whose labels print as one PDF (issue 44 §5): a page each, drawn in one request
 * after the data's transaction — 100 pages are a few seconds of one core and about 1 MB.
 */
export const LABELS_SELECTED_MAX = 100;
export const OrderLabelsInput = z.object({ ids: z.array(z.number().int().positive()).min(1).max(LABELS_SELECTED_MAX) });

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'] as const;
const PDF = 'application/pdf';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// Image and PDF links: staff read any file of the tenant, a seller their own uploads and the files
// attached to their parcels and orders; opened by <img> or a new tab, so the cookie also counts.
const image = (summary: string) => ({
  method: 'GET', permission: 'authenticated', input: FileGuidQuery, output: fileBytes, file: { contentType: IMAGE_TYPES }, allowCookie: true, summary,
} as const);
// xlsx exports with the filters of the list they export; rows are streamed from one transaction
// the implementation opens once the first byte may go out.
const xlsx = <I extends z.ZodType>(input: I, permission: 'Amount.Manages' | 'Order.Manages' | 'Front.Orders' | 'OrderManage' | 'OrderManage.ExpressShipmentDelivery'
  | 'Statistical.Manages' | 'Front.Amount' | 'warehouse.Stock' | 'Front.Stock' | 'Front.Abroad', summary: string) => ({
  method: 'GET', permission, input, output: fileBytes, file: { contentType: XLSX_TYPE }, transaction: 'manual', summary,
} as const);
// Label PDFs, opened in a new tab; drawn after the data's transaction has ended.
const label = <I extends z.ZodType>(input: I, permission: 'Order.Manages' | 'Front.Orders' | 'warehouse.Stock' | 'authenticated', summary: string) => ({
  method: 'GET', permission, input, output: fileBytes, file: { contentType: PDF }, allowCookie: true, transaction: 'manual', summary,
} as const);

export const file = defineService('File', {
  uploadFile: {
    method: 'POST', permission: 'authenticated', input: z.object({}), output: UploadedFileDto,
    upload: { field: 'file', maxBytes: 20 * MB + 1 }, transaction: 'manual',
    summary: 'Upload an image (jpeg/png/webp/heic ≤ 10 MB) or a PDF (≤ 20 MB), multipart field `file`; the type is read from the content',
  },
  getLogisticsImage: image('A parcel photo by guid'),
  getUserUploadImage: image('A seller\'s uploaded image by guid'),
  getPackedImage: image('A packing photo by guid'),
  getPdf: {
    method: 'GET', permission: 'authenticated', input: PdfQuery, output: fileBytes, file: { contentType: PDF }, allowCookie: true,
    summary: 'A PDF by guid, inline (staff: any of the tenant; seller: own uploads, own orders)',
  },

  getExcelFlow: xlsx(FlowExportInput, 'Amount.Manages', '积分流水.xlsx: the flow list with its filters'),
  getCourierExpressDeliveryExport: xlsx(CourierExpressDeliveryListInput, 'OrderManage', '快递员入库记录.xlsx'),
  getExpressExportCrossOrderInfo: xlsx(BackOrderListInput, 'Order.Manages', '跨境订单信息.xlsx'),
  getExpressExportMainlandOrderInfo: xlsx(BackOrderListInput, 'Order.Manages', '大陆订单信息.xlsx'),
  getFrontExpressExportMainlandOrderInfo: xlsx(OrderListInput, 'Front.Orders', '大陆订单信息.xlsx: the seller\'s own'),
  getExpressExportMainlandStockOrderInfo: xlsx(BackStockOrderListInput, 'warehouse.Stock', '囤货订单信息.xlsx: the stock orders with their filters'),
  getSignLogisticsExport: xlsx(ParcelListInput, 'OrderManage.ExpressShipmentDelivery', '已签收包裹.xlsx'),
  getExpressExport: xlsx(ParcelListInput, 'OrderManage.ExpressShipmentDelivery', '待处理包裹.xlsx: 无主件 and 异常'),
  getExpressExportSelected: xlsx(ExportSelectedInput, 'OrderManage.ExpressShipmentDelivery', '选中数据.xlsx: the parcels by id'),
  getOrderExportSelected: xlsx(ExportSelectedInput, 'Order.Manages', '选中订单.xlsx: the orders by id (issue 44 §5)'),
  getFrontOrderExportSelected: xlsx(ExportSelectedInput, 'Front.Orders', '选中订单.xlsx: the seller\'s own orders by id'),
  getExpressExportSearch: xlsx(ParcelListInput, 'OrderManage.ExpressShipmentDelivery', '搜索导出数据.xlsx'),
  // The statistics (StatisticalRecords) with the same range, one sheet each.
  getSignForStatisticalExport: xlsx(StatisticRangeInput, 'Statistical.Manages', '签收统计.xlsx'),
  getPackedStatisticalExport: xlsx(StatisticRangeInput, 'Statistical.Manages', '打包统计.xlsx'),
  getStockPackedStatisticalExport: xlsx(StatisticRangeInput, 'Statistical.Manages', '囤货打包统计.xlsx'),
  getProductStoreStatisticalExport: xlsx(StatisticRangeInput, 'Statistical.Manages', '上架统计.xlsx'),
  getConsumptionFlowStatisticalExport: xlsx(ConsumptionFlowInput, 'Statistical.Manages', '消费统计.xlsx: per seller and channel'),
  getOwnConsumptionFlowStatisticalExport: xlsx(StatisticRangeInput, 'Front.Amount', '我的消费统计.xlsx: the seller\'s own, per day and channel'),
  // Stock records (囤货单) with BackStock/FrontStock GetStockList's filters.
  getExcelExportStockList: xlsx(BackStockListInput, 'warehouse.Stock', '囤货单.xlsx'),
  getFrontExcelExportStockList: xlsx(FrontStockListInput, 'Front.Stock', '囤货单.xlsx: the seller\'s own'),
  // The things that come back (contracts/returns.ts), with their lists' filters; the spec's spellings.
  getExcelExporRefusalOrderInfo: xlsx(RefusalListInput, 'OrderManage.ExpressShipmentDelivery', '拒收订单.xlsx: BackRefusalOrder\'s list'),
  getExcelExportYNRefusalOrderInfo: xlsx(RefusalListInput, 'OrderManage.ExpressShipmentDelivery', '越南线拒收订单.xlsx: YNRefusalOrder\'s list'),
  getExcelExportAdvanceOrderInfo: xlsx(AdvanceListInput, 'OrderManage.ExpressShipmentDelivery', '预报单.xlsx: AdvanceOrder\'s list'),
  // Overseas warehouses (contracts/overseas.ts), with their lists' filters: the spec names none of
  // these, so they are named like their mainland siblings.
  getAbroadExpressExportSearch: xlsx(ParcelListInput, 'OrderManage.ExpressShipmentDelivery',
    '海外仓包裹.xlsx: AbroadLogistics/GetLogisticsList (overseas warehouses only)'),
  getExpressExportAbroadOrderInfo: xlsx(BackAbroadOrderListInput, 'Order.Manages', '海外仓订单信息.xlsx: BackAbroadOrder\'s list'),
  getFrontExpressExportAbroadOrderInfo: xlsx(AbroadOrderListInput, 'Front.Abroad', '海外仓订单信息.xlsx: the seller\'s own'),
  getExcelExportAbroadReturnInfo: xlsx(StaffAbroadReturnListInput, 'warehouse.Stock', '海外仓退件.xlsx: AbroadStockReturn\'s list'),
  getFrontExcelExportAbroadReturnInfo: xlsx(AbroadReturnListInput, 'Front.Abroad', '海外仓退件.xlsx: the seller\'s own'),

  importExpress: {
    method: 'POST', permission: 'OrderManage.ExpressShipmentDelivery', input: z.object({}), output: ExpressImportDto,
    upload: { field: 'file', maxBytes: 5 * MB }, transaction: 'manual',
    summary: 'Import declared tracking numbers from an xlsx (multipart field `file`, ≤ 5 MB; columns 快递单号, 卖家编码, 仓库?, 备注?)',
  },

  importAdvanceOrder: {
    method: 'POST', permission: 'OrderManage.ExpressShipmentDelivery', input: z.object({}), output: AdvanceImportResultDto,
    upload: { field: 'file', maxBytes: 5 * MB }, transaction: 'manual',
    summary: 'Import advance orders from an xlsx (multipart field `file`, ≤ 5 MB; columns 快递单号, 快递公司?, 卖家编码?, 备注?): good rows are imported, bad ones reported by sheet row',
  },
  getAdvanceOrderImportTemplate: {
    method: 'GET', permission: 'OrderManage.ExpressShipmentDelivery', input: z.object({}), output: fileBytes,
    file: { contentType: XLSX_TYPE }, transaction: 'manual', summary: '预报单导入模板.xlsx: the header row ImportAdvanceOrder reads, with one example row',
  },

  getOrderLabel: label(OrderLabelQuery, 'Order.Manages', 'Packing label of an order, 100×100 mm PDF (tradeNo or id)'),
  // Selected orders (issue 44 §5): one PDF, a 100×100 mm page per order the rule lets print (canOrder printLabel).
  getOrderLabels: label(OrderLabelsInput, 'Order.Manages', 'Packing labels of the selected orders (ids, at most 100), one PDF, a page each; orders that may not print are left out'),
  getFrontOrderLabels: label(OrderLabelsInput, 'Front.Orders', 'The seller\'s own selected orders\' packing labels (ids, at most 100), one PDF'),
  getPdfbyte: label(BarcodeLabelQuery, 'authenticated',
    'Barcode label, 60×40 mm PDF: barCode (Code 128) or a stock product\'s (stockProductId), shelfPosition, imageUrl, isDate, userId, copies'),
  getShelfLabel: label(ShelfLabelQuery, 'warehouse.Stock', 'Shelf labels, 60×40 mm PDF, one page per existing shelf from shelfPosition to endShelfPosition'),
  getZDYPdf: label(CustomLabelQuery, 'authenticated', 'Custom label, 100×100 mm PDF: an image (guid) over heightPercentage of the page and the lines of infos'),
  getDeliveryReceip: {
    method: 'GET', permission: 'warehouse.Stock', input: DeliveryReceiptSheetQuery, output: fileBytes, file: { contentType: PDF }, allowCookie: true,
    transaction: 'manual', summary: 'The hand-over sheet (交接单) of a delivery-receipt batch, A4 PDF: every trade number with its weight, totals, signature lines',
  },
}, { basePath: FILE_BASE_PATH });
