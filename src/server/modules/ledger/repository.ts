// Flow queries for the lists and the export (reads only; postings go through ledger.ts).
import { and, asc, count, desc, eq, gte, ilike, lt, lte, or, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { pageLimit } from '#server/db/page-limit.ts';
import { USER_TYPE } from '#shared/permissions.ts';
import { accountFlows, accounts, users } from '#server/db/schema/index.ts';
import type { FlowRow } from './ledger.ts';

export interface FlowFilter {
  userId?: number | undefined;
  userCode?: string | undefined;
  channel?: number | undefined;
  timeFrom?: string | undefined;
  timeTo?: string | undefined;
  number?: string | undefined;
}

function where(f: FlowFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (f.userId !== undefined) parts.push(eq(accountFlows.userId, f.userId));
  if (f.userCode) parts.push(eq(accountFlows.userCode, f.userCode.toUpperCase()));
  if (f.channel !== undefined) parts.push(eq(accountFlows.channel, f.channel));
  if (f.timeFrom) parts.push(gte(accountFlows.creationTime, new Date(f.timeFrom)));
  if (f.timeTo) parts.push(lte(accountFlows.creationTime, new Date(f.timeTo)));
  if (f.number) parts.push(or(eq(accountFlows.tradeNo, f.number), eq(accountFlows.orderNumber, f.number))!);
  return parts.length ? and(...parts) : undefined;
}

/** A page of flows, newest first (id order is posting order). */
export async function listFlows(tx: Db, f: FlowFilter, page: { limit: number; offset: number }): Promise<{ total: number; rows: FlowRow[] }> {
  const w = where(f);
  const [total] = await tx.select({ n: count() }).from(accountFlows).where(w);
  const rows = await tx.select().from(accountFlows).where(w).orderBy(desc(accountFlows.id)).limit(pageLimit(page.limit)).offset(page.offset);
  return { total: total?.n ?? 0, rows };
}

/** The export's next batch: newest first, below `beforeId`. */
export async function exportFlowBatch(tx: Db, f: FlowFilter, beforeId: number | null, size: number): Promise<FlowRow[]> {
  const w = and(where(f), beforeId === null ? undefined : lt(accountFlows.id, beforeId));
  return tx.select().from(accountFlows).where(w).orderBy(desc(accountFlows.id)).limit(size);
}

/** Up to 50 sellers (by code, name or user name; or one by id) with their balance in cents. */
export async function sellerBalances(tx: Db, f: { userId?: number | undefined; keyword?: string | undefined }) {
  const parts: SQL[] = [eq(users.userType, USER_TYPE.seller), eq(users.isDeleted, false)];
  if (f.userId !== undefined) parts.push(eq(users.id, f.userId));
  if (f.keyword) {
    const like = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(or(ilike(users.userCode, like), ilike(users.name, like), ilike(users.userName, like))!);
  }
  return tx.select({ id: users.id, userCode: users.userCode, name: users.name, userName: users.userName, balanceCents: accounts.balanceCents })
    .from(users).leftJoin(accounts, eq(accounts.userId, users.id)).where(and(...parts)).orderBy(asc(users.userCode)).limit(50);
}

/** The user a staff member credits or debits by hand, with their type (only sellers hold points). */
export async function accountHolder(tx: Db, userId: number): Promise<{ id: number; userType: number } | undefined> {
  const [row] = await tx.select({ id: users.id, userType: users.userType }).from(users)
    .where(and(eq(users.id, userId), eq(users.isDeleted, false)));
  return row;
}
