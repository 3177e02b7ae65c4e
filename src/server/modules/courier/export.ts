// File/GetCourierExpressDeliveryExport: the courier hand-over records (快递员入库记录.xlsx) with the
// list's filters, newest first. Streamed like the other xlsx downloads (modules/file-actions/exports.ts).
import { exportTime as time, type XlsxColumn } from '../../files/xlsx.ts';
import { toDeliveryDto } from './service.ts';
import { exportDeliveryBatch, type DeliveryView } from './repository.ts';

const RECEIVE: Record<number, string> = { 0: '待签收', 1: '已签收', 2: '已入库', 3: '拒收', 4: '已退回', 5: '无主件', 6: '异常' };

type Row = ReturnType<typeof toDeliveryDto>;

const COLUMNS: XlsxColumn<Row>[] = [
  { header: '快递单号', value: (r) => r.shipment, width: 22 },
  { header: '快递公司', value: (r) => r.courierCompanyName, width: 14 },
  { header: '快递员', value: (r) => r.courierName, width: 10 },
  { header: '快递员电话', value: (r) => r.courierPhone, width: 14 },
  { header: '仓库', value: (r) => r.warehouseName },
  { header: '包裹状态', value: (r) => (r.receiveStatus === null ? '未申报' : RECEIVE[r.receiveStatus]), width: 10 },
  { header: '卖家编码', value: (r) => r.userCode, width: 10 },
  { header: '状态', value: (r) => (r.isEnable ? '有效' : '已作废'), width: 8 },
  { header: '登记人', value: (r) => r.creatorUserName, width: 10 },
  { header: '登记时间', value: (r) => time(r.creationTime), width: 20 },
  { header: '作废人', value: (r) => r.notEnableUserName, width: 10 },
  { header: '作废时间', value: (r) => time(r.notEnableTime), width: 20 },
  { header: '备注', value: (r) => r.reMark, width: 24 },
];

export const courierDeliveryExport = {
  fileName: '快递员入库记录.xlsx',
  columns: COLUMNS,
  batch: async (tx: Parameters<typeof exportDeliveryBatch>[0], f: Parameters<typeof exportDeliveryBatch>[1], _user: unknown, before: number | null) =>
    (await exportDeliveryBatch(tx, f, before, 1000)).map((r: DeliveryView) => toDeliveryDto(r)),
  idOf: (r: Row) => r.id,
};
