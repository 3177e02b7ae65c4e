// Label PDFs (spec 000 §7: opened in a new tab, so the links accept the enc_auth_token cookie):
//   File/GetOrderLabel?tradeNo=|id=   100×100 mm packing label of an order (staff, Order.Manages)
//   File/GetOrderLabels?ids=, GetFrontOrderLabels?ids=   the selected orders' labels (≤ 100), one PDF
//   File/GetPdfbyte?barCode&shelfPosition&imageUrl&isDate&userId   60×40 mm barcode label
//   File/GetZDYPdf?guid&userId&heightPercentage&infos              100×100 mm custom label
//   File/GetShelfLabel?warehouseInfoId&shelfPosition&endShelfPosition  60×40 mm shelf labels, one per shelf
// The data is read in one short transaction; the PDF is drawn after it has ended.
import type { Readable } from 'node:stream';
import type { file } from '#shared/contracts/file.ts';
import { labelKey } from '#shared/enums.ts';
import { canOrder, ORDER_RULES } from '#shared/rules/orders.ts';
import { translate } from '#shared/i18n/index.ts';
import { USER_TYPE } from '#shared/permissions.ts';
import type { Db, TenantId } from '../../db/client.ts';
import { requireUser, type CurrentUser, type FileAnswer, type Implementation, type RequestContext } from '../../framework.ts';
import { conflict, forbidden, invalid, notFound } from '../../lib/errors.ts';
import { getUser } from '../identity/repository.ts';
import { findReadableFile } from '../files/repository.ts';
import { fileKey, type FileStorage } from '../files/storage.ts';
import { getOrder, linesOf, orderByTradeNo, ordersByIds, type OrderView } from '../orders/repository.ts';
import { existingPositions, productById } from '../inventory/repository.ts';
import { getWarehouse } from '../warehouse/repository.ts';
import { shelfRange } from '#shared/rules/stock.ts';
import { renderBarcodeLabel, renderCustomLabel, renderOrderLabel, renderOrderLabels, renderShelfLabels, type OrderLabelData } from './render.ts';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const IMAGE_LIMIT = 10 * 1024 * 1024;

/** The lines of `infos`, however an old client sent them. */
export function parseInfos(raw: string | string[] | undefined): string[] {
  if (raw === undefined) return [];
  let list: unknown = raw;
  if (typeof raw === 'string') {
    const s = raw.trim();
    if (s.startsWith('[')) {
      try { list = JSON.parse(s); } catch { list = s; }
    }
    if (typeof list === 'string') list = list.split(/\r?\n|\||；/);
  }
  return (Array.isArray(list) ? list : []).map((v) => String(v).trim()).filter(Boolean).slice(0, 30).map((v) => v.slice(0, 200));
}

const pdf = (bytes: Buffer, fileName: string): FileAnswer => ({ body: bytes, contentType: 'application/pdf', fileName, disposition: 'inline' });

/** Labels belong to a tenant: the host has none to print. */
function tenantOf(tenantId: TenantId): number {
  if (tenantId === null) throw forbidden('标签属于租户，主机管理员不能打印。');
  return tenantId;
}

async function readAll(stream: Readable, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > limit) { stream.destroy(); return null; }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The code printed for `userId` (a seller prints their own; staff anyone's), or the caller's. */
async function userCodeFor(tx: Db, caller: CurrentUser, userId: number | undefined): Promise<string | null> {
  if (caller.userType === USER_TYPE.seller || userId === undefined || userId === caller.id) return caller.userCode;
  const user = await getUser(tx, userId);
  if (!user) throw notFound('用户');
  return user.userCode;
}

const zh = (name: Parameters<typeof labelKey>[0], code: string | number) => translate('zh-Hans', labelKey(name, code));

type Labels = Pick<Implementation<typeof file>, 'getOrderLabel' | 'getOrderLabels' | 'getFrontOrderLabels' | 'getPdfbyte' | 'getZDYPdf' | 'getShelfLabel'>;

/** What a packing label prints of each order, its lines read in one query. */
async function orderLabelData(tx: Db, list: readonly OrderView[]): Promise<OrderLabelData[]> {
  const lines = await linesOf(tx, list.map((o) => o.id));
  const printedAt = new Date();
  return list.map((order) => ({
    tradeNo: order.tradeNo, orderNumber: order.orderNumber, userCode: order.userCode, storeName: order.storeName,
    siteLabel: zh('Site', order.site), warehouseName: order.warehouseName, cargoLabel: zh('CargoCategory', order.cargoCategory),
    orderTypeLabel: zh('OrderType', order.orderType), shelfNumber: order.shelfNumber, isUrgent: order.isUrgent,
    lines: (lines.get(order.id) ?? []).map((l) => ({ productName: l.productName, productSku: l.productSku, specification: l.specification, quantity: l.quantity })),
    printedAt,
  }));
}

/**
 * The labels of the orders of `ids` (of `userId` only, when given) as one PDF, in the order asked.
 * An id not found (or another seller's) is 404; orders the rule does not let print (cancelled,
 * closed) are left out, and none left is 409 with the rule's words.
 */
async function selectedLabels(ids: readonly number[], ctx: RequestContext, userId: number | undefined): Promise<FileAnswer> {
  tenantOf(ctx.tenantId);
  const wanted = [...new Set(ids)];
  const data = await ctx.transaction(async (tx) => {
    const found = await ordersByIds(tx, wanted, userId);
    if (found.length < wanted.length) throw notFound('订单');
    const printable = found.filter((o) => canOrder('printLabel', o));
    if (printable.length === 0) throw conflict(ORDER_RULES.printLabel.refusal);
    return orderLabelData(tx, printable);
  });
  return pdf(await renderOrderLabels(data, `面单 ${data.length} 张`), `labels-${data.length}.pdf`);
}

export function labelActions(storage: FileStorage): Labels {
  /** A JPEG/PNG the caller may read, by the guid in `ref`; null when there is none to draw. */
  async function imageOf(tx: Db, tenantId: number, user: CurrentUser, ref: string | undefined, strict: boolean): Promise<Buffer | null> {
    const guid = ref && ref.length > 1 ? UUID.exec(ref)?.[0] : undefined;
    if (!guid) return null;
    const row = await findReadableFile(tx, guid, user);
    if (!row) {
      if (strict) throw notFound('文件');
      return null;
    }
    if (row.contentType !== 'image/jpeg' && row.contentType !== 'image/png') {
      if (strict) throw conflict('自定义面单只能放 JPG 或 PNG 图片；PDF 面单请直接打印原文件。');
      return null;
    }
    const stream = await storage.get(fileKey(tenantId, row.guid));
    return stream ? readAll(stream, IMAGE_LIMIT) : null;
  }

  return {
    async getOrderLabel(q, ctx) {
      tenantOf(ctx.tenantId);
      const data = await ctx.transaction(async (tx) => {
        const order = q.id ? await getOrder(tx, q.id) : await orderByTradeNo(tx, q.tradeNo!);
        if (!order) throw notFound('订单');
        if (!canOrder('printLabel', order)) throw conflict(ORDER_RULES.printLabel.refusal);
        return (await orderLabelData(tx, [order]))[0]!;
      });
      return pdf(await renderOrderLabel(data), `${data.tradeNo}.pdf`);
    },

    // Selected orders, one PDF (issue 44 §5): staff any of the tenant's, a seller his own.
    getOrderLabels: (q, ctx) => selectedLabels(q.ids, ctx, undefined),
    getFrontOrderLabels: (q, ctx) => selectedLabels(q.ids, ctx, requireUser(ctx).id),

    async getPdfbyte(q, ctx) {
      const tenantId = tenantOf(ctx.tenantId);
      const user = requireUser(ctx);
      const data = await ctx.transaction(async (tx) => {
        const image = await imageOf(tx, tenantId, user, q.imageUrl, false);
        if (q.stockProductId === undefined) return { barCode: q.barCode!, shelfPosition: q.shelfPosition || null, userCode: await userCodeFor(tx, user, q.userId), image, caption: null };
        // A stock product's own label: a seller prints only their own products.
        const p = await productById(tx, q.stockProductId);
        if (!p || (user.userType === USER_TYPE.seller && p.userId !== user.id)) throw notFound('库存商品');
        return { barCode: p.barCode, shelfPosition: q.shelfPosition || p.shelfPosition, userCode: p.userCode, image, caption: `${p.productSku} ${p.productName}` };
      });
      const bytes = await renderBarcodeLabel({ ...data, date: q.isDate ? new Date() : null, copies: q.copies ?? 1 });
      return pdf(bytes, `${data.barCode}.pdf`);
    },

    async getShelfLabel(q, ctx) {
      tenantOf(ctx.tenantId);
      const wanted = q.endShelfPosition ? shelfRange(q.shelfPosition, q.endShelfPosition) : { positions: [q.shelfPosition] };
      if ('refusal' in wanted) throw invalid('endShelfPosition', wanted.refusal);
      const { warehouseName, positions } = await ctx.transaction(async (tx) => {
        const warehouse = await getWarehouse(tx, q.warehouseInfoId);
        if (!warehouse) throw notFound('仓库');
        const existing = new Set(await existingPositions(tx, warehouse.id, wanted.positions));
        return { warehouseName: warehouse.warehouseName, positions: wanted.positions.filter((p) => existing.has(p)) };
      });
      if (positions.length === 0) throw notFound('货架');
      return pdf(await renderShelfLabels({ warehouseName, positions }), `shelves-${positions[0]}.pdf`);
    },

    async getZDYPdf(q, ctx) {
      const tenantId = tenantOf(ctx.tenantId);
      const user = requireUser(ctx);
      const infos = parseInfos(q.infos);
      const { userCode, image } = await ctx.transaction(async (tx) => ({
        userCode: q.userId !== undefined ? await userCodeFor(tx, user, q.userId) : null,
        image: await imageOf(tx, tenantId, user, q.guid, true),
      }));
      if (!image && infos.length === 0) throw invalid('infos', '请提供图片 guid 或至少一行 infos');
      return pdf(await renderCustomLabel({ image, heightPercentage: q.heightPercentage ?? 70, infos, userCode }), 'label.pdf');
    },
  };
}
