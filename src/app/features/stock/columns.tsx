// The columns of the stock lists: records (囤货单), products (库存商品), movements (出入库记录) and
// shelves (货架), for the seller's screens and the warehouse's (withSeller adds the seller's code).
import { Code, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { StockRecordDto } from '#shared/contracts/stock.ts';
import type { ListedHistoryDto, ShelfDto, StockProductDto } from '#shared/contracts/inventory.ts';
import { plainPoints } from '#shared/money.ts';
import { stockRemaining } from '#shared/rules/stock.ts';
import { CodeBadge } from '../../components/code-badge.tsx';
import { formatDateTime } from '../../components/list-page/index.ts';
import type { Translate } from '../../lib/i18n.ts';

const dash = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '—' : v);
const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—');
const points = (v: number | null) => (v === null ? '—' : plainPoints(v));
const mono = (v: string | null) => (v ? <Code>{v}</Code> : '—');

function sellerColumn<T extends { userCode: string | null }>(t: Translate, withSeller: boolean): DataTableColumn<T>[] {
  return withSeller ? [{ accessor: 'userCode', title: t('卖家编码'), render: (r: T) => mono(r.userCode) }] : [];
}

export function recordColumns(t: Translate, { withSeller }: { withSeller: boolean }): DataTableColumn<StockRecordDto>[] {
  return [
    { accessor: 'tradeNo', title: t('囤货单号'), render: (r) => <Code>{r.tradeNo}</Code> },
    ...sellerColumn<StockRecordDto>(t, withSeller),
    { accessor: 'productStatus', title: t('状态'), render: (r) => <CodeBadge name="StockStatus" code={r.productStatus} /> },
    { accessor: 'productSku', title: 'SKU', render: (r) => <Code>{r.productSku}</Code> },
    { accessor: 'productName', title: t('商品名称'), render: (r) => <Text size="sm" maw={220}>{r.productName}</Text> },
    {
      accessor: 'productNums', title: t('数量'),
      render: (r) => (r.acceptedNums !== null && r.acceptedNums !== r.productNums ? `${r.acceptedNums}（${t('申报')} ${r.productNums}）` : r.productNums),
    },
    { accessor: 'shelvedNums', title: t('已上架 / 待上架'), render: (r) => `${r.shelvedNums} / ${stockRemaining(r)}` },
    { accessor: 'packageNums', title: t('箱数') },
    { accessor: 'logisticsNumber', title: t('物流单号'), render: (r) => mono(r.logisticsNumber) },
    { accessor: 'storeName', title: t('店铺'), render: (r) => dash(r.storeName) },
    { accessor: 'warehouseName', title: t('仓库'), render: (r) => dash(r.warehouseName) },
    { accessor: 'barCode', title: t('商品条码'), render: (r) => mono(r.barCode) },
    { accessor: 'shelfPosition', title: t('货架'), render: (r) => dash(r.shelfPosition) },
    { accessor: 'checkNums', title: t('验货数量'), render: (r) => dash(r.checkNums) },
    { accessor: 'checkRemark', title: t('验货备注'), render: (r) => dash(r.checkRemark) },
    { accessor: 'headFee', title: t('头程费/件'), render: (r) => points(r.headFee) },
    { accessor: 'shelfCost', title: t('上架费'), render: (r) => points(r.shelfCost) },
    { accessor: 'remark', title: t('备注'), render: (r) => dash(r.remark) },
    { accessor: 'creationTime', title: t('创建时间'), render: (r) => formatDateTime(r.creationTime) },
    { accessor: 'arrivedTime', title: t('到货时间'), render: (r) => when(r.arrivedTime) },
  ];
}

/**
 * A stock list is wider than a desk (~20 columns): these are hidden until the reader shows them with
 * 选择列, so the list fits 1440 px (issue 44 §3): fees and counts beyond the main ones (a record keeps its
 * bar code: it is what staff label and scan).
 */
export const RECORD_COLUMNS_HIDDEN_BY_DEFAULT = ['packageNums', 'checkNums', 'checkRemark', 'headFee', 'shelfCost', 'remark', 'arrivedTime'] as const;
export const PRODUCT_COLUMNS_HIDDEN_BY_DEFAULT = ['barCode', 'preStockNumber', 'totalStorage', 'totalOutgoing', 'headFee', 'onlyOneShelfCost', 'deductIntegral'] as const;

/** `staff`: the warehouse's view, with the seller's code and the product's fee settings. */
export function productColumns(t: Translate, { staff }: { staff: boolean }): DataTableColumn<StockProductDto>[] {
  return [
    { accessor: 'productSku', title: 'SKU', render: (r) => <Code>{r.productSku}</Code> },
    ...sellerColumn<StockProductDto>(t, staff),
    { accessor: 'productName', title: t('商品名称'), render: (r) => <Text size="sm" maw={220}>{r.productName}</Text> },
    { accessor: 'status', title: t('状态'), render: (r) => <CodeBadge name="StockProductStatus" code={r.status} /> },
    { accessor: 'barCode', title: t('商品条码'), render: (r) => <Code>{r.barCode}</Code> },
    { accessor: 'inventory', title: t('库存') },
    { accessor: 'reserved', title: t('已占用') },
    {
      accessor: 'available', title: t('可用'),
      render: (r) => <Text size="sm" fw={600} c={r.safeStockNumber > 0 && r.available < r.safeStockNumber ? 'red' : undefined}>{r.available}</Text>,
    },
    { accessor: 'safeStockNumber', title: t('安全库存') },
    { accessor: 'preStockNumber', title: t('预入库') },
    { accessor: 'totalStorage', title: t('累计入库') },
    { accessor: 'totalOutgoing', title: t('累计出库') },
    { accessor: 'shelfPosition', title: t('货架'), render: (r) => dash(r.shelfPosition) },
    { accessor: 'storeName', title: t('店铺'), render: (r) => dash(r.storeName) },
    { accessor: 'warehouseName', title: t('仓库'), render: (r) => dash(r.warehouseName) },
    { accessor: 'headFee', title: t('头程费/件'), render: (r) => points(r.headFee) },
    ...(staff
      ? [
          { accessor: 'onlyOneShelfCost', title: t('上架费/件'), render: (r: StockProductDto) => points(r.onlyOneShelfCost) },
          {
            accessor: 'deductIntegral', title: t('仓储费/件'),
            render: (r: StockProductDto) => (r.deductIntegral === null ? '—' : `${plainPoints(r.deductIntegral)} / ${r.deductionCycle ?? '—'} ${t('天')}`),
          },
        ]
      : []),
    { accessor: 'creationTime', title: t('创建时间'), render: (r) => formatDateTime(r.creationTime) },
  ];
}

export function historyColumns(t: Translate, { withSeller }: { withSeller: boolean }): DataTableColumn<ListedHistoryDto>[] {
  return [
    { accessor: 'creationTime', title: t('时间'), render: (r) => formatDateTime(r.creationTime) },
    { accessor: 'type', title: t('类型'), render: (r) => <CodeBadge name="ListedType" code={r.type} /> },
    {
      accessor: 'quantity', title: t('数量'),
      render: (r) => <Text size="sm" fw={700} c={r.quantity < 0 ? 'red' : 'green'}>{r.quantity > 0 ? `+${r.quantity}` : r.quantity}</Text>,
    },
    { accessor: 'inventoryAfter', title: t('变动后库存') },
    { accessor: 'productSku', title: 'SKU', render: (r) => <Code>{r.productSku}</Code> },
    ...sellerColumn<ListedHistoryDto>(t, withSeller),
    { accessor: 'productName', title: t('商品名称'), render: (r) => <Text size="sm" maw={200}>{r.productName}</Text> },
    { accessor: 'barCode', title: t('商品条码'), render: (r) => <Code>{r.barCode}</Code> },
    { accessor: 'shelfPosition', title: t('货架'), render: (r) => dash(r.shelfPosition) },
    { accessor: 'tradeNo', title: t('单号'), render: (r) => mono(r.tradeNo) },
    { accessor: 'remark', title: t('备注'), render: (r) => dash(r.remark) },
    { accessor: 'userName', title: t('操作人'), render: (r) => dash(r.userName) },
  ];
}

export function shelfColumns(t: Translate): DataTableColumn<ShelfDto>[] {
  return [
    { accessor: 'shelfPosition', title: t('货架号'), render: (r) => <Code fz="sm">{r.shelfPosition}</Code> },
    { accessor: 'warehouseName', title: t('仓库'), render: (r) => dash(r.warehouseName) },
    { accessor: 'productCount', title: t('商品数') },
    { accessor: 'inventory', title: t('库存') },
    { accessor: 'creationTime', title: t('创建时间'), render: (r) => formatDateTime(r.creationTime) },
  ];
}
