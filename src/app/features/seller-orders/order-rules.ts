// What a seller may still do with an order (DOMAIN §3); the server refuses the rest with 409.
import type { OrderDto } from '#shared/contracts/orders.ts';
import type { Translate } from '../../lib/i18n.ts';

const CLOSED = new Set([4, 5, 6]);

/** UpdateOrder only while the goods are not packed, and not for a closed order. */
export const canEdit = (o: Pick<OrderDto, 'packageStatus' | 'orderStatus'>) => o.packageStatus < 3 && !CLOSED.has(o.orderStatus);
/** The seller may cancel while packageStatus < 3. */
export const canCancel = (o: Pick<OrderDto, 'packageStatus' | 'orderStatus'>) => o.packageStatus < 3 && !CLOSED.has(o.orderStatus);
/** 加急 / 取消加急 while status 1/2/3. */
export const canToggleUrgent = (o: Pick<OrderDto, 'orderStatus'>) => o.orderStatus >= 1 && o.orderStatus <= 3;

/** 「商品A ×2 等 3 种，共 5 件」 */
export function productSummary(o: Pick<OrderDto, 'orderProductInfosList'>, t: Translate): string {
  const lines = o.orderProductInfosList;
  if (!lines.length) return '—';
  const first = `${lines[0]!.productName} ×${lines[0]!.quantity}`;
  if (lines.length === 1) return first;
  const total = lines.reduce((n, l) => n + l.quantity, 0);
  return t('{0} 等 {1} 种，共 {2} 件', first, lines.length, total);
}
