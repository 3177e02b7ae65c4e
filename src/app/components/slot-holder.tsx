// 暂存位 with what really sits in that holding slot (issue 44 item 1c, decision 0062): the staff
// screens show H0007 with 本单占用 when the order (or parcel) shown is the slot's occupant, and
// "H0007 被 订单 ML… 占用" when something else is (a stale name, e.g. edited by hand before the
// slot table): one component for the order detail and the parcel lists.
import { Text, Tooltip } from '@mantine/core';
import type { SlotHolderDto } from '#shared/contracts/orders.ts';
import { useOptionalT } from '../lib/i18n.ts';

export interface SlotHolderProps {
  shelfNumber: string | null | undefined;
  /** From the server (staff screens); absent: the slot is shown alone. */
  holder?: SlotHolderDto | undefined;
  /** What the shown thing is, for the self line: 本单 (an order, or a parcel of one) or 本件 (a parcel of no order). */
  self?: 'order' | 'parcel';
  /** A list cell: 本单占用 on hover only; a detail: on a line of its own. */
  compact?: boolean;
}

export function SlotHolder({ shelfNumber, holder, self = 'order', compact = false }: SlotHolderProps) {
  const t = useOptionalT();
  if (!shelfNumber) return <>—</>;
  if (!holder) return <>{shelfNumber}</>;
  if (holder.kind === 'self') {
    const line = self === 'order' ? t('本单占用') : t('本件占用');
    return compact ? (
      <Tooltip label={line} withArrow>
        <Text span size="sm" data-slot-holder="self" aria-description={line}>{shelfNumber}</Text>
      </Tooltip>
    ) : (
      <span data-slot-holder="self">
        {shelfNumber}
        <Text span size="xs" c="dimmed" ml={6}>{line}</Text>
      </span>
    );
  }
  const other = holder.kind === 'none'
    ? t('{0} 未被占用（库位表中是空闲的）', shelfNumber)
    : t(holder.kind === 'order' ? '{0} 被订单 {1}{2}占用' : '{0} 被包裹 {1}{2}占用', shelfNumber, holder.name ?? '', holder.userCode ? `（${holder.userCode}）` : '');
  return (
    <Text span size="sm" c={holder.kind === 'none' ? 'orange' : 'red'} fw={500} data-slot-holder={holder.kind} title={other}>
      {other}
    </Text>
  );
}
