// The dashboard's queries (reads only). Each figure is counted from the rows the floor and the
// ledger write — audit rows, orders, parcels, flows — over whole days in the tenant's zone; the
// day boundaries are computed in SQL from a yyyy-MM-dd so the time indexes can be used.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client.ts';
import { flowsInScope } from '#server/db/flow-scope.ts';
import { accountFlows, accounts, orderOperates, orders, parcels, urgentRequests } from '#server/db/schema/index.ts';
import { FLOW_CHANNEL, ORDER_STATUS, RECEIVE_STATUS, URGENT_REQUEST_STATUS } from '#shared/enums.ts';

/** The instant a yyyy-MM-dd day starts in `zone`. */
const dayStart = (day: string, zone: string): SQL => sql`(${day}::timestamp at time zone ${zone})`;
const dayOf = (column: SQL | AnyPgColumn, zone: string): SQL<string> =>
  sql<string>`to_char(${column} at time zone ${zone}, 'YYYY-MM-DD')`;
/** Recharges put points in; every other channel is a fee or the reversal of one. */
const isCharge = sql`${accountFlows.channel} not in (${FLOW_CHANNEL.onlineRecharge}, ${FLOW_CHANNEL.systemRecharge})`;

export interface FloorDayRow { day: string; signedIn: number; packed: number; weighed: number }

/**
 * Sign-ins, packed orders and weighed orders per day since `from`, from the audit trail: one
 * signIn row per parcel signed (a rescan writes none); an order packed or weighed twice in a day
 * counts once.
 */
export async function floorDays(tx: Db, from: string, zone: string): Promise<FloorDayRow[]> {
  const day = dayOf(orderOperates.creationTime, zone);
  const rows = await tx.select({
    day,
    signedIn: sql<number>`count(*) filter (where ${orderOperates.entity} = 'parcel' and ${orderOperates.action} = 'signIn')::int`,
    packed: sql<number>`count(distinct ${orderOperates.entityId})
      filter (where ${orderOperates.entity} = 'order' and ${orderOperates.action} = 'packed')::int`,
    weighed: sql<number>`count(distinct ${orderOperates.entityId})
      filter (where ${orderOperates.entity} = 'order' and ${orderOperates.action} in ('weigh', 'reweigh'))::int`,
  }).from(orderOperates)
    .where(and(
      sql`${orderOperates.creationTime} >= ${dayStart(from, zone)}`,
      sql`${orderOperates.action} in ('signIn', 'packed', 'weigh', 'reweigh')`,
    ))
    .groupBy(sql`1`); // by position: the zone is a parameter, so the expression is not repeated equal
  return rows;
}

export interface ChargeDayRow { day: string; channel: number; cents: number }

/**
 * Points charged per day and channel since `from` (fees positive, refunds negative), one seller's or
 * everyone's; for a scoped group member, the flows of orders he can see only.
 */
export async function chargeDays(tx: Db, from: string, zone: string, userId?: number): Promise<ChargeDayRow[]> {
  const day = dayOf(accountFlows.creationTime, zone);
  const cents = sql<number>`(-sum(${accountFlows.incurredCents}))::bigint`.mapWith(Number);
  return tx.select({ day, channel: accountFlows.channel, cents })
    .from(accountFlows)
    .where(and(
      userId === undefined ? undefined : eq(accountFlows.userId, userId),
      sql`${accountFlows.creationTime} >= ${dayStart(from, zone)}`, isCharge, flowsInScope(tx),
    ))
    .groupBy(sql`1`, accountFlows.channel);
}

export interface BacklogWanted { photos: boolean; unclaimed: boolean; owing: boolean; urgent: boolean }
export interface BacklogRow { awaitingPhotos: number | null; unclaimed: number | null; owingFreight: number | null; urgent: number | null }

/** What is waiting now, in one round trip; a figure not wanted is not counted at all. */
export async function backlog(tx: Db, wanted: BacklogWanted): Promise<BacklogRow> {
  const counted = (on: boolean, q: SQL): SQL<number | null> => (on ? sql<number>`(${q})::int` : sql<null>`null::int`);
  const [row] = await tx.select({
    // As 待拍照 lists them: asked for a photo and here (signed in or stored, issue 45 §12).
    awaitingPhotos: counted(wanted.photos, sql`select count(*) from ${parcels} where ${parcels.isNeedTakePicture}
      and ${parcels.receiveStatus} in (${RECEIVE_STATUS.signed}, ${RECEIVE_STATUS.stored})`),
    unclaimed: counted(wanted.unclaimed, sql`select count(*) from ${parcels} where ${parcels.receiveStatus} = ${RECEIVE_STATUS.unclaimed}`),
    owingFreight: counted(wanted.owing, sql`select count(*) from ${orders} where ${orders.orderStatus} = ${ORDER_STATUS.awaitingFreight}`),
    urgent: counted(wanted.urgent,
      sql`select count(*) from ${urgentRequests} where ${urgentRequests.status} = ${URGENT_REQUEST_STATUS.pending}`),
  }).from(sql`(select 1) as one`);
  return row ?? { awaitingPhotos: null, unclaimed: null, owingFreight: null, urgent: null };
}

/** A seller's balance and their orders per status. */
export async function sellerOrders(
  tx: Db, userId: number,
): Promise<{ balanceCents: number; byStatus: { orderStatus: number; count: number }[] }> {
  const byStatus = await tx.select({ orderStatus: orders.orderStatus, count: sql<number>`count(*)::int` })
    .from(orders).where(eq(orders.userId, userId)).groupBy(orders.orderStatus).orderBy(orders.orderStatus);
  const [account] = await tx.select({ balanceCents: accounts.balanceCents }).from(accounts).where(eq(accounts.userId, userId));
  return { balanceCents: account?.balanceCents ?? 0, byStatus };
}

/** A seller's parcels signed in per day since `from`. */
export async function sellerArrivals(tx: Db, userId: number, from: string, zone: string): Promise<{ day: string; count: number }[]> {
  const day = dayOf(parcels.signForTime, zone);
  return tx.select({ day, count: sql<number>`count(*)::int` }).from(parcels)
    .where(and(eq(parcels.userId, userId), sql`${parcels.signForTime} >= ${dayStart(from, zone)}`))
    .groupBy(sql`1`);
}
