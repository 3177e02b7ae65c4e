// File/ImportExpress (issue 4 §5): staff upload an xlsx of declared tracking numbers (multipart field
// `file`, ≤ 5 MB). The shared gate (files/xlsx-upload.ts) reads and checks the archive under the
// server's import limit; the rows are read outside the transaction that declares them all at once.
import type { file } from '#shared/contracts/file.ts';
import { requireUser, type Implementation } from '../../framework.ts';
import { conflict, forbidden } from '../../lib/errors.ts';
import { isUniqueViolation, XLSX_UPLOAD_MESSAGES, type XlsxImportGate } from '../files/xlsx-upload.ts';
import { importExpress, readExpressSheet } from './service.ts';

export const IMPORT_UPLOAD_MESSAGES = {
  ...XLSX_UPLOAD_MESSAGES,
  concurrent: '有其他操作同时申报了相同的快递单号，请重新导入。',
} as const;

export function importExpressAction(gate: XlsxImportGate): Pick<Implementation<typeof file>, 'importExpress'> {
  return {
    async importExpress(_input, ctx, upload) {
      const user = requireUser(ctx);
      if (ctx.tenantId === null) throw forbidden('包裹属于租户，主机管理员不能导入。');
      return gate.receive(upload, async (bytes, fileName) => {
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
