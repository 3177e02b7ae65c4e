// Images that arrive inline as base64 in a JSON body (the spec's JSON photo actions): decoded,
// checked like File/UploadFile (type by content, 10 MB), stored through the file storage and recorded
// in the files table, so every image link (GetLogisticsImage, …) serves them.
// Shared by Logistics/UploadLogisticsImg, BackOrder/UploadIntoPicBase64Img and UploadPackedBase64Img.
import { randomUUID } from 'node:crypto';
import type { TenantId, Db } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';
import { forbidden, invalid } from '../../lib/errors.ts';
import { detectFileType, MAX_BYTES, UPLOAD_MESSAGES, type DetectedType } from './upload.ts';
import { fileKey, type FileStorage } from './storage.ts';

export { defaultFileStorage } from './storage.ts';

export const BASE64_MESSAGES = {
  notBase64: '不是有效的 base64 图片数据。',
  notImage: '只支持 JPG/PNG/WEBP/HEIC 图片（按文件内容判断）。',
} as const;

const DATA_URL = /^data:[\w/+.-]*(;[\w=.-]+)*;base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The bytes of a base64 image, or a 400 naming `field`: not base64, empty, not an accepted image
 * type (decided by the bytes), or over the image limit.
 */
export function decodeBase64Image(base64: string, field = 'base64'): { bytes: Buffer; detected: DetectedType } {
  // Also accepts the URL-safe alphabet and line breaks (some camera libraries wrap at 76 columns).
  const raw = base64.trim().replace(DATA_URL, '').replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/');
  if (!BASE64.test(raw) || raw.length % 4 === 1) throw invalid(field, BASE64_MESSAGES.notBase64);
  const bytes = Buffer.from(raw, 'base64');
  if (bytes.length === 0) throw invalid(field, UPLOAD_MESSAGES.empty);
  const detected = detectFileType(bytes.subarray(0, 64));
  if (!detected || detected.kind !== 'image') throw invalid(field, BASE64_MESSAGES.notImage);
  if (bytes.length > MAX_BYTES.image) throw invalid(field, UPLOAD_MESSAGES.imageTooLarge);
  return { bytes, detected };
}

export interface StoredImage { guid: string; fileName: string; contentType: string; size: number }

/**
 * Decodes and checks a base64 image, stores the bytes, then records the file in the request's
 * transaction (owner = the caller). Stored first, recorded second: a rollback leaves at most an
 * unreferenced file, never a row without its bytes.
 */
export async function storeBase64Image(
  tx: Db, storage: FileStorage,
  who: { tenantId: TenantId; userId: number },
  base64: string,
  opts: { field?: string; fileName: string; refuse?: (detected: DetectedType) => string | null },
): Promise<StoredImage> {
  if (who.tenantId === null) throw forbidden('文件属于租户，主机管理员不能上传文件。');
  const { bytes, detected } = decodeBase64Image(base64, opts.field);
  // A caller's own rule on the type (e.g. parcel photos refuse HEIC), checked before anything is stored.
  const refusal = opts.refuse?.(detected);
  if (refusal) throw invalid(opts.field ?? 'base64', refusal);
  const guid = randomUUID();
  await storage.put(fileKey(who.tenantId, guid), bytes);
  const stored = { guid, fileName: `${opts.fileName}.${detected.ext}`, contentType: detected.contentType, size: bytes.length };
  await tx.insert(files).values({ ...stored, ownerUserId: who.userId, kind: 'image' });
  return stored;
}
