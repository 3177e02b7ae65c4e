// 库存商品: the seller's stock products (/frontstock/frontstockproduct: 可用 / 不可用 / 禁用, safe stock,
// edit, the in/out records) and the warehouse's (/backstock/backstockproduct: count, shelf, fees,
// expected inbound, barcode labels), on the list-page kit.
import { useState } from 'react';
import {
  IconAlertTriangle, IconArrowsExchange, IconBan, IconCalendarStats, IconCheck, IconClipboardCheck, IconCoin, IconEdit, IconHistory,
  IconPlayerPause, IconPrinter, IconStack2,
} from '@tabler/icons-react';
import type { StockProductDto } from '#shared/contracts/inventory.ts';
import { ENUM_CODES, STOCK_PRODUCT_STATUS, labelKey } from '#shared/enums.ts';
import { ListPage, type FilterField, type RowAction } from '../../components/list-page/index.ts';
import { unwrap, useServiceMutation } from '../../components/forms/refusal.ts';
import { useApi } from '../../lib/api.ts';
import { useT, type Translate } from '../../lib/i18n.ts';
import { PRODUCT_COLUMNS_HIDDEN_BY_DEFAULT, productColumns } from './columns.tsx';
import { openProductLabels } from './labels.ts';
import { STOCK_SERVICES, sellerProductListQuery, staffProductListQuery } from './queries.ts';
import { useWarehouseChoices } from './use-warehouses.ts';
import type { SellerProductSearch, StaffProductSearch } from './search.ts';
import {
  CountModal, EditProductModal, InOutRecordModal, PreStockModal, SafeStockModal, ShelfCostModal, ShelfPositionModal, StockCostModal,
} from './product-modals.tsx';

const statusOptions = (t: Translate) => ENUM_CODES.StockProductStatus.map((c) => ({ value: c, label: t(labelKey('StockProductStatus', c)) }));
const belowSafeOptions = (t: Translate) => [{ value: true, label: t('低于安全库存') }];
const printAction = (t: Translate): RowAction<StockProductDto> => ({
  key: 'print', label: t('打印条码'), icon: <IconPrinter size={14} />, onClick: (p) => openProductLabels(p.id),
});

type SellerDialog = { kind: 'safe' | 'edit' | 'records'; product: StockProductDto };

export function SellerProductListPage({ search, onSearchChange }: { search: SellerProductSearch; onSearchChange: (next: SellerProductSearch) => void }) {
  const t = useT();
  const api = useApi();
  const [dialog, setDialog] = useState<SellerDialog | null>(null);
  const available = useServiceMutation(STOCK_SERVICES, (a, stockId: number) => a.frontStockProduct.updateStockProductAvailable({ stockId }));
  const notAvailable = useServiceMutation(STOCK_SERVICES, (a, stockId: number) => a.frontStockProduct.updateStockProductNotAvailable({ stockId }));
  const disable = useServiceMutation(STOCK_SERVICES, (a, stockId: number) => a.frontStockProduct.updateStockProductDisable({ stockId }));
  const open = (kind: SellerDialog['kind']) => (product: StockProductDto) => setDialog({ kind, product });

  const filters: FilterField<SellerProductSearch>[] = [
    { kind: 'text', key: 'keyword', label: t('关键字'), placeholder: t('SKU、商品名称或条码') },
    { kind: 'select', key: 'status', label: t('状态'), options: statusOptions(t) },
    { kind: 'select', key: 'belowSafe', label: t('库存预警'), options: belowSafeOptions(t) },
  ];
  const rowActions: RowAction<StockProductDto>[] = [
    { key: 'records', label: t('出入库记录'), icon: <IconHistory size={14} />, onClick: open('records') },
    { key: 'safe', label: t('安全库存'), icon: <IconAlertTriangle size={14} />, onClick: open('safe') },
    { key: 'edit', label: t('编辑'), icon: <IconEdit size={14} />, onClick: open('edit') },
    {
      key: 'available', label: t('设为可用'), icon: <IconCheck size={14} />, hidden: (p) => p.status === STOCK_PRODUCT_STATUS.available,
      onClick: async (p) => unwrap(await available.mutateAsync(p.id)),
    },
    {
      key: 'notAvailable', label: t('设为不可用'), icon: <IconPlayerPause size={14} />, hidden: (p) => p.status === STOCK_PRODUCT_STATUS.unavailable,
      onClick: async (p) => unwrap(await notAvailable.mutateAsync(p.id)),
    },
    {
      key: 'disable', label: t('禁用'), icon: <IconBan size={14} />, color: 'red', hidden: (p) => p.status === STOCK_PRODUCT_STATUS.disabled,
      confirm: (p) => ({ title: t('禁用商品'), message: t('禁用 {0} 后不能再下单，确定吗？', p.productSku), confirmLabel: t('禁用') }),
      onClick: async (p) => unwrap(await disable.mutateAsync(p.id)),
    },
    printAction(t),
  ];

  return (
    <>
      <ListPage
        label={t('囤货商品')}
        columnsKey="frontStockProduct"
        defaultHiddenColumns={PRODUCT_COLUMNS_HIDDEN_BY_DEFAULT}
        search={search}
        onSearchChange={onSearchChange}
        query={sellerProductListQuery(api, search)}
        columns={productColumns(t, { staff: false })}
        filters={filters}
        rowActions={rowActions}
        maxInlineActions={2}
      />
      {dialog?.kind === 'safe' && <SafeStockModal product={dialog.product} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <EditProductModal product={dialog.product} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'records' && <InOutRecordModal product={dialog.product} onClose={() => setDialog(null)} />}
    </>
  );
}

type StaffDialog = { kind: 'count' | 'shelf' | 'shelfCost' | 'stockCost' | 'preStock'; product: StockProductDto };

export function StaffProductListPage({ search, onSearchChange, onShowHistory }: {
  search: StaffProductSearch; onSearchChange: (next: StaffProductSearch) => void;
  /** Opens the movements of one product (the route navigates to 出入库记录 with its id). */
  onShowHistory: (product: StockProductDto) => void;
}) {
  const t = useT();
  const api = useApi();
  const warehouses = useWarehouseChoices();
  const [dialog, setDialog] = useState<StaffDialog | null>(null);
  const open = (kind: StaffDialog['kind']) => (product: StockProductDto) => setDialog({ kind, product });

  const filters: FilterField<StaffProductSearch>[] = [
    { kind: 'text', key: 'keyword', label: t('关键字'), placeholder: t('SKU、商品名称或条码') },
    { kind: 'text', key: 'userCode', label: t('卖家编码') },
    { kind: 'text', key: 'shelfPosition', label: t('货架'), placeholder: t('货架号开头，如 A-01') },
    { kind: 'select', key: 'warehouseInfoId', label: t('仓库'), options: warehouses.filter },
    { kind: 'select', key: 'status', label: t('状态'), options: statusOptions(t) },
    { kind: 'select', key: 'belowSafe', label: t('库存预警'), options: belowSafeOptions(t) },
  ];
  const rowActions: RowAction<StockProductDto>[] = [
    { key: 'count', label: t('盘点'), icon: <IconClipboardCheck size={14} />, onClick: open('count') },
    { key: 'shelf', label: t('移动货架'), icon: <IconArrowsExchange size={14} />, onClick: open('shelf') },
    printAction(t),
    { key: 'history', label: t('出入库记录'), icon: <IconHistory size={14} />, onClick: (p) => onShowHistory(p) },
    { key: 'shelfCost', label: t('上架费'), icon: <IconStack2 size={14} />, onClick: open('shelfCost') },
    { key: 'stockCost', label: t('仓储费'), icon: <IconCoin size={14} />, onClick: open('stockCost') },
    { key: 'preStock', label: t('预入库'), icon: <IconCalendarStats size={14} />, onClick: open('preStock') },
  ];

  return (
    <>
      <ListPage
        label={t('库存商品')}
        columnsKey="backStockProduct"
        defaultHiddenColumns={PRODUCT_COLUMNS_HIDDEN_BY_DEFAULT}
        search={search}
        onSearchChange={onSearchChange}
        query={staffProductListQuery(api, search)}
        columns={productColumns(t, { staff: true })}
        filters={filters}
        rowActions={rowActions}
      />
      {dialog?.kind === 'count' && <CountModal product={dialog.product} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'shelf' && <ShelfPositionModal product={dialog.product} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'shelfCost' && <ShelfCostModal product={dialog.product} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'stockCost' && <StockCostModal product={dialog.product} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'preStock' && <PreStockModal product={dialog.product} onClose={() => setDialog(null)} />}
    </>
  );
}
