// Who may point a parcel or an order at an uploaded file, how much a user may upload in a day, and
// the job that removes uploads nothing points at (issue 12 §6).
import { USER_TYPE } from '#shared/permissions.ts';
import type { Database, Db } from '../../db/client.ts';
import type { FileKind } from '../../db/schema/index.ts';
import type { CurrentUser } from '../../framework.ts';
import { conflict, invalid } from '../../lib/errors.ts';
import { deleteUnreferencedFiles, lockFileForAttach, uploadedBytesSince } from './repository.ts';
import { fileKey, type FileStorage } from './storage.ts';

export const ATTACH_MESSAGES: Record<FileKind, string> = {
  image: '找不到这张已上传的图片，请重新上传',
  pdf: '找不到这份已上传的面单 PDF，请重新上传',
};

/**
 * Refuses (400 naming `field`) a guid that is not a file of this kind in the tenant, or, for a
 * seller, not one they uploaded: putting another seller's guid on one's own order would otherwise
 * make it readable. Staff of the tenant may attach any of its files. The value already there
 * (`current`) passes unchanged. The file's row stays locked until the caller's transaction ends,
 * so the cleanup job cannot remove it in between.
 */
export async function assertAttachable(
  tx: Db, user: CurrentUser,
  a: { guid: string | null | undefined; current?: string | null | undefined; field: string; kind: FileKind; message?: string },
): Promise<void> {
  if (!a.guid) return;
  if (a.current && a.current.toLowerCase() === a.guid.toLowerCase()) return;
  const row = await lockFileForAttach(tx, a.guid);
  const mine = row && (user.userType === USER_TYPE.staff || row.ownerUserId === user.id);
  if (!row || !mine || row.kind !== a.kind) throw invalid(a.field, a.message ?? ATTACH_MESSAGES[a.kind]);
}

const DAY_MS = 24 * 3600 * 1000;
const MB = 1024 * 1024;

export const quotaMessage = (limitBytes: number) => `24 小时内上传的文件已达上限（${Math.round(limitBytes / MB)} MB），请稍后再上传。`;

/** Refuses (409) an upload of `size` bytes that would take the user past the last 24 hours' quota. */
export async function assertUploadQuota(tx: Db, userId: number, size: number, limitBytes: number, now: Date): Promise<void> {
  const used = await uploadedBytesSince(tx, userId, new Date(now.getTime() - DAY_MS));
  // size 0: asked before the bytes arrive; a user already at the limit is refused without reading them.
  if (size === 0 ? used >= limitBytes : used + size > limitBytes) throw conflict(quotaMessage(limitBytes));
}

/** How long an upload may wait to be attached before the cleanup job removes it. */
export const UNREFERENCED_GRACE_MS = DAY_MS;
const CLEANUP_BATCH = 500;

/**
 * Removes the uploads older than a day that no parcel or order points at: the rows first (in batches,
 * each its own short transaction), then their bytes. Idempotent and safe on several servers at once
 * (see deleteUnreferencedFiles); bytes whose removal fails are only orphaned, never served. Then what
 * writes that never finished left in the store a day ago. Answers how many uploads went.
 */
export async function removeUnreferencedFiles(database: Pick<Database, 'root'>, storage: FileStorage, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - UNREFERENCED_GRACE_MS);
  let removed = 0;
  for (;;) {
    const rows = await deleteUnreferencedFiles(database.root, before, CLEANUP_BATCH);
    for (const r of rows) await storage.delete(fileKey(r.tenantId, r.guid));
    removed += rows.length;
    if (rows.length < CLEANUP_BATCH) break;
  }
  await storage.removeAbandoned(before);
  return removed;
}

/** Runs removeUnreferencedFiles every `everyMs` (first run after one period); stop() on close. */
export function startFileCleanup(
  database: Pick<Database, 'root'>, storage: FileStorage, log: { warn(o: object, m: string): void; info(o: object, m: string): void },
  everyMs = 3600 * 1000,
): { stop(): void } {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = removeUnreferencedFiles(database, storage)
      .then((n) => { if (n) log.info({ removed: n }, 'removed unreferenced uploads'); })
      .catch((err: unknown) => log.warn({ err }, 'removing unreferenced uploads failed'))
      .finally(() => { running = null; });
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
