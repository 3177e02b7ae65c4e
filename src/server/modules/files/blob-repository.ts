// Queries of the PostgreSQL file store (storage.ts): a file under its key in file_blobs, its bytes in
// file_chunks. Always on the owner connection (the application roles have no access, migration 0038).
import { and, asc, eq, gt, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fileBlobs, fileChunks } from '../../db/schema/index.ts';

/** A file being written: no key yet, so no reader sees it until publishBlob. */
export async function createBlob(root: Db, id: string): Promise<void> {
  await root.insert(fileBlobs).values({ id });
}

export async function insertChunk(root: Db, blobId: string, seq: number, data: Buffer): Promise<void> {
  await root.insert(fileChunks).values({ blobId, seq, data });
}

/** Puts the written file under key, in one transaction with the removal of the file that was there. */
export async function publishBlob(root: Db, id: string, key: string, size: number, chunks: number): Promise<void> {
  await root.transaction(async (tx) => {
    await tx.delete(fileBlobs).where(eq(fileBlobs.key, key));
    await tx.update(fileBlobs).set({ key, size, chunks }).where(eq(fileBlobs.id, id));
  });
}

/** Removes a file and (by cascade) its chunks. */
export async function deleteBlob(root: Db, id: string): Promise<void> {
  await root.delete(fileBlobs).where(eq(fileBlobs.id, id));
}

export async function deleteBlobByKey(root: Db, key: string): Promise<void> {
  await root.delete(fileBlobs).where(eq(fileBlobs.key, key));
}

export async function findBlob(root: Db, key: string): Promise<{ id: string; chunks: number } | undefined> {
  const [row] = await root.select({ id: fileBlobs.id, chunks: fileBlobs.chunks }).from(fileBlobs).where(eq(fileBlobs.key, key));
  return row;
}

export async function readChunk(root: Db, blobId: string, seq: number): Promise<Buffer | undefined> {
  const [row] = await root.select({ data: fileChunks.data }).from(fileChunks).where(and(eq(fileChunks.blobId, blobId), eq(fileChunks.seq, seq)));
  return row?.data;
}

/** One page of the stored files in key order, after `afterKey`. */
export async function listBlobs(root: Db, afterKey: string | null, limit: number): Promise<{ key: string; size: number }[]> {
  // Files still being written (key null) are not listed.
  const rows = await root.select({ key: fileBlobs.key, size: fileBlobs.size }).from(fileBlobs)
    .where(afterKey === null ? isNotNull(fileBlobs.key) : gt(fileBlobs.key, afterKey))
    .orderBy(asc(fileBlobs.key)).limit(limit);
  return rows as { key: string; size: number }[];
}

/** Removes the files whose writing began before `before` and never finished (a server died mid-upload). */
export async function deleteAbandonedBlobs(root: Db, before: Date): Promise<number> {
  const rows = await root.delete(fileBlobs).where(and(isNull(fileBlobs.key), lt(fileBlobs.creationTime, before))).returning({ id: fileBlobs.id });
  return rows.length;
}
