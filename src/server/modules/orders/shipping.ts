// Dispatch (DOMAIN §3 OneClickDelivery; §3 mainland packages EditCompleteStatus; §7 delivery
// receipts): the one rule for handing orders over. Every caller ships through shipOrders.
import { ORDER_STATUS, PACKAGE_STATUS } from '#shared/enums.ts';
import type { Db } from '../../db/client.ts';
import type { CurrentUser } from '../../framework.ts';
import { audit, type AuditEntry } from '../audit/repository.ts';
import { ORDER_RULES } from '#shared/rules/orders.ts';
import * as repo from './repository.ts';

export type ShippingActor = Pick<CurrentUser, 'id' | 'name' | 'userName'> | null;

export interface ShipOutcome {
  /** Orders now 已发货 / 已出库. */
  shipped: { id: number; tradeNo: string }[];
  /** Orders left as they were, each with the reason (the ship rule's sentence, or not found). */
  skipped: { id: number; tradeNo: string; reason: string }[];
}

/**
 * Ships every order of orderIds that is weighed and fully paid (packageStatus 4, orderStatus 2,
 * nothing owed): packageStatus 5 已出库, orderStatus 4 已发货, shippedTime now, one audit row each.
 * The others are skipped with the reason; the caller decides whether a skip is a refusal (a
 * delivery receipt scan) or simply not selected (one-click delivery over a warehouse).
 * Rows are locked in id order, inside the caller's transaction.
 */
export async function shipOrders(tx: Db, orderIds: readonly number[], actor: ShippingActor, note: string | null = null, now = new Date()): Promise<ShipOutcome> {
  const ids = [...new Set(orderIds)].sort((a, b) => a - b);
  const outcome: ShipOutcome = { shipped: [], skipped: [] };
  if (ids.length === 0) return outcome;
  const rows = await repo.lockOrdersForShipping(tx, ids);
  const found = new Map(rows.map((r) => [r.id, r]));
  const entries: AuditEntry[] = [];
  for (const id of ids) {
    const o = found.get(id);
    if (!o) { outcome.skipped.push({ id, tradeNo: '', reason: '订单不存在。' }); continue; }
    if (!ORDER_RULES.ship.allowed(o)) { outcome.skipped.push({ id, tradeNo: o.tradeNo, reason: ORDER_RULES.ship.refusal }); continue; }
    outcome.shipped.push({ id, tradeNo: o.tradeNo });
    entries.push({
      entity: 'order', entityId: id, tradeNo: o.tradeNo, orderNumber: o.orderNumber, action: 'ship',
      before: `${o.orderStatus}/${o.packageStatus}`, after: `${ORDER_STATUS.shipped}/${PACKAGE_STATUS.dispatched}`, note,
    });
  }
  if (outcome.shipped.length) {
    await repo.updateOrders(tx, outcome.shipped.map((o) => o.id), {
      orderStatus: ORDER_STATUS.shipped, packageStatus: PACKAGE_STATUS.dispatched, shippedTime: now, lastModificationTime: now,
    });
    await audit(tx, actor, entries);
  }
  return outcome;
}

