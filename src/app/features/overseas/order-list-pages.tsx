// 海外仓订单: the seller's orders shipped from overseas stock (/frontabroad/abroadorderlist) and the
// staff's queue (/backabroad/backabroadorder): pick and pack, undo, cancel, one-click delivery. Every
// action is offered only where the shared order rules allow it.
import { useState } from 'react';
import { Button, Drawer } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlarm, IconAlarmOff, IconArrowBackUp, IconEye, IconPackage, IconPencil, IconPlus, IconReceiptRefund, IconTruckDelivery, IconX } from '@tabler/icons-react';
import type { AbroadOrderDto } from '#shared/contracts/overseas.ts';
import { ENUM_CODES } from '#shared/enums.ts';
import { canOrder, type OrderAction } from '#shared/rules/orders.ts';
import { ListPage, type BulkAction, type FilterField, type RowAction } from '../../components/list-page/index.ts';
import { unwrap, useServiceMutation } from '../../components/forms/refusal.ts';
import { useCodeLabel } from '../../components/code-badge.tsx';
import { useApi, type RequestContextSource } from '../../lib/api.ts';
import { ServerExportButton } from '../../components/server-export.tsx';
import { fileUrl } from '#shared/file-links.ts';
import { useT, type Translate } from '../../lib/i18n.ts';
import { abroadOrderColumns } from './order-columns.tsx';
import { AbroadOrderDetail } from './order-detail.tsx';
import { AbroadOrderFormModal } from './order-form-modal.tsx';
import { abroadOrderFilters, ORDER_SERVICES, sellerAbroadOrderListQuery, staffAbroadOrderListQuery } from './queries.ts';
import type { AbroadOrderSearch } from './search.ts';
import { RegisterReturnModal } from './return-modals.tsx';

const cannot = (action: OrderAction) => (o: AbroadOrderDto) => !canOrder(action, o);

function useStatusFilters(t: Translate, withSeller: boolean): FilterField<AbroadOrderSearch>[] {
  const label = useCodeLabel();
  return [
    { kind: 'text', key: 'number', label: t('单号'), placeholder: t('交易号 / 订单号') },
    ...(withSeller ? [{ kind: 'text' as const, key: 'userCode' as const, label: t('卖家编码') }] : []),
    { kind: 'select', key: 'orderStatus', label: t('订单状态'), options: ENUM_CODES.OrderStatus.map((c) => ({ value: c, label: label('OrderStatus', c) })) },
    { kind: 'select', key: 'packageStatus', label: t('包裹状态'), options: ENUM_CODES.PackageStatus.map((c) => ({ value: c, label: label('PackageStatus', c) })) },
    { kind: 'dateRange', key: 'dateFrom', toKey: 'dateTo', label: t('创建日期') },
  ];
}

export interface SellerAbroadOrderListPageProps {
  search: AbroadOrderSearch;
  onSearchChange: (next: AbroadOrderSearch) => void;
  /** Opens /frontDisplay/abroadorderDetail (from the route, so the screen renders without a router in tests). */
  onOpen: (order: AbroadOrderDto) => void;
  /** The signed-in session for the xlsx export (the route passes useAuth()). */
  exportSource: RequestContextSource;
}

export function SellerAbroadOrderListPage({ search, onSearchChange, onOpen, exportSource }: SellerAbroadOrderListPageProps) {
  const t = useT();
  const api = useApi();
  const [editing, setEditing] = useState<{ order: AbroadOrderDto | null } | null>(null);
  const [returning, setReturning] = useState<AbroadOrderDto | null>(null);
  const cancel = useServiceMutation(ORDER_SERVICES, (a, orderId: number) => a.frontAbroadOrder.cancleOrder({ orderId }));
  const urgent = useServiceMutation(ORDER_SERVICES, (a, p: { id: number; on: boolean }) => (p.on ? a.frontAbroadOrder.urgentOrder({ id: p.id }) : a.frontAbroadOrder.normalOrder({ id: p.id })));

  const rowActions: RowAction<AbroadOrderDto>[] = [
    { key: 'open', label: t('详情'), icon: <IconEye size={14} />, onClick: (o) => onOpen(o) },
    { key: 'edit', label: t('修改'), icon: <IconPencil size={14} />, hidden: cannot('sellerUpdate'), onClick: (o) => setEditing({ order: o }) },
    { key: 'urgent', label: t('加急'), icon: <IconAlarm size={14} />, hidden: cannot('markUrgent'), onClick: async (o) => unwrap(await urgent.mutateAsync({ id: o.id, on: true })) },
    { key: 'normal', label: t('取消加急'), icon: <IconAlarmOff size={14} />, hidden: cannot('markNormal'), onClick: async (o) => unwrap(await urgent.mutateAsync({ id: o.id, on: false })) },
    { key: 'return', label: t('登记退件'), icon: <IconReceiptRefund size={14} />, hidden: cannot('registerReturn'), onClick: (o) => setReturning(o) },
    {
      key: 'cancel', label: t('取消订单'), icon: <IconX size={14} />, color: 'red', hidden: cannot('sellerCancel'),
      confirm: (o) => ({ title: t('取消订单'), message: t('取消订单 {0}？占用的库存将释放。', o.tradeNo), confirmLabel: t('取消订单') }),
      onClick: async (o) => unwrap(await cancel.mutateAsync(o.id)),
    },
  ];

  return (
    <>
      <ListPage
        label={t('海外仓订单')}
        search={search}
        onSearchChange={onSearchChange}
        query={sellerAbroadOrderListQuery(api, search)}
        columns={abroadOrderColumns(t, { withSeller: false })}
        filters={useStatusFilters(t, false)}
        rowActions={rowActions}
        maxInlineActions={2}
        toolbar={<Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ order: null })}>{t('新建海外仓订单')}</Button>}
        exportSlot={
          <ServerExportButton source={exportSource} url={() => fileUrl('getFrontExpressExportAbroadOrderInfo', abroadOrderFilters(search))}
            fileName="海外仓订单信息.xlsx" label={t('导出')} />
        }
      />
      {editing && <AbroadOrderFormModal order={editing.order} onClose={() => setEditing(null)} />}
      {returning && <RegisterReturnModal order={returning} onClose={() => setReturning(null)} />}
    </>
  );
}

export interface StaffAbroadOrderListPageProps {
  search: AbroadOrderSearch;
  onSearchChange: (next: AbroadOrderSearch) => void;
  exportSource: RequestContextSource;
}

export function StaffAbroadOrderListPage({ search, onSearchChange, exportSource }: StaffAbroadOrderListPageProps) {
  const t = useT();
  const api = useApi();
  const [open, setOpen] = useState<AbroadOrderDto | null>(null);
  const bale = useServiceMutation(ORDER_SERVICES, (a, tradeNo: string) => a.backAbroadOrder.abroadOrderBale({ tradeNo }));
  const unbale = useServiceMutation(ORDER_SERVICES, (a, tradeNo: string) => a.backAbroadOrder.cancleBale({ tradeNo }));
  const cancel = useServiceMutation(ORDER_SERVICES, (a, orderId: number) => a.backAbroadOrder.cancleOrder({ orderId }));
  const deliver = useServiceMutation(ORDER_SERVICES, (a, ids: number[]) => a.backAbroadOrder.oneClickDelivery({ ids }));

  const rowActions: RowAction<AbroadOrderDto>[] = [
    {
      key: 'bale', label: t('打包出库'), icon: <IconPackage size={14} />, hidden: cannot('pick'),
      confirm: (o) => ({ title: t('打包出库'), message: t('从库存拣出订单 {0} 的商品并打包？将按店铺的海外仓费用扣费。', o.tradeNo), confirmLabel: t('打包出库'), danger: false }),
      onClick: async (o) => unwrap(await bale.mutateAsync(o.tradeNo)),
    },
    {
      key: 'unbale', label: t('取消打包'), icon: <IconArrowBackUp size={14} />, hidden: cannot('unpick'),
      confirm: (o) => ({ title: t('取消打包'), message: t('把订单 {0} 的商品退回库存并退还打包费用？', o.tradeNo), confirmLabel: t('取消打包') }),
      onClick: async (o) => unwrap(await unbale.mutateAsync(o.tradeNo)),
    },
    { key: 'open', label: t('详情'), icon: <IconEye size={14} />, onClick: (o) => setOpen(o) },
    {
      key: 'cancel', label: t('取消订单'), icon: <IconX size={14} />, color: 'red', hidden: cannot('staffCancel'),
      confirm: (o) => ({ title: t('取消订单'), message: t('取消订单 {0}？已打包的商品将退回库存。', o.tradeNo), confirmLabel: t('取消订单') }),
      onClick: async (o) => unwrap(await cancel.mutateAsync(o.id)),
    },
  ];
  const bulkActions: BulkAction<AbroadOrderDto>[] = [
    {
      key: 'deliver', label: t('一键出库'), icon: <IconTruckDelivery size={14} />,
      confirm: (rows) => ({ title: t('一键出库'), message: t('把选中的 {0} 个已打包订单标记为已出库？', rows.length), confirmLabel: t('出库'), danger: false }),
      onClick: async (rows) => {
        const result = unwrap(await deliver.mutateAsync(rows.map((o) => o.id)));
        notifications.show({
          color: result.skipped.length ? 'orange' : 'teal',
          message: t('已出库 {0} 个，跳过 {1} 个', result.count, result.skipped.length) + (result.skipped.length ? `：${result.skipped.map((s) => `${s.tradeNo} ${s.reason}`).join('；')}` : ''),
        });
      },
    },
  ];

  return (
    <>
      <ListPage
        label={t('海外仓订单')}
        search={search}
        onSearchChange={onSearchChange}
        query={staffAbroadOrderListQuery(api, search)}
        columns={abroadOrderColumns(t, { withSeller: true })}
        filters={useStatusFilters(t, true)}
        rowActions={rowActions}
        maxInlineActions={2}
        bulkActions={bulkActions}
        exportSlot={
          <ServerExportButton
            source={exportSource} fileName="海外仓订单信息.xlsx" label={t('导出')}
            url={() => fileUrl('getExpressExportAbroadOrderInfo', { ...abroadOrderFilters(search), userCode: search.userCode })}
          />
        }
      />
      <Drawer opened={open !== null} onClose={() => setOpen(null)} position="right" size="xl" title={open ? t('订单 {0}', open.tradeNo) : ''}>
        {open && <AbroadOrderDetail id={open.id} side="staff" />}
      </Drawer>
    </>
  );
}
