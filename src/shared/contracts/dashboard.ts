// 首页 as a dashboard (issue #18 item 3): today's floor figures and 14 days of them for staff, a
// seller's own balance, orders and today's parcels and charges. Every figure is computed from the
// rows the floor and the ledger already write (audit rows, orders, parcels, flows); days are whole
// days in the tenant's zone (Asia/Shanghai).
import { z } from 'zod';
import { defineService } from './define.ts';

/** How many days the chart shows, today included. */
export const DASHBOARD_DAYS = 14;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const count = z.number().int().nonnegative();
/** A figure the caller may not see (no permission for its list) is null, and its card is not drawn. */
const maybe = count.nullable();

export const StaffDayDto = z.object({
  day,
  signedIn: maybe,
  packed: maybe,
  weighed: maybe,
  /** Points charged that day: fees net of refunds. */
  charged: z.number().nullable(),
});
export type StaffDayDto = z.infer<typeof StaffDayDto>;

export const StaffSummaryDto = z.object({
  today: day,
  /** Parcels signed in today (a rescan answered ALREADY is no sign-in). */
  signedIn: maybe,
  /** Orders packed today; orders weighed today (a re-weighing counts the order once). */
  packed: maybe,
  weighed: maybe,
  /** Points charged today: fees net of refunds, recharges excluded. */
  charged: z.number().nullable(),
  /** Now, whatever the day: parcels waiting for a photo, unclaimed parcels, orders owing freight, urge requests not replied to. */
  awaitingPhotos: maybe,
  unclaimed: maybe,
  owingFreight: maybe,
  urgent: maybe,
  /** DASHBOARD_DAYS days, oldest first, today last; a day without work has zeros. */
  days: z.array(StaffDayDto),
});
export type StaffSummaryDto = z.infer<typeof StaffSummaryDto>;

export const SellerDayDto = z.object({ day, arrived: count, spent: z.number() });
export type SellerDayDto = z.infer<typeof SellerDayDto>;

export const SellerSummaryDto = z.object({
  today: day,
  balance: z.number(),
  /** The seller's orders per order status (statuses without orders are absent). */
  ordersByStatus: z.array(z.object({ orderStatus: z.number().int(), count })),
  /** The seller's parcels signed in at a warehouse today. */
  arrivedToday: count,
  /** What today cost, per ledger channel (fees positive, refunds negative), and in all. */
  spentToday: z.number(),
  spentByChannel: z.array(z.object({ channel: z.number().int(), amount: z.number() })),
  days: z.array(SellerDayDto),
});
export type SellerSummaryDto = z.infer<typeof SellerSummaryDto>;

export const dashboard = defineService('Dashboard', {
  /**
   * Any signed-in staff member: each figure is there only when the caller holds the permission
   * of the list it opens (the rest are null); a seller is refused with 403.
   */
  getStaffSummary: { method: 'GET', permission: 'authenticated', input: z.object({}), output: StaffSummaryDto },
  getSellerSummary: { method: 'GET', permission: 'seller', input: z.object({}), output: SellerSummaryDto },
});
