// File/ImportExpress (issue 4 §5): staff upload an xlsx of declared tracking numbers (multipart field
// `file`, ≤ 5 MB, recognised by its content: a zip exceljs can read). The archive is checked before
// anything unpacks it (files/zip-guard.ts, issue 12 §2), at most IMPORT_CONCURRENCY imports run at a
// time, and the rows are read outside the transaction that declares them all at once.
import type { Readable } from 'node:stream';
import type { file } from '#shared/contracts/file.ts';
import { requireUser, type Deps, type Implementation } from '../../framework.ts';
import { checkZip, ZipRefused, type ZipLimits } from '../../files/zip-guard.ts';
import { conflict, forbidden, invalid } from '../../lib/errors.ts';
import { createLimiter } from '../../lib/limiter.ts';
import { cleanFileName, uploadError } from '../files/upload.ts';
import { importExpress, readExpressSheet } from './service.ts';

const MB = 1024 * 1024;
const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * What an xlsx of at most 5 000 rows may unpack to. A full sheet of 5 000 rows is about 1 MB of XML;
 * Excel's own files hold a dozen entries.
 */
export const IMPORT_ZIP_LIMITS: ZipLimits = { maxEntries: 500, maxEntryBytes: 32 * MB, maxTotalBytes: 64 * MB, maxRatio: 200 };

export const IMPORT_UPLOAD_MESSAGES = {
  missing: '请选择要导入的 Excel 文件（表单字段 file）。',
  notXlsx: '只支持 .xlsx 格式的 Excel 文件。',
  tooLarge: 'Excel 文件不能超过 5 MB。',
  tooManyEntries: `Excel 文件包含的部件超过 ${IMPORT_ZIP_LIMITS.maxEntries} 个，不是正常的表格文件。`,
  unpacksTooLarge: `Excel 文件解压后超过 ${IMPORT_ZIP_LIMITS.maxTotalBytes / MB} MB（单个部件 ${IMPORT_ZIP_LIMITS.maxEntryBytes / MB} MB），请拆分后再导入。`,
  ratio: 'Excel 文件的压缩比异常，已拒绝导入。',
  oneFile: '一次只能导入一个文件。',
  malformed: '上传的表单数据不完整或格式错误，请重新上传。',
  concurrent: '有其他操作同时申报了相同的快递单号，请重新导入。',
  busy: '正在处理的导入过多，请稍后再试。',
} as const;

const ZIP_MESSAGES = {
  notZip: IMPORT_UPLOAD_MESSAGES.notXlsx, tooManyEntries: IMPORT_UPLOAD_MESSAGES.tooManyEntries,
  tooLarge: IMPORT_UPLOAD_MESSAGES.unpacksTooLarge, ratio: IMPORT_UPLOAD_MESSAGES.ratio,
} as const;

/** A unique violation (two imports or an import and a declaration racing on one new number). */
function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e.code === '23505') return true;
  }
  return false;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The xlsx, checked: a zip whose declared and actual contents stay within IMPORT_ZIP_LIMITS. */
export function checkXlsxArchive(bytes: Buffer): void {
  if (bytes.length < ZIP_SIGNATURE.length || !bytes.subarray(0, ZIP_SIGNATURE.length).equals(ZIP_SIGNATURE)) {
    throw invalid('file', IMPORT_UPLOAD_MESSAGES.notXlsx);
  }
  try {
    checkZip(bytes, IMPORT_ZIP_LIMITS);
  } catch (err) {
    if (err instanceof ZipRefused) throw invalid('file', ZIP_MESSAGES[err.reason]);
    throw err;
  }
}

export function importExpressAction(deps: Deps): Pick<Implementation<typeof file>, 'importExpress'> {
  // Waiting imports have not had their bodies read yet: they cost a socket, not memory.
  const limiter = createLimiter(deps.config.importConcurrency, deps.config.importConcurrency * 8, () => conflict(IMPORT_UPLOAD_MESSAGES.busy));
  return {
    async importExpress(_input, ctx, upload) {
      const user = requireUser(ctx);
      if (ctx.tenantId === null) throw forbidden('包裹属于租户，主机管理员不能导入。');
      if (!upload.isMultipart) throw invalid('file', IMPORT_UPLOAD_MESSAGES.missing);
      return limiter.run(async () => {
        let bytes: Buffer;
        let fileName: string;
        try {
          const part = await upload.file();
          if (!part || part.field !== 'file') {
            part?.stream.resume();
            throw invalid('file', IMPORT_UPLOAD_MESSAGES.missing);
          }
          bytes = await readAll(part.stream);
          if (part.truncated) throw invalid('file', IMPORT_UPLOAD_MESSAGES.tooLarge);
          fileName = cleanFileName(part.fileName, 'import.xlsx');
        } catch (err) {
          throw uploadError(err, IMPORT_UPLOAD_MESSAGES);
        }
        checkXlsxArchive(bytes);
        // Read outside the transaction: no database work waits on parsing.
        const rows = await readExpressSheet(bytes);
        try {
          return await ctx.transaction((tx) => importExpress(tx, user, fileName, rows));
        } catch (err) {
          if (isUniqueViolation(err)) throw conflict(IMPORT_UPLOAD_MESSAGES.concurrent);
          throw err;
        }
      });
    },
  };
}
