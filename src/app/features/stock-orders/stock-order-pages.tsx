// 囤货订单 (DOMAIN §7 stock orders): the seller's list (/frontstock/frontstockorder), the detail
// (/frontDisplay/stockorderDetail?id=), the staff's list (/backstock/backstockorder) with the xlsx
// export and the search by product (/backstock/findstockorder), on the list-page kit. Picking is the
// floor's 拣货打包; weighing and dispatch are the pack station's and the delivery receipts'.
import { useState, type ReactNode } from 'react';
import { Anchor, Badge, Button, Center, Code, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { IconArrowBackUp, IconBolt, IconBoltOff, IconDownload, IconPlus, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import type { StockOrderDto } from '#shared/contracts/stock-orders.ts';
import { ENUM_CODES, labelKey } from '#shared/enums.ts';
import { fileUrl } from '#shared/file-links.ts';
import { plainPoints } from '#shared/money.ts';
import { canOrder } from '#shared/rules/orders.ts';
import { CodeBadge, useCodeLabel } from '../../components/code-badge.tsx';
import { errorMessage, formatDateTime, ListPage, type FilterField, type RowAction } from '../../components/list-page/index.ts';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import { unwrap, useServiceMutation } from '../../components/forms/refusal.ts';
import { PathLink } from '../../components/path-link.tsx';
import { useApi } from '../../lib/api.ts';
import { downloadServerFile } from '../../lib/download.ts';
import { useT, type Translate } from '../../lib/i18n.ts';
import { useAuth } from '../../lib/use-auth.ts';
import { auditActionLabel, auditChange } from '#shared/audit-actions.ts';
import {
  findStockOrderQuery, sellerStockOrderListQuery, staffStockOrderListQuery, stockOrderFilters, stockOrderInfoQuery,
  type FindStockOrderSearch, type SellerStockOrderSearch, type StaffStockOrderSearch,
} from './queries.ts';

const detailHref = (id: number) => `/frontDisplay/stockorderDetail?id=${id}`;

function columns(t: Translate, opts: { seller: boolean }): DataTableColumn<StockOrderDto>[] {
  return [
    {
      accessor: 'tradeNo', title: t('交易号'),
      render: (o) => (opts.seller ? <Anchor component={PathLink} href={detailHref(o.id)}><Code>{o.tradeNo}</Code></Anchor> : <Code>{o.tradeNo}</Code>),
    },
    { accessor: 'orderNumber', title: t('订单号') },
    ...(opts.seller ? [] : [{ accessor: 'userCode', title: t('卖家编码'), render: (o: StockOrderDto) => <Code>{o.userCode}</Code> }]),
    { accessor: 'storeName', title: t('店铺') },
    { accessor: 'items', title: t('商品'), render: (o) => o.items.map((i) => `${i.productSku}×${i.quantity}`).join('、') },
    { accessor: 'orderStatus', title: t('订单状态'), render: (o) => <Group gap={4}><CodeBadge name="OrderStatus" code={o.orderStatus} />{o.isUrgent && <Badge color="red" size="sm">{t('加急')}</Badge>}</Group> },
    { accessor: 'packageStatus', title: t('包裹状态'), render: (o) => <CodeBadge name="PackageStatus" code={o.packageStatus} /> },
    { accessor: 'creationTime', title: t('创建时间'), render: (o) => formatDateTime(o.creationTime) },
  ];
}

const statusOptions = (t: Translate) => ENUM_CODES.OrderStatus.map((c) => ({ value: c, label: t(labelKey('OrderStatus', c)) }));
const packageOptions = (t: Translate) => ENUM_CODES.PackageStatus.map((c) => ({ value: c, label: t(labelKey('PackageStatus', c)) }));

export function SellerStockOrderListPage({ search, onSearchChange, onCreate }: {
  search: SellerStockOrderSearch; onSearchChange: (next: SellerStockOrderSearch) => void; onCreate: () => void;
}) {
  const t = useT();
  const api = useApi();
  const cancel = useServiceMutation(['FrontStockOrder', 'FrontStockProduct'], (a, id: number) => a.frontStockOrder.cancleStockOrder({ stockOrderId: id }));
  const urgent = useServiceMutation(['FrontStockOrder'], (a, id: number) => a.frontStockOrder.urgentOrder({ id }));
  const normal = useServiceMutation(['FrontStockOrder'], (a, id: number) => a.frontStockOrder.normalOrder({ stockOrderId: id }));
  const filters: FilterField<SellerStockOrderSearch>[] = [
    { kind: 'text', key: 'number', label: t('交易号/订单号') },
    { kind: 'select', key: 'orderStatus', label: t('订单状态'), options: statusOptions(t) },
    { kind: 'select', key: 'packageStatus', label: t('包裹状态'), options: packageOptions(t) },
  ];
  const rowActions: RowAction<StockOrderDto>[] = [
    { key: 'urgent', label: t('加急'), icon: <IconBolt size={14} />, hidden: (o) => !canOrder('markUrgent', o), onClick: async (o) => unwrap(await urgent.mutateAsync(o.id)) },
    { key: 'normal', label: t('取消加急'), icon: <IconBoltOff size={14} />, hidden: (o) => !canOrder('markNormal', o), onClick: async (o) => unwrap(await normal.mutateAsync(o.id)) },
    {
      key: 'cancel', label: t('取消'), icon: <IconX size={14} />, color: 'red', hidden: (o) => !canOrder('sellerCancel', o),
      confirm: (o) => ({ title: t('取消订单'), message: t('取消囤货订单 {0}？占用的库存将释放。', o.tradeNo), confirmLabel: t('取消订单') }),
      onClick: async (o) => unwrap(await cancel.mutateAsync(o.id)),
    },
  ];
  return (
    <ListPage label={t('囤货订单')} search={search} onSearchChange={onSearchChange} query={sellerStockOrderListQuery(api, search)}
      columns={columns(t, { seller: true })} filters={filters} rowActions={rowActions}
      toolbar={<Button leftSection={<IconPlus size={16} />} onClick={onCreate}>{t('新建囤货订单')}</Button>} />
  );
}

export function StaffStockOrderListPage({ search, onSearchChange, extraRowActions = [], extraDialogs }: {
  search: StaffStockOrderSearch; onSearchChange: (next: StaffStockOrderSearch) => void;
  /** Actions other features add (the route composes them: 装袋 from mainland-package). */
  extraRowActions?: RowAction<StockOrderDto>[]; extraDialogs?: ReactNode;
}) {
  const t = useT();
  const api = useApi();
  const auth = useAuth();
  const [exportError, setExportError] = useState<string | null>(null);
  const undo = useServiceMutation(['BackStockOrder'], (a, tradeNo: string) => a.backStockOrder.cancleBale({ tradeNo }));
  const cancel = useServiceMutation(['BackStockOrder'], (a, id: number) => a.backStockOrder.cancleStockOrder({ stockOrderId: id }));
  const calm = useServiceMutation(['BackStockOrder'], (a, id: number) => a.backStockOrder.cancelUrgentOrder({ id }));
  const filters: FilterField<StaffStockOrderSearch>[] = [
    { kind: 'text', key: 'number', label: t('交易号/订单号') },
    { kind: 'text', key: 'userCode', label: t('卖家编码') },
    { kind: 'select', key: 'orderStatus', label: t('订单状态'), options: statusOptions(t) },
    { kind: 'select', key: 'packageStatus', label: t('包裹状态'), options: packageOptions(t) },
  ];
  const rowActions: RowAction<StockOrderDto>[] = [
    {
      key: 'undo', label: t('撤销打包'), icon: <IconArrowBackUp size={14} />, hidden: (o) => !canOrder('unpick', o),
      confirm: (o) => ({ title: t('撤销打包'), message: t('撤销订单 {0} 的拣货打包？商品退回库存并重新占用。', o.tradeNo), confirmLabel: t('撤销打包') }),
      onClick: async (o) => unwrap(await undo.mutateAsync(o.tradeNo)),
    },
    { key: 'calm', label: t('取消加急'), icon: <IconBoltOff size={14} />, hidden: (o) => !canOrder('markNormal', o), onClick: async (o) => unwrap(await calm.mutateAsync(o.id)) },
    {
      key: 'cancel', label: t('取消订单'), icon: <IconX size={14} />, color: 'red', hidden: (o) => !canOrder('staffCancel', o),
      confirm: (o) => ({ title: t('取消订单'), message: t('取消囤货订单 {0}？已拣的商品退回库存，已扣的费用退还。', o.tradeNo), confirmLabel: t('取消订单') }),
      onClick: async (o) => unwrap(await cancel.mutateAsync(o.id)),
    },
  ];
  const exportNow = async () => {
    setExportError(null);
    try {
      await downloadServerFile(auth, fileUrl('getExpressExportMainlandStockOrderInfo', stockOrderFilters(search)), '囤货订单信息.xlsx');
    } catch (err) {
      setExportError(errorMessage(err));
    }
  };
  return (
    <Stack gap="sm">
      <FormAlert message={exportError} />
      <ListPage label={t('囤货订单')} search={search} onSearchChange={onSearchChange} query={staffStockOrderListQuery(api, search)}
        columns={columns(t, { seller: false })} filters={filters} rowActions={[...rowActions, ...extraRowActions]}
        exportSlot={<Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => void exportNow()}>{t('导出')}</Button>} />
      {extraDialogs}
    </Stack>
  );
}

export function FindStockOrderPage({ search, onSearchChange }: { search: FindStockOrderSearch; onSearchChange: (next: FindStockOrderSearch) => void }) {
  const t = useT();
  const api = useApi();
  const filters: FilterField<FindStockOrderSearch>[] = [
    { kind: 'text', key: 'productSku', label: t('商品 SKU') },
    { kind: 'text', key: 'number', label: t('交易号/订单号') },
    { kind: 'text', key: 'userCode', label: t('卖家编码') },
  ];
  return (
    <ListPage label={t('查找囤货订单')} search={search} onSearchChange={onSearchChange} query={findStockOrderQuery(api, search)}
      columns={columns(t, { seller: false })} filters={filters} />
  );
}

export function StockOrderDetailPage({ id }: { id: number | undefined }) {
  const t = useT();
  const api = useApi();
  const label = useCodeLabel();
  const query = useQuery({ ...stockOrderInfoQuery(api, id ?? 0), enabled: id !== undefined });
  if (id === undefined) return <FormAlert message={t('缺少订单编号')} />;
  if (query.error) return <FormAlert message={errorMessage(query.error)} />;
  const o = query.data;
  if (!o) return <Center h={200}><Loader type="dots" aria-label={t('加载中')} /></Center>;
  const field = (name: string, value: ReactNode) => (
    <div><Text size="xs" c="dimmed">{name}</Text><Text size="sm" component="div">{value}</Text></div>
  );
  return (
    <Stack gap="md" maw={1100} data-testid="stock-order-detail">
      <Paper withBorder radius="md" p="lg">
        <Title order={4} mb="xs">{t('交易号')} <Code fz="md">{o.tradeNo}</Code></Title>
        <Group gap={6} mb="sm">
          <CodeBadge name="OrderStatus" code={o.orderStatus} /><CodeBadge name="PackageStatus" code={o.packageStatus} />
          {o.isUrgent && <Badge color="red" variant="filled" radius="sm">{t('加急')}</Badge>}
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
          {field(t('订单号'), o.orderNumber)}
          {field(t('店铺'), o.storeName)}
          {field(t('站点'), label('Site', o.site))}
          {field(t('仓库'), o.warehouseName)}
          {field(t('货物类别'), label('CargoCategory', o.cargoCategory))}
          {field(t('物流方式'), label('ShippingMethod', o.shippingMethods))}
          {field(t('创建时间'), formatDateTime(o.creationTime))}
          {o.reMark && field(t('备注'), o.reMark)}
        </SimpleGrid>
      </Paper>
      <Table striped withTableBorder>
        <Table.Thead><Table.Tr><Table.Th>SKU</Table.Th><Table.Th>{t('商品')}</Table.Th><Table.Th>{t('条码')}</Table.Th><Table.Th>{t('组合')}</Table.Th><Table.Th>{t('数量')}</Table.Th></Table.Tr></Table.Thead>
        <Table.Tbody>
          {o.items.map((i) => (
            <Table.Tr key={`${i.stockProductId}-${i.combinationId ?? ''}`}>
              <Table.Td><Code>{i.productSku}</Code></Table.Td><Table.Td>{i.productName}</Table.Td><Table.Td>{i.barCode}</Table.Td>
              <Table.Td>{i.combinationSku ?? '—'}</Table.Td><Table.Td>{i.quantity}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {o.processing.weighVersion > 0 && (
        <Paper withBorder radius="md" p="md">
          <Title order={5} mb="xs">{t('称重与费用')}</Title>
          <Text size="sm">{t('重量 {0} kg，计费重 {1} kg', o.processing.weight ?? '—', o.processing.chargeableWeight ?? '—')}</Text>
          <Text size="sm">{o.processing.fees.map((f) => `${label('FlowChannel', f.channel)} ${plainPoints(f.amount)}`).join('，')}；{t('合计')} {plainPoints(o.processing.total)}
            {o.processing.charged ? ` · ${t('已扣费')}` : ` · ${t('待补运费 {0}', plainPoints(o.processing.owed))}`}</Text>
        </Paper>
      )}
      <Paper withBorder radius="md" p="md">
        <Title order={5} mb="xs">{t('操作记录')}</Title>
        <Timeline bulletSize={12} lineWidth={2}>
          {o.audit.map((a) => (
            <Timeline.Item key={a.id} title={`${auditActionLabel(t, a.action, a.entity)} · ${a.userName ?? '—'}`}>
              {auditChange(t, a) && <Text size="sm">{auditChange(t, a)}</Text>}
              <Text size="xs" c="dimmed">{formatDateTime(a.creationTime)}</Text>{a.note && <Text size="sm">{a.note}</Text>}
            </Timeline.Item>
          ))}
        </Timeline>
      </Paper>
    </Stack>
  );
}
