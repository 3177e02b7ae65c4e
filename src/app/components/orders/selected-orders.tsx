// Work on many orders at once (issue 44 §5): the bulk actions a list of orders offers for its
// selected rows — their packing labels as one PDF (a new tab: the link carries the session's cookie),
// and their xlsx. Staff's 订单管理 and the seller's 我的订单 use the same two, each with its own actions.
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import type { OrderDto } from '#shared/contracts/orders.ts';
import { LABELS_SELECTED_MAX } from '#shared/contracts/file.ts';
import { fileUrl } from '#shared/file-links.ts';
import { canOrder, ORDER_RULES } from '#shared/rules/orders.ts';
import type { BulkAction } from '../list-page/index.ts';
import type { Translate } from '../../lib/i18n.ts';

/** The ids whose labels print (the shared rule), or the reason there are none or too many. */
export function printableIds(rows: readonly OrderDto[], t: Translate): number[] {
  const ids = rows.filter((o) => canOrder('printLabel', o)).map((o) => o.id);
  if (ids.length === 0) throw new Error(t(ORDER_RULES.printLabel.refusal));
  if (ids.length > LABELS_SELECTED_MAX) throw new Error(t('一次最多打印 {0} 张面单，请少选一些。', LABELS_SELECTED_MAX));
  return ids;
}

export function selectedOrderActions(t: Translate, side: 'back' | 'front', exportSelected: (url: string) => Promise<void>): BulkAction<OrderDto>[] {
  return [
    {
      key: 'printLabels', label: t('打印面单'), icon: <IconPrinter size={14} />,
      onClick: (rows) => {
        const ids = printableIds(rows, t);
        window.open(fileUrl(side === 'back' ? 'getOrderLabels' : 'getFrontOrderLabels', { ids }), '_blank', 'noopener');
      },
    },
    {
      key: 'exportSelected', label: t('导出选中'), icon: <IconDownload size={14} />,
      onClick: (rows) => exportSelected(fileUrl(side === 'back' ? 'getOrderExportSelected' : 'getFrontOrderExportSelected', { ids: rows.map((o) => o.id) })),
    },
  ];
}
