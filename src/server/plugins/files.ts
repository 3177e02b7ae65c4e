// Uploaded images and PDFs (issue 4 §2, DOMAIN §9, spec 001 §5/§7): POST /api/File/UploadFile and
// the links the console builds from a guid (GetLogisticsImage, GetUserUploadImage, GetPackedImage,
// GetPdf). Files are not wrapped in the envelope; errors are (the app's one error handler).
//
// The type is decided by the bytes (magic numbers), never by the name or the declared type, and the
// size limit follows the detected type, enforced while streaming: nothing over the limit is kept.
// Reading is confined to the tenant by row-level security; inside it staff may read any file and a
// seller only their own uploads or files attached to their own parcels or orders. Everything a
// caller may not read is a 404 — the same answer as a guid that does not exist.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pipeline, Transform, type TransformCallback } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart, { type MultipartFile } from '@fastify/multipart';
import { and, eq, exists, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { envelope } from '#shared/contracts/common.ts';
import { USER_TYPE } from '#shared/permissions.ts';
import type { Db, TenantId } from '../db/client.ts';
import { files, orders, parcels, type FileKind } from '../db/schema/index.ts';
import type { CurrentUser, Deps } from '../framework.ts';
import { AppError, forbidden, invalid, notFound, unauthorized } from '../lib/errors.ts';
import type { Principal } from '../lib/tokens.ts';
import { loadCurrentUser } from '../modules/identity/repository.ts';
import { createDiskStorage, fileKey, type FileStorage } from '../modules/files/storage.ts';
import { identifyCaller, ok } from './services.ts';

const MB = 1024 * 1024;
export const MAX_BYTES: Record<FileKind, number> = { image: 10 * MB, pdf: 20 * MB };

export const UPLOAD_MESSAGES = {
  missing: '请选择要上传的文件（表单字段 file）。',
  unsupported: '只支持 JPG/PNG/WEBP/HEIC 图片或 PDF 文件。',
  empty: '文件是空的。',
  imageTooLarge: '图片不能超过 10 MB。',
  pdfTooLarge: 'PDF 文件不能超过 20 MB。',
  oneFile: '一次只能上传一个文件。',
  malformed: '上传的表单数据不完整或格式错误，请重新上传。',
} as const;

const CACHE_CONTROL = 'private, max-age=86400';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// ---------------------------------------------------------------------------------------------
// What the bytes are

export interface DetectedType { contentType: string; kind: FileKind; ext: string }

/** Enough of the head of a file to recognise every accepted type (HEIF brands included). */
const SNIFF_BYTES = 64;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// ISO-BMFF brands: HEVC-coded HEIF is image/heic; the generic HEIF brands are image/heif unless
// a HEVC brand is listed as compatible. AVIF shares the container and is not accepted.
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs']);
const HEIF_BRANDS = new Set(['mif1', 'msf1', 'mif2']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

const ascii = (b: Buffer, from: number, to: number) => (b.length >= to ? b.toString('latin1', from, to) : '');

/** The accepted type of a file from its first bytes, or null when it is not one we accept. */
export function detectFileType(head: Buffer): DetectedType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return { contentType: 'image/jpeg', kind: 'image', ext: 'jpg' };
  if (head.length >= 8 && head.subarray(0, 8).equals(PNG_SIGNATURE)) return { contentType: 'image/png', kind: 'image', ext: 'png' };
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return { contentType: 'image/webp', kind: 'image', ext: 'webp' };
  if (ascii(head, 4, 8) === 'ftyp') {
    const boxEnd = Math.min(head.readUInt32BE(0), head.length);
    const major = ascii(head, 8, 12);
    const compatible: string[] = [];
    for (let at = 16; at + 4 <= boxEnd; at += 4) compatible.push(ascii(head, at, at + 4));
    const heic = { contentType: 'image/heic', kind: 'image', ext: 'heic' } as const;
    if (HEIC_BRANDS.has(major)) return heic;
    if (HEIF_BRANDS.has(major)) {
      if (compatible.some((b) => HEIC_BRANDS.has(b))) return heic;
      if (compatible.some((b) => AVIF_BRANDS.has(b))) return null;
      return { contentType: 'image/heif', kind: 'image', ext: 'heif' };
    }
    return null;
  }
  if (ascii(head, 0, 5) === '%PDF-') return { contentType: 'application/pdf', kind: 'pdf', ext: 'pdf' };
  return null;
}

/**
 * Passes the upload through unchanged, after deciding its type from the first bytes; fails the
 * stream (and so the store) as soon as the type is refused or the size passes that type's limit.
 */
class UploadInspector extends Transform {
  detected: DetectedType | null = null;
  size = 0;
  private head: Buffer[] = [];
  private headLength = 0;

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.detected) return done(this.tooLarge(), chunk);
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < SNIFF_BYTES) return done();
    this.release(done);
  }

  override _flush(done: TransformCallback): void {
    if (this.detected) return done();
    if (this.headLength === 0) return done(invalid('file', UPLOAD_MESSAGES.empty));
    this.release(done);
  }

  private release(done: TransformCallback): void {
    const head = Buffer.concat(this.head);
    this.head = [];
    this.detected = detectFileType(head);
    if (!this.detected) return done(invalid('file', UPLOAD_MESSAGES.unsupported));
    done(this.tooLarge(), head);
  }

  private tooLarge(): AppError | null {
    if (!this.detected || this.size <= MAX_BYTES[this.detected.kind]) return null;
    return invalid('file', this.detected.kind === 'image' ? UPLOAD_MESSAGES.imageTooLarge : UPLOAD_MESSAGES.pdfTooLarge);
  }
}

/** The client's file name without path or control characters, at most 255 characters. */
function cleanFileName(raw: string | undefined, ext: string): string {
  // eslint-disable-next-line no-control-regex
  const name = (raw ?? '').split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return name ? Array.from(name).slice(0, 255).join('') : `file.${ext}`;
}

/** Anything that went wrong reading the multipart body is the client's; disk faults stay 500s. */
function uploadError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const e = err as { code?: string; syscall?: string };
  if (e.syscall) return err;
  if (e.code === 'FST_FILES_LIMIT') return invalid('file', UPLOAD_MESSAGES.oneFile);
  if (e.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return invalid('file', UPLOAD_MESSAGES.missing);
  return invalid('file', UPLOAD_MESSAGES.malformed);
}

// ---------------------------------------------------------------------------------------------
// Queries (the files table and the parcels/orders that point at a file)

type FileRow = typeof files.$inferSelect;

/** The file if this user may read it: staff any file of the tenant, a seller their own. */
export async function findReadableFile(tx: Db, guid: string, user: CurrentUser): Promise<FileRow | undefined> {
  const g = guid.toLowerCase();
  const visible = user.userType === USER_TYPE.staff
    ? sql`true`
    : or(
      eq(files.ownerUserId, user.id),
      exists(tx.select({ one: sql`1` }).from(parcels).where(and(
        eq(parcels.userId, user.id),
        or(eq(sql`lower(${parcels.imageGuid})`, g), eq(sql`lower(${parcels.goodsImageGuid})`, g), eq(sql`lower(${parcels.userUploadImageGuid})`, g)),
      ))),
      exists(tx.select({ one: sql`1` }).from(orders).where(and(eq(orders.userId, user.id), or(eq(sql`lower(${orders.pdfGuid})`, g), eq(sql`lower(${orders.packedImageGuid})`, g))))),
    );
  const [row] = await tx.select().from(files).where(and(eq(files.guid, g), visible)).limit(1);
  return row;
}

// ---------------------------------------------------------------------------------------------
// Routes

/** Who is calling: uploads take the bearer token only; GET links may carry the enc_auth_token cookie. */
async function principalOf(deps: Deps, req: FastifyRequest, allowCookie: boolean): Promise<{ principal: Principal; tenantId: TenantId }> {
  const { tenantId, principal } = await identifyCaller(deps, req, { allowCookie });
  return { principal: principal!, tenantId };
}

const userGone = () => unauthorized('用户不存在、已停用，或租户已停用。');

/** `inline` with the name in both the plain and the RFC 5987 form. */
function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `inline; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

const GuidQuery = z.object({ guid: z.string().optional().describe('the file guid (links exist only when it is longer than 1 character)') });
const PdfQuery = GuidQuery.extend({
  id: z.string().optional().describe('accepted for old clients; the guid decides'),
  orderNumber: z.string().optional().describe('accepted for old clients; the guid decides'),
});
const UploadResult = z.object({ guid: z.string(), fileName: z.string(), contentType: z.string(), size: z.number() });

/** The guid query parameter, matched case-insensitively like every other parameter. */
function guidOf(req: FastifyRequest): string {
  const query = (req.query ?? {}) as Record<string, unknown>;
  const key = Object.keys(query).find((k) => k.toLowerCase() === 'guid');
  const value = key === undefined ? undefined : query[key];
  return typeof value === 'string' ? value.trim() : '';
}

/** How much of a refused upload is still read (and thrown away) to keep the connection usable. */
const DRAIN_LIMIT = MAX_BYTES.pdf + MB;

/**
 * A refused upload is answered before its body has arrived. The rest is read and discarded, so
 * the client can finish sending, read the answer and reuse the connection (closing with unread
 * bytes would reset it and lose the answer); a body beyond any acceptable size ends the connection.
 */
export function drainUnreadBody(limit: number) {
  return async (req: FastifyRequest): Promise<void> => {
    const raw = req.raw;
    if (raw.readableEnded || raw.destroyed) return;
    let seen = 0;
    raw.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > limit) raw.destroy();
    });
    raw.resume();
  };
}

/**
 * Registers the file routes. The storage defaults to disk under ${DATA_DIR}/files; pass another
 * FileStorage (an S3-compatible one) to keep the bytes elsewhere.
 */
export async function registerFiles(app: FastifyInstance, deps: Deps, storage: FileStorage = createDiskStorage(path.join(deps.config.dataDir, 'files'))): Promise<void> {
  // Encapsulated: multipart parsing (and its hooks) exists only for these routes.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      // The limit per type is enforced while streaming (UploadInspector); this is the backstop.
      throwFileSizeLimit: false,
      limits: { fileSize: MAX_BYTES.pdf + 1, files: 1, fields: 10, fieldSize: 1024, fieldNameSize: 100, parts: 12, headerPairs: 32 },
    });
    const noValidation = () => (data: unknown) => ({ value: data });

    scope.post('/api/File/UploadFile', {
      schema: {
        tags: ['File'],
        summary: 'Upload an image (jpeg/png/webp/heic ≤ 10 MB) or a PDF (≤ 20 MB), multipart field `file`; the type is read from the content',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(UploadResult) },
      },
      validatorCompiler: noValidation,
      onResponse: drainUnreadBody(DRAIN_LIMIT),
    }, async (req) => {
      const { principal, tenantId } = await principalOf(deps, req, false);
      const user = await deps.database.withTenant(tenantId, (tx) => loadCurrentUser(tx, deps.database, principal));
      if (!user) throw userGone();
      if (tenantId === null) throw forbidden('文件属于租户，主机管理员不能上传文件。');
      if (!req.isMultipart()) throw invalid('file', UPLOAD_MESSAGES.missing);

      let part: MultipartFile | undefined;
      try {
        part = await req.file();
      } catch (err) {
        throw uploadError(err);
      }
      if (!part) throw invalid('file', UPLOAD_MESSAGES.missing);
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw invalid('file', UPLOAD_MESSAGES.missing);
      }

      // Stored first, recorded second: a failure in between leaves at most an unreferenced file,
      // never a row without its bytes. No transaction is held open while the bytes arrive.
      const guid = randomUUID();
      const key = fileKey(tenantId, guid);
      const inspector = new UploadInspector();
      const body = pipeline(part.file, inspector, () => { /* errors surface through storage.put */ });
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

      const result = { guid, fileName: cleanFileName(part.filename, detected.ext), contentType: detected.contentType, size: inspector.size };
      try {
        await deps.database.withTenant(tenantId, (tx) => tx.insert(files).values({ ...result, ownerUserId: user.id, kind: detected.kind }));
      } catch (err) {
        await storage.delete(key).catch(() => {});
        throw err;
      }
      return ok(result);
    });

    const serve = (kind: FileKind) => async (req: FastifyRequest, reply: FastifyReply) => {
      const { principal, tenantId } = await principalOf(deps, req, true);
      const guid = guidOf(req);
      // Spec 001 §5: no link exists for a guid of one character or less; not a guid at all is
      // simply no such file.
      const row = guid.length > 1 && UUID.test(guid)
        ? await deps.database.withTenant(tenantId, async (tx) => {
          const user = await loadCurrentUser(tx, deps.database, principal);
          if (!user) throw userGone();
          return findReadableFile(tx, guid, user);
        })
        : undefined;
      if (!row || row.kind !== kind) throw notFound('文件');

      const etag = `"${row.guid}"`;
      reply.header('Cache-Control', CACHE_CONTROL).header('ETag', etag).header('X-Content-Type-Options', 'nosniff');
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();
      const stream = await storage.get(fileKey(row.tenantId, row.guid));
      if (!stream) {
        req.log.warn({ guid: row.guid, tenantId: row.tenantId }, 'file row without stored bytes');
        throw notFound('文件');
      }
      return reply
        .header('Content-Type', row.contentType)
        .header('Content-Length', String(row.size))
        .header('Content-Disposition', contentDisposition(row.fileName))
        .send(stream);
    };

    for (const action of ['GetLogisticsImage', 'GetUserUploadImage', 'GetPackedImage']) {
      scope.get(`/api/File/${action}`, {
        schema: { tags: ['File'], summary: 'An image by guid (staff: any of the tenant; seller: own uploads, own parcels)', querystring: GuidQuery },
        validatorCompiler: noValidation,
      }, serve('image'));
    }
    scope.get('/api/File/GetPdf', {
      schema: { tags: ['File'], summary: 'A PDF by guid, inline (staff: any of the tenant; seller: own uploads, own orders)', querystring: PdfQuery },
      validatorCompiler: noValidation,
    }, serve('pdf'));
  });
}
