// ExpressImport (issue 4 §5): staff declare tracking numbers for sellers from an xlsx. Each row is
// declared exactly as a seller's declaration would be (orders repository): a new number becomes a
// parcel 待签收 for the seller, a 无主件 is claimed (已签收, audited), a number someone already
// declared is skipped, an unknown seller or a malformed number fails. The caller runs everything in
// one transaction, so the import is recorded with its outcome or nothing changes.
import { expressImport, type ExpressImportDto } from '#shared/contracts/express-import.ts';
import { trackingNumber } from '#shared/contracts/orders.ts';
import { pageWindow } from '#shared/contracts/common.ts';
import { RECEIVE_STATUS } from '#shared/enums.ts';
import type { Db } from '../../db/client.ts';
import type { ExpressImportError } from '../../db/schema/express-import.ts';
import { implement, type CurrentUser } from '../../framework.ts';
import * as parcelRepo from '../parcels/repository.ts';
import { declareExistingParcel } from '../parcels/declare.ts';
import { listWarehouses } from '../warehouse/repository.ts';
import * as repo from './repository.ts';
import { readSheet, type SheetRow } from '../../files/xlsx-sheet.ts';

export const MAX_IMPORT_ROWS = 5000;
const REMARK_MAX = 512;
const INSERT_BATCH = 500;

const COLUMNS = { shipment: '快递单号', userCode: '卖家编码', warehouse: '仓库', remark: '备注' } as const;

/** One data row of the sheet as written (trimmed text); `row` is its row number in the sheet. */
export type ImportRow = SheetRow<keyof typeof COLUMNS>;

/** The data rows (files/xlsx-sheet.ts: header on row 1, 快递单号 and 卖家编码 required, at most MAX_IMPORT_ROWS). */
export const readExpressSheet = (bytes: Buffer): Promise<ImportRow[]> => readSheet(bytes, COLUMNS, ['shipment', 'userCode'], MAX_IMPORT_ROWS);

type Who = Pick<CurrentUser, 'id' | 'name' | 'userName'>;

export const toExpressImportDto = (r: repo.ExpressImportRow): ExpressImportDto => ({
  id: r.id, fileName: r.fileName, totalRows: r.totalRows, created: r.created, skipped: r.skipped, failed: r.failed,
  errors: r.errors, userName: r.userName, creationTime: r.creationTime.toISOString(),
});

/**
 * Declares every row and records the import. Must run inside the caller's (one) transaction:
 * declared parcels are locked first, so a scan of one of these numbers waits for the import.
 */
export async function importExpress(tx: Db, who: Who, fileName: string, rows: readonly ImportRow[]): Promise<ExpressImportDto> {
  const errors: ExpressImportError[] = [];
  let created = 0;
  let skipped = 0;
  const fail = (r: ImportRow, reason: string) => { errors.push({ row: r.row, shipment: r.shipment, reason }); };
  const skip = (r: ImportRow, shipment: string, reason: string) => { skipped++; errors.push({ row: r.row, shipment, reason }); };

  const warehouses = (await listWarehouses(tx, { isEnabled: true }, { limit: 1000, offset: 0 })).rows;
  const warehouseByName = new Map(warehouses.map((w) => [w.warehouseName, w.id]));
  const defaultWarehouse = warehouses[0]?.id;
  const sellers = await repo.sellersByCodes(tx, [...new Set(rows.map((r) => r.userCode.toUpperCase()).filter(Boolean))]);

  // Validate each row on its own first; only valid numbers touch the parcels.
  const valid: { r: ImportRow; shipment: string; seller: { id: number; userCode: string }; warehouseInfoId: number; remark: string | null }[] = [];
  for (const r of rows) {
    if (r.problem) { fail(r, r.problem); continue; }
    if (!r.shipment) { fail(r, '快递单号为空'); continue; }
    const number = trackingNumber.safeParse(r.shipment);
    if (!number.success) { fail(r, `快递单号格式不正确：${number.error.issues[0]?.message ?? '格式错误'}`); continue; }
    if (!r.userCode) { fail(r, '卖家编码为空'); continue; }
    const seller = sellers.get(r.userCode.toUpperCase());
    if (!seller) { fail(r, `没有编码为 ${r.userCode} 的卖家`); continue; }
    const warehouseInfoId = r.warehouse ? warehouseByName.get(r.warehouse) : defaultWarehouse;
    if (warehouseInfoId === undefined) { fail(r, r.warehouse ? `仓库 ${r.warehouse} 不存在或已停用` : '没有可用的仓库'); continue; }
    if (r.remark.length > REMARK_MAX) { fail(r, `备注不能超过 ${REMARK_MAX} 个字符`); continue; }
    valid.push({ r, shipment: number.data, seller, warehouseInfoId, remark: r.remark || null });
  }

  const existing = await parcelRepo.parcelsByShipments(tx, [...new Set(valid.map((v) => v.shipment))], true);
  const byShipment = new Map(existing.map((p) => [p.shipment, p]));
  const firstRow = new Map<string, number>();
  const fresh: Parameters<typeof parcelRepo.insertParcels>[1][number][] = [];
  for (const v of valid) {
    const seen = firstRow.get(v.shipment);
    if (seen !== undefined) { skip(v.r, v.shipment, `与第 ${seen} 行的快递单号重复`); continue; }
    firstRow.set(v.shipment, v.r.row);
    const p = byShipment.get(v.shipment);
    if (!p) {
      fresh.push({
        shipment: v.shipment, warehouseInfoId: v.warehouseInfoId, userId: v.seller.id, userCode: v.seller.userCode,
        receiveStatus: RECEIVE_STATUS.declared, reMark: v.remark,
      });
      created++;
      continue;
    }
    if (p.orderId !== null || p.userId !== null) {
      skip(v.r, v.shipment, p.userCode ? `已被卖家 ${p.userCode} 申报` : '已被其他订单申报');
      continue;
    }
    const outcome = await declareExistingParcel(tx, who, p, v.seller,
      { warehouseInfoId: v.warehouseInfoId, reMark: v.remark ?? p.reMark }, `导入申报后认领无主件（${v.seller.userCode}）`);
    if (outcome === 'closed') skip(v.r, v.shipment, '该包裹的状态不允许再申报');
    else created++;
  }
  for (let i = 0; i < fresh.length; i += INSERT_BATCH) await parcelRepo.insertParcels(tx, fresh.slice(i, i + INSERT_BATCH));

  errors.sort((a, b) => a.row - b.row);
  const row = await repo.insertExpressImport(tx, {
    fileName, totalRows: rows.length, created, skipped, failed: rows.length - created - skipped, errors,
    userId: who.id, userName: who.name || who.userName,
  });
  return toExpressImportDto(row);
}

export const expressImportService = implement(expressImport, () => ({
  async getExpressImportList(input, ctx) {
    const { total, rows } = await repo.listExpressImports(ctx.db, input, pageWindow(input));
    return { totalCount: total, items: rows.map(toExpressImportDto) };
  },
}));
