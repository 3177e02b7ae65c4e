// The columns both overseas order lists share, and the lines of an order in one short text.
import { Badge, Code, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { AbroadOrderDto } from '#shared/contracts/overseas.ts';
import { CodeBadge } from '../../components/code-badge.tsx';
import { formatDateTime } from '../../components/list-page/index.ts';
import type { Translate } from '../../lib/i18n.ts';

/** "SKU-1 ×2、SKU-2 ×1": what an order ships. */
export const itemsText = (o: Pick<AbroadOrderDto, 'orderProductInfosList'>): string =>
  o.orderProductInfosList.map((l) => `${l.productSku || l.productName} ×${l.quantity}`).join('、');

export function abroadOrderColumns(t: Translate, opts: { withSeller: boolean }): DataTableColumn<AbroadOrderDto>[] {
  return [
    {
      accessor: 'tradeNo', title: t('交易号'),
      render: (o) => <>{o.isUrgent && <Badge color="red" size="xs" mr={4}>{t('加急')}</Badge>}<Code>{o.tradeNo}</Code></>,
    },
    ...(opts.withSeller ? [{ accessor: 'userCode', title: t('卖家编码'), render: (o: AbroadOrderDto) => <Code>{o.userCode}</Code> }] : []),
    { accessor: 'orderNumber', title: t('订单号') },
    { accessor: 'storeName', title: t('店铺') },
    { accessor: 'warehouseName', title: t('海外仓') },
    { accessor: 'items', title: t('商品'), render: (o) => <Text size="sm" lineClamp={2}>{itemsText(o)}</Text> },
    { accessor: 'orderStatus', title: t('订单状态'), render: (o) => <CodeBadge name="OrderStatus" code={o.orderStatus} /> },
    { accessor: 'packageStatus', title: t('包裹状态'), render: (o) => <CodeBadge name="PackageStatus" code={o.packageStatus} /> },
    { accessor: 'creationTime', title: t('创建时间'), render: (o) => formatDateTime(o.creationTime) },
  ];
}
