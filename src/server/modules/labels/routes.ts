// Label PDFs under /api/File/ (spec 000 §7: opened in a new tab), streamed as application/pdf and
// not wrapped in the envelope; errors are (the app's one error handler). A new tab carries no
// bearer header, so like the other GET file links these accept the enc_auth_token cookie.
//   GET /api/File/GetOrderLabel?tradeNo=|id=   100×100 mm packing label of an order (staff, Order.Manages)
//   GET /api/File/GetPdfbyte?barCode&shelfPosition&imageUrl&isDate&userId   60×40 mm barcode label
//   GET /api/File/GetZDYPdf?guid&userId&heightPercentage&infos              100×100 mm custom label
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ActionDef } from '#shared/contracts/define.ts';
import { labelKey } from '#shared/enums.ts';
import { translate } from '#shared/i18n/index.ts';
import { USER_TYPE } from '#shared/permissions.ts';
import type { Db, TenantId } from '../../db/client.ts';
import type { CurrentUser, Deps } from '../../framework.ts';
import { conflict, forbidden, invalid, notFound, unauthorized } from '../../lib/errors.ts';
import { findReadableFile } from '../../plugins/files.ts';
import { checkAccess, identifyCaller, readInput, validationError } from '../../plugins/services.ts';
import { loadCurrentUser, getUser } from '../identity/repository.ts';
import { createDiskStorage, fileKey, type FileStorage } from '../files/storage.ts';
import { getOrder, linesOf, orderByTradeNo } from '../orders/repository.ts';
import { renderBarcodeLabel, renderCustomLabel, renderOrderLabel } from './render.ts';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const IMAGE_LIMIT = 10 * 1024 * 1024;

export const OrderLabelQuery = z.object({
  tradeNo: z.string().trim().min(1).max(32).optional(),
  id: z.number().int().positive().optional(),
}).refine((q) => q.tradeNo || q.id, { message: '请提供交易号 tradeNo 或订单 id', path: ['tradeNo'] });

export const BarcodeLabelQuery = z.object({
  barCode: z.string().trim().min(1).max(64).regex(/^[\x20-\x7e]+$/, '条码只能包含英文字母、数字和符号'),
  shelfPosition: z.string().trim().max(32).optional(),
  /** An image link of ours (…?guid=…) or a bare guid; anything else is ignored. */
  imageUrl: z.string().trim().max(512).optional(),
  isDate: z.boolean().optional(),
  userId: z.number().int().positive().optional(),
});

export const CustomLabelQuery = z.object({
  guid: z.string().trim().max(64).optional(),
  userId: z.number().int().positive().optional(),
  heightPercentage: z.number().min(10).max(90).optional(),
  /** Lines: a JSON array, or text separated by new lines, | or ；. */
  infos: z.union([z.string().max(4000), z.array(z.string().max(500))]).optional(),
});

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

interface Caller { tenantId: TenantId; user: CurrentUser }

/** Who is calling (bearer token or the enc_auth_token cookie), checked like a service action. */
async function callerOf(deps: Deps, req: FastifyRequest, service: string, access: ActionDef['permission']): Promise<Caller> {
  const { tenantId, principal } = await identifyCaller(deps, req, { allowCookie: true });
  const user = await deps.database.withTenant(tenantId, (tx) => loadCurrentUser(tx, deps.database, principal!));
  if (!user) throw unauthorized('用户不存在、已停用，或租户已停用。');
  checkAccess(service, { method: 'GET', input: z.unknown(), output: z.null(), permission: access }, user);
  if (tenantId === null) throw forbidden('标签属于租户，主机管理员不能打印。');
  return { tenantId, user };
}

function parse<T>(schema: z.ZodType<T>, req: FastifyRequest): T {
  const parsed = schema.safeParse(readInput({ method: 'GET', input: schema, output: z.null(), permission: 'authenticated' }, req));
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

function sendPdf(reply: FastifyReply, pdf: Buffer, fileName: string) {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `inline; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .header('Cache-Control', 'no-store')
    .send(pdf);
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

export async function registerLabels(app: FastifyInstance, deps: Deps, storage: FileStorage = createDiskStorage(path.join(deps.config.dataDir, 'files'))): Promise<void> {
  const noValidation = () => (data: unknown) => ({ value: data });

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

  app.get('/api/File/GetOrderLabel', {
    schema: { tags: ['File'], summary: 'Packing label of an order, 100×100 mm PDF (Order.Manages)', querystring: z.object({ tradeNo: z.string().optional(), id: z.string().optional() }) },
    validatorCompiler: noValidation,
  }, async (req, reply) => {
    const { tenantId } = await callerOf(deps, req, 'BackOrder', 'Order.Manages');
    const q = parse(OrderLabelQuery, req);
    const data = await deps.database.withTenant(tenantId, async (tx) => {
      const order = q.id ? await getOrder(tx, q.id) : await orderByTradeNo(tx, q.tradeNo!);
      if (!order) throw notFound('订单');
      const lines = (await linesOf(tx, [order.id])).get(order.id) ?? [];
      return {
        tradeNo: order.tradeNo, orderNumber: order.orderNumber, userCode: order.userCode, storeName: order.storeName,
        siteLabel: zh('Site', order.site), warehouseName: order.warehouseName, cargoLabel: zh('CargoCategory', order.cargoCategory),
        orderTypeLabel: zh('OrderType', order.orderType), shelfNumber: order.shelfNumber, isUrgent: order.isUrgent,
        lines: lines.map((l) => ({ productName: l.productName, productSku: l.productSku, specification: l.specification, quantity: l.quantity })),
        printedAt: new Date(),
      };
    });
    return sendPdf(reply, await renderOrderLabel(data), `${data.tradeNo}.pdf`);
  });

  app.get('/api/File/GetPdfbyte', {
    schema: { tags: ['File'], summary: 'Barcode label, 60×40 mm PDF: barCode (Code 128), shelfPosition, imageUrl, isDate, userId', querystring: z.object({ barCode: z.string(), shelfPosition: z.string().optional(), imageUrl: z.string().optional(), isDate: z.string().optional(), userId: z.string().optional() }) },
    validatorCompiler: noValidation,
  }, async (req, reply) => {
    const { tenantId, user } = await callerOf(deps, req, 'File', 'authenticated');
    const q = parse(BarcodeLabelQuery, req);
    const { userCode, image } = await deps.database.withTenant(tenantId, async (tx) => ({
      userCode: await userCodeFor(tx, user, q.userId),
      image: await imageOf(tx, tenantId!, user, q.imageUrl, false),
    }));
    const pdf = await renderBarcodeLabel({ barCode: q.barCode, shelfPosition: q.shelfPosition || null, userCode, date: q.isDate ? new Date() : null, image });
    return sendPdf(reply, pdf, `${q.barCode}.pdf`);
  });

  app.get('/api/File/GetZDYPdf', {
    schema: { tags: ['File'], summary: 'Custom label, 100×100 mm PDF: an image (guid) over heightPercentage of the page and the lines of infos', querystring: z.object({ guid: z.string().optional(), userId: z.string().optional(), heightPercentage: z.string().optional(), infos: z.string().optional() }) },
    validatorCompiler: noValidation,
  }, async (req, reply) => {
    const { tenantId, user } = await callerOf(deps, req, 'File', 'authenticated');
    const q = parse(CustomLabelQuery, req);
    const infos = parseInfos(q.infos);
    const { userCode, image } = await deps.database.withTenant(tenantId, async (tx) => ({
      userCode: q.userId !== undefined ? await userCodeFor(tx, user, q.userId) : null,
      image: await imageOf(tx, tenantId!, user, q.guid, true),
    }));
    if (!image && infos.length === 0) throw invalid('infos', '请提供图片 guid 或至少一行 infos');
    const pdf = await renderCustomLabel({ image, heightPercentage: q.heightPercentage ?? 70, infos, userCode });
    return sendPdf(reply, pdf, 'label.pdf');
  });
}
