// AdvanceOrder (DOMAIN §6): tracking numbers a carrier or seller pre-alerted before any order named
// them, imported from an xlsx (File/ImportAdvanceOrder: 快递单号, 快递公司, 卖家编码, 备注). Good rows are
// imported and bad ones reported by sheet row, each row whole or not at all; staff then decide once
// (1 已匹配订单, 2 转囤货, 3 退回) and may correct it with a reason. The parcel scan tells the picker a
// number is pre-alerted (pendingAdvanceOrder, asked by orders/logistics.ts).
import { advanceOrder, type AdvanceImportResultDto, type AdvanceOrderDto } from '#shared/contracts/returns.ts';
import type { file } from '#shared/contracts/file.ts';
import { pageWindow } from '#shared/contracts/common.ts';
import { trackingNumber } from '#shared/contracts/orders.ts';
import { ADVANCE_STATUS } from '#shared/enums.ts';
import { ADVANCE_RULES, canAdvance, type DecisionAction } from '#shared/rules/returns.ts';
import type { Db } from '../../db/client.ts';
import { implement, requireUser, type CurrentUser, type FileAnswer, type Implementation, type RequestContext } from '../../framework.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { readSheet, sheetTemplate, type SheetRow } from '../../files/xlsx-sheet.ts';
import { XLSX_TYPE } from '../../files/xlsx.ts';
import { audit } from '../audit/repository.ts';
import { sellersByCodes } from '../express-import/repository.ts';
import type { XlsxImportGate } from '../files/xlsx-upload.ts';
import { iso, whoName } from './common.ts';
import * as repo from './repository.ts';

export const MAX_ADVANCE_ROWS = 5000;
const INSERT_BATCH = 500;
const LIMITS = { expressCompany: 64, remark: 512 } as const;

export const ADVANCE_COLUMNS = { shipment: '快递单号', expressCompany: '快递公司', userCode: '卖家编码', remark: '备注' } as const;
type AdvanceRowIn = SheetRow<keyof typeof ADVANCE_COLUMNS>;

export function toAdvanceDto(r: repo.AdvanceRow): AdvanceOrderDto {
  return {
    id: r.id, shipment: r.shipment, expressCompany: r.expressCompany, userId: r.userId, userCode: r.userCode, handleStatus: r.handleStatus,
    remark: r.remark, importRemark: r.importRemark, againRemark: r.againRemark, handleTime: iso(r.handleTime), handleUserName: r.handleUserName,
    creatorName: r.creatorName, creationTime: r.creationTime.toISOString(),
  };
}

/**
 * Imports the rows that are good and reports the others (row = sheet row). Runs in the caller's one
 * transaction; each row is one insert, so a row is imported whole or not at all. A number already
 * pre-alerted (earlier, by a concurrent import, or twice in this sheet) is reported, not doubled.
 */
export async function importAdvanceOrders(tx: Db, who: CurrentUser, rows: readonly AdvanceRowIn[]): Promise<AdvanceImportResultDto> {
  const failed: AdvanceImportResultDto['failed'] = [];
  const fail = (r: AdvanceRowIn, reason: string, shipment = r.shipment) => { failed.push({ row: r.row, shipment, reason }); };
  const sellers = await sellersByCodes(tx, [...new Set(rows.map((r) => r.userCode.toUpperCase()).filter(Boolean))]);

  const firstRow = new Map<string, number>();
  const valid: { r: AdvanceRowIn; values: Parameters<typeof repo.insertAdvanceOrders>[1][number] }[] = [];
  for (const r of rows) {
    if (r.problem) { fail(r, r.problem); continue; }
    if (!r.shipment) { fail(r, '快递单号为空'); continue; }
    const number = trackingNumber.safeParse(r.shipment);
    if (!number.success) { fail(r, `快递单号格式不正确：${number.error.issues[0]?.message ?? '格式错误'}`); continue; }
    const shipment = number.data;
    const seller = r.userCode ? sellers.get(r.userCode.toUpperCase()) : undefined;
    if (r.userCode && !seller) { fail(r, `没有编码为 ${r.userCode} 的卖家`, shipment); continue; }
    if (r.expressCompany.length > LIMITS.expressCompany) { fail(r, `快递公司不能超过 ${LIMITS.expressCompany} 个字符`, shipment); continue; }
    if (r.remark.length > LIMITS.remark) { fail(r, `备注不能超过 ${LIMITS.remark} 个字符`, shipment); continue; }
    const seen = firstRow.get(shipment);
    if (seen !== undefined) { fail(r, `与第 ${seen} 行的快递单号重复`, shipment); continue; }
    firstRow.set(shipment, r.row);
    valid.push({
      r,
      values: {
        shipment, expressCompany: r.expressCompany || null, userId: seller?.id ?? null, userCode: seller?.userCode ?? null,
        remark: r.remark || null, importRemark: r.remark || null, handleStatus: ADVANCE_STATUS.pending,
        creatorUserId: who.id, creatorName: whoName(who),
      },
    });
  }

  const known = await repo.advanceShipments(tx, valid.map((v) => v.values.shipment));
  const fresh = valid.filter((v) => !known.has(v.values.shipment));
  const inserted = new Set<string>();
  for (let i = 0; i < fresh.length; i += INSERT_BATCH) {
    for (const s of await repo.insertAdvanceOrders(tx, fresh.slice(i, i + INSERT_BATCH).map((v) => v.values))) inserted.add(s);
  }
  for (const v of valid) if (!inserted.has(v.values.shipment)) fail(v.r, '该快递单号已预报过', v.values.shipment);
  failed.sort((a, b) => a.row - b.row);
  return { imported: inserted.size, failed };
}

/** File/ImportAdvanceOrder and the template it reads. */
export function advanceFileActions(gate: XlsxImportGate): Pick<Implementation<typeof file>, 'importAdvanceOrder' | 'getAdvanceOrderImportTemplate'> {
  return {
    async importAdvanceOrder(_input, ctx, upload) {
      const user = requireUser(ctx);
      if (ctx.tenantId === null) throw forbidden('预报单属于租户，主机管理员不能导入。');
      return gate.receive(upload, async (bytes) => {
        // Read outside the transaction: no database work waits on parsing.
        const rows = await readSheet(bytes, ADVANCE_COLUMNS, ['shipment'], MAX_ADVANCE_ROWS);
        return ctx.transaction((tx) => importAdvanceOrders(tx, user, rows));
      });
    },
    async getAdvanceOrderImportTemplate(): Promise<FileAnswer> {
      const body = await sheetTemplate('预报单', Object.values(ADVANCE_COLUMNS), [['YT1234567890123', '圆通速递', 'S00001', '示例行，导入前请删除']]);
      return { body, contentType: XLSX_TYPE, fileName: '预报单导入模板.xlsx', asciiName: 'advance-order-template.xlsx', disposition: 'attachment', size: body.length };
    },
  };
}

async function lockAdvance(tx: Db, id: number) {
  const row = await repo.getAdvanceOrder(tx, id, { forUpdate: true });
  if (!row) throw notFound('预报单');
  return row;
}

async function decide(ctx: RequestContext, action: DecisionAction, input: { id: number; handleStatus: number; remark?: string | null | undefined }) {
  const me = requireUser(ctx);
  const row = await lockAdvance(ctx.db, input.id);
  if (!canAdvance(action, row)) throw conflict(ADVANCE_RULES[action].refusal);
  const remark = input.remark ?? null;
  const updated = await repo.updateAdvanceOrder(ctx.db, row.id, {
    handleStatus: input.handleStatus, remark, ...(action === 'handleAgain' ? { againRemark: remark } : {}),
    handleTime: ctx.now, handleUserId: me.id, handleUserName: whoName(me),
  });
  await audit(ctx.db, me, [{
    entity: 'advanceOrder', entityId: row.id, orderNumber: row.shipment, action: action === 'handle' ? 'handleStatus' : 'againHandleStatus',
    before: row.handleStatus, after: input.handleStatus, note: remark,
  }]);
  return toAdvanceDto(updated);
}

export const advanceOrderService = implement(advanceOrder, () => ({
  async getOrderList(input, ctx) {
    const { total, capped, rows } = await repo.listAdvanceOrders(ctx.db, input, pageWindow(input));
    return { totalCount: total, totalCountCapped: capped, items: rows.map(toAdvanceDto) };
  },
  handleStatus: (input, ctx) => decide(ctx, 'handle', input),
  againHandleStatus: (input, ctx) => decide(ctx, 'handleAgain', input),
}));
