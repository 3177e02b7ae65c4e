import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';

/** Whether an uploaded image with this guid exists in the transaction's tenant. */
export async function isStoredImage(tx: Db, guid: string): Promise<boolean> {
  const [row] = await tx.select({ guid: files.guid }).from(files).where(and(eq(files.guid, guid.toLowerCase()), eq(files.kind, 'image'))).limit(1);
  return !!row;
}
