// The statistics' queries. A range splits in two: closed days are read from the day rollups (filled
// from the audit rows and flows the first time a statistic asks for a day, see db/schema/statistics.ts),
// the rest (today) straight from the audit rows and flows. Both sides group the same way, so a figure
// is the same whichever side answers it.
import { and, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { flowOfVisibleOrder } from '../../db/flow-scope.ts';
import { accountFlows, auditDayCounts, flowDaySums, orderOperates, statisticDays, users } from '../../db/schema/index.ts';

export interface DayRange { startTime: string; endTime: string; timeZone: string }

/** The actions the rollup keeps (each belongs to one entity, so the action alone selects the rows). */
export const ROLLED_ACTIONS = ['signIn', 'packed', 'shelve'] as const;
/** Stock orders' trade numbers start with ST (DOMAIN §0). */
const STOCK_TRADE_NO = 'ST%';
/**
 * A day is rolled up only once it has been over this long: a transaction stamps its rows with its
 * start time, so one still running at midnight may add rows to the day just closed.
 */
const SETTLE_MS = 15 * 60_000;

/**
 * The zone as an SQL literal, not a parameter: the day expression appears in SELECT and GROUP BY, and
 * PostgreSQL only sees them as the same expression when they are written the same (a parameter each
 * would differ). The zone is the server's constant, checked here all the same.
 */
function zoneLiteral(timeZone: string): SQL {
  if (!/^[A-Za-z0-9_/+-]+$/.test(timeZone)) throw new Error(`unexpected time zone ${timeZone}`);
  return sql.raw(`'${timeZone}'`);
}

const dayFormat = new Map<string, Intl.DateTimeFormat>();
/** The yyyy-MM-dd day an instant falls on in the zone. */
export function dayIn(at: Date, timeZone: string): string {
  let f = dayFormat.get(timeZone);
  if (!f) dayFormat.set(timeZone, f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }));
  return f.format(at);
}
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The closed part of a range (read from rollups) and the live rest, either possibly absent. */
export function splitRange(r: DayRange, now: Date): { closed: DayRange | null; live: DayRange | null } {
  const lastClosed = addDays(dayIn(new Date(now.getTime() - SETTLE_MS), r.timeZone), -1);
  const closedEnd = r.endTime < lastClosed ? r.endTime : lastClosed;
  const liveStart = r.startTime > lastClosed ? r.startTime : addDays(lastClosed, 1);
  return {
    closed: r.startTime <= closedEnd ? { ...r, endTime: closedEnd } : null,
    live: liveStart <= r.endTime ? { ...r, startTime: liveStart } : null,
  };
}

/** Midnight starting a yyyy-MM-dd day in the zone, as an instant. */
const midnight = (day: string, timeZone: string) => sql`((${day}::date)::timestamp at time zone ${zoneLiteral(timeZone)})`;
const nextMidnight = (day: string, timeZone: string) => sql`((${day}::date + 1)::timestamp at time zone ${zoneLiteral(timeZone)})`;
const localDay = (column: typeof orderOperates.creationTime | typeof accountFlows.creationTime, timeZone: string) =>
  sql`(${column} at time zone ${zoneLiteral(timeZone)})::date`;

function inRange(column: typeof orderOperates.creationTime | typeof accountFlows.creationTime, r: DayRange): SQL {
  return and(gte(column, midnight(r.startTime, r.timeZone)), lt(column, nextMidnight(r.endTime, r.timeZone)))!;
}

/**
 * Rolls up the closed days of the range that are not yet: one set-based pass over their audit rows and
 * flows. Concurrent callers may compute the same day; the unique keys keep one copy.
 */
export async function ensureRolledUp(tx: Db, r: DayRange): Promise<void> {
  const found = await tx.execute(sql`
    select to_char(d, 'YYYY-MM-DD') as day from generate_series(${r.startTime}::date, ${r.endTime}::date, interval '1 day') d
    where not exists (select 1 from ${statisticDays} s where s.day = d::date) order by 1`);
  // Both drivers answer { rows }; the shared Db type does not say so.
  const missing = (found as unknown as { rows: { day: string }[] }).rows.map((x) => x.day);
  if (!missing.length) return;
  const span: DayRange = { startTime: missing[0]!, endTime: missing[missing.length - 1]!, timeZone: r.timeZone };
  const days = sql`array[${sql.join(missing.map((d) => sql`${d}`), sql`, `)}]::date[]`;
  const oDay = localDay(orderOperates.creationTime, r.timeZone);
  await tx.execute(sql`
    insert into ${auditDayCounts} (day, action, user_id, stock, row_count, entity_count)
    select day, action, user_id, stock, row_count, entity_count from (
      select ${oDay} as day, ${orderOperates.action} as action, coalesce(${orderOperates.userId}, 0) as user_id,
             coalesce(${orderOperates.tradeNo} like ${STOCK_TRADE_NO}, false) as stock,
             count(*)::int as row_count, count(distinct ${orderOperates.entityId})::int as entity_count
      from ${orderOperates}
      where ${inArray(orderOperates.action, [...ROLLED_ACTIONS])} and ${inRange(orderOperates.creationTime, span)}
      group by 1, 2, 3, 4) g
    where g.day = any(${days})
    on conflict do nothing`);
  const fDay = localDay(accountFlows.creationTime, r.timeZone);
  await tx.execute(sql`
    insert into ${flowDaySums} (day, user_id, user_code, channel, cents)
    select day, user_id, user_code, channel, cents from (
      select ${fDay} as day, ${accountFlows.userId} as user_id, max(coalesce(${accountFlows.userCode}, '')) as user_code,
             ${accountFlows.channel} as channel, sum(${accountFlows.incurredCents})::bigint as cents
      from ${accountFlows} where ${inRange(accountFlows.creationTime, span)}
      group by 1, 2, 4) g
    where g.day = any(${days})
    on conflict do nothing`);
  await tx.execute(sql`insert into ${statisticDays} (day) select unnest(${days}) on conflict do nothing`);
}

/**
 * `scoped`: the caller sees only their groups' sites and warehouses (decision 0023). The rollups are
 * tenant-wide, so a scoped caller reads the rows themselves, which row-level security keeps to those
 * whose parcel, order or stock record he can see (order_operates' reach_scope, migration 0035).
 */
export interface AuditFilter { action: (typeof ROLLED_ACTIONS)[number]; stock?: boolean; distinctEntities: boolean; scoped?: boolean }
export interface DayUserCount { day: string; userId: number; count: number }

/** Closed days, from the rollup. */
async function rolledAuditCounts(tx: Db, f: AuditFilter, r: DayRange): Promise<DayUserCount[]> {
  const parts: SQL[] = [eq(auditDayCounts.action, f.action), gte(auditDayCounts.day, r.startTime), lte(auditDayCounts.day, r.endTime)];
  if (f.stock !== undefined) parts.push(eq(auditDayCounts.stock, f.stock));
  const count = sql<number>`sum(${f.distinctEntities ? auditDayCounts.entityCount : auditDayCounts.rowCount})::int`;
  return tx.select({ day: sql<string>`to_char(${auditDayCounts.day}, 'YYYY-MM-DD')`, userId: auditDayCounts.userId, count })
    .from(auditDayCounts).where(and(...parts)).groupBy(auditDayCounts.day, auditDayCounts.userId);
}

/** Open days, from the audit rows themselves (the index on tenant, action, time, user, entity, trade number answers it). */
async function liveAuditCounts(tx: Db, f: AuditFilter, r: DayRange): Promise<DayUserCount[]> {
  const day = localDay(orderOperates.creationTime, r.timeZone);
  const parts: SQL[] = [eq(orderOperates.action, f.action), inRange(orderOperates.creationTime, r)];
  if (f.stock !== undefined) parts.push(sql`coalesce(${orderOperates.tradeNo} like ${STOCK_TRADE_NO}, false) = ${f.stock}`);
  const count = f.distinctEntities ? sql<number>`count(distinct ${orderOperates.entityId})::int` : sql<number>`count(*)::int`;
  const userId = sql<number>`coalesce(${orderOperates.userId}, 0)`;
  return tx.select({ day: sql<string>`to_char(${day}, 'YYYY-MM-DD')`, userId, count })
    .from(orderOperates).where(and(...parts)).groupBy(day, userId);
}

/** Code-point order: days are ISO strings, and thousands of rows sort far faster than with localeCompare. */
export const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Audit rows of one action per day and user over the range, closed days from the rollup, ordered by day then name. */
export async function auditPerDayAndUser(tx: Db, f: AuditFilter, r: DayRange, now: Date) {
  const { closed, live } = f.scoped ? { closed: null, live: r } : splitRange(r, now);
  if (closed) await ensureRolledUp(tx, closed);
  const rows = [...(closed ? await rolledAuditCounts(tx, f, closed) : []), ...(live ? await liveAuditCounts(tx, f, live) : [])];
  const named = await withUserNames(tx, rows);
  return named.sort((a, b) => compare(a.day, b.day) || compare(a.userName, b.userName));
}

/** Each user's name as the audit writes it (name, else user name), looked up once per user rather than per row. */
async function withUserNames<T extends { userId: number }>(tx: Db, rows: T[]): Promise<(T & { userName: string })[]> {
  const ids = [...new Set(rows.map((x) => x.userId).filter((x) => x !== 0))];
  const names = new Map<number, string>();
  if (ids.length) {
    const found = await tx.select({ id: users.id, name: sql<string>`coalesce(nullif(${users.name}, ''), ${users.userName})` })
      .from(users).where(inArray(users.id, ids));
    for (const x of found) names.set(x.id, x.name);
  }
  return rows.map((x) => ({ ...x, userName: names.get(x.userId) ?? '' }));
}

export interface FlowSum { day: string | null; userId: number; userCode: string; channel: number; cents: number }
/** One seller (userId) or one seller code; perDay: a row per day too, else one over the whole range. */
export interface FlowFilter {
  userId?: number | undefined; userCode?: string | undefined; perDay: boolean;
  /** A scoped caller (see AuditFilter) sums only the flows of orders their scope lets them see. */
  scoped?: boolean;
}

async function rolledFlowSums(tx: Db, r: DayRange, f: FlowFilter): Promise<FlowSum[]> {
  const parts: SQL[] = [gte(flowDaySums.day, r.startTime), lte(flowDaySums.day, r.endTime)];
  if (f.userId !== undefined) parts.push(eq(flowDaySums.userId, f.userId));
  if (f.userCode !== undefined) parts.push(eq(flowDaySums.userCode, f.userCode));
  const day = f.perDay ? sql<string>`to_char(${flowDaySums.day}, 'YYYY-MM-DD')` : sql<null>`null`;
  const rows = await tx.select({
    day, userId: flowDaySums.userId, userCode: sql<string>`max(${flowDaySums.userCode})`, channel: flowDaySums.channel,
    cents: sql<string>`sum(${flowDaySums.cents})`,
  }).from(flowDaySums).where(and(...parts))
    .groupBy(...(f.perDay ? [flowDaySums.day] : []), flowDaySums.userId, flowDaySums.channel);
  return rows.map((x) => ({ ...x, cents: Number(x.cents) }));
}

async function liveFlowSums(tx: Db, r: DayRange, f: FlowFilter): Promise<FlowSum[]> {
  const localDate = localDay(accountFlows.creationTime, r.timeZone);
  const parts: SQL[] = [inRange(accountFlows.creationTime, r)];
  if (f.userId !== undefined) parts.push(eq(accountFlows.userId, f.userId));
  if (f.userCode !== undefined) parts.push(eq(accountFlows.userCode, f.userCode));
  if (f.scoped) parts.push(flowOfVisibleOrder());
  const day = f.perDay ? sql<string>`to_char(${localDate}, 'YYYY-MM-DD')` : sql<null>`null`;
  const rows = await tx.select({
    day, userId: accountFlows.userId, userCode: sql<string>`max(coalesce(${accountFlows.userCode}, ''))`,
    channel: accountFlows.channel, cents: sql<string>`sum(${accountFlows.incurredCents})`,
  }).from(accountFlows).where(and(...parts))
    .groupBy(...(f.perDay ? [localDate] : []), accountFlows.userId, accountFlows.channel);
  return rows.map((x) => ({ ...x, cents: Number(x.cents) }));
}

/** Signed sums of the flows per (day,) seller and channel over the range; both sides added up. */
export async function flowSums(tx: Db, r: DayRange, now: Date, f: FlowFilter): Promise<FlowSum[]> {
  const { closed, live } = f.scoped ? { closed: null, live: r } : splitRange(r, now);
  if (closed) await ensureRolledUp(tx, closed);
  const sums = new Map<string, FlowSum>();
  for (const x of [...(closed ? await rolledFlowSums(tx, closed, f) : []), ...(live ? await liveFlowSums(tx, live, f) : [])]) {
    const key = `${x.day}|${x.userId}|${x.channel}`;
    const seen = sums.get(key);
    if (seen) seen.cents += x.cents;
    else sums.set(key, { ...x });
  }
  return [...sums.values()];
}
