// xlsx downloads (issue 4 §6, spec 001 §7/§9; stock records issue 13): File/<Export> with the same filters as the list it
// exports. The route has checked the caller and the filters before the first byte goes out; the
// rows are then read in batches from one transaction (a consistent snapshot) and streamed, so
// memory stays flat whatever the size. The transaction lasts as long as the download.
import type { z } from 'zod';
import type { file } from '#shared/contracts/file.ts';
import { translate } from '#shared/i18n/index.ts';
import { labelKey, ORDER_TYPE } from '#shared/enums.ts';
import type { Db } from '../../db/client.ts';
import { requireUser, type CurrentUser, type FileAnswer, type Implementation, type RequestContext } from '../../framework.ts';
import { createXlsxStream, DownloadAborted, exportTime as time, XLSX_TYPE, type XlsxColumn } from '../../files/xlsx.ts';
import { centsToPoints } from '#shared/money.ts';
import * as orders from '../orders/repository.ts';
import * as parcels from '../parcels/repository.ts';
import { exportFlowBatch } from '../ledger/repository.ts';
import { courierDeliveryExport } from '../courier/export.ts';
import { exportRecordBatch, type RecordView } from '../stock/repository.ts';
import { stockRemaining } from '#shared/rules/stock.ts';
import { advanceOrderExport, refusalOrderExport, ynRefusalOrderExport } from '../returns/export.ts';
import { abroadReturnExport, sellerAbroadReturnExport } from '../overseas/export.ts';
import * as statistics from '../statistics/service.ts';
import type { PackedStatisticDto, SignForStatisticDto, StoreStatisticDto } from '#shared/contracts/statistics.ts';

const BATCH = 1000;
const label = (name: Parameters<typeof labelKey>[0], code: number | string | null | undefined) => (code === null || code === undefined ? '' : translate('zh-Hans', labelKey(name, code)));

type OrderRow = Awaited<ReturnType<typeof orders.exportOrderBatch>>[number];
type ParcelRow = Awaited<ReturnType<typeof parcels.exportParcelBatch>>[number];
type FlowExportRow = Awaited<ReturnType<typeof exportFlowBatch>>[number];

const FLOW_COLUMNS: XlsxColumn<FlowExportRow>[] = [
  { header: '流水号', value: (f) => f.id, width: 10 },
  { header: '卖家编码', value: (f) => f.userCode, width: 10 },
  { header: '类型', value: (f) => label('FlowChannel', f.channel), width: 12 },
  { header: '发生金额', value: (f) => centsToPoints(f.incurredCents), width: 12 },
  { header: '余额', value: (f) => centsToPoints(f.balanceCents), width: 12 },
  { header: '交易号', value: (f) => f.tradeNo, width: 18 },
  { header: '订单号', value: (f) => f.orderNumber, width: 20 },
  { header: '店铺', value: (f) => f.storeName },
  { header: '站点', value: (f) => f.site, width: 8 },
  { header: '仓库', value: (f) => f.warehouseName },
  { header: '备注', value: (f) => f.remark, width: 30 },
  { header: '操作人', value: (f) => f.creatorName, width: 12 },
  { header: '时间', value: (f) => time(f.creationTime), width: 20 },
];

const ORDER_COLUMNS: XlsxColumn<OrderRow>[] = [
  { header: '交易号', value: (o) => o.tradeNo, width: 18 },
  { header: '订单号', value: (o) => o.orderNumber, width: 20 },
  { header: '卖家编码', value: (o) => o.userCode, width: 10 },
  { header: '店铺', value: (o) => o.storeName },
  { header: '站点', value: (o) => label('Site', o.site), width: 10 },
  { header: '仓库', value: (o) => o.warehouseName },
  { header: '订单类型', value: (o) => label('OrderType', o.orderType), width: 10 },
  { header: '货物类别', value: (o) => label('CargoCategory', o.cargoCategory), width: 10 },
  { header: '物流方式', value: (o) => label('ShippingMethod', o.shippingMethods), width: 14 },
  { header: '订单状态', value: (o) => label('OrderStatus', o.orderStatus), width: 10 },
  { header: '包裹状态', value: (o) => label('PackageStatus', o.packageStatus), width: 10 },
  { header: '加急', value: (o) => (o.isUrgent ? '是' : '否'), width: 6 },
  { header: '商品', value: (o) => o.lines.map((l) => `${l.productName}${l.specification ? `(${l.specification})` : ''}×${l.quantity}`).join('；'), width: 40 },
  { header: 'SKU', value: (o) => o.lines.map((l) => l.productSku).filter(Boolean).join('；'), width: 20 },
  { header: '商品金额', value: (o) => centsToPoints(o.lines.reduce((sum, l) => sum + (l.price ?? 0) * l.quantity, 0)), width: 10 },
  { header: '国内快递单号', value: (o) => [...new Set(o.lines.map((l) => l.shipment))].join('；'), width: 30 },
  { header: '暂存位', value: (o) => o.shelfNumber, width: 8 },
  { header: '备注', value: (o) => o.reMark, width: 24 },
  { header: '创建时间', value: (o) => time(o.creationTime), width: 20 },
];

const PARCEL_COLUMNS: XlsxColumn<ParcelRow>[] = [
  { header: '快递单号', value: (r) => r.parcel.shipment, width: 22 },
  { header: '卖家编码', value: (r) => r.parcel.userCode, width: 10 },
  { header: '仓库', value: (r) => r.warehouseName },
  { header: '状态', value: (r) => label('ReceiveStatus', r.parcel.receiveStatus), width: 10 },
  { header: '签收时间', value: (r) => time(r.parcel.signForTime), width: 20 },
  { header: '签收人', value: (r) => r.parcel.signUserName, width: 12 },
  { header: '暂存位', value: (r) => r.parcel.shelfNumber, width: 8 },
  { header: '重量(kg)', value: (r) => r.parcel.weight, width: 10 },
  { header: '异常原因', value: (r) => r.parcel.abnormalReason, width: 24 },
  { header: '备注', value: (r) => r.parcel.reMark, width: 24 },
  { header: '申报时间', value: (r) => time(r.parcel.creationTime), width: 20 },
];

const STOCK_COLUMNS: XlsxColumn<RecordView>[] = [
  { header: '交易号', value: (v) => v.record.tradeNo, width: 18 },
  { header: '卖家编码', value: (v) => v.record.userCode, width: 10 },
  { header: '店铺', value: (v) => v.storeName },
  { header: '站点', value: (v) => label('Site', v.record.site), width: 10 },
  { header: '仓库', value: (v) => v.warehouseName },
  { header: 'SKU', value: (v) => v.record.productSku, width: 20 },
  { header: '商品名称', value: (v) => v.record.productName, width: 24 },
  { header: '商品类型', value: (v) => v.record.productType, width: 10 },
  { header: '数量', value: (v) => v.record.productNums, width: 8 },
  { header: '箱数', value: (v) => v.record.packageNums, width: 8 },
  { header: '快递单号', value: (v) => v.record.logisticsNumber, width: 22 },
  { header: '状态', value: (v) => label('StockStatus', v.record.productStatus), width: 10 },
  { header: '条码', value: (v) => v.barCode, width: 14 },
  { header: '货架', value: (v) => v.shelfPosition, width: 10 },
  { header: '已上架', value: (v) => v.record.shelvedNums, width: 8 },
  { header: '待上架', value: (v) => stockRemaining(v.record), width: 8 },
  { header: '采购成本', value: (v) => centsToPoints(v.record.purchaseCostCents), width: 10 },
  { header: '头程费/件', value: (v) => centsToPoints(v.record.headFeeCents), width: 10 },
  { header: '上架费', value: (v) => centsToPoints(v.record.shelfCostCents), width: 10 },
  { header: '验货人', value: (v) => v.record.isCheckBy, width: 12 },
  { header: '验货时间', value: (v) => time(v.record.checkTime), width: 20 },
  { header: '到货时间', value: (v) => time(v.record.arrivedTime), width: 20 },
  { header: '上架完成时间', value: (v) => time(v.record.shelfTime), width: 20 },
  { header: '备注', value: (v) => v.record.remark, width: 24 },
  { header: '创建时间', value: (v) => time(v.record.creationTime), width: 20 },
];

interface ExportDef<F, R> {
  fileName: string;
  columns: readonly XlsxColumn<R>[];
  batch: (tx: Db, filter: F, user: CurrentUser, beforeId: number | null) => Promise<R[]>;
  idOf: (row: R) => number;
}

type Files = typeof file.actions;
type Filter<K extends keyof Files> = z.output<Files[K]['input']>;

/** A streamed export as a file action: the answer goes out at once, the rows follow. */
function exporter<F, R>(def: ExportDef<F, R>) {
  return async (filter: F, ctx: RequestContext): Promise<FileAnswer> => {
    const user = requireUser(ctx);
    const xlsx = createXlsxStream<R>(def.fileName.replace(/\.xlsx$/, ''), def.columns);
    // Not awaited: the rows are written while the client reads (write() waits for it).
    ctx.transaction(async (tx) => {
      let before: number | null = null;
      for (;;) {
        const rows = await def.batch(tx, filter, user, before);
        if (rows.length === 0) break;
        await xlsx.write(rows);
        before = def.idOf(rows[rows.length - 1]!);
        if (rows.length < BATCH) break;
      }
    }).then(() => xlsx.end()).catch((err: Error) => {
      if (err instanceof DownloadAborted) ctx.log.info({ fileName: def.fileName }, 'export abandoned by the client');
      else ctx.log.error({ err }, 'export failed');
      xlsx.fail(err);
    });
    // The plain file name is always export.xlsx: the Chinese one travels in filename*.
    return { body: xlsx.stream, contentType: XLSX_TYPE, fileName: def.fileName, asciiName: 'export.xlsx', disposition: 'attachment' };
  };
}

const exportOf = <K extends keyof Files, R>(_key: K, def: ExportDef<Filter<K>, R>) => exporter(def);

/**
 * A statistic is a few thousand rows at most: read at once and written as one batch. The exporter asks
 * for another batch after a full one, with the last row's "id"; any id means "already read", so idOf
 * answers 1 and the second call answers nothing.
 */
function statisticExport<K extends keyof Files, R>(key: K, fileName: string, read: (tx: Db, f: Filter<K>, user: CurrentUser) => Promise<R[]>, columns: readonly XlsxColumn<R>[]) {
  return exportOf(key, { fileName, columns, idOf: () => 1, batch: async (tx, f, user, before) => (before === null ? read(tx, f, user) : []) });
}
const channelName = (c: number) => label('FlowChannel', c);
const perUser = <R>(day: string, dayOf: (r: R) => string, count: string, countOf: (r: R) => number, user: string, userOf: (r: R) => string): XlsxColumn<R>[] => [
  { header: day, value: dayOf, width: 12 }, { header: user, value: userOf, width: 16 }, { header: count, value: countOf, width: 12 },
];

type Exports = Pick<Implementation<typeof file>, 'getExcelFlow' | 'getCourierExpressDeliveryExport' | 'getExpressExportCrossOrderInfo'
  | 'getExpressExportMainlandOrderInfo' | 'getExpressExportMainlandStockOrderInfo' | 'getFrontExpressExportMainlandOrderInfo' | 'getSignLogisticsExport' | 'getExpressExport'
  | 'getExpressExportSelected' | 'getOrderExportSelected' | 'getFrontOrderExportSelected' | 'getExpressExportSearch' | 'getSignForStatisticalExport' | 'getPackedStatisticalExport'
  | 'getStockPackedStatisticalExport' | 'getProductStoreStatisticalExport' | 'getConsumptionFlowStatisticalExport' | 'getOwnConsumptionFlowStatisticalExport'
  | 'getExcelExportStockList' | 'getFrontExcelExportStockList'
  | 'getExcelExporRefusalOrderInfo' | 'getExcelExportYNRefusalOrderInfo' | 'getExcelExportAdvanceOrderInfo'
  | 'getAbroadExpressExportSearch' | 'getExpressExportAbroadOrderInfo' | 'getFrontExpressExportAbroadOrderInfo'
  | 'getExcelExportAbroadReturnInfo' | 'getFrontExcelExportAbroadReturnInfo'>;

export function exportActions(): Exports {
  return {
    getCourierExpressDeliveryExport: exportOf('getCourierExpressDeliveryExport', courierDeliveryExport),
    getExcelExporRefusalOrderInfo: exportOf('getExcelExporRefusalOrderInfo', refusalOrderExport),
    getExcelExportYNRefusalOrderInfo: exportOf('getExcelExportYNRefusalOrderInfo', ynRefusalOrderExport),
    getExcelExportAdvanceOrderInfo: exportOf('getExcelExportAdvanceOrderInfo', advanceOrderExport),
    // The staff's flow list (Flow/GetFlowList filters); the client allows it 100 s.
    getExcelFlow: exportOf('getExcelFlow', {
      fileName: '积分流水.xlsx', columns: FLOW_COLUMNS, batch: (tx, f, _u, before) => exportFlowBatch(tx, f, before, BATCH), idOf: (f) => f.id,
    }),
    getExpressExportCrossOrderInfo: exportOf('getExpressExportCrossOrderInfo', {
      fileName: '跨境订单信息.xlsx', columns: ORDER_COLUMNS,
      batch: (tx, f, _u, before) => orders.exportOrderBatch(tx, { ...f, orderType: 1 }, before, BATCH), idOf: (o) => o.id,
    }),
    getExpressExportMainlandOrderInfo: exportOf('getExpressExportMainlandOrderInfo', {
      fileName: '大陆订单信息.xlsx', columns: ORDER_COLUMNS,
      batch: (tx, f, _u, before) => orders.exportOrderBatch(tx, { ...f, orderType: 2 }, before, BATCH), idOf: (o) => o.id,
    }),
    getExpressExportMainlandStockOrderInfo: exportOf('getExpressExportMainlandStockOrderInfo', {
      fileName: '囤货订单信息.xlsx', columns: ORDER_COLUMNS,
      batch: (tx, f, _u, before) => orders.exportOrderBatch(tx, { ...f, orderType: 3 }, before, BATCH), idOf: (o) => o.id,
    }),
    getFrontExpressExportMainlandOrderInfo: exportOf('getFrontExpressExportMainlandOrderInfo', {
      fileName: '大陆订单信息.xlsx', columns: ORDER_COLUMNS,
      batch: (tx, f, user, before) => orders.exportOrderBatch(tx, { ...f, orderType: 2, userId: user.id }, before, BATCH), idOf: (o) => o.id,
    }),
    getSignLogisticsExport: exportOf('getSignLogisticsExport', {
      fileName: '已签收包裹.xlsx', columns: PARCEL_COLUMNS,
      batch: (tx, f, _u, before) => parcels.exportParcelBatch(tx, { ...f, warehouseKind: 1, signedOnly: true }, before, BATCH), idOf: (r) => r.parcel.id,
    }),
    // Parcels waiting for someone to decide (无主件, 异常).
    getExpressExport: exportOf('getExpressExport', {
      fileName: '待处理包裹.xlsx', columns: PARCEL_COLUMNS,
      batch: (tx, f, _u, before) => parcels.exportParcelBatch(tx, {
        ...f, receiveStatus: undefined, statuses: f.receiveStatus !== undefined ? [f.receiveStatus] : [5, 6],
      }, before, BATCH),
      idOf: (r) => r.parcel.id,
    }),
    getExpressExportSelected: exportOf('getExpressExportSelected', {
      fileName: '选中数据.xlsx', columns: PARCEL_COLUMNS,
      batch: (tx, f, _u, before) => parcels.exportParcelBatch(tx, { ids: f.ids }, before, BATCH), idOf: (r) => r.parcel.id,
    }),
    // Selected orders (issue 44 §5): staff any of the tenant's, a seller his own.
    getOrderExportSelected: exportOf('getOrderExportSelected', {
      fileName: '选中订单.xlsx', columns: ORDER_COLUMNS,
      batch: (tx, f, _u, before) => orders.exportOrderBatch(tx, { ids: f.ids }, before, BATCH), idOf: (o) => o.id,
    }),
    getFrontOrderExportSelected: exportOf('getFrontOrderExportSelected', {
      fileName: '选中订单.xlsx', columns: ORDER_COLUMNS,
      batch: (tx, f, user, before) => orders.exportOrderBatch(tx, { ids: f.ids, userId: user.id }, before, BATCH), idOf: (o) => o.id,
    }),
    getSignForStatisticalExport: statisticExport('getSignForStatisticalExport', '签收统计.xlsx',
      (tx, f, u) => statistics.signInStatistic(tx, f, undefined, !!u.scope),
      perUser<SignForStatisticDto>('日期', (r) => r.signForTime, '签收数', (r) => r.signForNums, '签收人', (r) => r.signUserName)),
    getPackedStatisticalExport: statisticExport('getPackedStatisticalExport', '打包统计.xlsx',
      async (tx, f, u) => (await statistics.packedStatistic(tx, f, false, undefined, !!u.scope)).items,
      perUser<PackedStatisticDto>('日期', (r) => r.packedTime, '打包订单数', (r) => r.packedOrderNums, '打包人', (r) => r.packedUserName)),
    getStockPackedStatisticalExport: statisticExport('getStockPackedStatisticalExport', '囤货打包统计.xlsx',
      async (tx, f, u) => (await statistics.packedStatistic(tx, f, true, undefined, !!u.scope)).items,
      perUser<PackedStatisticDto>('日期', (r) => r.packedTime, '打包订单数', (r) => r.packedOrderNums, '打包人', (r) => r.packedUserName)),
    getProductStoreStatisticalExport: statisticExport('getProductStoreStatisticalExport', '上架统计.xlsx',
      (tx, f, u) => statistics.shelvedStatistic(tx, f, undefined, !!u.scope),
      perUser<StoreStatisticDto>('日期', (r) => r.storeTime, '上架数', (r) => r.storeCount, '操作人', (r) => r.userName)),
    getConsumptionFlowStatisticalExport: statisticExport('getConsumptionFlowStatisticalExport', '消费统计.xlsx',
      (tx, f, u) => statistics.consumptionStatistic(tx, f, undefined, !!u.scope), [
      { header: '卖家编码', value: (r) => r.userCode, width: 12 }, { header: '类型', value: (r) => channelName(r.channel), width: 12 },
      { header: '发生金额', value: (r) => r.incurredAmount, width: 14 },
    ]),
    getOwnConsumptionFlowStatisticalExport: statisticExport('getOwnConsumptionFlowStatisticalExport', '我的消费统计.xlsx',
      (tx, f, user) => statistics.ownConsumptionStatistic(tx, user.id, f), [
        { header: '日期', value: (r) => r.incurredTime, width: 12 }, { header: '类型', value: (r) => channelName(r.channel), width: 12 },
        { header: '发生金额', value: (r) => r.incurredAmount, width: 14 },
      ]),
    getExcelExportStockList: exportOf('getExcelExportStockList', {
      fileName: '囤货单.xlsx', columns: STOCK_COLUMNS, batch: (tx, f, _u, before) => exportRecordBatch(tx, f, before, BATCH), idOf: (v) => v.record.id,
    }),
    getFrontExcelExportStockList: exportOf('getFrontExcelExportStockList', {
      fileName: '囤货单.xlsx', columns: STOCK_COLUMNS, batch: (tx, f, user, before) => exportRecordBatch(tx, { ...f, userId: user.id }, before, BATCH), idOf: (v) => v.record.id,
    }),
    // Logistics' lists show mainland parcels only (issue 15): so do their exports.
    getExpressExportSearch: exportOf('getExpressExportSearch', {
      fileName: '搜索导出数据.xlsx', columns: PARCEL_COLUMNS,
      batch: (tx, f, _u, before) => parcels.exportParcelBatch(tx, { ...f, warehouseKind: 1 }, before, BATCH), idOf: (r) => r.parcel.id,
    }),
    // Overseas warehouses (issue 15): what AbroadLogistics, BackAbroadOrder and the return lists show.
    getAbroadExpressExportSearch: exportOf('getAbroadExpressExportSearch', {
      fileName: '海外仓包裹.xlsx', columns: PARCEL_COLUMNS,
      batch: (tx, f, _u, before) => parcels.exportParcelBatch(tx, { ...f, warehouseKind: 2 }, before, BATCH), idOf: (r) => r.parcel.id,
    }),
    getExpressExportAbroadOrderInfo: exportOf('getExpressExportAbroadOrderInfo', {
      fileName: '海外仓订单信息.xlsx', columns: ORDER_COLUMNS,
      batch: (tx, f, _u, before) => orders.exportOrderBatch(tx, { ...f, orderType: ORDER_TYPE.abroad }, before, BATCH), idOf: (o) => o.id,
    }),
    getFrontExpressExportAbroadOrderInfo: exportOf('getFrontExpressExportAbroadOrderInfo', {
      fileName: '海外仓订单信息.xlsx', columns: ORDER_COLUMNS,
      batch: (tx, f, user, before) => orders.exportOrderBatch(tx, { ...f, orderType: ORDER_TYPE.abroad, userId: user.id }, before, BATCH),
      idOf: (o) => o.id,
    }),
    getExcelExportAbroadReturnInfo: exportOf('getExcelExportAbroadReturnInfo', abroadReturnExport),
    getFrontExcelExportAbroadReturnInfo: exportOf('getFrontExcelExportAbroadReturnInfo', sellerAbroadReturnExport),
  };
}
