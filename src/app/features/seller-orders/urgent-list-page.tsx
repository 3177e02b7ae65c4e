// 催单记录 (/fronturgent/fronturgentorderlist): the seller's urge requests and the staff's replies.
import { Badge, Code, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { UrgentRequestDto } from '#shared/contracts/orders.ts';
import { URGENT_REQUEST_STATUS } from '#shared/enums.ts';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { ListPage, formatDateTime, type FilterField, type RowAction } from '../../components/list-page/index.ts';
import { IconEye } from '@tabler/icons-react';
import { urgentListQuery } from './order-queries.ts';
import type { UrgentListSearch } from './order-search.ts';

const replied = (u: UrgentRequestDto) => u.status === URGENT_REQUEST_STATUS.replied;

export interface UrgentListPageProps {
  search: UrgentListSearch;
  onSearchChange: (next: UrgentListSearch) => void;
  onOpenOrder: (orderId: number) => void;
}

export function UrgentListPage({ search, onSearchChange, onOpenOrder }: UrgentListPageProps) {
  const api = useApi();
  const t = useT();
  const filters: FilterField<UrgentListSearch>[] = [
    { kind: 'text', key: 'number', label: t('单号'), placeholder: t('交易号 / 订单号') },
    { kind: 'select', key: 'status', label: t('状态'), options: [{ value: 0, label: t('待处理') }, { value: 1, label: t('已处理') }] },
  ];
  const columns: DataTableColumn<UrgentRequestDto>[] = [
    { accessor: 'tradeNo', title: t('交易号'), render: (u) => <Code>{u.tradeNo}</Code> },
    { accessor: 'orderNumber', title: t('订单号') },
    { accessor: 'message', title: t('催单内容'), noWrap: false, render: (u) => <Text size="sm" maw={280} style={{ whiteSpace: 'pre-wrap' }}>{u.message}</Text> },
    {
      accessor: 'status', title: t('状态'),
      render: (u) => <Badge variant="light" radius="sm" color={replied(u) ? 'teal' : 'orange'}>{replied(u) ? t('已处理') : t('待处理')}</Badge>,
    },
    { accessor: 'reply', title: t('仓库回复'), noWrap: false, render: (u) => <Text size="sm" maw={280} style={{ whiteSpace: 'pre-wrap' }}>{u.reply ?? '—'}</Text> },
    { accessor: 'replyUserName', title: t('回复人'), render: (u) => u.replyUserName ?? '—' },
    { accessor: 'replyTime', title: t('回复时间'), render: (u) => formatDateTime(u.replyTime) },
    { accessor: 'creationTime', title: t('催单时间'), render: (u) => formatDateTime(u.creationTime) },
  ];
  const rowActions: RowAction<UrgentRequestDto>[] = [
    { key: 'order', label: t('查看订单'), icon: <IconEye size={14} />, onClick: (u) => onOpenOrder(u.orderId) },
  ];
  return (
    <ListPage
      label={t('催单记录')}
      search={search}
      onSearchChange={onSearchChange}
      query={urgentListQuery(api, search)}
      columns={columns}
      filters={filters}
      rowActions={rowActions}
      emptyText={t('暂无催单记录')}
    />
  );
}
