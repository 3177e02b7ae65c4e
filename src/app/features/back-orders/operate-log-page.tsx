// 操作日志 (/back/orderOperateList): the audit trail of orders, parcels, stock and rejections.
import { Code, Text } from '@mantine/core';
import { ListPage, formatDateTime, type FilterField } from '../../components/list-page/index.ts';
import { useApi } from '../../lib/api.ts';
import { useT, type Translate } from '../../lib/i18n.ts';
import { auditActionLabel, auditChange } from '#shared/audit-actions.ts';
import { operateListQuery } from './queries.ts';
import { ENTITIES, type OperateListSearch } from './search.ts';

const entityLabel = (t: Translate, entity: string) => ({
  order: t('订单'), parcel: t('包裹'), stock: t('囤货'), rejection: t('退件'), refusal: t('拒收退回'),
  orderReturn: t('平台退货'), return: t('海外仓退件'), advanceOrder: t('预报单'),
} as Record<string, string>)[entity] ?? entity;

export function OperateLogPage({ search, onSearchChange }: { search: OperateListSearch; onSearchChange: (next: OperateListSearch) => void }) {
  const t = useT();
  const api = useApi();
  const filters: FilterField<OperateListSearch>[] = [
    { kind: 'text', key: 'number', label: t('单号'), placeholder: t('交易号 / 订单号 / 快递单号') },
    { kind: 'select', key: 'entity', label: t('对象'), options: ENTITIES.map((e) => ({ value: e, label: entityLabel(t, e) })) },
    { kind: 'dateRange', key: 'dateFrom', toKey: 'dateTo', label: t('操作日期') },
  ];
  return (
    <ListPage
      label={t('操作日志')}
      search={search}
      onSearchChange={onSearchChange}
      query={operateListQuery(api, search)}
      filters={filters}
      columns={[
        { accessor: 'creationTime', title: t('时间'), render: (a) => formatDateTime(a.creationTime) },
        { accessor: 'entity', title: t('对象'), render: (a) => entityLabel(t, a.entity) },
        { accessor: 'tradeNo', title: t('交易号'), render: (a) => (a.tradeNo ? <Code>{a.tradeNo}</Code> : '—') },
        { accessor: 'orderNumber', title: t('单号'), render: (a) => a.orderNumber ?? '—' },
        { accessor: 'action', title: t('操作'), render: (a) => auditActionLabel(t, a.action, a.entity) },
        { accessor: 'statusAfter', title: t('状态变化'), render: (a) => auditChange(t, a) ?? '—' },
        { accessor: 'note', title: t('说明'), noWrap: false, render: (a) => <Text size="sm" maw={320} style={{ overflowWrap: 'anywhere' }}>{a.note ?? '—'}</Text> },
        { accessor: 'userName', title: t('操作人'), render: (a) => a.userName ?? '—' },
      ]}
    />
  );
}
