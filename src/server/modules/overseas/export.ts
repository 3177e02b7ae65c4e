// The xlsx export of buyers' returns to overseas warehouses (File/GetExcelExportAbroadReturnInfo for
// staff, GetFrontExcelExportAbroadReturnInfo for the seller's own) with the return lists' filters,
// newest first; streamed in batches like every export (modules/file-actions/exports.ts).
import { ABROAD_RETURN_STATUS, labelKey } from '#shared/enums.ts';
import { translate } from '#shared/i18n/index.ts';
import { centsToPoints } from '#shared/money.ts';
import type { Db } from '../../db/client.ts';
import { exportTime as time, type XlsxColumn } from '../../files/xlsx.ts';
import * as repo from './repository.ts';


type ReturnRow = repo.AbroadReturnView & { items: repo.ReturnItemView[] };

const RETURN_COLUMNS: XlsxColumn<ReturnRow>[] = [
  { header: '退件单号', value: (r) => r.row.returnNumber, width: 22 },
  { header: '交易号', value: (r) => r.tradeNo, width: 18 },
  { header: '订单号', value: (r) => r.row.orderNumber, width: 22 },
  { header: '卖家编码', value: (r) => r.row.userCode, width: 10 },
  { header: '店铺', value: (r) => r.storeName },
  { header: '仓库', value: (r) => r.warehouseName },
  { header: '状态', value: (r) => translate('zh-Hans', labelKey('AbroadReturnStatus', r.row.returnStatus)), width: 10 },
  { header: '入库商品', value: (r) => r.items.map((i) => `${i.productSku ?? ''} ${i.productName ?? ''}×${i.quantity}`.trim()).join('；'), width: 40 },
  { header: '入库人', value: (r) => r.row.warehousingUserName, width: 10 },
  { header: '入库时间', value: (r) => time(r.row.warehousingTime), width: 20 },
  { header: '选择销毁时间', value: (r) => time(r.row.destructionChosenTime), width: 20 },
  { header: '销毁人', value: (r) => r.row.destroyUserName, width: 10 },
  {
    header: '销毁费', width: 10,
    value: (r) => (r.row.returnStatus === ABROAD_RETURN_STATUS.destroyed && r.row.destroyCents !== null ? centsToPoints(r.row.destroyCents) : null),
  },
  { header: '销毁时间', value: (r) => time(r.row.destroyTime), width: 20 },
  { header: '备注', value: (r) => r.row.reMark, width: 24 },
  { header: '登记时间', value: (r) => time(r.row.creationTime), width: 20 },
];

async function returnBatch(tx: Db, f: repo.ReturnFilter, before: number | null): Promise<ReturnRow[]> {
  const rows = await repo.exportReturnBatch(tx, f, before, 1000);
  const items = await repo.itemsOf(tx, rows.map((r) => r.row.id));
  return rows.map((r) => ({ ...r, items: items.get(r.row.id) ?? [] }));
}

/** Staff: every return of the tenant (the caller's data scope applies), with AbroadStockReturn's filters. */
export const abroadReturnExport = {
  fileName: '海外仓退件.xlsx', columns: RETURN_COLUMNS,
  batch: (tx: Db, f: repo.ReturnFilter, _user: unknown, before: number | null) => returnBatch(tx, f, before),
  idOf: (r: ReturnRow) => r.row.id,
};

/** The seller: their own returns only, whatever the filter names. */
export const sellerAbroadReturnExport = {
  fileName: '海外仓退件.xlsx', columns: RETURN_COLUMNS,
  batch: (tx: Db, f: repo.ReturnFilter, user: { id: number }, before: number | null) =>
    returnBatch(tx, { ...f, userId: user.id, userCode: undefined, warehouseInfoId: undefined }, before),
  idOf: (r: ReturnRow) => r.row.id,
};
