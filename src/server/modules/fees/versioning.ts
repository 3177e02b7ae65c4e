// Versioned settings (DOMAIN §5): each has [beginTime, endTime) with endTime null = open, and an
// isEffective switch. For one key at most one effective setting may cover any instant. The check
// runs under a transaction-scoped advisory lock on the key, so two concurrent Adds for the same key
// are serialised and the second sees the first (the lock is released at commit or rollback).
import { and, eq, gt, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SettingPhase } from '#shared/contracts/fees.ts';
import type { Db } from '../../db/client.ts';
import { TIME_ZONE } from '../configuration/service.ts';

/** Serialises every change to one key's settings until the request transaction ends. */
export async function lockKey(tx: Db, kind: string, tenantId: number | null, key: readonly (string | number)[]): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`haicang.fees.${kind}`}), hashtext(${[tenantId ?? 'host', ...key].join('|')}))`);
}

interface VersionedTable { id: PgColumn; beginTime: PgColumn; endTime: PgColumn; isEffective: PgColumn }

/**
 * The effective settings of the key (extra conditions in `keyWhere`) whose period overlaps
 * [begin, end). Half-open periods: a setting may begin exactly when the previous one ends.
 */
export async function findOverlap<T extends PgTable & VersionedTable>(
  tx: Db, table: T, keyWhere: SQL, period: { begin: Date; end: Date | null }, exceptId?: number,
): Promise<{ id: number; beginTime: Date; endTime: Date | null } | undefined> {
  if (period.end && period.end.getTime() <= period.begin.getTime()) return undefined; // an empty period covers no instant
  const [row] = await tx.select({ id: table.id, beginTime: table.beginTime, endTime: table.endTime }).from(table as PgTable)
    .where(and(
      keyWhere,
      eq(table.isEffective, true),
      exceptId ? ne(table.id, exceptId) : undefined,
      period.end ? lt(table.beginTime, period.end) : undefined,
      or(isNull(table.endTime), gt(table.endTime, period.begin)),
    ))
    .orderBy(table.beginTime).limit(1);
  return row as { id: number; beginTime: Date; endTime: Date | null } | undefined;
}

/** The setting effective at `at` for a key: isEffective and beginTime ≤ at < endTime. */
export function effectiveAt(table: VersionedTable, at: Date): SQL {
  return and(eq(table.isEffective, true), sql`${table.beginTime} <= ${at}`, or(isNull(table.endTime), gt(table.endTime, at)))!;
}

export function phaseOf(s: { beginTime: Date; endTime: Date | null; isEffective: boolean }, now: Date): SettingPhase {
  if (!s.isEffective) return 'disabled';
  if (s.beginTime.getTime() > now.getTime()) return 'upcoming';
  if (s.endTime && s.endTime.getTime() <= now.getTime()) return 'ended';
  return 'current';
}

/** Has the setting ever been in effect (begun, while switched on)? Then its amounts are history. */
export const hasBegun = (s: { beginTime: Date }, now: Date): boolean => s.beginTime.getTime() <= now.getTime();

const fmt = new Intl.DateTimeFormat('zh-CN', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false });
/** "2026-11-22 08:00" in the tenant's time zone, for sentences people read. */
export function formatTime(d: Date): string {
  const p = Object.fromEntries(fmt.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour === '24' ? '00' : p.hour}:${p.minute}`;
}

export const describePeriod = (s: { beginTime: Date; endTime: Date | null }): string =>
  `${formatTime(s.beginTime)} 至 ${s.endTime ? formatTime(s.endTime) : '长期'}`;
