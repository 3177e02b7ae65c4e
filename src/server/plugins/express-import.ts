// POST /api/File/ImportExpress (issue 4 §5): staff upload an xlsx of declared tracking numbers
// (multipart field `file`, ≤ 5 MB, recognised by its content: a zip exceljs can read). The caller is
// checked exactly as a service route checks it (bearer token + Abp.TenantId, staff holding
// OrderManage.ExpressShipmentDelivery); the whole import runs in one tenant-scoped transaction and
// answers the ABP envelope with the ExpressImportDto.
import type { FastifyInstance } from 'fastify';
import multipart, { type MultipartFile } from '@fastify/multipart';
import { envelope } from '#shared/contracts/common.ts';
import { ExpressImportDto } from '#shared/contracts/express-import.ts';
import type { ActionDef } from '#shared/contracts/define.ts';
import type { Deps } from '../framework.ts';
import { AppError, conflict, forbidden, invalid } from '../lib/errors.ts';
import { importExpress, readExpressSheet } from '../modules/express-import/service.ts';
import { authorizeCaller, ok } from './services.ts';
import { drainUnreadBody } from './files.ts';

const MB = 1024 * 1024;
export const MAX_IMPORT_BYTES = 5 * MB;
const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

export const IMPORT_UPLOAD_MESSAGES = {
  missing: '请选择要导入的 Excel 文件（表单字段 file）。',
  notXlsx: '只支持 .xlsx 格式的 Excel 文件。',
  tooLarge: 'Excel 文件不能超过 5 MB。',
  oneFile: '一次只能导入一个文件。',
  malformed: '上传的表单数据不完整或格式错误，请重新上传。',
  concurrent: '有其他操作同时申报了相同的快递单号，请重新导入。',
} as const;

/** The access of this route, as a service action would declare it (service name decides the side). */
const ACCESS: ActionDef['permission'] = 'OrderManage.ExpressShipmentDelivery';
const SERVICE = 'ExpressImport';

/** How much of a refused upload is still read (and thrown away) to keep the connection usable. */
const DRAIN_LIMIT = MAX_IMPORT_BYTES + MB;


function uploadError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const e = err as { code?: string; syscall?: string };
  if (e.syscall) return err;
  if (e.code === 'FST_REQ_FILE_TOO_LARGE') return invalid('file', IMPORT_UPLOAD_MESSAGES.tooLarge);
  if (e.code === 'FST_FILES_LIMIT') return invalid('file', IMPORT_UPLOAD_MESSAGES.oneFile);
  if (e.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return invalid('file', IMPORT_UPLOAD_MESSAGES.missing);
  return invalid('file', IMPORT_UPLOAD_MESSAGES.malformed);
}

/** A unique violation (two imports or an import and a declaration racing on one new number). */
function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** The client's file name without path or control characters, at most 255 characters. */
function cleanFileName(raw: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  const name = (raw ?? '').split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return name ? Array.from(name).slice(0, 255).join('') : 'import.xlsx';
}

export async function registerExpressImport(app: FastifyInstance, deps: Deps): Promise<void> {
  // Encapsulated: multipart parsing exists only for this route here.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10, fieldSize: 1024, fieldNameSize: 100, parts: 12, headerPairs: 32 },
    });

    scope.post('/api/File/ImportExpress', {
      schema: {
        tags: ['File'],
        summary: 'Import declared tracking numbers from an xlsx (multipart field `file`, ≤ 5 MB; columns 快递单号, 卖家编码, 仓库?, 备注?) — OrderManage.ExpressShipmentDelivery',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(ExpressImportDto) },
      },
      validatorCompiler: () => (data: unknown) => ({ value: data }),
      onResponse: drainUnreadBody(DRAIN_LIMIT),
    }, async (req) => {
      // Authentication → access → input, as every service route.
      const { tenantId, user } = await authorizeCaller(deps, req, SERVICE, ACCESS);
      if (tenantId === null) throw forbidden('包裹属于租户，主机管理员不能导入。');
      if (!req.isMultipart()) throw invalid('file', IMPORT_UPLOAD_MESSAGES.missing);

      let part: MultipartFile | undefined;
      let bytes: Buffer;
      try {
        part = await req.file();
        if (!part) throw invalid('file', IMPORT_UPLOAD_MESSAGES.missing);
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw invalid('file', IMPORT_UPLOAD_MESSAGES.missing);
        }
        bytes = await part.toBuffer();
      } catch (err) {
        throw uploadError(err);
      }
      if (bytes.length < ZIP_SIGNATURE.length || !bytes.subarray(0, ZIP_SIGNATURE.length).equals(ZIP_SIGNATURE)) {
        throw invalid('file', IMPORT_UPLOAD_MESSAGES.notXlsx);
      }
      // Read outside the transaction: no database work waits on parsing.
      const rows = await readExpressSheet(bytes);
      const fileName = cleanFileName(part.filename);
      try {
        const result = await deps.database.withTenant(tenantId, (tx) => importExpress(tx, user, fileName, rows));
        return ok(result);
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(IMPORT_UPLOAD_MESSAGES.concurrent);
        throw err;
      }
    });
  });
}
