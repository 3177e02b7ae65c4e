// What an uploaded file is (issue 4 §2, DOMAIN §9): the type is decided by the bytes (magic numbers),
// never by the name or the declared type, and the size limit follows the detected type, enforced
// while streaming: nothing over the limit is kept. Used by File/UploadFile and the base64 photo actions.
import { Transform, type TransformCallback } from 'node:stream';
import type { FileKind } from '../../db/schema/index.ts';
import { AppError, invalid } from '../../lib/errors.ts';

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
export class UploadInspector extends Transform {
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

/** The client's file name without path or control characters, at most 255 characters; else `fallback`. */
export function cleanFileName(raw: string | undefined, fallback: string): string {
  // eslint-disable-next-line no-control-regex
  const name = (raw ?? '').split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return name ? Array.from(name).slice(0, 255).join('') : fallback;
}

/** How an upload action words the parser's refusals. */
export interface UploadRefusals { missing: string; oneFile: string; malformed: string; tooLarge: string }

/**
 * Anything that went wrong reading the multipart body is the client's (400, member file); disk
 * faults stay 500s. Past the parser's backstop (maxBytes), the action's `tooLarge`.
 */
export function uploadError(err: unknown, refusals: UploadRefusals = { ...UPLOAD_MESSAGES, tooLarge: UPLOAD_MESSAGES.pdfTooLarge }): unknown {
  if (err instanceof AppError) return err;
  const e = err as { code?: string; syscall?: string };
  if (e.syscall) return err;
  if (e.code === 'FST_FILES_LIMIT') return invalid('file', refusals.oneFile);
  if (e.code === 'FST_REQ_FILE_TOO_LARGE') return invalid('file', refusals.tooLarge);
  if (e.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return invalid('file', refusals.missing);
  return invalid('file', refusals.malformed);
}
