// Dashboard (首页): staff see today's floor work and what is waiting, each figure only when they
// may open its list; a seller sees their own balance, orders, parcels and charges. The days are
// the tenant's (Asia/Shanghai), the last DASHBOARD_DAYS of them with zeros where nothing happened.
import { dashboard, DASHBOARD_DAYS, type SellerDayDto, type StaffDayDto } from '#shared/contracts/dashboard.ts';
import { centsToPoints } from '#shared/money.ts';
import { USER_TYPE } from '#shared/permissions.ts';
import { forbidden } from '../../lib/errors.ts';
import { implement, requireUser, type CurrentUser } from '../../framework.ts';
import { TIME_ZONE } from '../configuration/service.ts';
import * as repo from './repository.ts';

/** Which list each staff figure opens, and so the permission it needs. */
const NEEDS = {
  parcels: 'OrderManage.ExpressShipmentDelivery',
  orders: 'Order.Manages',
  flows: 'Amount.Manages',
  urgent: 'Urgent.Order',
} as const;

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The last `n` days in the tenant's zone, oldest first, ending with the day `now` falls on. */
export function lastDays(now: Date, n = DASHBOARD_DAYS): string[] {
  const today = dayFormat.format(now);
  const noon = Date.parse(`${today}T12:00:00Z`);
  return Array.from({ length: n }, (_, i) => new Date(noon - (n - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

/** Charged cents per day from the per-channel rows. */
function centsPerDay(rows: readonly repo.ChargeDayRow[]): Map<string, number> {
  const perDay = new Map<string, number>();
  for (const r of rows) perDay.set(r.day, (perDay.get(r.day) ?? 0) + r.cents);
  return perDay;
}

export const dashboardService = implement(dashboard, () => ({
  async getStaffSummary(_input, ctx) {
    const me = requireUser(ctx);
    if (me.userType === USER_TYPE.seller) throw forbidden();
    const days = lastDays(ctx.now);
    const from = days[0]!;
    const today = days.at(-1)!;
    // The host has no floor: it sees the figures as not its own, never another tenant's.
    const may = (need: string) => ctx.tenantId !== null && me.permissions.has(need);
    const seesParcels = may(NEEDS.parcels);
    const seesOrders = may(NEEDS.orders);
    const seesFlows = may(NEEDS.flows);
    const floor = seesParcels || seesOrders ? await repo.floorDays(ctx.db, from, TIME_ZONE) : [];
    const charged = seesFlows ? centsPerDay(await repo.chargeDays(ctx.db, from, TIME_ZONE)) : null;
    const waiting = await repo.backlog(ctx.db, {
      photos: seesParcels, unclaimed: seesParcels, owing: seesOrders, urgent: may(NEEDS.urgent),
    });

    const byDay = new Map(floor.map((r) => [r.day, r]));
    const series: StaffDayDto[] = days.map((day) => {
      const row = byDay.get(day);
      return {
        day,
        signedIn: seesParcels ? row?.signedIn ?? 0 : null,
        packed: seesOrders ? row?.packed ?? 0 : null,
        weighed: seesOrders ? row?.weighed ?? 0 : null,
        charged: charged ? centsToPoints(charged.get(day) ?? 0) : null,
      };
    });
    const last = series.at(-1)!;
    return {
      today, signedIn: last.signedIn, packed: last.packed, weighed: last.weighed, charged: last.charged,
      ...waiting, days: series,
    };
  },

  async getSellerSummary(_input, ctx) {
    const me: CurrentUser = requireUser(ctx);
    const days = lastDays(ctx.now);
    const from = days[0]!;
    const today = days.at(-1)!;
    const { balanceCents, byStatus } = await repo.sellerOrders(ctx.db, me.id);
    const arrivals = new Map((await repo.sellerArrivals(ctx.db, me.id, from, TIME_ZONE)).map((r) => [r.day, r.count]));
    const charges = await repo.chargeDays(ctx.db, from, TIME_ZONE, me.id);
    const perDay = centsPerDay(charges);
    const series: SellerDayDto[] = days.map((day) => ({
      day, arrived: arrivals.get(day) ?? 0, spent: centsToPoints(perDay.get(day) ?? 0),
    }));
    return {
      today,
      balance: centsToPoints(balanceCents),
      ordersByStatus: byStatus,
      arrivedToday: arrivals.get(today) ?? 0,
      spentToday: centsToPoints(perDay.get(today) ?? 0),
      spentByChannel: charges.filter((c) => c.day === today).sort((a, b) => a.channel - b.channel)
        .map((c) => ({ channel: c.channel, amount: centsToPoints(c.cents) })),
      days: series,
    };
  },
}));
