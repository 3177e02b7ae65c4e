// The columns both flow lists show (积分明细 for the seller, 积分流水 for the staff).
import { Code, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { FlowDto } from '#shared/contracts/ledger.ts';
import { labelKey } from '#shared/enums.ts';
import { formatDateTime } from '../../components/list-page/index.ts';
import type { Translate } from '../../lib/i18n.ts';
import { formatPoints } from '#shared/money.ts';

export const channelLabel = (t: Translate, channel: number) => t(labelKey('FlowChannel', channel));

export function flowColumns(t: Translate, options: { withSeller: boolean }): DataTableColumn<FlowDto>[] {
  return [
    { accessor: 'creationTime', title: t('时间'), render: (f) => formatDateTime(f.creationTime) },
    ...(options.withSeller ? [{ accessor: 'userCode', title: t('卖家编码'), render: (f: FlowDto) => f.userCode ?? '—' } satisfies DataTableColumn<FlowDto>] : []),
    { accessor: 'channel', title: t('类型'), render: (f) => channelLabel(t, f.channel) },
    {
      accessor: 'incurredAmount', title: t('发生金额'), textAlign: 'right',
      render: (f) => <Text size="sm" fw={600} c={f.incurredAmount < 0 ? 'red' : 'teal'}>{formatPoints(f.incurredAmount, true)}</Text>,
    },
    { accessor: 'balance', title: t('余额'), textAlign: 'right', render: (f) => formatPoints(f.balance) },
    { accessor: 'tradeNo', title: t('交易号'), render: (f) => (f.tradeNo ? <Code>{f.tradeNo}</Code> : '—') },
    { accessor: 'orderNumber', title: t('订单号'), render: (f) => f.orderNumber ?? '—' },
    { accessor: 'storeName', title: t('店铺'), render: (f) => f.storeName ?? '—' },
    { accessor: 'warehouseName', title: t('仓库'), render: (f) => f.warehouseName ?? '—' },
    { accessor: 'remark', title: t('备注'), noWrap: false, render: (f) => <Text size="sm" maw={280} style={{ overflowWrap: 'anywhere' }}>{f.remark ?? '—'}</Text> },
    ...(options.withSeller ? [{ accessor: 'creatorName', title: t('操作人'), render: (f: FlowDto) => f.creatorName ?? '—' } satisfies DataTableColumn<FlowDto>] : []),
  ];
}
