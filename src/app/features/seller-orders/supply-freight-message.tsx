// What 补运费 asks before it charges (issue 44 §8): the amount the order owes, line by line, and the
// balance it will come from, read from the order's processing info, so the seller knows the sum
// before confirming. Rendered inside the confirm dialog's text, hence spans only.
import { useQuery } from '@tanstack/react-query';
import type { OrderDto } from '#shared/contracts/orders.ts';
import { plainPoints } from '#shared/money.ts';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { useCodeLabel } from '../../components/code-badge.tsx';
import { orderInfoQuery } from './order-queries.ts';
import { balanceQuery } from '../amount/queries.ts';

export function SupplyFreightMessage({ order }: { order: Pick<OrderDto, 'id' | 'tradeNo'> }) {
  const api = useApi();
  const t = useT();
  const label = useCodeLabel();
  const info = useQuery(orderInfoQuery(api, order.id));
  const balance = useQuery(balanceQuery(api)).data?.balance;
  const processing = info.data?.processing;
  if (info.isPending) return <span>{t('正在查询订单 {0} 的应补金额…', order.tradeNo)}</span>;
  if (!processing) return <span>{t('订单 {0} 称重后余额不足，确定从积分余额中扣除所欠费用吗？', order.tradeNo)}</span>;
  const lines = processing.fees.map((f) => `${label('FlowChannel', f.channel)} ${plainPoints(f.amount)}`).join(', ') || '—';
  const short = balance !== undefined && balance < processing.owed;
  return (
    <span data-testid="supply-freight-owed">
      {t('订单 {0} 应补 {1} 积分（{2}），当前余额 {3} 积分。', order.tradeNo, plainPoints(processing.owed), lines, balance === undefined ? '—' : plainPoints(balance))}
      {short ? t('余额不足，请先充值。') : t('确定从积分余额中扣除吗？')}
    </span>
  );
}
