// 订单管理 (/back/backOrderList): every seller's orders, urgent ones first (the server sorts), with
// the detail drawer, the row corrections, bulk status changes with a reason, and the xlsx exports.
import { useState, type ReactNode } from 'react';
import { Anchor, Badge, Code } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconBox, IconCircleCheck, IconEye, IconFlagOff, IconTruckDelivery, IconX } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { labelKey } from '#shared/enums.ts';
import type { OrderDto } from '#shared/contracts/orders.ts';
import { canOrder } from '#shared/rules/orders.ts';
import { CodeBadge } from '../../components/code-badge.tsx';
import { ListPage, formatDateTime, type BulkAction, type FilterField, type RowAction } from '../../components/list-page/index.ts';
import { useApi, type RequestContextSource } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { codeOptions, siteOptions } from './labels.ts';
import { OrderDetailDrawer } from './order-detail-drawer.tsx';
import { orderListQuery } from './queries.ts';
import { unwrap, useServiceMutation } from '../../components/forms/refusal.ts';
import { orderFilters, orderListInput, type OrderListSearch } from './search.ts';
import { ORDER_SORT_FIELDS } from '#shared/sorting.ts';
import { ServerExportButton } from '../../components/server-export.tsx';
import { fileUrl } from '#shared/file-links.ts';
import { StatusChangeModal, type StatusKind } from './status-change-modal.tsx';
import { selectedOrderActions } from '../../components/orders/selected-orders.tsx';
import { downloadServerFile } from '../../lib/download.ts';

export interface OrderListPageProps {
  search: OrderListSearch;
  onSearchChange: (next: OrderListSearch) => void;
  /** The session the xlsx downloads are made with (the route passes useAuth()). */
  exportSource: RequestContextSource;
  /** Row actions other features add (composed by the route: 装袋, 打印面单), and the dialogs they open. */
  extraRowActions?: RowAction<OrderDto>[];
  extraDialogs?: ReactNode;
}

const ORDER = ['BackOrder'] as const;

export function OrderListPage({ search, onSearchChange, exportSource, extraRowActions = [], extraDialogs }: OrderListPageProps) {
  const t = useT();
  const api = useApi();
  const [detail, setDetail] = useState<number | null>(null);
  const [change, setChange] = useState<{ kind: StatusKind; orders: OrderDto[] } | null>(null);
  const arrive = useServiceMutation(ORDER, (a, tradeNo: string) => a.backOrder.arriveWarehouse({ tradeNo }));
  const cancel = useServiceMutation(ORDER, (a, id: number) => a.backOrder.cancelOrder({ id }));
  const cancelUrgent = useServiceMutation(ORDER, (a, id: number) => a.backOrder.cancelUrgentOrder({ id }));
  const deliver = useServiceMutation(ORDER, (a, ids: number[]) => a.backOrder.oneClickDelivery({ ids }));

  const filters: FilterField<OrderListSearch>[] = [
    { kind: 'text', key: 'number', label: t('单号'), placeholder: t('交易号 / 订单号 / 快递单号') },
    { kind: 'text', key: 'userCode', label: t('卖家编码'), placeholder: t('例如 S00001') },
    { kind: 'select', key: 'orderStatus', label: t('订单状态'), options: codeOptions(t, 'OrderStatus') },
    { kind: 'select', key: 'packageStatus', label: t('包裹状态'), options: codeOptions(t, 'PackageStatus') },
    { kind: 'select', key: 'site', label: t('站点'), options: siteOptions(t), searchable: true },
    { kind: 'dateRange', key: 'dateFrom', toKey: 'dateTo', label: t('创建日期') },
  ];

  const columns: DataTableColumn<OrderDto>[] = [
    {
      accessor: 'tradeNo', title: t('交易号'),
      render: (o) => <Anchor component="button" type="button" size="sm" ff="monospace" onClick={() => setDetail(o.id)}>{o.tradeNo}</Anchor>,
    },
    { accessor: 'orderNumber', title: t('订单号') },
    { accessor: 'userCode', title: t('卖家编码'), render: (o) => <Code>{o.userCode}</Code> },
    { accessor: 'storeName', title: t('店铺') },
    { accessor: 'site', title: t('站点'), render: (o) => t(labelKey('Site', o.site)) },
    { accessor: 'orderType', title: t('类型'), render: (o) => t(labelKey('OrderType', o.orderType)) },
    { accessor: 'orderStatus', title: t('订单状态'), render: (o) => <CodeBadge name="OrderStatus" code={o.orderStatus} /> },
    { accessor: 'packageStatus', title: t('包裹状态'), render: (o) => <CodeBadge name="PackageStatus" code={o.packageStatus} /> },
    { accessor: 'isUrgent', title: t('加急'), render: (o) => (o.isUrgent ? <Badge color="red" variant="light" radius="sm">{t('加急')}</Badge> : '—') },
    { accessor: 'shelfNumber', title: t('暂存位'), render: (o) => o.shelfNumber ?? '—' },
    { accessor: 'creationTime', title: t('创建时间'), render: (o) => formatDateTime(o.creationTime) },
  ];

  const rowActions: RowAction<OrderDto>[] = [
    { key: 'detail', label: t('详情'), icon: <IconEye size={14} />, onClick: (o) => setDetail(o.id) },
    {
      key: 'arrive', label: t('标记已到齐'), icon: <IconCircleCheck size={14} />, color: 'teal',
      hidden: (o) => !canOrder('arriveWarehouse', o),
      confirm: (o) => ({ title: t('标记已到齐'), message: t('确定将订单 {0} 标记为已到齐吗？', o.tradeNo), confirmLabel: t('标记已到齐'), danger: false }),
      onClick: async (o) => unwrap(await arrive.mutateAsync(o.tradeNo)),
    },
    {
      key: 'cancelUrgent', label: t('取消加急'), icon: <IconFlagOff size={14} />, color: 'orange',
      hidden: (o) => !canOrder('markNormal', o),
      onClick: async (o) => unwrap(await cancelUrgent.mutateAsync(o.id)),
    },
    {
      key: 'cancel', label: t('取消订单'), icon: <IconX size={14} />, color: 'red',
      hidden: (o) => !canOrder('staffCancel', o),
      confirm: (o) => ({ title: t('取消订单'), message: t('确定取消订单 {0} 吗？已签收的包裹将转为异常件，等待卖家处理。', o.tradeNo), confirmLabel: t('取消订单') }),
      onClick: async (o) => unwrap(await cancel.mutateAsync(o.id)),
    },
  ];

  const bulkActions: BulkAction<OrderDto>[] = [
    ...selectedOrderActions(t, 'back', (url) => downloadServerFile(exportSource, url, '选中订单.xlsx')),
    { key: 'orderStatus', label: t('修改订单状态'), icon: <IconAlertTriangle size={14} />, onClick: (rows) => setChange({ kind: 'orderStatus', orders: rows }) },
    { key: 'packageStatus', label: t('修改包裹状态'), icon: <IconBox size={14} />, onClick: (rows) => setChange({ kind: 'packageStatus', orders: rows }) },
    {
      // DOMAIN §3 OneClickDelivery: only weighed, fully paid orders ship; the others stay and are named.
      key: 'oneClickDelivery', label: t('一键出库'), icon: <IconTruckDelivery size={14} />, color: 'teal',
      confirm: (rows) => ({ title: t('一键出库'), message: t('确定将选中的 {0} 个订单出库吗？只有已称重且费用已付清的订单会出库。', rows.length), confirmLabel: t('一键出库'), danger: false }),
      onClick: async (rows) => {
        const { count, skipped } = unwrap(await deliver.mutateAsync(rows.map((o) => o.id)));
        notifications.show({
          color: skipped.length ? 'orange' : 'teal',
          message: skipped.length
            ? t('已出库 {0} 个订单；未出库：{1}', count, skipped.map((s) => `${s.tradeNo}（${s.reason}）`).join('、'))
            : t('已出库 {0} 个订单', count),
        });
      },
    },
  ];

  return (
    <>
      <ListPage
        label={t('订单列表')}
        columnsKey="backOrderList"
        search={search}
        onSearchChange={onSearchChange}
        query={orderListQuery(api, orderListInput(search))}
        sortFields={ORDER_SORT_FIELDS}
        columns={columns}
        filters={filters}
        rowActions={[...rowActions, ...extraRowActions]}
        maxInlineActions={2}
        bulkActions={bulkActions}
        exportSlot={
          <>
            <ServerExportButton source={exportSource} url={() => fileUrl('getExpressExportCrossOrderInfo', orderFilters(search))} fileName="跨境订单.xlsx" label={t('跨境订单')} />
            <ServerExportButton source={exportSource} url={() => fileUrl('getExpressExportMainlandOrderInfo', orderFilters(search))} fileName="大陆订单.xlsx" label={t('大陆订单')} />
          </>
        }
      />
      {detail !== null && <OrderDetailDrawer orderId={detail} onClose={() => setDetail(null)} />}
      {change && <StatusChangeModal kind={change.kind} orders={change.orders} onClose={() => setChange(null)} />}
      {extraDialogs}
    </>
  );
}
