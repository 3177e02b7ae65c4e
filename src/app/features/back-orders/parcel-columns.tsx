// Columns and filters the parcel screens share (包裹列表, 已签收包裹, 异常件).
import { Code, Group, Image, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { RECEIVE_STATUS } from '#shared/enums.ts';
import type { ParcelDto } from '#shared/contracts/orders.ts';
import { CodeBadge } from '../../components/code-badge.tsx';
import { SlotHolder } from '../../components/slot-holder.tsx';
import { formatDateTime, type FilterField } from '../../components/list-page/index.ts';
import type { Translate } from '../../lib/i18n.ts';
import { codeOptions } from './labels.ts';
import type { ParcelListSearch } from './search.ts';
import { imageUrl } from '../../lib/file-links.ts';

/** dateLabel: what the date range filters on (signing time on the signed-for list, else creation). */
export function parcelFilterFields(t: Translate, withStatus: boolean, dateLabel = t('创建日期')): FilterField<ParcelListSearch>[] {
  const fields: FilterField<ParcelListSearch>[] = [
    { kind: 'text', key: 'shipment', label: t('快递单号') },
    { kind: 'text', key: 'userCode', label: t('卖家编码'), placeholder: t('例如 S00001') },
    { kind: 'dateRange', key: 'dateFrom', toKey: 'dateTo', label: dateLabel },
  ];
  if (withStatus) fields.push({ kind: 'select', key: 'receiveStatus', label: t('签收状态'), options: codeOptions(t, 'ReceiveStatus') });
  return fields;
}

export function parcelColumns(t: Translate, opts: { photos?: boolean } = {}): DataTableColumn<ParcelDto>[] {
  const columns: DataTableColumn<ParcelDto>[] = [
    { accessor: 'shipment', title: t('快递单号'), render: (p) => <Code>{p.shipment}</Code> },
    { accessor: 'userCode', title: t('卖家编码'), render: (p) => p.userCode ?? <Text span size="sm" c="dimmed">{t('无主')}</Text> },
    {
      accessor: 'receiveStatus', title: t('签收状态'),
      render: (p) => (
        <>
          <CodeBadge name="ReceiveStatus" code={p.receiveStatus} />
          {/* Why it is 异常 (issue 44 §6), as the staff wrote it with the photo. */}
          {p.receiveStatus === RECEIVE_STATUS.abnormal && p.abnormalReason
            && <Text size="xs" c="red" mt={2} data-testid="abnormal-reason">{t('异常原因：{0}', p.abnormalReason)}</Text>}
        </>
      ),
    },
    { accessor: 'warehouseName', title: t('仓库'), render: (p) => p.warehouseName ?? '—' },
    {
      accessor: 'shelfNumber', title: t('暂存位'),
      render: (p) => <SlotHolder shelfNumber={p.shelfNumber} holder={p.slotHolder} self={p.orderId === null ? 'parcel' : 'order'} compact />,
    },
    { accessor: 'weight', title: t('重量 (kg)'), render: (p) => (p.weight ?? '—') },
    { accessor: 'signForTime', title: t('签收时间'), render: (p) => formatDateTime(p.signForTime) },
    { accessor: 'signUserName', title: t('签收人'), render: (p) => p.signUserName ?? '—' },
    { accessor: 'reMark', title: t('备注'), render: (p) => p.reMark ?? '—' },
  ];
  if (opts.photos) {
    columns.splice(3, 0, {
      accessor: 'imageGuid', title: t('照片'),
      render: (p) => {
        const guids = [p.imageGuid, p.goodsImageGuid, p.userUploadImageGuid].filter((g): g is string => !!g);
        if (!guids.length) return '—';
        return (
          <Group gap={4} wrap="nowrap">
            {guids.map((g) => (
              <a key={g} href={imageUrl(g)} target="_blank" rel="noreferrer" aria-label={t('查看照片')}>
                <Image src={imageUrl(g)} w={36} h={36} radius="sm" fit="cover" alt={t('包裹照片')} />
              </a>
            ))}
          </Group>
        );
      },
    });
  }
  return columns;
}
