// 快递员登记 (/courier/courierExpressDeliveryList): the numbers couriers handed over at the door, by
// courier company, with the parcel each number belongs to (if declared); a wrong entry is voided
// (作废, CourierExpressDelivery/MarkNotEnable) and stays listed as such. The route passes the xlsx export.
import type { ReactNode } from 'react';
import { Button, Code } from '@mantine/core';
import { IconBan, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import type { CourierExpressDeliveryDto } from '#shared/contracts/courier.ts';
import { CodeBadge } from '../../components/code-badge.tsx';
import { ListPage, StatusBadge, formatDateTime, type FilterField, type RowAction } from '../../components/list-page/index.ts';
import { unwrap, useServiceMutation } from '../../components/forms/refusal.ts';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { courierCompaniesQuery, deliveryListQuery, type DeliveryListSearch } from './queries.ts';

export interface DeliveryListPageProps {
  search: DeliveryListSearch;
  onSearchChange: (next: DeliveryListSearch) => void;
  /** Opens the 登记 screen. */
  onCreate: () => void;
  exportSlot?: ReactNode;
}

export function DeliveryListPage({ search, onSearchChange, onCreate, exportSlot }: DeliveryListPageProps) {
  const t = useT();
  const api = useApi();
  const companies = useQuery(courierCompaniesQuery(api));
  const markNotEnable = useServiceMutation(['CourierExpressDelivery'], (a, id: number) => a.courierExpressDelivery.markNotEnable({ id }));

  const filters: FilterField<DeliveryListSearch>[] = [
    { kind: 'text', key: 'shipment', label: t('快递单号') },
    { kind: 'select', key: 'courierCompanyCode', label: t('快递公司'), options: (companies.data ?? []).map((c) => ({ value: c.code, label: c.name })) },
    { kind: 'text', key: 'courierName', label: t('快递员') },
    { kind: 'select', key: 'isEnable', label: t('状态'), options: [{ value: true, label: t('有效') }, { value: false, label: t('已作废') }] },
    { kind: 'dateRange', key: 'dateFrom', toKey: 'dateTo', label: t('登记日期') },
  ];

  const columns: DataTableColumn<CourierExpressDeliveryDto>[] = [
    { accessor: 'shipment', title: t('快递单号'), render: (d) => <Code>{d.shipment}</Code> },
    { accessor: 'courierCompanyName', title: t('快递公司') },
    { accessor: 'courierName', title: t('快递员'), render: (d) => d.courierName ?? '—' },
    { accessor: 'courierPhone', title: t('快递员电话'), render: (d) => d.courierPhone ?? '—' },
    { accessor: 'warehouseName', title: t('仓库') },
    { accessor: 'receiveStatus', title: t('包裹状态'), render: (d) => (d.receiveStatus === null ? t('未申报') : <CodeBadge name="ReceiveStatus" code={d.receiveStatus} />) },
    { accessor: 'userCode', title: t('卖家编码'), render: (d) => (d.userCode ? <Code>{d.userCode}</Code> : '—') },
    { accessor: 'isEnable', title: t('状态'), render: (d) => <StatusBadge active={d.isEnable} on={t('有效')} off={t('已作废')} /> },
    { accessor: 'creatorUserName', title: t('登记人'), render: (d) => d.creatorUserName ?? '—' },
    { accessor: 'creationTime', title: t('登记时间'), render: (d) => formatDateTime(d.creationTime) },
    { accessor: 'reMark', title: t('备注'), render: (d) => d.reMark ?? '—' },
  ];

  const rowActions: RowAction<CourierExpressDeliveryDto>[] = [
    {
      key: 'void', label: t('作废'), icon: <IconBan size={14} />, color: 'red', hidden: (d) => !d.isEnable,
      confirm: (d) => ({ title: t('作废登记'), message: t('确定作废快递单号 {0} 的登记吗？作废后可以重新登记。', d.shipment), confirmLabel: t('作废') }),
      onClick: async (d) => unwrap(await markNotEnable.mutateAsync(d.id)),
    },
  ];

  return (
    <ListPage
      label={t('快递员登记列表')}
      search={search}
      onSearchChange={onSearchChange}
      query={deliveryListQuery(api, search)}
      columns={columns}
      filters={filters}
      rowActions={rowActions}
      toolbar={<Button leftSection={<IconPlus size={16} />} onClick={onCreate}>{t('登记快递')}</Button>}
      exportSlot={exportSlot}
    />
  );
}
