// File/UploadFile and the links the console builds from a guid (GetLogisticsImage, GetUserUploadImage,
// GetPackedImage, GetPdf), issue 4 §2, DOMAIN §9, spec 001 §5/§7; and the File service itself, whose
// other actions live with their areas (exports, the express import, labels).
//
// Reading is confined to the tenant by row-level security; inside it staff may read any file and a
// seller only their own uploads or staff's files attached to their own parcels or orders. Everything
// a caller may not read is a 404 — the same answer as a guid that does not exist.
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream';
import { file } from '#shared/contracts/file.ts';
import { files, type FileKind } from '../../db/schema/index.ts';
import { implement, requireUser, type Deps, type FileAnswer, type Implementation, type RequestContext } from '../../framework.ts';
import { forbidden, invalid, notFound } from '../../lib/errors.ts';
import { exportActions } from './exports.ts';
import { importExpressAction } from '../express-import/upload.ts';
import { advanceFileActions } from '../returns/advance-orders.ts';
import { createXlsxImportGate } from '../files/xlsx-upload.ts';
import { labelActions } from '../labels/service.ts';
import { deliveryReceiptSheetAction } from '../delivery-receipts/service.ts';
import { assertUploadQuota } from '../files/attach.ts';
import { findReadableFile } from '../files/repository.ts';
import { defaultFileStorage, fileKey, type FileStorage } from '../files/storage.ts';
import { cleanFileName, UPLOAD_MESSAGES, UploadInspector, uploadError } from '../files/upload.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CACHE_CONTROL = 'private, max-age=86400';

type UploadAndLinks = Pick<Implementation<typeof file>, 'uploadFile' | 'getLogisticsImage' | 'getUserUploadImage' | 'getPackedImage' | 'getPdf'>;

function uploadAndLinks(deps: Deps, storage: FileStorage): UploadAndLinks {
  /** A stored file this caller may read, as a file answer (runs in the request's transaction). */
  const serve = (kind: FileKind) => async (input: { guid?: string | undefined }, ctx: RequestContext): Promise<FileAnswer> => {
    const guid = input.guid?.trim() ?? '';
    // Spec 001 §5: no link exists for a guid of one character or less; not a guid at all is
    // simply no such file.
    const row = guid.length > 1 && UUID.test(guid) ? await findReadableFile(ctx.db, guid, requireUser(ctx)) : undefined;
    if (!row || row.kind !== kind) throw notFound('文件');
    const body = await storage.get(fileKey(row.tenantId, row.guid));
    if (!body) {
      ctx.log.warn({ guid: row.guid, tenantId: row.tenantId }, 'file row without stored bytes');
      throw notFound('文件');
    }
    return {
      body, contentType: row.contentType, fileName: row.fileName, disposition: 'inline', size: row.size,
      etag: `"${row.guid}"`, cacheControl: CACHE_CONTROL,
    };
  };

  return {
    async uploadFile(_input, ctx, upload) {
      const user = requireUser(ctx);
      const tenantId = ctx.tenantId;
      if (tenantId === null) throw forbidden('文件属于租户，主机管理员不能上传文件。');
      if (!upload.isMultipart) throw invalid('file', UPLOAD_MESSAGES.missing);
      // A user already at the day's quota is refused before a byte of the body is read.
      await ctx.transaction((tx) => assertUploadQuota(tx, user.id, 0, deps.config.uploadDailyBytes, ctx.now));

      let part;
      try {
        part = await upload.file();
      } catch (err) {
        throw uploadError(err);
      }
      if (!part) throw invalid('file', UPLOAD_MESSAGES.missing);
      if (part.field !== 'file') {
        part.stream.resume();
        throw invalid('file', UPLOAD_MESSAGES.missing);
      }

      // Stored first, recorded second: a failure in between leaves at most an unreferenced file
      // (the cleanup job's), never a row without its bytes. No transaction is open while the bytes arrive.
      const guid = randomUUID();
      const key = fileKey(tenantId, guid);
      const inspector = new UploadInspector();
      const body = pipeline(part.stream, inspector, () => { /* errors surface through storage.put */ });
      try {
        await storage.put(key, body);
      } catch (err) {
        throw uploadError(err);
      }
      const detected = inspector.detected;
      if (!detected) { // the inspector fails the stream first; kept as a guard
        await storage.delete(key);
        throw invalid('file', UPLOAD_MESSAGES.unsupported);
      }

      const result = { guid, fileName: cleanFileName(part.fileName, `file.${detected.ext}`), contentType: detected.contentType, size: inspector.size };
      try {
        await ctx.transaction(async (tx) => {
          await assertUploadQuota(tx, user.id, result.size, deps.config.uploadDailyBytes, ctx.now);
          await tx.insert(files).values({ ...result, ownerUserId: user.id, kind: detected.kind });
        });
      } catch (err) {
        await storage.delete(key).catch(() => {});
        throw err;
      }
      return result;
    },
    getLogisticsImage: serve('image'),
    getUserUploadImage: serve('image'),
    getPackedImage: serve('image'),
    getPdf: serve('pdf'),
  };
}

/**
 * The File service. The storage is the configured one (FILE_STORE: ${DATA_DIR}/files or PostgreSQL's);
 * pass another FileStorage to keep the bytes elsewhere.
 */
export const fileServiceWith = (storage?: FileStorage) => implement(file, (deps) => {
  const store = storage ?? defaultFileStorage(deps);
  // One gate for every spreadsheet import: IMPORT_CONCURRENCY counts them all.
  const imports = createXlsxImportGate(deps.config);
  return {
    ...uploadAndLinks(deps, store),
    ...exportActions(),
    ...importExpressAction(imports),
    ...advanceFileActions(imports),
    ...labelActions(store),
    ...deliveryReceiptSheetAction(),
  };
});

export const fileService = fileServiceWith();
