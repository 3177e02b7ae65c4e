// 囤货单: the seller's records with the declare form (/frontstock/stocklist) and the warehouse's
// inbound queue (/backstock/backstockList), on the list-page kit. Which action a row offers is asked
// of the shared transition table (canStock), never of bare status numbers.
import { useState, type ReactNode } from 'react';
import { Button } from '@mantine/core';
import {
  IconArrowBackUp, IconCalculator, IconCheck, IconCoin, IconEdit, IconInfoCircle, IconPlus, IconPrinter, IconStack2, IconTag,
  IconTruckDelivery, IconTruckReturn, IconX,
} from '@tabler/icons-react';
import type { StockRecordDto } from '#shared/contracts/stock.ts';
import { ENUM_CODES, labelKey } from '#shared/enums.ts';
import { canStock, type StockAction } from '#shared/rules/stock.ts';
import { ListPage, type FilterField, type RowAction } from '../../components/list-page/index.ts';
import { unwrap, useServiceMutation } from '../../components/forms/refusal.ts';
import { useApi } from '../../lib/api.ts';
import { useT, type Translate } from '../../lib/i18n.ts';
import type { Uploader } from '../../lib/upload.ts';
import { RECORD_COLUMNS_HIDDEN_BY_DEFAULT, recordColumns } from './columns.tsx';
import { openProductLabels } from './labels.ts';
import { STOCK_SERVICES, sellerRecordListQuery, staffRecordListQuery } from './queries.ts';
import { STOCK_SORT_FIELDS } from '#shared/sorting.ts';
import { useWarehouseChoices } from './use-warehouses.ts';
import type { SellerRecordSearch, StaffRecordSearch } from './search.ts';
import { StockFormModal, type StockFormMode } from './stock-form-modal.tsx';
import { AbnormalModal, CheckModal, HeadFeeModal, ReturnStoreModal, ShelfUpModal } from './record-modals.tsx';

const statusOptions = (t: Translate) => ENUM_CODES.StockStatus.map((c) => ({ value: c, label: t(labelKey('StockStatus', c)) }));
/** Hides a row action the shared table does not allow from the record's status. */
const cannot = (action: StockAction) => (r: StockRecordDto) => !canStock(action, r);

export function SellerRecordListPage({ search, onSearchChange, upload, exportSlot }: {
  search: SellerRecordSearch; onSearchChange: (next: SellerRecordSearch) => void; upload: Uploader;
  /** The xlsx export of the current filters (the route's). */
  exportSlot?: ReactNode;
}) {
  const t = useT();
  const api = useApi();
  const [form, setForm] = useState<StockFormMode | null>(null);
  const [returning, setReturning] = useState<StockRecordDto | null>(null);
  const cancel = useServiceMutation(STOCK_SERVICES, (a, id: number) => a.frontStock.cancleStock({ id }));

  const filters: FilterField<SellerRecordSearch>[] = [
    { kind: 'text', key: 'number', label: t('单号'), placeholder: t('交易号或物流单号，可输尾号') },
    { kind: 'text', key: 'keyword', label: t('关键字'), placeholder: t('单号、SKU、商品名称或物流单号') },
    { kind: 'select', key: 'productStatus', label: t('状态'), options: statusOptions(t) },
    { kind: 'dateRange', key: 'dateFrom', toKey: 'dateTo', label: t('创建日期') },
  ];
  const rowActions: RowAction<StockRecordDto>[] = [
    { key: 'edit', label: t('修改'), icon: <IconEdit size={14} />, hidden: cannot('edit'), onClick: (r) => setForm({ kind: 'edit', record: r }) },
    {
      key: 'supplement', label: t('补充信息'), icon: <IconInfoCircle size={14} />, hidden: cannot('supplement'),
      onClick: (r) => setForm({ kind: 'supplement', record: r }),
    },
    {
      key: 'return', label: t('填写退回单号'), icon: <IconTruckReturn size={14} />, hidden: (r) => !(r.returnRequested && canStock('returnGoods', r)),
      onClick: (r) => setReturning(r),
    },
    {
      key: 'cancel', label: t('取消'), icon: <IconX size={14} />, color: 'red', hidden: cannot('cancel'),
      confirm: (r) => ({ title: t('取消囤货单'), message: t('确定取消囤货单 {0}（{1}）吗？', r.tradeNo, r.productSku), confirmLabel: t('取消囤货单') }),
      onClick: async (r) => unwrap(await cancel.mutateAsync(r.id)),
    },
  ];

  return (
    <>
      <ListPage
        label={t('囤货单')}
        columnsKey="frontStockList"
        defaultHiddenColumns={RECORD_COLUMNS_HIDDEN_BY_DEFAULT}
        search={search}
        onSearchChange={onSearchChange}
        query={sellerRecordListQuery(api, search)}
        columns={recordColumns(t, { withSeller: false })}
        filters={filters}
        rowActions={rowActions}
        toolbar={<Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ kind: 'declare' })}>{t('申报囤货')}</Button>}
        exportSlot={exportSlot}
      />
      {form && <StockFormModal mode={form} upload={upload} onClose={() => setForm(null)} />}
      {returning && <ReturnStoreModal record={returning} onClose={() => setReturning(null)} />}
    </>
  );
}

type StaffDialog = { kind: 'check' | 'abnormal' | 'shelfUp' | 'headFee'; record: StockRecordDto };

export function StaffRecordListPage({ search, onSearchChange, exportSlot }: {
  search: StaffRecordSearch; onSearchChange: (next: StaffRecordSearch) => void;
  /** The xlsx export of the current filters (the route's). */
  exportSlot?: ReactNode;
}) {
  const t = useT();
  const api = useApi();
  const warehouses = useWarehouseChoices();
  const [dialog, setDialog] = useState<StaffDialog | null>(null);
  const arrived = useServiceMutation(STOCK_SERVICES, (a, v: { id: number; isArrived: boolean }) => a.backStock.editStatus(v));
  const label = useServiceMutation(STOCK_SERVICES, (a, id: number) => a.backStock.processLabel({ id }));
  const deduct = useServiceMutation(STOCK_SERVICES, (a, id: number) => a.backStock.deductShelfCost({ id }));
  const open = (kind: StaffDialog['kind']) => (record: StockRecordDto) => setDialog({ kind, record });

  const filters: FilterField<StaffRecordSearch>[] = [
    { kind: 'text', key: 'number', label: t('单号'), placeholder: t('交易号或物流单号，可输尾号') },
    { kind: 'text', key: 'keyword', label: t('关键字'), placeholder: t('单号、SKU、商品名称或物流单号') },
    { kind: 'text', key: 'userCode', label: t('卖家编码') },
    { kind: 'select', key: 'productStatus', label: t('状态'), options: statusOptions(t) },
    { kind: 'select', key: 'warehouseInfoId', label: t('仓库'), options: warehouses.filter },
    { kind: 'dateRange', key: 'dateFrom', toKey: 'dateTo', label: t('创建日期') },
  ];
  const rowActions: RowAction<StockRecordDto>[] = [
    {
      key: 'arrive', label: t('到货'), icon: <IconTruckDelivery size={14} />, hidden: cannot('arrive'),
      confirm: (r) => ({ title: t('标记到货'), message: t('确认囤货单 {0}（物流单号 {1}）已到仓？', r.tradeNo, r.logisticsNumber), confirmLabel: t('到货'), danger: false }),
      onClick: async (r) => unwrap(await arrived.mutateAsync({ id: r.id, isArrived: true })),
    },
    { key: 'check', label: t('验货'), icon: <IconCheck size={14} />, hidden: cannot('pass'), onClick: open('check') },
    {
      key: 'abnormal', label: t('处理异常'), icon: <IconInfoCircle size={14} />, hidden: (r) => !canStock('acceptAbnormal', r) || r.returnRequested,
      onClick: open('abnormal'),
    },
    { key: 'label', label: t('贴标'), icon: <IconTag size={14} />, hidden: cannot('label'), onClick: async (r) => unwrap(await label.mutateAsync(r.id)) },
    { key: 'shelfUp', label: t('上架'), icon: <IconStack2 size={14} />, hidden: cannot('shelfUp'), onClick: open('shelfUp') },
    {
      // One label per item received, to stick on each before shelving.
      key: 'print', label: t('打印条码'), icon: <IconPrinter size={14} />, hidden: (r) => r.stockProductId === null,
      onClick: (r) => openProductLabels(r.stockProductId!, r.acceptedNums ?? r.productNums),
    },
    {
      key: 'deduct', label: t('扣上架费'), icon: <IconCoin size={14} />, hidden: (r) => !canStock('deductShelfCost', r) || r.shelfCostTime !== null,
      confirm: (r) => ({
        title: t('扣上架费'), confirmLabel: t('扣费'),
        message: t('从卖家 {0} 的积分中扣除囤货单 {1} 的上架费（{2} 件）？', r.userCode ?? '', r.tradeNo, r.shelvedNums),
      }),
      onClick: async (r) => unwrap(await deduct.mutateAsync(r.id)),
    },
    { key: 'headFee', label: t('头程费'), icon: <IconCalculator size={14} />, hidden: cannot('headFee'), onClick: open('headFee') },
    {
      key: 'unarrive', label: t('改回待到货'), icon: <IconArrowBackUp size={14} />, color: 'red', hidden: cannot('unarrive'),
      confirm: (r) => ({ title: t('改回待到货'), message: t('把囤货单 {0} 改回待到货吗？', r.tradeNo), confirmLabel: t('改回待到货') }),
      onClick: async (r) => unwrap(await arrived.mutateAsync({ id: r.id, isArrived: false })),
    },
  ];

  return (
    <>
      <ListPage
        label={t('囤货入库')}
        columnsKey="backStockList"
        defaultHiddenColumns={RECORD_COLUMNS_HIDDEN_BY_DEFAULT}
        search={search}
        onSearchChange={onSearchChange}
        query={staffRecordListQuery(api, search)}
        sortFields={STOCK_SORT_FIELDS}
        columns={recordColumns(t, { withSeller: true })}
        filters={filters}
        rowActions={rowActions}
        exportSlot={exportSlot}
      />
      {dialog?.kind === 'check' && <CheckModal record={dialog.record} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'abnormal' && <AbnormalModal record={dialog.record} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'shelfUp' && <ShelfUpModal record={dialog.record} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'headFee' && <HeadFeeModal record={dialog.record} onClose={() => setDialog(null)} />}
    </>
  );
}
