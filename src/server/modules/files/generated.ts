// Files the server obtains itself (a marketplace's shipping document), stored like an upload:
// bytes first, then the row owned by the seller, so a rollback leaves at most an unreferenced file.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';
import { fileKey, type FileStorage } from './storage.ts';
import { detectFileType } from './upload.ts';

/** Stores a PDF for the seller; refuses bytes that are not one. Answers the guid. */
export async function storeGeneratedPdf(tx: Db, storage: FileStorage, who: { tenantId: number; userId: number }, bytes: Buffer, fileName: string): Promise<string> {
  if (detectFileType(bytes.subarray(0, 64))?.kind !== 'pdf') throw new Error('the document is not a PDF');
  const guid = randomUUID();
  await storage.put(fileKey(who.tenantId, guid), bytes);
  await tx.insert(files).values({ guid, fileName, contentType: 'application/pdf', size: bytes.length, ownerUserId: who.userId, kind: 'pdf' });
  return guid;
}
