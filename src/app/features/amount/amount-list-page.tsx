// 积分明细 (/amount/amountList): the seller's own flows, newest first, with the balance after each
// and the current balance above the list.
import { Group, Paper, Text } from '@mantine/core';
import { keepPreviousData, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { FlowDto } from '#shared/contracts/ledger.ts';
import { ListPage, type FilterField, type Paged } from '../../components/list-page/index.ts';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { channelLabel, flowColumns } from './flow-columns.tsx';
import { formatPoints } from '#shared/money.ts';
import { amountListQuery } from './queries.ts';
import { FLOW_CHANNELS, type AmountListSearch } from './search.ts';

export function AmountListPage({ search, onSearchChange, onRecharge }: {
  search: AmountListSearch;
  onSearchChange: (next: AmountListSearch) => void;
  onRecharge?: () => void;
}) {
  const t = useT();
  const api = useApi();
  // The list answers the current balance too; the kit reads the same query (one request).
  const list = useQuery({ ...amountListQuery(api, search), placeholderData: keepPreviousData });
  const filters: FilterField<AmountListSearch>[] = [
    { kind: 'select', key: 'channel', label: t('类型'), options: FLOW_CHANNELS.map((c) => ({ value: c, label: channelLabel(t, c) })) },
    { kind: 'text', key: 'number', label: t('单号'), placeholder: t('交易号 / 订单号') },
    { kind: 'dateRange', key: 'from', toKey: 'to', label: t('时间') },
  ];
  return (
    <>
      <Paper withBorder p="md" mb="md">
        <Group justify="space-between">
          <div>
            <Text size="sm" c="dimmed">{t('当前积分余额')}</Text>
            <Text size="xl" fw={700} data-testid="balance">{list.data ? formatPoints(list.data.balance) : '—'}</Text>
          </div>
          {onRecharge && <Text component="button" type="button" c="blue" style={{ background: 'none', border: 0, cursor: 'pointer' }} onClick={onRecharge}>{t('去充值')}</Text>}
        </Group>
      </Paper>
      <ListPage
        label={t('积分明细')}
        search={search}
        onSearchChange={onSearchChange}
        // The page of flows plus the balance: the kit reads the page part.
        query={amountListQuery(api, search) as unknown as UseQueryOptions<Paged<FlowDto>>}
        filters={filters}
        columns={flowColumns(t, { withSeller: false })}
      />
    </>
  );
}
