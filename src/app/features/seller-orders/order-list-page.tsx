// 我的订单 (/front/orderList): status tabs with counts, filters, row actions and the xlsx export,
// described with the list-page kit. Navigation and the export come from the route as callbacks, so
// the screen renders in component tests without a router.
import { useState } from 'react';
import { Alert, Badge, Button, Code, ScrollArea, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlarm, IconAlarmOff, IconCoin, IconDownload, IconEye, IconMessageCircle, IconPencil, IconPlus, IconX } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import type { OrderDto } from '#shared/contracts/orders.ts';
import { SITES } from '#shared/enums.ts';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { CodeBadge, useCodeLabel } from '../../components/code-badge.tsx';
import { ListPage, errorMessage, formatDateTime, type FilterField, type RowAction } from '../../components/list-page/index.ts';
import { unwrap } from '../../components/forms/refusal.ts';
import { orderListQuery, orderStatisticsQuery, storeListQuery } from './order-queries.ts';
import { useCancelOrder, useSetUrgent, useSupplyFreight } from './order-mutations.ts';
import { ORDER_STATUSES, orderFilters, orderListInput, type OrderListSearch } from './order-search.ts';
import { ORDER_SORT_FIELDS } from '#shared/sorting.ts';
import { UrgentRequestModal } from './urgent-request-modal.tsx';
import { SupplyFreightMessage } from './supply-freight-message.tsx';
import { canOrder } from '#shared/rules/orders.ts';
import { productSummary } from './product-summary.ts';
import { selectedOrderActions } from '../../components/orders/selected-orders.tsx';

export interface OrderListPageProps {
  search: OrderListSearch;
  onSearchChange: (next: OrderListSearch) => void;
  /** Opens the detail page (mainland orders have their own route). */
  onOpen: (order: OrderDto) => void;
  onEdit: (id: number) => void;
  onCreate: () => void;
  /** Downloads 大陆订单信息.xlsx for these filters. */
  onExport: (filters: ReturnType<typeof orderFilters>) => Promise<void>;
  /** Downloads a file answer (the selected orders' xlsx) with the session; no selection without it. */
  onDownload?: (url: string, fileName: string) => Promise<void>;
}

export function OrderListPage({ search, onSearchChange, onOpen, onEdit, onCreate, onExport, onDownload }: OrderListPageProps) {
  const api = useApi();
  const t = useT();
  const label = useCodeLabel();
  const stats = useQuery(orderStatisticsQuery(api)).data;
  const stores = useQuery(storeListQuery(api)).data ?? [];
  const cancel = useCancelOrder();
  const setUrgent = useSetUrgent();
  const supplyFreight = useSupplyFreight();
  const [urging, setUrging] = useState<OrderDto | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  const filters: FilterField<OrderListSearch>[] = [
    { kind: 'text', key: 'number', label: t('单号'), placeholder: t('交易号 / 订单号 / 快递单号') },
    { kind: 'select', key: 'storeId', label: t('店铺'), options: stores.map((s) => ({ value: s.id, label: s.storeName })), searchable: true },
    { kind: 'select', key: 'site', label: t('站点'), options: SITES.map((s) => ({ value: s, label: label('Site', s) })) },
    { kind: 'dateRange', key: 'dateFrom', toKey: 'dateTo', label: t('创建日期') },
  ];

  const columns: DataTableColumn<OrderDto>[] = [
    { accessor: 'tradeNo', title: t('交易号'), render: (o) => <Code>{o.tradeNo}</Code> },
    { accessor: 'orderNumber', title: t('订单号') },
    { accessor: 'storeName', title: t('店铺') },
    { accessor: 'site', title: t('站点'), render: (o) => label('Site', o.site) },
    { accessor: 'orderType', title: t('类型'), render: (o) => label('OrderType', o.orderType) },
    { accessor: 'orderStatus', title: t('订单状态'), render: (o) => <CodeBadge name="OrderStatus" code={o.orderStatus} /> },
    { accessor: 'packageStatus', title: t('包裹状态'), render: (o) => <CodeBadge name="PackageStatus" code={o.packageStatus} /> },
    { accessor: 'isUrgent', title: t('加急'), render: (o) => (o.isUrgent ? <Badge color="red" variant="filled" radius="sm">{t('加急')}</Badge> : '—') },
    {
      accessor: 'orderProductInfosList', title: t('商品'),
      // Wraps rather than cut (issue 44: every cell readable), as every long cell of the kit does.
      render: (o) => <Text size="sm" maw={220}>{productSummary(o, t)}</Text>,
    },
    { accessor: 'shelfNumber', title: t('暂存位'), render: (o) => o.shelfNumber ?? '—' },
    { accessor: 'creationTime', title: t('创建时间'), render: (o) => formatDateTime(o.creationTime) },
  ];

  const rowActions: RowAction<OrderDto>[] = [
    { key: 'open', label: t('详情'), icon: <IconEye size={14} />, onClick: (o) => onOpen(o) },
    { key: 'edit', label: t('编辑'), icon: <IconPencil size={14} />, hidden: (o) => !canOrder('sellerUpdate', o), onClick: (o) => onEdit(o.id) },
    {
      key: 'urgent', label: t('加急'), icon: <IconAlarm size={14} />, color: 'orange',
      hidden: (o) => !canOrder('markUrgent', o),
      onClick: async (o) => unwrap(await setUrgent.mutateAsync({ id: o.id, urgent: true })),
    },
    {
      key: 'normal', label: t('取消加急'), icon: <IconAlarmOff size={14} />,
      hidden: (o) => !canOrder('markNormal', o),
      onClick: async (o) => unwrap(await setUrgent.mutateAsync({ id: o.id, urgent: false })),
    },
    {
      key: 'supplyFreight', label: t('补运费'), icon: <IconCoin size={14} />, color: 'orange',
      hidden: (o) => !canOrder('supplyFreight', o),
      confirm: (o) => ({ title: t('补运费'), message: <SupplyFreightMessage order={o} />, confirmLabel: t('补运费'), danger: false }),
      onClick: async (o) => unwrap(await supplyFreight.mutateAsync(o.id)),
    },
    { key: 'urge', label: t('催单'), icon: <IconMessageCircle size={14} />, hidden: (o) => !canOrder('urge', o), onClick: (o) => setUrging(o) },
    {
      key: 'cancel', label: t('取消'), icon: <IconX size={14} />, color: 'red',
      hidden: (o) => !canOrder('sellerCancel', o),
      confirm: (o) => ({ title: t('取消订单'), message: t('确定取消订单 {0} 吗？已到仓的包裹将转为异常件等待处理。', o.tradeNo), confirmLabel: t('取消订单') }),
      onClick: async (o) => unwrap(await cancel.mutateAsync(o.id)),
    },
  ];

  const runExport = async () => {
    setExporting(true);
    setExportError(null);
    try {
      await onExport(orderFilters(search));
    } catch (err) {
      setExportError(errorMessage(err));
    } finally {
      setExporting(false);
    }
  };

  const tabCount = (code: number | null) => (stats ? (code === null ? stats.total : (stats.byOrderStatus[String(code)] ?? 0)) : null);
  const tab = (value: string, text: string, count: number | null) => (
    <Tabs.Tab key={value} value={value} rightSection={count === null ? null : <Badge size="xs" variant="light" circle={count < 10}>{count}</Badge>}>
      {text}
    </Tabs.Tab>
  );

  return (
    <>
      <ScrollArea type="auto" scrollbarSize={4} offsetScrollbars="x" mb="xs">
        <Tabs
          value={search.orderStatus === undefined ? 'all' : String(search.orderStatus)}
          onChange={(v) => onSearchChange({ ...search, page: undefined, orderStatus: v === 'all' || v === null ? undefined : (Number(v) as OrderListSearch['orderStatus']) })}
        >
          <Tabs.List style={{ flexWrap: 'nowrap' }} aria-label={t('订单状态')}>
            {tab('all', t('全部'), tabCount(null))}
            {ORDER_STATUSES.map((code) => tab(String(code), label('OrderStatus', code), tabCount(code)))}
          </Tabs.List>
        </Tabs>
      </ScrollArea>
      {exportError && (
        <Alert color="red" variant="light" title={t('导出失败')} role="alert" mb="xs" withCloseButton onClose={() => setExportError(null)}>
          {exportError}
        </Alert>
      )}
      <ListPage
        label={t('订单列表')}
        columnsKey="frontOrderList"
        search={search}
        onSearchChange={onSearchChange}
        query={orderListQuery(api, orderListInput(search))}
        sortFields={ORDER_SORT_FIELDS}
        columns={columns}
        filters={filters}
        rowActions={rowActions}
        bulkActions={onDownload ? selectedOrderActions(t, 'front', (url) => onDownload(url, '选中订单.xlsx')) : undefined}
        toolbar={<Button leftSection={<IconPlus size={16} />} onClick={onCreate}>{t('新建订单')}</Button>}
        exportSlot={
          <Button variant="default" leftSection={<IconDownload size={16} />} loading={exporting} onClick={() => void runExport()}>
            {t('导出')}
          </Button>
        }
        emptyText={t('暂无订单')}
      />
      {urging && <UrgentRequestModal order={urging} onClose={() => setUrging(null)} />}
    </>
  );
}
