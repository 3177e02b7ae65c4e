// The columns of the returns lists (staff and seller sides share them; the seller's leave the seller out).
import { Code, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { AdvanceOrderDto, OrderReturnDto, RefusalOrderDto } from '#shared/contracts/returns.ts';
import { plainPoints } from '#shared/money.ts';
import { CodeBadge } from '../../components/code-badge.tsx';
import { formatDateTime } from '../../components/list-page/index.ts';
import type { Translate } from '../../lib/i18n.ts';

const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—');
const code = (text: string | null) => (text ? <Code>{text}</Code> : '—');
/** What went back to stock: SKU × quantity. */
const stockText = (items: { productSku: string; quantity: number }[] | null) => (items?.length ? items.map((i) => `${i.productSku}×${i.quantity}`).join('、') : '—');

export function refusalColumns(t: Translate, opts: { withSeller: boolean; withLine?: boolean }): DataTableColumn<RefusalOrderDto>[] {
  return [
    { accessor: 'tradeNo', title: t('交易号'), render: (r) => <Code>{r.tradeNo}</Code> },
    { accessor: 'orderNumber', title: t('订单号'), render: (r) => r.orderNumber },
    ...(opts.withLine ? [{ accessor: 'line', title: t('线路'), render: (r: RefusalOrderDto) => <CodeBadge name="RefusalLine" code={r.line} /> }] : []),
    ...(opts.withSeller ? [{ accessor: 'userCode', title: t('卖家编码'), render: (r: RefusalOrderDto) => code(r.userCode) }] : []),
    { accessor: 'storeName', title: t('店铺'), render: (r) => r.storeName ?? '—' },
    { accessor: 'handleStatus', title: t('处理状态'), render: (r) => <CodeBadge name="RefusalStatus" code={r.handleStatus} /> },
    { accessor: 'remark', title: t('处理备注'), render: (r) => r.remark ?? '—' },
    { accessor: 'againRemark', title: t('重新处理原因'), render: (r) => r.againRemark ?? '—' },
    { accessor: 'stockItems', title: t('入库商品'), render: (r) => stockText(r.stockItems) },
    { accessor: 'reason', title: t('退回说明'), render: (r) => r.reason ?? '—' },
    { accessor: 'warehouseName', title: t('仓库'), render: (r) => r.warehouseName ?? '—' },
    { accessor: 'creationTime', title: t('登记时间'), render: (r) => when(r.creationTime) },
    { accessor: 'handleTime', title: t('处理时间'), render: (r) => (r.handleTime ? `${when(r.handleTime)} ${r.handleUserName ?? ''}` : '—') },
  ];
}

export function advanceColumns(t: Translate): DataTableColumn<AdvanceOrderDto>[] {
  return [
    { accessor: 'shipment', title: t('快递单号'), render: (r) => <Code>{r.shipment}</Code> },
    { accessor: 'expressCompany', title: t('快递公司'), render: (r) => r.expressCompany ?? '—' },
    { accessor: 'userCode', title: t('卖家编码'), render: (r) => code(r.userCode) },
    { accessor: 'handleStatus', title: t('处理状态'), render: (r) => <CodeBadge name="AdvanceStatus" code={r.handleStatus} /> },
    { accessor: 'remark', title: t('备注'), render: (r) => r.remark ?? '—' },
    { accessor: 'againRemark', title: t('重新处理原因'), render: (r) => r.againRemark ?? '—' },
    { accessor: 'creationTime', title: t('导入时间'), render: (r) => `${when(r.creationTime)} ${r.creatorName ?? ''}` },
    { accessor: 'handleTime', title: t('处理时间'), render: (r) => (r.handleTime ? `${when(r.handleTime)} ${r.handleUserName ?? ''}` : '—') },
  ];
}

export function orderReturnColumns(t: Translate, opts: { withSeller: boolean }): DataTableColumn<OrderReturnDto>[] {
  return [
    { accessor: 'orderNumber', title: t('订单号'), render: (r) => <Code>{r.orderNumber}</Code> },
    ...(opts.withSeller ? [{ accessor: 'userCode', title: t('卖家编码'), render: (r: OrderReturnDto) => code(r.userCode) }] : []),
    { accessor: 'tradeNo', title: t('交易号'), render: (r) => r.tradeNo ?? '—' },
    { accessor: 'returnTime', title: t('到仓时间'), render: (r) => (r.returnTime ? when(r.returnTime) : <Text size="sm" c="dimmed">{t('未到仓')}</Text>) },
    { accessor: 'handleType', title: t('处理方式'), render: (r) => (r.handleType ? <CodeBadge name="OrderReturnHandleType" code={r.handleType} /> : <Text size="sm" c="dimmed">{t('卖家未选择')}</Text>) },
    {
      accessor: 'recipientName', title: t('退回地址'),
      render: (r) => (r.recipientName ? `${r.recipientName} ${r.receiptPhone ?? ''} ${r.receiptAddress ?? ''}` : '—'),
    },
    { accessor: 'destroyFee', title: t('销毁费'), render: (r) => (r.destroyFee !== null ? plainPoints(r.destroyFee) : '—') },
    { accessor: 'whetherHandle', title: t('状态'), render: (r) => <CodeBadge name="OrderReturnStatus" code={r.whetherHandle} /> },
    { accessor: 'stockItems', title: t('入库商品'), render: (r) => stockText(r.stockItems) },
    { accessor: 'reMark', title: t('卖家备注'), render: (r) => r.reMark ?? '—' },
    { accessor: 'warehouseRemark', title: t('仓库备注'), render: (r) => r.warehouseRemark ?? '—' },
    { accessor: 'warehouseName', title: t('仓库'), render: (r) => r.warehouseName ?? '—' },
  ];
}
