// Queries on the files table and on the parcels and orders that point at a file by its guid.
import { and, eq, exists, gte, inArray, lt, notExists, or, sql } from 'drizzle-orm';
import { USER_TYPE } from '#shared/permissions.ts';
import type { Db } from '../../db/client.ts';
import { files, orders, parcels, stockProducts, stockRecords, users } from '../../db/schema/index.ts';
import type { CurrentUser } from '../../framework.ts';

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

type FileRow = typeof files.$inferSelect;

/**
 * The file if this user may read it: staff any file of the tenant; a seller their own uploads, and
 * the files attached to their own parcels or orders that staff uploaded (a photo of the parcel, a
 * packing photo) — never another seller's upload, even when its guid was put on their order.
 */
export async function findReadableFile(tx: Db, guid: string, user: CurrentUser): Promise<FileRow | undefined> {
  const g = guid.toLowerCase();
  const visible = user.userType === USER_TYPE.staff
    ? sql`true`
    : or(
      eq(files.ownerUserId, user.id),
      and(
        exists(tx.select({ one: sql`1` }).from(users).where(and(eq(users.id, files.ownerUserId), eq(users.userType, USER_TYPE.staff)))),
        or(
          exists(tx.select({ one: sql`1` }).from(parcels).where(and(
            eq(parcels.userId, user.id),
            or(eq(sql`lower(${parcels.imageGuid})`, g), eq(sql`lower(${parcels.goodsImageGuid})`, g), eq(sql`lower(${parcels.userUploadImageGuid})`, g)),
          ))),
          exists(tx.select({ one: sql`1` }).from(orders).where(and(eq(orders.userId, user.id), or(eq(sql`lower(${orders.pdfGuid})`, g), eq(sql`lower(${orders.packedImageGuid})`, g))))),
          // The inspection photo of the seller's stock record (验货), taken by staff.
          exists(tx.select({ one: sql`1` }).from(stockRecords).where(and(eq(stockRecords.userId, user.id), eq(sql`lower(${stockRecords.checkImageGuid})`, g)))),
        ),
      ),
    );
  const [row] = await tx.select().from(files).where(and(eq(files.guid, g), visible)).limit(1);
  return row;
}

/**
 * The owner and kind of a file about to be attached, its row locked against the cleanup job
 * (FOR KEY SHARE: the job's FOR UPDATE skips it, and a file the job took first is gone here).
 */
export async function lockFileForAttach(tx: Db, guid: string): Promise<Pick<FileRow, 'ownerUserId' | 'kind'> | undefined> {
  const [row] = await tx.select({ ownerUserId: files.ownerUserId, kind: files.kind }).from(files)
    .where(eq(files.guid, guid.toLowerCase())).limit(1).for('key share');
  return row;
}

/** Bytes this user uploaded since `since` (the daily quota). */
export async function uploadedBytesSince(tx: Db, userId: number, since: Date): Promise<number> {
  const [row] = await tx.select({ bytes: sql<string>`coalesce(sum(${files.size}), 0)` }).from(files)
    .where(and(eq(files.ownerUserId, userId), gte(files.creationTime, since)));
  return Number(row?.bytes ?? 0);
}

/**
 * Deletes up to `limit` files, of every tenant, recorded before `before` that nothing points at,
 * and returns them. Runs on the root connection (no tenant). Rows another transaction is attaching
 * (FOR KEY SHARE) are skipped, so a file is never deleted under an attach in progress; several
 * servers may run it at once (SKIP LOCKED: each row goes to one of them).
 */
export async function deleteUnreferencedFiles(root: Db, before: Date, limit: number): Promise<{ tenantId: number; guid: string }[]> {
  const g = sql`${files.guid}::text`;
  // One NOT EXISTS per column, each a plain equality, so the planner can hash-anti-join every
  // reference column once instead of probing the parcels for every file.
  const unreferenced = [parcels.imageGuid, parcels.goodsImageGuid, parcels.userUploadImageGuid, orders.pdfGuid, orders.packedImageGuid,
    stockRecords.productImgGuid, stockRecords.checkImageGuid, stockProducts.productImgGuid]
    .map((column) => notExists(root.select({ one: sql`1` }).from(column.table).where(eq(sql`lower(${column})`, g))));
  return root.transaction(async (tx) => {
    const doomed = await tx.select({ guid: files.guid }).from(files)
      .where(and(lt(files.creationTime, before), ...unreferenced))
      .limit(limit).for('update', { of: files, skipLocked: true });
    if (doomed.length === 0) return [];
    return tx.delete(files).where(inArray(files.guid, doomed.map((d) => d.guid))).returning({ tenantId: files.tenantId, guid: files.guid });
  });
}
