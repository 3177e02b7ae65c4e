// An order's goods in one line for the seller's list. What the seller may do with an order is the
// shared rule table's to say (canOrder in #shared/rules/orders.ts), as the server asks it.
import type { OrderDto } from '#shared/contracts/orders.ts';
import type { Translate } from '../../lib/i18n.ts';

/** 「商品A ×2 等 3 种，共 5 件」 */
export function productSummary(o: Pick<OrderDto, 'orderProductInfosList'>, t: Translate): string {
  const lines = o.orderProductInfosList;
  if (!lines.length) return '—';
  const first = `${lines[0]!.productName} ×${lines[0]!.quantity}`;
  if (lines.length === 1) return first;
  const total = lines.reduce((n, l) => n + l.quantity, 0);
  return t('{0} 等 {1} 种，共 {2} 件', first, lines.length, total);
}
