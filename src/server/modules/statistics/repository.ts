// The statistics' queries: each groups audit rows or ledger flows by day in the tenant's time zone.
// The range is turned into instants once (start of startTime, start of the day after endTime), so the
// time indexes on order_operates and account_flows bound the scan.
import { and, asc, eq, gte, like, lt, not, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accountFlows, orderOperates } from '../../db/schema/index.ts';
import type { AuditEntity } from '../audit/repository.ts';

export interface DayRange { startTime: string; endTime: string; timeZone: string }

/**
 * The zone as an SQL literal, not a parameter: the day expression appears in SELECT and GROUP BY, and
 * PostgreSQL only sees them as the same expression when they are written the same (a parameter each
 * would differ). The zone is the server's constant, checked here all the same.
 */
function zoneLiteral(timeZone: string): SQL {
  if (!/^[A-Za-z0-9_/+-]+$/.test(timeZone)) throw new Error(`unexpected time zone ${timeZone}`);
  return sql.raw(`'${timeZone}'`);
}

/** The day an instant falls on in the zone, as yyyy-MM-dd. */
const dayOf = (column: typeof orderOperates.creationTime | typeof accountFlows.creationTime, timeZone: string) =>
  sql<string>`to_char(${column} at time zone ${zoneLiteral(timeZone)}, 'YYYY-MM-DD')`;
/** Midnight starting a yyyy-MM-dd day in the zone, as an instant. */
const midnight = (day: string, timeZone: string) => sql`((${day}::date)::timestamp at time zone ${timeZone})`;
const nextMidnight = (day: string, timeZone: string) => sql`((${day}::date + 1)::timestamp at time zone ${timeZone})`;

function inRange(column: typeof orderOperates.creationTime | typeof accountFlows.creationTime, r: DayRange): SQL {
  return and(gte(column, midnight(r.startTime, r.timeZone)), lt(column, nextMidnight(r.endTime, r.timeZone)))!;
}

export interface ActionFilter { entity: AuditEntity; action: string; tradeNoPrefix?: { is: string } | { isNot: string } }

/**
 * Audit rows of one action per day and per user. distinctEntities counts each entity once a day
 * per user (an order packed twice the same day by the same packer is one packed order).
 */
export async function auditPerDayAndUser(tx: Db, f: ActionFilter, r: DayRange, distinctEntities: boolean) {
  const day = dayOf(orderOperates.creationTime, r.timeZone);
  const userName = sql<string>`coalesce(${orderOperates.userName}, '')`;
  const parts: SQL[] = [eq(orderOperates.action, f.action), eq(orderOperates.entity, f.entity), inRange(orderOperates.creationTime, r)];
  if (f.tradeNoPrefix && 'is' in f.tradeNoPrefix) parts.push(like(orderOperates.tradeNo, `${f.tradeNoPrefix.is}%`));
  if (f.tradeNoPrefix && 'isNot' in f.tradeNoPrefix) {
    parts.push(sql`(${orderOperates.tradeNo} is null or ${not(like(orderOperates.tradeNo, `${f.tradeNoPrefix.isNot}%`))})`);
  }
  const count = distinctEntities ? sql<number>`count(distinct ${orderOperates.entityId})::int` : sql<number>`count(*)::int`;
  return tx.select({ day, userName, count }).from(orderOperates).where(and(...parts))
    .groupBy(day, userName, orderOperates.userId).orderBy(asc(day), asc(userName));
}

/** Signed sums of the flows per seller and channel; sellers without flows in the range have no row. */
export async function flowSumsPerSellerAndChannel(tx: Db, r: DayRange, userCode?: string) {
  const parts: SQL[] = [inRange(accountFlows.creationTime, r)];
  if (userCode) parts.push(eq(accountFlows.userCode, userCode));
  const code = sql<string>`coalesce(${accountFlows.userCode}, '')`;
  return tx.select({ userCode: code, channel: accountFlows.channel, cents: sql<string>`sum(${accountFlows.incurredCents})` })
    .from(accountFlows).where(and(...parts))
    .groupBy(code, accountFlows.userId, accountFlows.channel).orderBy(asc(code), asc(accountFlows.channel));
}

/** One seller's signed sums per day and channel. */
export async function flowSumsPerDayAndChannel(tx: Db, userId: number, r: DayRange) {
  const day = dayOf(accountFlows.creationTime, r.timeZone);
  return tx.select({ day, channel: accountFlows.channel, cents: sql<string>`sum(${accountFlows.incurredCents})` })
    .from(accountFlows).where(and(eq(accountFlows.userId, userId), inRange(accountFlows.creationTime, r)))
    .groupBy(day, accountFlows.channel).orderBy(asc(day), asc(accountFlows.channel));
}
