// The audit trail (DOMAIN §0): one row per state transition, written in the same transaction.
import { and, asc, desc, eq, gte, lte, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pageLimit } from '../../db/page-limit.ts';
import { shapeOf, type PendingWrite } from '../../db/pending-write.ts';
import { cappedCount } from '../../db/capped-count.ts';
import { orderOperates } from '../../db/schema/index.ts';
import type { CurrentUser } from '../../framework.ts';
import type { AuditEntity } from '#shared/contracts/orders.ts';
import type { AuditAction } from '#shared/audit-actions.ts';

export type { AuditEntity };

export interface AuditEntry {
  entity: AuditEntity; entityId: number; tradeNo?: string | null; orderNumber?: string | null;
  /** One of the codes in src/shared/audit-actions.ts, so every screen can name it. */
  action: AuditAction; before?: string | number | null; after?: string | number | null; note?: string | null;
}

type Who = Pick<CurrentUser, 'id' | 'name' | 'userName'> | null;

export async function audit(tx: Db, who: Who, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await auditRows(tx, who, entries);
}

const auditRow = (who: Who, e: AuditEntry) => ({
  entity: e.entity, entityId: e.entityId, tradeNo: e.tradeNo ?? null, orderNumber: e.orderNumber ?? null, action: e.action,
  statusBefore: e.before === undefined || e.before === null ? null : String(e.before), statusAfter: e.after === undefined || e.after === null ? null : String(e.after),
  note: e.note ?? null, userId: who?.id ?? null, userName: who ? who.name || who.userName : null,
});

function auditRows(tx: Db, who: Who, entries: readonly AuditEntry[]) {
  return tx.insert(orderOperates).values(entries.map((e) => auditRow(who, e)));
}

/**
 * audit's insert, not yet sent: a caller may send it with its own writes in one statement (decisions
 * 0034 and 0035). The entries keep their order, and so their ids.
 */
export function auditWrite(tx: Db, who: Who, entries: readonly AuditEntry[]): PendingWrite {
  const rows = entries.map((e) => auditRow(who, e));
  const values: Record<string, unknown> = {};
  rows.forEach((row, i) => { for (const [k, v] of Object.entries(row)) values[`${i}_${k}`] = v; });
  return {
    shape: `audit:${shapeOf(values)}`,
    values,
    build: (v) => tx.insert(orderOperates).values(rows.map((row, i) =>
      Object.fromEntries(Object.keys(row).map((k) => [k, v[`${i}_${k}`]])) as typeof row)),
  };
}

export async function auditOf(tx: Db, entity: AuditEntity, entityId: number) {
  return tx.select().from(orderOperates).where(and(eq(orderOperates.entity, entity), eq(orderOperates.entityId, entityId))).orderBy(asc(orderOperates.id));
}

export async function listAudit(tx: Db, f: { entity?: AuditEntity | undefined; number?: string | undefined; timeFrom?: string | undefined; timeTo?: string | undefined }, page: { limit: number; offset: number }) {
  const parts: SQL[] = [];
  if (f.entity) parts.push(eq(orderOperates.entity, f.entity));
  if (f.number) parts.push(or(eq(orderOperates.tradeNo, f.number), eq(orderOperates.orderNumber, f.number))!);
  if (f.timeFrom) parts.push(gte(orderOperates.creationTime, new Date(f.timeFrom)));
  if (f.timeTo) parts.push(lte(orderOperates.creationTime, new Date(f.timeTo)));
  const where = parts.length ? and(...parts) : undefined;
  const { total, capped } = await cappedCount(tx, orderOperates, where);
  const rows = await tx.select().from(orderOperates).where(where).orderBy(desc(orderOperates.id)).limit(pageLimit(page.limit)).offset(page.offset);
  return { total, capped, rows };
}

export function toAuditDto(a: typeof orderOperates.$inferSelect) {
  return {
    id: a.id, entity: a.entity, entityId: a.entityId, tradeNo: a.tradeNo, orderNumber: a.orderNumber, action: a.action,
    statusBefore: a.statusBefore, statusAfter: a.statusAfter, note: a.note, userName: a.userName, creationTime: a.creationTime.toISOString(),
  };
}
