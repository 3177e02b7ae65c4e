// Receiving a spreadsheet import (File/ImportExpress, File/ImportAdvanceOrder; issue 12 §2, decision
// 0020): one `file` part of at most the action's size, an xlsx recognised by its content. The archive
// is checked before anything unpacks it (files/zip-guard.ts), and at most IMPORT_CONCURRENCY imports
// (of any kind: the gate is one per server) read and parse at a time; waiting ones have not had their
// bodies read yet, so they cost a socket, not memory.
import type { Readable } from 'node:stream';
import type { Config } from '../../config.ts';
import type { UploadBody } from '../../framework.ts';
import { checkZip, ZipRefused, type ZipLimits } from '../../files/zip-guard.ts';
import { conflict, invalid, sqlStateOf } from '../../lib/errors.ts';
import { createLimiter } from '../../lib/limiter.ts';
import { cleanFileName, uploadError } from './upload.ts';

const MB = 1024 * 1024;
const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * What an xlsx of at most 5 000 rows may unpack to. A full sheet of 5 000 rows is about 1 MB of XML;
 * Excel's own files hold a dozen entries.
 */
export const IMPORT_ZIP_LIMITS: ZipLimits = { maxEntries: 500, maxEntryBytes: 32 * MB, maxTotalBytes: 64 * MB, maxRatio: 200 };

export const XLSX_UPLOAD_MESSAGES = {
  missing: '请选择要导入的 Excel 文件（表单字段 file）。',
  notXlsx: '只支持 .xlsx 格式的 Excel 文件。',
  tooLarge: 'Excel 文件不能超过 5 MB。',
  tooManyEntries: `Excel 文件包含的部件超过 ${IMPORT_ZIP_LIMITS.maxEntries} 个，不是正常的表格文件。`,
  unpacksTooLarge: `Excel 文件解压后超过 ${IMPORT_ZIP_LIMITS.maxTotalBytes / MB} MB（单个部件 ${IMPORT_ZIP_LIMITS.maxEntryBytes / MB} MB），请拆分后再导入。`,
  ratio: 'Excel 文件的压缩比异常，已拒绝导入。',
  oneFile: '一次只能导入一个文件。',
  malformed: '上传的表单数据不完整或格式错误，请重新上传。',
  busy: '正在处理的导入过多，请稍后再试。',
} as const;

const ZIP_MESSAGES = {
  notZip: XLSX_UPLOAD_MESSAGES.notXlsx, tooManyEntries: XLSX_UPLOAD_MESSAGES.tooManyEntries,
  tooLarge: XLSX_UPLOAD_MESSAGES.unpacksTooLarge, ratio: XLSX_UPLOAD_MESSAGES.ratio,
} as const;

/** A unique violation (two imports, or an import and a declaration, racing on one new number). */
export function isUniqueViolation(err: unknown): boolean {
  return sqlStateOf(err) === '23505';
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The xlsx, checked: a zip whose declared and actual contents stay within IMPORT_ZIP_LIMITS. */
export function checkXlsxArchive(bytes: Buffer): void {
  if (bytes.length < ZIP_SIGNATURE.length || !bytes.subarray(0, ZIP_SIGNATURE.length).equals(ZIP_SIGNATURE)) {
    throw invalid('file', XLSX_UPLOAD_MESSAGES.notXlsx);
  }
  try {
    checkZip(bytes, IMPORT_ZIP_LIMITS);
  } catch (err) {
    if (err instanceof ZipRefused) throw invalid('file', ZIP_MESSAGES[err.reason]);
    throw err;
  }
}

export interface XlsxImportGate {
  /** Waits for a turn, reads the one `file` part, checks the archive, then runs `work` with its bytes. */
  receive<T>(upload: UploadBody, work: (bytes: Buffer, fileName: string) => Promise<T>): Promise<T>;
}

export function createXlsxImportGate(config: Pick<Config, 'importConcurrency'>): XlsxImportGate {
  const limiter = createLimiter(config.importConcurrency, config.importConcurrency * 8, () => conflict(XLSX_UPLOAD_MESSAGES.busy));
  return {
    async receive(upload, work) {
      if (!upload.isMultipart) throw invalid('file', XLSX_UPLOAD_MESSAGES.missing);
      return limiter.run(async () => {
        let bytes: Buffer;
        let fileName: string;
        try {
          const part = await upload.file();
          if (!part || part.field !== 'file') {
            part?.stream.resume();
            throw invalid('file', XLSX_UPLOAD_MESSAGES.missing);
          }
          bytes = await readAll(part.stream);
          if (part.truncated) throw invalid('file', XLSX_UPLOAD_MESSAGES.tooLarge);
          fileName = cleanFileName(part.fileName, 'import.xlsx');
        } catch (err) {
          throw uploadError(err, XLSX_UPLOAD_MESSAGES);
        }
        checkXlsxArchive(bytes);
        return work(bytes, fileName);
      });
    },
  };
}
