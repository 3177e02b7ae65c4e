// 我的快递 (/front/expressUserInfo): the seller's declared and received parcels; a parcel still
// 待签收 can be corrected (tracking number, remark, own photo).
import { useState } from 'react';
import { Anchor, Code, Image, Text } from '@mantine/core';
import { IconArrowBackUp, IconEye, IconPencil } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import type { ParcelDto } from '#shared/contracts/orders.ts';
import { RECEIVE_STATUS } from '#shared/enums.ts';
import { canParcel } from '#shared/rules/parcels.ts';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { CodeBadge, useCodeLabel } from '../../components/code-badge.tsx';
import { ListPage, formatDateTime, type FilterField, type RowAction } from '../../components/list-page/index.ts';
import { expressListQuery } from './order-queries.ts';
import { RECEIVE_STATUSES, type ExpressListSearch } from './order-search.ts';
import { ExpressEditModal } from './express-edit-modal.tsx';
import { ReturnRequestModal } from '../rejections/request-modals.tsx';
import { hasGuid, imageUrl, userImageUrl, type Uploader } from './upload.ts';

export interface ExpressListPageProps {
  search: ExpressListSearch;
  onSearchChange: (next: ExpressListSearch) => void;
  onOpenOrder: (orderId: number) => void;
  upload: Uploader;
}

export function ExpressListPage({ search, onSearchChange, onOpenOrder, upload }: ExpressListPageProps) {
  const api = useApi();
  const t = useT();
  const label = useCodeLabel();
  const [editing, setEditing] = useState<ParcelDto | null>(null);
  const [returning, setReturning] = useState<ParcelDto | null>(null);

  const filters: FilterField<ExpressListSearch>[] = [
    { kind: 'text', key: 'shipment', label: t('快递单号') },
    { kind: 'select', key: 'receiveStatus', label: t('签收状态'), options: RECEIVE_STATUSES.map((c) => ({ value: c, label: label('ReceiveStatus', c) })) },
  ];
  const thumb = (src: string, alt: string) => (
    <Anchor href={src} target="_blank" rel="noreferrer"><Image src={src} alt={alt} w={36} h={36} fit="cover" radius="sm" /></Anchor>
  );
  const columns: DataTableColumn<ParcelDto>[] = [
    { accessor: 'shipment', title: t('快递单号'), render: (p) => <Code>{p.shipment}</Code> },
    {
      accessor: 'receiveStatus', title: t('签收状态'),
      render: (p) => (
        <>
          <CodeBadge name="ReceiveStatus" code={p.receiveStatus} />
          {p.receiveStatus === RECEIVE_STATUS.abnormal && p.abnormalReason
            && <Text size="xs" c="red" mt={2} data-testid="abnormal-reason">{t('异常原因：{0}', p.abnormalReason)}</Text>}
        </>
      ),
    },
    { accessor: 'warehouseName', title: t('仓库'), render: (p) => p.warehouseName ?? '—' },
    { accessor: 'shelfNumber', title: t('暂存位'), render: (p) => p.shelfNumber ?? '—' },
    { accessor: 'signForTime', title: t('签收时间'), render: (p) => formatDateTime(p.signForTime) },
    { accessor: 'signUserName', title: t('签收人'), render: (p) => p.signUserName ?? '—' },
    {
      accessor: 'imageGuid', title: t('照片'),
      render: (p) => {
        const all = [
          hasGuid(p.imageGuid) ? thumb(imageUrl(p.imageGuid), t('包裹照片')) : null,
          hasGuid(p.goodsImageGuid) ? thumb(imageUrl(p.goodsImageGuid), t('货物照片')) : null,
          hasGuid(p.userUploadImageGuid) ? thumb(userImageUrl(p.userUploadImageGuid), t('我上传的照片')) : null,
        ].filter(Boolean);
        return all.length ? <div style={{ display: 'flex', gap: 4 }}>{all}</div> : '—';
      },
    },
    { accessor: 'reMark', title: t('备注'), render: (p) => p.reMark ?? '—' },
    { accessor: 'creationTime', title: t('创建时间'), render: (p) => formatDateTime(p.creationTime) },
  ];
  const rowActions: RowAction<ParcelDto>[] = [
    { key: 'order', label: t('查看订单'), icon: <IconEye size={14} />, hidden: (p) => p.orderId === null, onClick: (p) => onOpenOrder(p.orderId!) },
    {
      key: 'edit', label: t('修改'), icon: <IconPencil size={14} />,
      hidden: (p) => !canParcel('sellerEdit', p),
      onClick: (p) => setEditing(p),
    },
    {
      // An abnormal parcel (or any in the warehouse) can be asked back: the rejection flow's 退回 (DOMAIN §6).
      key: 'return', label: t('申请退回'), icon: <IconArrowBackUp size={14} />,
      hidden: (p) => !canParcel('sendBack', p),
      onClick: (p) => setReturning(p),
    },
  ];

  return (
    <>
      <ListPage
        label={t('我的快递')}
        search={search}
        onSearchChange={onSearchChange}
        query={expressListQuery(api, search)}
        columns={columns}
        filters={filters}
        rowActions={rowActions}
        emptyText={t('暂无快递')}
      />
      {editing && <ExpressEditModal parcel={editing} upload={upload} onClose={() => setEditing(null)} />}
      {returning && <ReturnRequestModal shipment={returning.shipment} onClose={() => setReturning(null)} />}
    </>
  );
}
