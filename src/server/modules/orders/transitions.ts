// The server's side of the shared rule tables (src/shared/rules): services assert an action before
// they act, and a refusal is a 409 with the table's sentence. No status `if`s elsewhere.
import { ORDER_RULES, type OrderAction, type OrderState } from '#shared/rules/orders.ts';
import { conflict } from '../../lib/errors.ts';

export function assertAllowed(action: OrderAction, order: OrderState): void {
  const rule = ORDER_RULES[action];
  if (!rule.allowed(order)) throw conflict(rule.refusal);
}
