import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';

/** Whether an uploaded image with this guid exists in the transaction's tenant. */
export async function isStoredImage(tx: Db, guid: string): Promise<boolean> {
  const [row] = await tx.select({ guid: files.guid }).from(files).where(and(eq(files.guid, guid.toLowerCase()), eq(files.kind, 'image'))).limit(1);
  return !!row;
}

/**
 * HEIC/HEIF: accepted by File/UploadFile (DOMAIN §9), but no browser except Safari can show it and
 * the server has no converter, so it cannot become a parcel photo everyone looks at. The phone
 * screens send HEIC as is when the browser could not compress it; linking it is refused with this.
 */
export const HEIC_PHOTO_MESSAGE = 'HEIC 图片无法处理，请在相机设置中改用 JPEG（兼容性最佳）后重拍';

/** The stored image's content type, or null when no image with this guid exists in the tenant. */
export async function storedImageType(tx: Db, guid: string): Promise<string | null> {
  const [row] = await tx.select({ contentType: files.contentType }).from(files).where(and(eq(files.guid, guid.toLowerCase()), eq(files.kind, 'image'))).limit(1);
  return row?.contentType ?? null;
}

export const isHeic = (contentType: string): boolean => contentType === 'image/heic' || contentType === 'image/heif';
