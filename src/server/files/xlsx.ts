// Streamed xlsx: rows are written as they are read, so a 100 000-row export never sits in memory.
import { createRequire } from 'node:module';
import { PassThrough } from 'node:stream';
import type ExcelJSModule from 'exceljs';
import { inertText } from '#shared/inert-text.ts';

const requireModule = createRequire(import.meta.url);
let excel: typeof ExcelJSModule | undefined;
/**
 * exceljs, loaded on the first spreadsheet rather than at start: it adds ~27 MB resident to a
 * process that may never export anything (the embedded install's idle-memory target is 250 MB).
 */
export function loadExcel(): typeof ExcelJSModule {
  return (excel ??= requireModule('exceljs') as typeof ExcelJSModule);
}

/** The client went away before the download ended. */
export class DownloadAborted extends Error {
  constructor() {
    super('download aborted by the client');
    this.name = 'DownloadAborted';
  }
}

function drained(stream: PassThrough): Promise<void> {
  return new Promise((resolve, reject) => {
    const onDrain = () => { stream.off('close', onClose); resolve(); };
    const onClose = () => { stream.off('drain', onDrain); reject(new DownloadAborted()); };
    stream.once('drain', onDrain).once('close', onClose);
  });
}

const SHANGHAI = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false,
});
/** A time as the exports write it: Beijing time, 2026-03-01 10:00:00; nothing → ''. */
export const exportTime = (t: Date | string | null | undefined): string => (t ? SHANGHAI.format(new Date(t)).replace(/\//g, '-') : '');

export interface XlsxColumn<T> { header: string; width?: number; value: (row: T) => string | number | Date | null | undefined }

/**
 * Starts an xlsx workbook writing into the returned stream. Call write() for each batch of rows
 * (it waits when the client reads slowly) and end() once; fail() aborts the download.
 */
export function createXlsxStream<T>(sheetName: string, columns: readonly XlsxColumn<T>[]) {
  const stream = new PassThrough();
  const workbook = new (loadExcel().stream.xlsx.WorkbookWriter)({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => ({ header: c.header, key: String(i), width: c.width ?? 16 }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let rows = 0;
  return {
    stream,
    async write(batch: readonly T[]): Promise<void> {
      if (stream.destroyed) throw new DownloadAborted();
      for (const row of batch) {
        // Text that would start a formula is written inert (shared/inert-text.ts): every export passes here.
        sheet.addRow(columns.map((c) => {
          const value = c.value(row) ?? null;
          return typeof value === 'string' ? inertText(value) : value;
        })).commit();
        rows++;
      }
      // Back-pressure: let the socket drain before reading the next batch. A download the client
      // gave up on closes the stream and never drains: stop then, or the export's transaction
      // would stay open (and its connection taken) for good.
      if (stream.writableNeedDrain) await drained(stream);
    },
    async end(): Promise<number> {
      sheet.commit();
      await workbook.commit();
      return rows;
    },
    fail(err: Error): void {
      stream.destroy(err);
    },
  };
}

export { XLSX_TYPE } from '#shared/contracts/file.ts';
