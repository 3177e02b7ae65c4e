// xlsx downloads (issue 4 §6, spec 001 §7/§9): GET /api/File/<Export> with the same filters as the
// list it exports, the caller checked exactly as the service routes check it, the file streamed.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BackOrderListInput, OrderListInput, ParcelListInput } from '#shared/contracts/orders.ts';
import type { ActionDef } from '#shared/contracts/define.ts';
import { translate } from '#shared/i18n/index.ts';
import { labelKey } from '#shared/enums.ts';
import { centsToPoints } from '#shared/money.ts';
import type { Db } from '../db/client.ts';
import type { CurrentUser, Deps } from '../framework.ts';
import { attachment, createXlsxStream, XLSX_TYPE, type XlsxColumn } from '../files/xlsx.ts';
import * as orders from '../modules/orders/repository.ts';
import * as parcels from '../modules/parcels/repository.ts';
import { FlowExportInput } from '#shared/contracts/ledger.ts';
import { exportFlowBatch } from '../modules/ledger/repository.ts';
import { courierDeliveryExport } from '../modules/courier/export.ts';
import { authorizeCaller, readInput, validationError } from './services.ts';

const BATCH = 1000;
const SHANGHAI = new Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
const time = (d: Date | null | undefined) => (d ? SHANGHAI.format(d).replace(/\//g, '-') : '');
const label = (name: Parameters<typeof labelKey>[0], code: number | string | null | undefined) => (code === null || code === undefined ? '' : translate('zh-Hans', labelKey(name, code)));

type OrderRow = Awaited<ReturnType<typeof orders.exportOrderBatch>>[number];
type ParcelRow = Awaited<ReturnType<typeof parcels.exportParcelBatch>>[number];
type FlowExportRow = Awaited<ReturnType<typeof exportFlowBatch>>[number];

const FLOW_COLUMNS: XlsxColumn<FlowExportRow>[] = [
  { header: '流水号', value: (f) => f.id, width: 10 },
  { header: '卖家编码', value: (f) => f.userCode, width: 10 },
  { header: '类型', value: (f) => label('FlowChannel', f.channel), width: 12 },
  { header: '发生金额', value: (f) => centsToPoints(f.incurredCents), width: 12 },
  { header: '余额', value: (f) => f.balanceCents / 100, width: 12 },
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
  { header: '商品金额', value: (o) => o.lines.reduce((sum, l) => sum + (l.price ?? 0) * l.quantity, 0) / 100, width: 10 },
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

interface ExportDef<F, R> {
  path: string;
  fileName: string;
  /** Access exactly as a service action would declare it; `service` decides the side (Front… or Back… services). */
  service: string;
  access: ActionDef['permission'];
  input: z.ZodType<F>;
  columns: readonly XlsxColumn<R>[];
  batch: (tx: Db, filter: F, user: CurrentUser, beforeId: number | null) => Promise<R[]>;
  idOf: (row: R) => number;
}

const define = <F, R>(d: ExportDef<F, R>) => d as unknown as ExportDef<unknown, unknown>;
const ids = z.object({ ids: z.array(z.number().int().positive()).min(1).max(10_000) });

export const EXPORTS = [
  define(courierDeliveryExport),
  // The staff's flow list (Flow/GetFlowList filters); the client allows it 100 s.
  define({
    path: 'GetExcelFlow', fileName: '积分流水.xlsx', service: 'Flow', access: 'Amount.Manages', input: FlowExportInput, columns: FLOW_COLUMNS,
    batch: (tx, f, _u, before) => exportFlowBatch(tx, f, before, BATCH), idOf: (f) => f.id,
  }),
  define({
    path: 'GetExpressExportCrossOrderInfo', fileName: '跨境订单信息.xlsx', service: 'BackOrder', access: 'Order.Manages', input: BackOrderListInput, columns: ORDER_COLUMNS,
    batch: (tx, f, _u, before) => orders.exportOrderBatch(tx, { ...f, orderType: 1 }, before, BATCH), idOf: (o) => o.id,
  }),
  define({
    path: 'GetExpressExportMainlandOrderInfo', fileName: '大陆订单信息.xlsx', service: 'BackOrder', access: 'Order.Manages', input: BackOrderListInput, columns: ORDER_COLUMNS,
    batch: (tx, f, _u, before) => orders.exportOrderBatch(tx, { ...f, orderType: 2 }, before, BATCH), idOf: (o) => o.id,
  }),
  define({
    path: 'GetFrontExpressExportMainlandOrderInfo', fileName: '大陆订单信息.xlsx', service: 'FrontOrder', access: 'Front.Orders', input: OrderListInput, columns: ORDER_COLUMNS,
    batch: (tx, f, user, before) => orders.exportOrderBatch(tx, { ...f, orderType: 2, userId: user.id }, before, BATCH), idOf: (o) => o.id,
  }),
  define({
    path: 'GetSignLogisticsExport', fileName: '已签收包裹.xlsx', service: 'Logistics', access: 'OrderManage.ExpressShipmentDelivery', input: ParcelListInput, columns: PARCEL_COLUMNS,
    batch: (tx, f, _u, before) => parcels.exportParcelBatch(tx, { ...f, signedOnly: true }, before, BATCH), idOf: (r) => r.parcel.id,
  }),
  // Parcels waiting for someone to decide (无主件, 异常).
  define({
    path: 'GetExpressExport', fileName: '待处理包裹.xlsx', service: 'Logistics', access: 'OrderManage.ExpressShipmentDelivery', input: ParcelListInput, columns: PARCEL_COLUMNS,
    batch: (tx, f, _u, before) => parcels.exportParcelBatch(tx, { ...f, receiveStatus: undefined, statuses: f.receiveStatus !== undefined ? [f.receiveStatus] : [5, 6] }, before, BATCH), idOf: (r) => r.parcel.id,
  }),
  define({
    path: 'GetExpressExportSelected', fileName: '选中数据.xlsx', service: 'Logistics', access: 'OrderManage.ExpressShipmentDelivery', input: ids, columns: PARCEL_COLUMNS,
    batch: (tx, f, _u, before) => parcels.exportParcelBatch(tx, { ids: f.ids }, before, BATCH), idOf: (r) => r.parcel.id,
  }),
  define({
    path: 'GetExpressExportSearch', fileName: '搜索导出数据.xlsx', service: 'Logistics', access: 'OrderManage.ExpressShipmentDelivery', input: ParcelListInput, columns: PARCEL_COLUMNS,
    batch: (tx, f, _u, before) => parcels.exportParcelBatch(tx, f, before, BATCH), idOf: (r) => r.parcel.id,
  }),
];

export async function registerExports(app: FastifyInstance, deps: Deps): Promise<void> {
  for (const def of EXPORTS) {
    const action = { method: 'GET', input: def.input, output: z.null(), permission: def.access } as ActionDef;
    app.get(`/api/File/${def.path}`, {
      schema: { tags: ['File'], summary: `${def.fileName} (xlsx) — ${def.access}`, querystring: def.input },
      validatorCompiler: () => (data: unknown) => ({ value: data }),
    }, async (req: FastifyRequest, reply: FastifyReply) => {
      // Check everything before the first byte is sent: afterwards only an aborted download can say no.
      const { tenantId, user } = await authorizeCaller(deps, req, def.service, def.access);
      const parsed = def.input.safeParse(readInput(action, req));
      if (!parsed.success) throw validationError(parsed.error);
      const xlsx = createXlsxStream<unknown>(def.fileName.replace(/\.xlsx$/, ''), def.columns);
      reply.header('Content-Type', XLSX_TYPE).header('Content-Disposition', attachment(def.fileName)).header('Cache-Control', 'no-store');
      // One transaction for a consistent snapshot; batches keep memory flat.
      deps.database.withTenant(tenantId, async (tx) => {
        let before: number | null = null;
        for (;;) {
          const rows = await def.batch(tx, parsed.data, user, before);
          if (rows.length === 0) break;
          await xlsx.write(rows);
          before = def.idOf(rows[rows.length - 1]!);
          if (rows.length < BATCH) break;
        }
      }).then(() => xlsx.end()).catch((err: Error) => {
        req.log.error({ err }, 'export failed');
        xlsx.fail(err);
      });
      return reply.send(xlsx.stream);
    });
  }
}
