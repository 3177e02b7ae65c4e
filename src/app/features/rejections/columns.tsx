// The columns both rejection lists share.
import { Code } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { RejectionDto } from '#shared/contracts/rejections.ts';
import { labelKey } from '#shared/enums.ts';
import { plainPoints } from '#shared/money.ts';
import { CodeBadge } from '../../components/code-badge.tsx';
import { formatDateTime } from '../../components/list-page/index.ts';
import type { Translate } from '../../lib/i18n.ts';

export function rejectionColumns(t: Translate, opts: { withSeller: boolean }): DataTableColumn<RejectionDto>[] {
  return [
    { accessor: 'shipment', title: t('快递单号'), render: (r) => <Code>{r.shipment}</Code> },
    ...(opts.withSeller ? [{ accessor: 'userCode', title: t('卖家编码'), render: (r: RejectionDto) => (r.userCode ? <Code>{r.userCode}</Code> : '—') }] : []),
    { accessor: 'handleType', title: t('类型'), render: (r) => <CodeBadge name="RejectionHandleType" code={r.handleType} /> },
    { accessor: 'handleStatus', title: t('状态'), render: (r) => <CodeBadge name="RejectionStatus" code={r.handleStatus} /> },
    { accessor: 'expressCompany', title: t('快递公司'), render: (r) => r.expressCompany ?? '—' },
    { accessor: 'warehouseName', title: t('仓库'), render: (r) => r.warehouseName ?? '—' },
    {
      accessor: 'recipientName', title: t('退回地址'),
      render: (r) => (r.recipientName ? `${r.recipientName} ${r.receiptPhone ?? ''} ${r.receiptAddress ?? ''}` : '—'),
    },
    { accessor: 'reMark', title: t('备注'), render: (r) => r.reMark ?? '—' },
    { accessor: 'reason', title: t('失败原因'), render: (r) => r.reason ?? '—' },
    {
      accessor: 'returnNo', title: t('退回快递'),
      render: (r) => (r.returnNo ? `${r.returnExpressCompany ?? ''} ${r.returnNo}${r.expressCost !== null ? ` · ${plainPoints(r.expressCost)}` : ''}` : '—'),
    },
    {
      accessor: 'deductionAmount', title: t('扣费'),
      render: (r) => (r.deductionAmount !== null ? `${plainPoints(r.deductionAmount)}${r.deductionType ? `（${t(labelKey('RejectionDeductionType', r.deductionType))}）` : ''}` : '—'),
    },
    ...(opts.withSeller ? [{ accessor: 'warehouseRemark', title: t('仓库备注'), render: (r: RejectionDto) => r.warehouseRemark ?? '—' }] : []),
    { accessor: 'creationTime', title: t('申请时间'), render: (r) => formatDateTime(r.creationTime) },
    { accessor: 'rejectionTime', title: t('拒收时间'), render: (r) => (r.rejectionTime ? formatDateTime(r.rejectionTime) : '—') },
  ];
}
