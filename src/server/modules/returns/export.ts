// The xlsx exports of the refusal and advance-order lists (File/GetExcelExporRefusalOrderInfo,
// GetExcelExportYNRefusalOrderInfo, GetExcelExportAdvanceOrderInfo) with the lists' filters, newest
// first; streamed in batches like every export (modules/file-actions/exports.ts).
import { labelKey, REFUSAL_LINE } from '#shared/enums.ts';
import { translate } from '#shared/i18n/index.ts';
import type { Db } from '../../db/client.ts';
import { exportTime as time, type XlsxColumn } from '../../files/xlsx.ts';
import * as repo from './repository.ts';

const label = (name: 'RefusalStatus' | 'AdvanceStatus' | 'OrderType', code: number) => translate('zh-Hans', labelKey(name, code));

type RefusalRow = Awaited<ReturnType<typeof repo.exportRefusalBatch>>[number];

const REFUSAL_COLUMNS: XlsxColumn<RefusalRow>[] = [
  { header: '交易号', value: (r) => r.row.tradeNo, width: 18 },
  { header: '订单号', value: (r) => r.row.orderNumber, width: 22 },
  { header: '卖家编码', value: (r) => r.row.userCode, width: 10 },
  { header: '店铺', value: (r) => r.row.storeName },
  { header: '站点', value: (r) => r.row.site, width: 8 },
  { header: '订单类型', value: (r) => label('OrderType', r.row.orderType), width: 10 },
  { header: '仓库', value: (r) => r.warehouseName },
  { header: '退回说明', value: (r) => r.row.reason, width: 24 },
  { header: '处理状态', value: (r) => label('RefusalStatus', r.row.handleStatus), width: 10 },
  { header: '处理备注', value: (r) => r.row.remark, width: 24 },
  { header: '重新处理原因', value: (r) => r.row.againRemark, width: 24 },
  { header: '处理人', value: (r) => r.row.handleUserName, width: 10 },
  { header: '处理时间', value: (r) => time(r.row.handleTime), width: 20 },
  { header: '扫描人', value: (r) => r.row.scanUserName, width: 10 },
  { header: '登记时间', value: (r) => time(r.row.creationTime), width: 20 },
];

const ADVANCE_COLUMNS: XlsxColumn<repo.AdvanceRow>[] = [
  { header: '快递单号', value: (r) => r.shipment, width: 22 },
  { header: '快递公司', value: (r) => r.expressCompany, width: 14 },
  { header: '卖家编码', value: (r) => r.userCode, width: 10 },
  { header: '处理状态', value: (r) => label('AdvanceStatus', r.handleStatus), width: 12 },
  { header: '备注', value: (r) => r.remark, width: 24 },
  { header: '导入备注', value: (r) => r.importRemark, width: 24 },
  { header: '重新处理原因', value: (r) => r.againRemark, width: 24 },
  { header: '处理人', value: (r) => r.handleUserName, width: 10 },
  { header: '处理时间', value: (r) => time(r.handleTime), width: 20 },
  { header: '导入人', value: (r) => r.creatorName, width: 10 },
  { header: '导入时间', value: (r) => time(r.creationTime), width: 20 },
];

const refusalExport = (line: number, fileName: string) => ({
  fileName, columns: REFUSAL_COLUMNS,
  batch: (tx: Db, f: repo.RefusalFilter, _user: unknown, before: number | null) => repo.exportRefusalBatch(tx, { ...f, line }, before, 1000),
  idOf: (r: RefusalRow) => r.row.id,
});

export const refusalOrderExport = refusalExport(REFUSAL_LINE.general, '拒收订单.xlsx');
export const ynRefusalOrderExport = refusalExport(REFUSAL_LINE.vietnam, '越南线拒收订单.xlsx');
export const advanceOrderExport = {
  fileName: '预报单.xlsx', columns: ADVANCE_COLUMNS,
  batch: (tx: Db, f: repo.AdvanceFilter, _user: unknown, before: number | null) => repo.exportAdvanceBatch(tx, f, before, 1000),
  idOf: (r: repo.AdvanceRow) => r.id,
};
