import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { notifyOnCommit, type Db } from '../../db/client.ts';
import { pageLimit } from '../../db/page-limit.ts';
import { notifications, users } from '../../db/schema/index.ts';

export type NotificationRow = typeof notifications.$inferSelect;

export async function listForUser(tx: Db, userId: number, f: { type?: number | undefined; isRead?: boolean | undefined }, page: { limit: number; offset: number }) {
  const parts: SQL[] = [eq(notifications.userId, userId)];
  if (f.type !== undefined) parts.push(eq(notifications.type, f.type));
  if (f.isRead !== undefined) parts.push(eq(notifications.isRead, f.isRead));
  const where = and(...parts);
  const [total] = await tx.select({ n: count() }).from(notifications).where(where);
  const [unread] = await tx.select({ n: count() }).from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  const rows = await tx.select().from(notifications).where(where).orderBy(desc(notifications.id)).limit(pageLimit(page.limit)).offset(page.offset);
  return { total: total?.n ?? 0, unread: unread?.n ?? 0, rows };
}

export async function markRead(tx: Db, userId: number, id: number): Promise<boolean> {
  const rows = await tx.update(notifications).set({ isRead: true }).where(and(eq(notifications.id, id), eq(notifications.userId, userId))).returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(tx: Db, userId: number, type?: number): Promise<void> {
  await tx.update(notifications).set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false), type === undefined ? undefined : eq(notifications.type, type)));
}

/** One row per recipient; recipients are active users of the transaction's tenant. */
export async function insertForUsers(tx: Db, userIds: readonly number[] | 'all', n: { type: number; title: string; description: string }): Promise<NotificationRow[]> {
  const recipients = userIds === 'all'
    ? (await tx.select({ id: users.id }).from(users).where(and(eq(users.isActive, true), eq(users.isDeleted, false)))).map((r) => r.id)
    : (await tx.select({ id: users.id }).from(users).where(and(inArray(users.id, [...userIds]), eq(users.isDeleted, false)))).map((r) => r.id);
  if (recipients.length === 0) return [];
  return tx.insert(notifications).values(recipients.map((userId) => ({ userId, ...n }))).returning();
}

/** Read by the realtime hub with the owner connection (it serves every tenant's sockets). */
export async function loadByIds(root: Db, ids: readonly number[]): Promise<NotificationRow[]> {
  if (ids.length === 0) return [];
  return root.select().from(notifications).where(inArray(notifications.id, [...ids]));
}

export const REALTIME_CHANNEL = 'haicang_realtime';

/** NOTIFY is transactional: the message leaves only if the transaction commits. */
export async function announce(tx: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  for (const some of inNotices(ids)) await tx.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify({ n: some })})`);
}

/** Ids named by one notice, at most: its payload stays far below NOTIFY's 8000 bytes. */
const IDS_PER_NOTICE = 500;

/** The ids in runs of at most IDS_PER_NOTICE, in order; one empty run for none. */
function inNotices(ids: readonly number[]): number[][] {
  const runs: number[][] = [];
  for (let i = 0; i === 0 || i < ids.length; i += IDS_PER_NOTICE) runs.push(ids.slice(i, i + IDS_PER_NOTICE));
  return runs;
}

/** A floor-work notice's payload: the tenant, and the sellers whose own dashboards moved. */
export interface FloorWorkPayload { w: number | null; u: number[] }

/**
 * The floor did work the dashboards count (a parcel signed in, an order packed, weighed or its
 * freight paid): a NOTIFY naming the tenant and the sellers concerned, sent once the transaction has
 * committed, so it leaves only if the work did (notifyOnCommit, decision 0035). The hub tells the
 * tenant's staff sockets and those sellers'. The tenant's floor work is gathered (decision 0054): the
 * first after a quiet spell leaves at once, the rest of each GATHER_MS window goes as one notice
 * naming every seller in it, so a floor scanning a thousand parcels a second sends four, not a thousand.
 */
export async function announceFloorWork(tx: Db, sellerUserId: number | null): Promise<void> {
  const one: number[] = sellerUserId === null ? [] : [sellerUserId];
  await notifyOnCommit(tx, REALTIME_CHANNEL, (tenantId) => floorWorkPayloads(tenantId, one)[0]!, (tenantId) => ({
    key: `floorWork:${tenantId ?? ''}`,
    part: sellerUserId === null ? '' : String(sellerUserId),
    merge: (parts) => floorWorkPayloads(tenantId, parts.filter((p) => p !== '').map(Number)),
  }));
}

/** The payloads naming these sellers: one, or more when there are many (none is ever left out). */
export function floorWorkPayloads(tenantId: number | null, sellers: readonly number[]): string[] {
  return inNotices(sellers).map((u) => JSON.stringify({ w: tenantId, u } satisfies FloorWorkPayload));
}
